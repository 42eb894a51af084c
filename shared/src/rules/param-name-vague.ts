import { defineRule } from '../rule';
import { entries, type Node } from '../document';
import { identWords, nameParts } from '../text';
import { toolThing } from '../analysis/names';
import { propertyRename } from '../fixes/renames';

/** Parameter names that say nothing about what they hold. */
const VAGUE_PARAMS = new Set(['id', 'data', 'input', 'payload', 'value', 'params', 'args', 'body', 'obj', 'info', 'arguments', 'parameters', 'object']);

/** Siblings that make a tool an HTTP request builder, where `body`, `params`, `data` and `payload` are HTTP terms. */
const HTTP_SIBLINGS = new Set(['url', 'uri', 'endpoint', 'headers', 'method', 'http_method']);
const HTTP_TERMS = new Set(['body', 'params', 'data', 'payload']);
/** `body` beside a title or subject is the text of an issue, comment or email. */
const BODY_SIBLINGS = new Set(['title', 'subject', 'to', 'recipient', 'recipients', 'cc']);
/** Tool words whose `body` is the text of a written thing. */
const TEXT_THINGS = new Set(['comment', 'comments', 'issue', 'issues', 'email', 'emails', 'mail', 'message', 'messages', 'post', 'posts', 'reply', 'review', 'note', 'notes', 'ticket', 'discussion', 'article', 'page', 'draft', 'memo', 'letter', 'sms', 'body']);
/** Words in a sibling's name that say what a `value` belongs to (`key`/`value`, `selector`/`value`, `from_unit`/`value`). */
const VALUE_CONTEXT = new Set(['key', 'name', 'field', 'attribute', 'attr', 'property', 'prop', 'setting', 'option', 'variable', 'var', 'selector', 'unit', 'element', 'label', 'header', 'column', 'param', 'metric', 'tag', 'base', 'path', 'type', 'format', 'measure']);
/**
 * Tools whose `data` is the series they draw (`generate_bar_chart(data)`) or the sample they compute over
 * (`statistics.median(data)`, `random_forest.train(data)`), the conventional name there.
 */
const DATA_TOOL_WORDS = new Set(['chart', 'charts', 'graph', 'plot', 'diagram', 'histogram', 'map', 'treemap', 'visualization', 'visualisation', 'table', 'heatmap', 'sparkline',
  'statistics', 'statistic', 'stats', 'mean', 'median', 'mode', 'variance', 'deviation', 'regression', 'correlation', 'percentile', 'quantile', 'train', 'fit', 'cluster', 'clustering']);

function siblingNames(props: Node | undefined, except: string): string[] {
  const out: string[] = [];
  for (const [k] of entries(props)) if (k !== except) out.push(k.toLowerCase());
  return out;
}

/** Whether the tool's context gives the vague word a precise meaning. */
function clearInContext(param: string, siblings: readonly string[], toolWords: readonly string[]): boolean {
  if (HTTP_TERMS.has(param) && siblings.some((s) => HTTP_SIBLINGS.has(s))) return true;
  if (param === 'body') return siblings.some((s) => BODY_SIBLINGS.has(s)) || toolWords.some((w) => TEXT_THINGS.has(w));
  if (param === 'value') return siblings.some((s) => identWords(s).some((w) => VALUE_CONTEXT.has(w)));
  if (param === 'data') return toolWords.some((w) => DATA_TOOL_WORDS.has(w));
  return false;
}

/** Words that do not say what a vague word belongs to (`set_new_value`, `get_all_data`). */
const NOT_A_QUALIFIER = new Set(['the', 'a', 'an', 'all', 'any', 'new', 'raw', 'some', 'my', 'by', 'for', 'of', 'to', 'from', 'with', 'and', 'or', 'v']);

/**
 * Whether the tool's name says what the vague parameter is: its object ends with a qualified form of the word
 * (`set_cell_value(value)`, `send_keyboard_input(input)`, `upload_sensor_data(data)`).
 */
function namedByTool(param: string, object: readonly string[]): boolean {
  for (let i = 1; i < object.length; i++) {
    if (object[i] === param && !NOT_A_QUALIFIER.has(object[i - 1]!) && !VAGUE_PARAMS.has(object[i - 1]!)) return true;
  }
  return false;
}

export default defineRule<'vagueId' | 'vagueName'>({
  id: 'param-name-vague',
  meta: {
    section: 'Names',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'Parameter named `id`, `data`, `input`, `payload`, `value`, `params`, `args`, `body`, `obj` or `info`, which says nothing about what it holds.',
      why: 'Parameter names are self-describing too: the specification rejects fetch(id) and process_data(input) and accepts get_<thing>(<thing>_id). A bare `id` does not say which thing it identifies, so the model passes the wrong identifier when several are in the conversation; `data` or `input` does not say what to put in. Conventional uses are accepted: `body` of an issue, comment or email, HTTP `body`/`params` beside `url` and `method`, `value` beside a `key` or `selector`, `data` of a chart.',
      spec: 'Service rule 4',
      bad: '{\n  "name": "get_invoice",\n  "description": "Use this when the user asks about one invoice: its lines, total and payment status.",\n  "input_schema": {\n    "type": "object",\n    "properties": { "id": { "type": "string", "description": "The invoice to read." } },\n    "required": ["id"]\n  }\n}',
      good: '{\n  "name": "get_invoice",\n  "description": "Use this when the user asks about one invoice: its lines, total and payment status.",\n  "input_schema": {\n    "type": "object",\n    "properties": { "invoice_id": { "type": "string", "description": "The invoice to read." } },\n    "required": ["invoice_id"]\n  }\n}',
      fix: 'Suggests renaming `id` to `<thing>_id`, the thing taken from the tool\'s name (`get_invoice(id)` → `invoice_id`), in `properties` and in the sibling `required` array. No fix when the name gives no thing (`fetch(id)`) or a property of the new name exists; other vague names need a name only their author knows, so they get none.',
    },
    messages: {
      vagueId: 'Parameter "{{name}}" does not say what it identifies: rename it to {{suggestion}} so the model passes the right identifier.',
      vagueName: 'Parameter "{{name}}" does not say what it holds: rename it after its content (for example "message_text", "search_query", "order_items") so the model knows what to pass.',
    },
  },
  create(ctx) {
    return {
      property(p, t) {
        if (!p.topLevel) return;
        const param = p.name.toLowerCase();
        if (!VAGUE_PARAMS.has(param)) return;
        const parts = nameParts(t.name ?? '', ctx.extraVerbs, ctx.namespaces);
        if (param === 'id') {
          const thing = toolThing(parts);
          const rename = thing ? `${thing}_id` : '';
          ctx.report({ node: p.keyNode, messageId: 'vagueId', data: { name: p.name, suggestion: thing ? `"${rename}"` : '"<thing>_id" (named after the thing it identifies)', rename } });
          return;
        }
        if (namedByTool(param, parts.object)) return;
        if (clearInContext(param, siblingNames(p.keyNode.parent?.parent, p.name), identWords(t.name ?? ''))) return;
        ctx.report({ node: p.keyNode, messageId: 'vagueName', data: { name: p.name } });
      },
    };
  },
  fix(ctx) {
    const rename = ctx.finding.data?.rename;
    if (ctx.finding.messageId !== 'vagueId' || typeof rename !== 'string' || rename === '') return [];
    return propertyRename(ctx, rename);
  },
});
