import { defineRule } from '../rule';
import { child, elements, entries, isObject, nodeAtPointer, propertyNode, str, type Node } from '../document';
import { type SchemaVisit } from '../schemaWalk';
import { distance } from 'fastest-levenshtein';
import { removeFromRequired } from '../fixes/schemaEdits';
import type { FixProposal } from '../fix';

type MessageId = 'unknownClose' | 'unknown' | 'noProperties';

const BRANCH_ARRAYS = ['allOf', 'anyOf', 'oneOf'];
const BRANCH_SINGLE = ['then', 'else'];
/** A subschema reached through these applies to the same object as its parent: the parent's properties count. */
const SAME_INSTANCE = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas']);

interface Collected {
  names: Set<string>;
  /** Some branch could define names this rule cannot see (remote `$ref`, `patternProperties`...). */
  open: boolean;
  /** Any `properties` map was found. */
  any: boolean;
}

/** Property names a schema object defines: its own `properties`, those of local `$ref`s and composition branches. */
function collect(schema: Node | undefined, root: Node, out: Collected, depth: number, seen: Set<Node>): void {
  if (!isObject(schema) || depth > 4 || seen.has(schema)) return;
  seen.add(schema);
  if (propertyNode(schema, 'patternProperties')) out.open = true;
  const props = child(schema, 'properties');
  if (props) {
    if (!isObject(props)) out.open = true;
    else {
      out.any = true;
      for (const [name] of entries(props)) out.names.add(name);
    }
  }
  const ref = str(child(schema, '$ref'));
  if (ref !== undefined) {
    const target = ref.startsWith('#/') ? safeResolve(root, ref) : undefined;
    if (target) collect(target, root, out, depth + 1, seen);
    else out.open = true;
  }
  if (child(schema, '$dynamicRef') || child(schema, '$recursiveRef')) out.open = true;
  for (const k of BRANCH_ARRAYS) for (const b of elements(child(schema, k))) collect(b, root, out, depth + 1, seen);
  for (const k of BRANCH_SINGLE) collect(child(schema, k), root, out, depth + 1, seen);
  for (const [, , sub] of entries(child(schema, 'dependentSchemas'))) collect(sub, root, out, depth + 1, seen);
}

function safeResolve(root: Node, ref: string): Node | undefined {
  try {
    return nodeAtPointer(root, decodeURIComponent(ref.slice(1)));
  } catch {
    return undefined;
  }
}

function normalize(s: string): string {
  return s.toLowerCase().replace(/[_\-\s]/g, '');
}

/**
 * The defined name `name` most likely means: same word in another case or style, or a close spelling; `clear`
 * when no other defined name is as close.
 */
function closest(name: string, names: Iterable<string>): { name: string; clear: boolean } | undefined {
  const n = normalize(name);
  // Sorted: between equally close names, the choice must not depend on the order of the properties.
  const all = [...names].sort();
  const same = all.filter((c) => normalize(c) === n);
  if (same.length > 0) return { name: same[0]!, clear: same.length === 1 };
  let best: string | undefined;
  let bestD = Infinity;
  let ties = 0;
  for (const c of all) {
    const d = distance(name.toLowerCase(), c.toLowerCase());
    if (!(d <= 3 && d * 2 < Math.max(name.length, c.length))) continue;
    if (d < bestD) {
      bestD = d;
      best = c;
      ties = 0;
    } else if (d === bestD) ties++;
  }
  return best === undefined ? undefined : { name: best, clear: ties === 0 };
}

