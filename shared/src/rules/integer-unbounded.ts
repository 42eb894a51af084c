import { defineRule } from '../rule';
import { child, valueOf, type JsonValue, type Node } from '../document';
import { descriptionOf, propertySlots } from '../schemaWalk';
import { strictFamily } from '../profiles';
import { countFloor, countLike, isRestricted, onlyType, statedBounds, typeSlots, type Bounds } from '../analysis/params';
import { insertProperties, mergeEdits, typeSite } from '../fixes/typeTightening';

export default defineRule<'statedOnly' | 'noBounds' | 'noLimitBounds' | 'noMaximum' | 'noMinimum'>({
  id: 'integer-unbounded',
  meta: {
    section: 'Types',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'A count or limit-like integer without `minimum` / `maximum` (a limit without `maximum`), or any numeric parameter whose bounds are stated only in its description ("1-100", "between 1 and 50", "up to 20", "at most 10", "must be positive").',
      why: 'The specification expresses numeric bounds with `minimum` and `maximum` on the parameter schema, and a bounded integer count is its illustrated case (SPEC Limits 2). A bound written only in prose is a hint the model may miss; as keywords it is a constraint the provider and the host can check. A `limit` without a `maximum` lets the model ask for a million rows. Not reported for Anthropic strict tools, whose strict mode does not support `minimum` / `maximum`.',
      spec: 'Limits 2; Parameter schema keywords used: minimum, maximum',
      bad: '{\n  "name": "list_orders",\n  "description": "Use this when the user asks about their recent orders.",\n  "inputSchema": {\n    "type": "object",\n    "properties": {\n      "customer_id": { "type": "string", "description": "Customer whose orders to list." },\n      "limit": { "type": "integer", "description": "How many orders to return, between 1 and 50." }\n    },\n    "required": ["customer_id"]\n  }\n}',
      good: '{\n  "name": "list_orders",\n  "description": "Use this when the user asks about their recent orders.",\n  "inputSchema": {\n    "type": "object",\n    "properties": {\n      "customer_id": { "type": "string", "description": "Customer whose orders to list." },\n      "limit": { "type": "integer", "minimum": 1, "maximum": 50, "description": "How many orders to return." }\n    },\n    "required": ["customer_id"]\n  }\n}',
      fix: 'Add `minimum` / `maximum` with the values the description states ("1-100", "between 1 and 50", "up to 20", "at most 10", "max 100", "must be positive"); where it states none, add only the lower bound that fits the kind of parameter (1 for a count or a page, 0 for an offset or a zero-based page, never above the `default`). Not offered when a bound would contradict the `default` or an example, nor for a limit whose maximum is stated nowhere (only the author knows the largest value the tool accepts).',
    },
    messages: {
      statedOnly: 'Parameter "{{name}}" states its bounds only in the description ("{{stated}}"): add {{keywords}} to its schema.',
      noBounds: 'Parameter "{{name}}" is a count with no bounds: add "minimum": {{minimum}}, and a "maximum" if the tool has an upper limit.',
      noLimitBounds: 'Parameter "{{name}}" is a limit with no bounds: add "minimum": {{minimum}} and a "maximum" (the largest value the tool accepts).',
      noMaximum: 'Parameter "{{name}}" is a limit with no "maximum": add the largest value the tool accepts as "maximum".',
      noMinimum: 'Parameter "{{name}}" has no lower bound: add "minimum": {{minimum}}.',
    },
  },
  create(ctx) {
    return {
      property(p, tool) {
        if (tool.strict && strictFamily(tool.profile) === 'anthropic') return;
        const s = p.schema;
        const slots = propertySlots(p);
        const int = onlyType(slots, 'integer');
        const num = int ? undefined : onlyType(slots, 'number');
        const slot = int ?? num;
        if (!slot || isRestricted(s)) return;
        const has = (k: string) => child(s, k) !== undefined || child(slot.holder, k) !== undefined;
        const hasMin = has('minimum') || has('exclusiveMinimum');
        const hasMax = has('maximum') || has('exclusiveMaximum');
        if (hasMin && hasMax) return;
        const info = countLike(p.name);
        const stated = statedBounds(descriptionOf(s), {
          integer: !!int,
          limit: info?.kind === 'limit',
          position: info?.kind === 'page' || info?.kind === 'offset',
        });
        if (stated) {
          let keywords = missingKeywords(stated, hasMin, hasMax);
          if (keywords) {
            if (info?.kind === 'limit' && !hasMax && stated.maximum === undefined && stated.exclusiveMaximum === undefined) {
              keywords += ' and a "maximum" (the largest value the tool accepts)';
            }
            const data: Record<string, string | number> = { name: p.name, stated: stated.text.join('", "'), keywords };
            if (!hasMin && stated.minimum !== undefined) data.minimum = stated.minimum;
            if (!hasMin && stated.exclusiveMinimum !== undefined) data.exclusiveMinimum = stated.exclusiveMinimum;
            if (!hasMax && stated.maximum !== undefined) data.maximum = stated.maximum;
            if (!hasMax && stated.exclusiveMaximum !== undefined) data.exclusiveMaximum = stated.exclusiveMaximum;
            report(p.keyNode, 'statedOnly', data);
            return;
          }
        }
        if (!info || (!int && (!info.whole || info.stringOnly))) return;
        const floor = countFloor(info, descriptionOf(s), valueOf(child(s, 'default')) ?? valueOf(child(slot.holder, 'default'))) ?? info.floor;
        if (info.kind === 'limit') {
          if (!hasMax) report(p.keyNode, hasMin ? 'noMaximum' : 'noLimitBounds', { name: p.name, minimum: floor });
        } else if (!hasMin && !hasMax) {
          report(p.keyNode, info.kind === 'count' ? 'noBounds' : 'noMinimum', { name: p.name, minimum: floor });
        }
      },
    };

    function report(node: Node, messageId: 'statedOnly' | 'noBounds' | 'noLimitBounds' | 'noMaximum' | 'noMinimum', data: Record<string, string | number>): void {
      ctx.report({ node, messageId, data });
    }
  },
  fix({ finding, node, edit, doc, tool }) {
    const schema = node;
    if (!schema || schema.type !== 'object' || !typeSite(schema)) return [];
    const slots = typeSlots(schema);
    const slot = onlyType(slots, 'integer') ?? onlyType(slots, 'number');
    if (!slot) return [];
    const has = (k: string) => child(schema, k) !== undefined || child(slot.holder, k) !== undefined;
    const name = String(finding.data?.name ?? '');
    const info = countLike(name);
    const desc = descriptionOf(schema);
    const defaults = documentedValues(schema, slot.holder);
    const pairs: [string, number][] = [];
    let note = '';
    if (finding.messageId === 'statedOnly') {
      for (const k of ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum'] as const) {
        const v = finding.data?.[k];
        if (typeof v === 'number' && Number.isFinite(v) && !has(k)) pairs.push([k, v]);
      }
      // A limit keeps its finding until it has a maximum, which the description does not give.
      const maxAfter = has('maximum') || has('exclusiveMaximum') || pairs.some(([k]) => k === 'maximum' || k === 'exclusiveMaximum');
      if (info?.kind === 'limit' && !maxAfter) return [];
      // Gemini's schema subset has no exclusive bounds.
      if ((tool?.dialect === 'gemini' || tool?.profile === 'gemini') && pairs.some(([k]) => k.startsWith('exclusive'))) return [];
      note = ' (as the description states)';
    } else if (finding.messageId === 'noBounds' || finding.messageId === 'noMinimum') {
      if (!info || has('minimum') || has('exclusiveMinimum')) return [];
      const def = defaults.length > 0 ? defaults[0] : undefined;
      const floor = countFloor(info, desc, def);
      if (floor === undefined) return [];
      pairs.push(['minimum', floor]);
      note = info.kind === 'page' ? ' (the first page)' : info.kind === 'offset' ? ' (the first position)' : ' (no maximum is stated)';
    } else {
      return [];
    }
    if (pairs.length === 0) return [];
    // A bound the default or an example breaks is a disagreement for the author to settle.
    for (const d of defaults) {
      for (const [k, v] of pairs) {
        if ((k === 'minimum' && d < v) || (k === 'exclusiveMinimum' && d <= v) || (k === 'maximum' && d > v) || (k === 'exclusiveMaximum' && d >= v)) return [];
      }
    }
    const title = `Add ${pairs.map(([k, v]) => `"${k}": ${v}`).join(' and ')}${note}`;
    // Beside the bound already there ("minimum": 1, then "maximum": 50), else right after the type.
    const onlyUpper = pairs.every(([k]) => k === 'maximum' || k === 'exclusiveMaximum');
    const after = onlyUpper ? (['exclusiveMinimum', 'minimum'] as const).find((k) => child(slot.holder, k) !== undefined) ?? 'type' : 'type';
    return [{ title, kind: 'suggestion', edits: mergeEdits(doc.text, insertProperties(edit, slot.holder, pairs, after)) }];
  },
});

