import { defineRule } from '../rule';
import { str, type JsonValue, type Node } from '../document';
import { descriptionOf, propertySlots } from '../schemaWalk';
import { closedSetValues, countLike, describesList, digitsPattern, hasKeyword, integerString, isRestricted, onlyType } from '../analysis/params';
import { convertValues, keywordProps, mergeEdits, removeMembers, sameCase, setType, typeSite } from '../fixes/typeTightening';

/** Names whose string form often holds something other than a number ("opening hours"). */
const TIME_COUNTS = new Set(['days', 'hours', 'weeks', 'months']);
const NUMERIC_CUE = /\bnumber of\b|\bhow many\b|\bcount\b|\d/i;
const FRACTIONAL = /\d\.\d|\bdecimal|\bfraction|\bpercent|\bratio\b/i;

export default defineRule<'countAsString' | 'countAsNumber'>({
  id: 'type-count-as-string',
  meta: {
    section: 'Types',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'A count-like parameter (count, limit, max_*, num_*, *_count, page, page_size, top_k, offset, quantity, days...) typed string, or typed number where only whole values make sense.',
      why: 'The type tightening table of the specification turns "count as string" into "count as integer": with a string the model may send "ten", "10 results" or "all", and the host has to parse and reject them; with `number` it may send 2.5 pages. `integer` says exactly what is accepted, and makes `minimum` / `maximum` possible.',
      spec: 'Type tightening table (count as string → count as integer); Parameter schema keywords used: type',
      bad: '{\n  "name": "search_articles",\n  "description": "Use this when the user asks for news articles about a topic.",\n  "inputSchema": {\n    "type": "object",\n    "properties": {\n      "query": { "type": "string", "description": "Topic or keywords to search for." },\n      "limit": { "type": "string", "description": "Number of articles to return, 1-50." }\n    },\n    "required": ["query"]\n  }\n}',
      good: '{\n  "name": "search_articles",\n  "description": "Use this when the user asks for news articles about a topic.",\n  "inputSchema": {\n    "type": "object",\n    "properties": {\n      "query": { "type": "string", "description": "Topic or keywords to search for." },\n      "limit": { "type": "integer", "minimum": 1, "maximum": 50, "description": "Number of articles to return." }\n    },\n    "required": ["query"]\n  }\n}',
      fix: 'Set `"type": "integer"`: a numeric-string `default`, `examples` or `enum` value becomes a number ("10" → 10), and the string-only keywords (a digits-only `pattern`, `minLength`, `maxLength`) are removed. Not offered when a value is not a whole number ("all", 2.5) or a `pattern` says more than "digits".',
    },
    messages: {
      countAsString: 'Parameter "{{name}}" is a count but typed "string": use "type": "integer" so the model sends a whole number the host does not have to parse.',
      countAsNumber: 'Parameter "{{name}}" only takes whole values: use "type": "integer" instead of "number".',
    },
  },
  create(ctx) {
    return {
      property(p) {
        const info = countLike(p.name);
        if (!info) return;
        const s = p.schema;
        if (isRestricted(s) || hasKeyword(s, 'format')) return;
        const slots = propertySlots(p);
        const desc = descriptionOf(s);
        const str = onlyType(slots, 'string');
        if (str) {
          if (describesList(desc, p.name)) return;
          const key = p.name.toLowerCase();
          if (TIME_COUNTS.has(key) && !NUMERIC_CUE.test(desc)) return;
          // "Number of results, or 'all'": a closed set with words in it is not a plain count.
          const set = closedSetValues(desc);
          if (set && set.values.some((v) => !/^\d+$/.test(v))) return;
          ctx.report({ node: str.node, messageId: 'countAsString', data: { name: p.name } });
          return;
        }
        const numeric = onlyType(slots, 'number');
        if (numeric && info.whole && !info.stringOnly && !FRACTIONAL.test(desc)) {
          ctx.report({ node: numeric.node, messageId: 'countAsNumber', data: { name: p.name } });
        }
      },
    };
  },
  fix({ finding, node, edit, doc }) {
    const site = typeSite(node);
    if (!site?.typeNode) return [];
    const raw = String(site.typeNode.value);
    const from = raw.toLowerCase();
    if (from !== 'string' && from !== 'number') return [];
    const converted = convertValues(edit, site, from === 'string' ? stringToInteger : numberToInteger);
    if (!converted) return [];
    // Keywords of the string type: removed when they say nothing an integer does not ("^\\d+$", lengths).
    const removed: string[] = [];
    const drop: Node[] = [];
    for (const k of keywordProps(site, ['pattern', 'format', 'minLength', 'maxLength'])) {
      if (k.key === 'format') return [];
      if (k.key === 'pattern' && !digitsPattern(str(k.value) ?? '')) return [];
      drop.push(k.prop);
      if (!removed.includes(k.key)) removed.push(k.key);
    }
    const to = sameCase(raw, 'integer');
    const name = String(finding.data?.name ?? '');
    const title = `Change the type of "${name}" to "${to}"${removed.length > 0 ? ` and remove ${removed.map((k) => `"${k}"`).join(', ')}` : ''}`;
    return [{ title, kind: 'suggestion', edits: mergeEdits(doc.text, [setType(edit, site, 'integer'), ...converted, ...removeMembers(drop)]) }];
  },
});

/** "10" → 10; a number already whole stays; anything else cannot be converted. */
function stringToInteger(v: JsonValue): JsonValue | undefined {
  if (typeof v === 'string') return integerString(v);
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

function numberToInteger(v: JsonValue): JsonValue | undefined {
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}
