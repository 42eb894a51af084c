import { defineRule } from '../rule';
import { nameVagueness } from '../analysis/names';

export default defineRule<'loneVerb' | 'umbrellaVerb' | 'vagueObject'>({
  id: 'name-vague',
  meta: {
    section: 'Names',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'Tool name built from a generic verb or object that says nothing: `fetch`, `execute`, `run`, `process_data`, `handle_request`, `do_action`, `manage_*`, or `*_data` / `*_info` as the whole object.',
      why: 'The specification rejects names such as fetch(id) and process_data(input): a name must be self-describing and show what the tool works on. A bare verb (`fetch`, `search`, `run`) or a vague object (`data`, `info`, `details`, `request`) leaves the model to guess from the description, and tools from several servers collide on such names. `manage_*` and `do_*` hide several operations behind one name. A dotted or shared namespace prefix that names the object (`weather.get`, `browser_navigate`) is accepted.',
      spec: 'Service rule 4',
      bad: '{\n  "name": "process_data",\n  "description": "Use this when the user wants an invoice total computed. Returns the total with tax.",\n  "inputSchema": {\n    "type": "object",\n    "properties": { "invoice_id": { "type": "string", "description": "Invoice to total." } },\n    "required": ["invoice_id"]\n  }\n}',
      good: '{\n  "name": "compute_invoice_total",\n  "description": "Use this when the user wants an invoice total computed. Returns the total with tax.",\n  "inputSchema": {\n    "type": "object",\n    "properties": { "invoice_id": { "type": "string", "description": "Invoice to total." } },\n    "required": ["invoice_id"]\n  }\n}',
    },
    messages: {
      loneVerb: 'Tool name "{{name}}" is only the verb "{{verb}}": it does not say what the tool works on. Name the thing, as in the accepted shapes get_<thing> (with a <thing>_id parameter), query_<things>, create_<thing>, update_<thing>: for example "{{verb}}_<thing>".',
      umbrellaVerb: 'Tool name "{{name}}" starts with "{{verb}}", which hides several operations behind one name. Split it into one tool per operation, named in the accepted shapes get_<thing> (with a <thing>_id parameter), query_<things>, create_<thing>, update_<thing>.',
      vagueObject: 'Tool name "{{name}}" does not say what it works on: "{{object}}" names no thing. Name the thing, as in the accepted shapes get_<thing> (with a <thing>_id parameter), query_<things>, create_<thing>, update_<thing> (for example "get_invoice" rather than "get_data").',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        if (t.name === undefined || !t.nameNode) return;
        const v = nameVagueness(t.name, ctx.extraVerbs, ctx.namespaces);
        if (!v) return;
        if (v.kind === 'vagueObject') ctx.report({ node: t.nameNode, messageId: 'vagueObject', data: { name: t.name, verb: v.verb, object: v.object } });
        else ctx.report({ node: t.nameNode, messageId: v.kind, data: { name: t.name, verb: v.verb } });
      },
    };
  },
});