/** The numbers the schema documents as values: its default and examples. */
function documentedValues(schema: Node, holder: Node): number[] {
  const out: number[] = [];
  const add = (v: JsonValue | undefined) => {
    if (typeof v === 'number' && Number.isFinite(v)) out.push(v);
  };
  for (const obj of schema === holder ? [schema] : [schema, holder]) {
    add(valueOf(child(obj, 'default'), 2));
    add(valueOf(child(obj, 'example'), 2));
    const ex = valueOf(child(obj, 'examples'), 2);
    if (Array.isArray(ex)) ex.forEach(add);
  }
  return out;
}

/** The keywords to add, as text ("\"minimum\": 1 and \"maximum\": 100"), or '' when the schema has them all. */
function missingKeywords(b: Bounds, hasMin: boolean, hasMax: boolean): string {
  const parts: string[] = [];
  if (!hasMin) {
    if (b.minimum !== undefined) parts.push(`"minimum": ${b.minimum}`);
    else if (b.exclusiveMinimum !== undefined) parts.push(`"exclusiveMinimum": ${b.exclusiveMinimum}`);
  }
  if (!hasMax) {
    if (b.maximum !== undefined) parts.push(`"maximum": ${b.maximum}`);
    else if (b.exclusiveMaximum !== undefined) parts.push(`"exclusiveMaximum": ${b.exclusiveMaximum}`);
  }
  return parts.join(' and ');
}
