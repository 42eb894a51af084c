import { defineRule } from '../rule';
import { child, isObject, keyNodeOf } from '../document';
import { addProperties } from '../fixes/schemaEdits';
import { owningObject } from '../fixes/nodes';
import { humanList } from '../text';
import { SOURCES } from '../profiles';
import { constBooleans, fieldsOf, isObjectLike, objectShapes, resultOf, type Field } from '../analysis/results';

/** Accepted names for each field the spec's error shapes carry (normalised with fieldKey). */
const ALIASES: Record<'error' | 'code' | 'retry_hint', readonly string[]> = {
  error: ['error', 'error_message', 'errors'],
  code: ['code', 'error_code', 'error_type'],
  retry_hint: ['retry_hint', 'retry_hints', 'retry_after', 'retryable', 'is_retryable', 'retry'],
};

type Needed = keyof typeof ALIASES;

function hasField(fields: ReadonlyMap<string, Field>, need: Needed): boolean {
  for (const a of ALIASES[need]) if (fields.has(a)) return true;
  return false;
}

export default defineRule<'structured' | 'envelope'>({
  id: 'result-error-fields',
  meta: {
    section: 'Results',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'An error shape in a declared result (an object with an `error` field, or a `success` envelope that can be false) without the fields the spec names: `error`, `code` and `retry_hint` for a structured error, `error` and `retry_hint` for a failure envelope.',
      why: 'The host catches an error and returns a minimal, actionable result to the model: structured (error, code, retry_hint) or the failure envelope (success false, error, retry_hint); a bare message such as a generic server error is not enough (SPEC Errors 1-2, "Tool result shapes"). `code` lets the model branch on the kind of failure, `retry_hint` tells it whether and how to retry instead of looping or giving up (SPEC Errors 4). An `error` object that carries `code` and `retry_hint` inside it is accepted, and so are `error_code` for `code` and `retryable` / `retry_after` for `retry_hint`.',
      spec: 'Errors 1-2, 4; Tool result shapes',
      bad: '{ "name": "create_payment", "description": "Use this to charge the customer\'s saved card once they confirm the amount.", "inputSchema": { "type": "object", "properties": { "amount_cents": { "type": "integer", "minimum": 1 } }, "required": ["amount_cents"] }, "outputSchema": { "type": "object", "properties": { "success": { "type": "boolean" }, "payment_id": { "type": "string" }, "message": { "type": "string" } }, "required": ["success"] } }',
      good: '{ "name": "create_payment", "description": "Use this to charge the customer\'s saved card once they confirm the amount.", "inputSchema": { "type": "object", "properties": { "amount_cents": { "type": "integer", "minimum": 1 } }, "required": ["amount_cents"] }, "outputSchema": { "type": "object", "properties": { "success": { "type": "boolean" }, "payment_id": { "type": "string" }, "error": { "type": "string" }, "code": { "type": "string", "enum": ["CARD_DECLINED", "INSUFFICIENT_FUNDS"] }, "retry_hint": { "type": "string" } }, "required": ["success"] } }',
      fix: 'Adds the missing fields, as strings, to the error shape\'s `properties` (to the nested `error` object when there is one): `error` (message), `code` (an UPPER_CASE identifier) and `retry_hint`. A suggestion: the host must return them.',
      sources: [SOURCES.mcpTools],
    },
    messages: {
      structured: 'This error shape lacks {{missing}}: a structured error gives the model error (message), code (an UPPER_CASE identifier) and retry_hint (whether and how to retry). Add {{missing}}.',
      envelope: 'This result can report failure ("success" false) but lacks {{missing}}: the failure envelope gives the model error (message) and retry_hint (whether and how to retry). Add {{missing}}.',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        const r = resultOf(t);
        if (!r) return;
        for (const shape of objectShapes(r.root)) {
          const fields = fieldsOf(shape);
          const success = fields.get('success');
          const error = fields.get('error');
          let kind: 'structured' | 'envelope';
          if (success) {
            const vals = constBooleans(success.schema);
            if (vals && !vals.includes(false)) continue; // success envelope: success is always true
            kind = 'envelope';
          } else if (error) kind = 'structured';
          else continue;
          // Fields of a nested error object count: {"error": {"code": ..., "message": ..., "retry_hint": ...}}.
          const inner = error && isObjectLike(error.schema) ? fieldsOf(error.schema) : undefined;
          const needed: Needed[] = kind === 'structured' ? ['error', 'code', 'retry_hint'] : ['error', 'retry_hint'];
          const missing = needed.filter((n) => !hasField(fields, n) && !(inner && hasField(inner, n)));
          if (missing.length === 0) continue;
          // A nested error object is where the fields go; otherwise the shape's properties.
          const node = inner && error ? error.keyNode : keyNodeOf(shape, 'properties');
          if (!node) continue;
          ctx.report({ node, messageId: kind, data: { missing: humanList(missing), fields: missing.join(','), target: inner && error ? 'error' : 'shape' } });
        }
      },
    };
  },
  fix({ finding, node, edit }) {
    const fields = String(finding.data?.fields ?? '').split(',').filter((f): f is Needed => f === 'error' || f === 'code' || f === 'retry_hint');
    if (fields.length === 0 || !node) return [];
    // Reported on the nested error's key (node = its schema) or on the shape's "properties" key (node = the map).
    const entries: [string, unknown][] = fields.map((f) => [f, { type: 'string' }]);
    const props = finding.data?.target === 'error' ? child(node, 'properties') : node;
    if (finding.data?.target === 'error' && isObject(node) && !props) {
      const value: Record<string, unknown> = {};
      for (const [k, v] of entries) value[k] = v;
      return [{ title: `Add ${humanList(fields)} to the error object`, kind: 'suggestion', edits: [edit.setProperty(node, 'properties', value)] }];
    }
    if (!isObject(props) || (finding.data?.target !== 'error' && !owningObject(props))) return [];
    const add = addProperties(edit, props, entries);
    if (!add) return [];
    return [{ title: `Add ${humanList(fields)} to the error shape`, kind: 'suggestion', edits: [add] }];
  },
});
