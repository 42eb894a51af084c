import { defineRule } from '../rule';
import { descriptionOf } from '../schemaWalk';
import { booleanValues, closedSetValues, describesBoolean, describesList, enumStrings, flagLike, hasBooleanCue, hasKeyword, onlyType, typeSlots } from '../analysis/params';

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
      fix: 'Set `"type": "boolean"` (and remove the true/false `enum`).',
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
        const slots = typeSlots(s);
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
});
