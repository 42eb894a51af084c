import { defineRule } from '../rule';
import { child, elements, entries, isObject, nodeAtPointer, propertyNode, str, type Node } from '../document';
import { type SchemaVisit } from '../schemaWalk';
import { distance } from 'fastest-levenshtein';
import { removeFromRequired } from '../fixes/schemaEdits';
import type { FixProposal } from '../fix';
import type { ToolInfo } from '../discover';
import { distanceCost } from '../text';

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

/**
 * Schema objects visited and names gathered while collecting, per tool at most: past it the rule treats the
 * schema as one whose names it cannot see (no report). Wide composition is shared through a memo (create), but
 * many branches that each `$ref` one large definition still gather its names once each.
 */
const COLLECT_BUDGET = 200_000;

/** Property names a schema object defines: its own `properties`, those of local `$ref`s and composition branches. */
function collect(schema: Node | undefined, root: Node, out: Collected, depth: number, seen: Set<Node>, budget: { left: number }): void {
  if (!isObject(schema) || depth > 4 || seen.has(schema)) return;
  if (--budget.left < 0) {
    out.open = true;
    return;
  }
  seen.add(schema);
  if (propertyNode(schema, 'patternProperties')) out.open = true;
  const props = child(schema, 'properties');
  if (props) {
    if (!isObject(props)) out.open = true;
    else {
      out.any = true;
      budget.left -= props.children?.length ?? 0;
      for (const [name] of entries(props)) out.names.add(name);
    }
  }
  const ref = str(child(schema, '$ref'));
  if (ref !== undefined) {
    const target = ref.startsWith('#/') ? safeResolve(root, ref) : undefined;
    if (target) collect(target, root, out, depth + 1, seen, budget);
    else out.open = true;
  }
  if (child(schema, '$dynamicRef') || child(schema, '$recursiveRef')) out.open = true;
  for (const k of BRANCH_ARRAYS) for (const b of elements(child(schema, k))) collect(b, root, out, depth + 1, seen, budget);
  for (const k of BRANCH_SINGLE) collect(child(schema, k), root, out, depth + 1, seen, budget);
  for (const [, , sub] of entries(child(schema, 'dependentSchemas'))) collect(sub, root, out, depth + 1, seen, budget);
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

/** A schema's property names, prepared once for look-ups: sorted, lower-cased, and by normalized form. */
class Vocabulary {
  private sorted: { name: string; lower: string }[] | undefined;
  private byNorm: Map<string, string[]> | undefined;
  constructor(readonly names: ReadonlySet<string>) {}

  /** The names in sorted order, each with its lower-cased form. */
  list(): readonly { name: string; lower: string }[] {
    return (this.sorted ??= [...this.names].sort().map((name) => ({ name, lower: name.toLowerCase() })));
  }

  /** The names written as `norm` in another case or style, sorted. */
  sameWord(norm: string): readonly string[] {
    if (!this.byNorm) {
      this.byNorm = new Map();
      for (const { name } of this.list()) {
        const k = normalize(name);
        const l = this.byNorm.get(k);
        if (l) l.push(name);
        else this.byNorm.set(k, [name]);
      }
    }
    return this.byNorm.get(norm) ?? [];
  }
}

/**
 * Distances computed for one `required` list at most: past it, names get no "did you mean" (a list of
 * thousands of unknown names in a schema of thousands of properties would otherwise cost their product).
 */
const DISTANCE_BUDGET = 100_000;

/**
 * Distances computed for one tool at most: the lists of an `anyOf` of thousands of branches, each naming an unknown
 * property, shared the per-list budget thousands of times (8,000 branches: 64 million comparisons, 11 s).
 */
const TOOL_DISTANCE_BUDGET = 1_000_000;

/**
 * The defined name `name` most likely means: same word in another case or style, or a close spelling; `clear`
 * when no other defined name is as close. Between equally close names the first in sorted order is named, so
 * the choice does not depend on the order of the properties.
 */
function closest(name: string, vocabularies: readonly Vocabulary[], budget: { left: number }): { name: string; clear: boolean } | undefined {
  const n = normalize(name);
  const same = new Set<string>();
  for (const v of vocabularies) for (const c of v.sameWord(n)) same.add(c);
  if (same.size > 0) return { name: [...same].sort()[0]!, clear: same.size === 1 };
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  let ties = 0;
  const seen = vocabularies.length > 1 ? new Set<string>() : undefined;
  for (const v of vocabularies) {
    for (const c of v.list()) {
      // The length difference is a lower bound of the distance, which must be at most 3.
      if (Math.abs(c.lower.length - lower.length) > 3) continue;
      if (seen) {
        if (seen.has(c.name)) continue;
        seen.add(c.name);
      }
      // Charged before the distance is computed: one distance between two names of 150,000 characters takes seconds.
      const cost = distanceCost(lower.length, c.lower.length);
      if (cost > budget.left) return undefined;
      budget.left -= cost;
      const d = distance(lower, c.lower);
      if (!(d <= 3 && d * 2 < Math.max(name.length, c.name.length))) continue;
      if (d < bestD) {
        bestD = d;
        best = c.name;
        ties = 0;
      } else if (d === bestD) {
        ties++;
        if (c.name < best!) best = c.name;
      }
    }
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
      fix: 'Two suggestions: rename the entry to the closest defined property (when one is clearly closest and not already required), or remove it from `required`. In a schema of thousands of properties, a `required` list stops looking for close spellings after 100,000 comparisons, and a tool after 1,000,000 (later unknown names get no suggestion).',
    },
    messages: {
      unknownClose: '"required" lists "{{name}}", which "properties" does not define: did you mean "{{suggestion}}"? Rename it, or remove it from "required".',
      unknown: '"required" lists "{{name}}", which "properties" does not define: add the property (with a type and description) or remove it from "required".',
      noProperties: '"required" lists "{{name}}", but this schema defines no properties: add "{{name}}" under "properties" (with a type and description) or remove it from "required".',
    },
  },
  create(ctx) {
    // The names a schema object defines, by schema root and object, for the tool being linted: the branches of a wide
    // `anyOf` share their parent's, which was collected again for each branch (quadratic in the branches).
    const memo = new Map<Node, Map<Node, { collected: Collected; vocabulary: Vocabulary }>>();
    let budgetOf: ToolInfo | undefined;
    let budget = { left: COLLECT_BUDGET };
    let toolComparisons = { left: TOOL_DISTANCE_BUDGET };
    const collected = (node: Node, root: Node) => {
      let byNode = memo.get(root);
      if (!byNode) memo.set(root, (byNode = new Map()));
      let c = byNode.get(node);
      if (!c) {
        const out: Collected = { names: new Set(), open: false, any: false };
        collect(node, root, out, 0, new Set(), budget);
        byNode.set(node, (c = { collected: out, vocabulary: new Vocabulary(out.names) }));
      }
      return c;
    };
    const check = (s: SchemaVisit, t: ToolInfo, root: Node) => {
      if (t !== budgetOf) {
        // Per tool, like the budget: a tool's findings must not depend on what another tool's lint gathered
        // (the per-tool cache reuses them alone).
        budgetOf = t;
        budget = { left: COLLECT_BUDGET };
        toolComparisons = { left: TOOL_DISTANCE_BUDGET };
        memo.clear();
      }
      const req = child(s.node, 'required');
      if (!req || req.type !== 'array' || !req.children?.length) return;
      let base = s;
      while (base.parent && SAME_INSTANCE.has(base.via)) base = base.parent;
      const parts = base !== s ? [collected(base.node, root), collected(s.node, root)] : [collected(base.node, root)];
      if (parts.some((p) => p.collected.open)) return;
      const any = parts.some((p) => p.collected.any);
      if (!any) {
        // A map-like object (`additionalProperties` schema) may legitimately require keys it does not list.
        const ap = child(base.node, 'additionalProperties') ?? child(s.node, 'additionalProperties');
        if (ap && !(ap.type === 'boolean' && ap.value === false)) return;
      }
      const vocabularies = parts.map((p) => p.vocabulary);
      // This list's budget, within what is left of the tool's.
      const comparisons = { left: Math.min(DISTANCE_BUDGET, toolComparisons.left) };
      const before = comparisons.left;
      for (const el of req.children) {
        if (el.type !== 'string') continue;
        const name = el.value as string;
        if (parts.some((p) => p.collected.names.has(name))) continue;
        if (!any) {
          ctx.report({ node: el, messageId: 'noProperties', data: { name } });
          continue;
        }
        const close = closest(name, vocabularies, comparisons);
        if (close) ctx.report({ node: el, messageId: 'unknownClose', data: { name, suggestion: close.name, clear: close.clear ? 'yes' : 'no' } });
        else ctx.report({ node: el, messageId: 'unknown', data: { name } });
      }
      toolComparisons.left -= before - comparisons.left;
    };
    return {
      resultSchema(s, t, root) {
        check(s, t, root);
      },
      schema(s, t) {
        if (t.params) check(s, t, t.params);
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
