import { defineRule } from '../rule';
import { elements, isArray, propertyNode, str, type JsonValue, type Node } from '../document';
import { descriptionOf, propertySlots } from '../schemaWalk';
import { booleanPattern, booleanWord } from '../analysis/params';
import { convertValues, keywordProps, mergeEdits, removeMembers, replaceProperty, sameCase, scopes, setType, typeSite } from '../fixes/typeTightening';
import { booleanValues, closedSetValues, describesBoolean, describesList, enumStrings, flagLike, hasBooleanCue, hasKeyword, onlyType } from '../analysis/params';

/** A strong flag name used for something else: "force" in newtons, "debug" level 0-3. */
const NOT_A_FLAG = /\blevels?\b|\bnewtons?\b|\bvector\b|\bverbosity\b|\d+\s*(?:-|to)\s*\d+|\bnumber of\b|\bname of\b|\bid of\b/i;

export default defineRule<'enumBoolean' | 'flagName' | 'describedBoolean'>({
  id: 'type-flag-as-string',
  meta: {
    section: 'Types',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'A flag-like parameter (enabled, is_*, has_*, allow_*, *_enabled, dry_run, force; include_* / use_* / *_only when the description reads as yes/no) typed string, or a string enum of true/false or yes/no.',
      why: 'The type tightening table of the specification turns "enabled as string" into "enabled as boolean". A string flag invites "True", "yes", "1", "enabled" or "sure", and every host parses them differently; a boolean has exactly two values that every provider and SDK understands.',
      spec: 'Type tightening table (enabled as string → enabled as boolean); Parameter schema keywords used: type',
      bad: '{\n  "name": "list_users",\n  "description": "Use this when the user asks who has an account in the workspace.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "include_disabled": { "type": "string", "enum": ["true", "false"], "description": "Whether disabled accounts are listed too." },\n      "is_admin": { "type": "string", "description": "Only list administrators." }\n    }\n  }\n}',
      good: '{\n  "name": "list_users",\n  "description": "Use this when the user asks who has an account in the workspace.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "include_disabled": { "type": "boolean", "description": "Whether disabled accounts are listed too." },\n      "is_admin": { "type": "boolean", "description": "Only list administrators." }\n    }\n  }\n}',
      fix: 'Set `"type": "boolean"` and remove the true/false or yes/no `enum` (and a `pattern` that only lists those words, `minLength`, `maxLength`); a string `default` or example "true" / "yes" becomes true, "false" / "no" false. Not offered when a value is not a yes/no word.',
    },
    messages: {
      enumBoolean: 'Parameter "{{name}}" is a string enum of {{values}}: use "type": "boolean" instead.',
      flagName: 'Parameter "{{name}}" is a yes/no flag but typed "string": use "type": "boolean".',
      describedBoolean: 'Parameter "{{name}}" is described as true/false but typed "string": use "type": "boolean".',
    },
  },
  create(ctx) {
    return {
      property(p) {
        const s = p.schema;
        const slots = propertySlots(p);
        const str = onlyType(slots, 'string');
        const typed = slots.some((x) => x.name !== 'null');
        if (!str && typed) return;
        const enums = enumStrings(s);
        if (enums.length > 0) {
          if (booleanValues(enums)) {
            ctx.report({ node: str?.node ?? p.keyNode, messageId: 'enumBoolean', data: { name: p.name, values: enums.map((v) => JSON.stringify(v)).join(' / ') } });
          }
          return;
        }
        if (!str || hasKeyword(s, 'const') || hasKeyword(s, 'format') || hasKeyword(s, 'pattern')) return;
        const desc = descriptionOf(s);
        if (describesList(desc, p.name)) return;
        const set = closedSetValues(desc);
        if (set && !booleanValues(set.values)) return;
        const described = (set !== undefined && booleanValues(set.values)) || describesBoolean(desc);
        const strength = flagLike(p.name);
        if (strength === 'strong' && !NOT_A_FLAG.test(desc)) {
          ctx.report({ node: str.node, messageId: 'flagName', data: { name: p.name } });
        } else if (strength === 'weak' && (described || hasBooleanCue(desc))) {
          ctx.report({ node: str.node, messageId: 'flagName', data: { name: p.name } });
        } else if (described) {
          ctx.report({ node: str.node, messageId: 'describedBoolean', data: { name: p.name } });
        }
      },
    };
  },
  fix({ finding, node, edit, doc }) {
    const site = typeSite(node);
    if (!site) return [];
    if (site.typeNode && String(site.typeNode.value).toLowerCase() !== 'string') return [];
    // The true/false enum goes: every value must be a yes/no word (or null, which the type list keeps).
    const enums = scopes(site).map((o) => propertyNode(o, 'enum')).filter((p): p is Node => p !== undefined);
    for (const e of enums) {
      const v = e.children?.[1];
      if (!isArray(v) || !elements(v).every((x) => x.type === 'null' || (x.type === 'string' && booleanWord(String(x.value)) !== undefined))) return [];
    }
    const converted = convertValues(edit, site, toBoolean, new Set(['enum']));
    if (!converted) return [];
    const drop: Node[] = [];
    for (const k of keywordProps(site, ['pattern', 'format', 'minLength', 'maxLength'])) {
      if (k.key === 'format') return [];
      if (k.key === 'pattern' && !booleanPattern(str(k.value) ?? '')) return [];
      drop.push(k.prop);
    }
    const name = String(finding.data?.name ?? '');
    const edits = [...converted];
    if (site.typeNode) edits.push(setType(edit, site, 'boolean'), ...removeMembers([...enums, ...drop]));
    else {
      // An untyped enum of "true" / "false": the enum becomes the type, in place. Not when a "type" is there all the
      // same (`"type": "null"` beside a yes/no enum): that would write a second "type" key.
      const [first, ...rest] = enums;
      if (!first || scopes(site).some((o) => propertyNode(o, 'type'))) return [];
      edits.push(replaceProperty(first, 'type', 'boolean'), ...removeMembers([...rest, ...drop]));
    }
    const to = site.typeNode ? sameCase(String(site.typeNode.value), 'boolean') : 'boolean';
    const title = `Change the type of "${name}" to "${to}"${enums.length > 0 ? ' and remove its "enum"' : ''}`;
    return [{ title, kind: 'suggestion', edits: mergeEdits(doc.text, edits) }];
  },
});

/** "true" / "yes" → true, "false" / "no" → false; a boolean stays; anything else cannot be converted. */
function toBoolean(v: JsonValue): JsonValue | undefined {
  if (typeof v === 'boolean') return v;
  return typeof v === 'string' ? booleanWord(v) : undefined;
}