export default defineRule<MessageId>({
  id: 'required-unknown',
  meta: {
    section: 'Schema validity',
    defaultSeverity: 'error',
    fixable: 'suggestion',
    docs: {
      description: '`required` names a property that `properties` of the same schema object does not define.',
      why: '`required` lists the properties without which execution cannot proceed (SPEC "Parameter schema keywords", "Required versus optional" 1). A name that `properties` does not define is usually a typo or a leftover from a rename: the model is told a parameter is mandatory but is given no schema or description for it, validators reject every call that lacks it, and strict modes reject the schema. Names defined through `allOf`/`anyOf`/`oneOf` branches and local `$ref`s count as defined; a schema with `patternProperties` is not checked.',
      spec: 'Parameter schema keywords (required); Required versus optional 1',
      bad: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather in a city. Returns temperature and conditions.",\n  "inputSchema": {\n    "type": "object",\n    "properties": {\n      "city": { "type": "string", "description": "City name, for example Paris." },\n      "unit": { "type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit." }\n    },\n    "required": ["location"]\n  }\n}',
      good: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather in a city. Returns temperature and conditions.",\n  "inputSchema": {\n    "type": "object",\n    "properties": {\n      "city": { "type": "string", "description": "City name, for example Paris." },\n      "unit": { "type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit." }\n    },\n    "required": ["city"]\n  }\n}',
      fix: 'Two suggestions: rename the entry to the closest defined property (when one is clearly closest and not already required), or remove it from `required`.',
    },
    messages: {
      unknownClose: '"required" lists "{{name}}", which "properties" does not define: did you mean "{{suggestion}}"? Rename it, or remove it from "required".',
      unknown: '"required" lists "{{name}}", which "properties" does not define: add the property (with a type and description) or remove it from "required".',
      noProperties: '"required" lists "{{name}}", but this schema defines no properties: add "{{name}}" under "properties" (with a type and description) or remove it from "required".',
    },
  },
  create(ctx) {
    const check = (s: SchemaVisit, root: Node) => {
      const req = child(s.node, 'required');
      if (!req || req.type !== 'array' || !req.children?.length) return;
      const out: Collected = { names: new Set(), open: false, any: false };
      let base = s;
      while (base.parent && SAME_INSTANCE.has(base.via)) base = base.parent;
      collect(base.node, root, out, 0, new Set());
      if (base !== s) collect(s.node, root, out, 0, new Set());
      if (out.open) return;
      if (!out.any) {
        // A map-like object (`additionalProperties` schema) may legitimately require keys it does not list.
        const ap = child(base.node, 'additionalProperties') ?? child(s.node, 'additionalProperties');
        if (ap && !(ap.type === 'boolean' && ap.value === false)) return;
      }
      for (const el of req.children) {
        if (el.type !== 'string') continue;
        const name = el.value as string;
        if (out.names.has(name)) continue;
        if (!out.any) {
          ctx.report({ node: el, messageId: 'noProperties', data: { name } });
          continue;
        }
        const close = closest(name, out.names);
        if (close) ctx.report({ node: el, messageId: 'unknownClose', data: { name, suggestion: close.name, clear: close.clear ? 'yes' : 'no' } });
        else ctx.report({ node: el, messageId: 'unknown', data: { name } });
      }
    };
    return {
      resultSchema(s, _t, root) {
        check(s, root);
      },
      schema(s, t) {
        if (t.params) check(s, t.params);
      },
    };
  },
  fix({ finding, node, edit }) {
    if (node?.type !== 'string' || node.parent?.type !== 'array') return [];
    const req = node.parent;
    const name = node.value as string;
    const out: FixProposal[] = [];
    const to = finding.data?.suggestion;
    if (finding.messageId === 'unknownClose' && finding.data?.clear === 'yes' && typeof to === 'string' && to !== name) {
      const listed = elements(req).some((e) => e.type === 'string' && e.value === to);
      const twice = elements(req).filter((e) => e.type === 'string' && e.value === name).length > 1;
      if (!listed && !twice) out.push({ title: `Rename "${name}" to "${to}" in "required"`, kind: 'suggestion', edits: [edit.replaceString(node, to)] });
    }
    const remove = removeFromRequired(edit, req, name);
    if (remove) out.push({ title: `Remove "${name}" from "required"`, kind: 'suggestion', edits: [remove] });
    return out;
  },
});
