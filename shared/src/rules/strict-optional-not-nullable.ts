import { defineRule } from '../rule';
import { allowsNull, primaryType, typeNames } from '../schemaWalk';
import { child, isObject } from '../document';
import { SOURCES } from '../profiles';
import { MEANING_REASONS, optionality, reasonText, strictInfo, strictLabel } from '../analysis/strict';
import { makeNullable } from '../fixes/nullable';
import { owningObject } from '../fixes/nodes';
import { propertyNameOf } from '../fixes/schemaEdits';

export default defineRule<'notNullable'>({
  id: 'strict-optional-not-nullable',
  meta: {
    section: 'Required and strict mode',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'In OpenAI strict mode, a property that is optional by meaning (it has a `default`, or its description says it may be omitted) but whose type does not include null.',
      why: 'In OpenAI strict mode every property is required, so the only way for the model to leave a field out is to send null: a truly optional field uses a type that includes null (SPEC "Required versus optional" 2, Versioning 1: "in strict mode, add it to required and use null to mean omitted"). Without null the model must invent a value for a field the schema itself calls optional, and the default is never applied. Properties not yet listed in `required` are reported by strict-required-all instead.',
      spec: 'Required versus optional 2; Versioning 1',
      bad: '{ "type": "function", "function": { "name": "list_invoices", "description": "Use this when the user asks for their invoices, optionally filtered by status.", "strict": true, "parameters": { "type": "object", "properties": { "status": { "type": "string", "enum": ["paid", "open", "void"], "description": "Invoice status to filter by." }, "limit": { "type": "integer", "description": "Maximum invoices to return. Defaults to 20." } }, "required": ["status", "limit"], "additionalProperties": false } } }',
      good: '{ "type": "function", "function": { "name": "list_invoices", "description": "Use this when the user asks for their invoices, optionally filtered by status.", "strict": true, "parameters": { "type": "object", "properties": { "status": { "type": "string", "enum": ["paid", "open", "void"], "description": "Invoice status to filter by." }, "limit": { "type": ["integer", "null"], "description": "Maximum invoices to return; null for the default of 20." } }, "required": ["status", "limit"], "additionalProperties": false } } }',
      fix: 'Makes the property nullable: adds "null" to its `type` (`"integer"` → `["integer", "null"]`), null to its `enum`, a `{"type": "null"}` branch to its `anyOf`, or turns a bare `$ref` into `anyOf` with a null branch. A suggestion: the provider accepts the schema without it, and the host must then handle null (as "use the default").',
      sources: [SOURCES.openaiStructuredOutputs, SOURCES.openaiResponsesFunctionTool],
    },
    messages: {
      notNullable: '"{{name}}" is optional ({{reason}}) but its type does not include null, so in {{mode}} the model must always invent a value. Make it nullable ("type": ["{{type}}", "null"]{{enumNote}}) and treat null as "use the default".',
    },
  },
  create(ctx) {
    return {
      property(p, t) {
        if (!p.required || !isObject(p.schema)) return; // not required: strict-required-all reports it
        const info = strictInfo(t);
        if (!info || info.family !== 'openai') return;
        const o = optionality(p.schema, MEANING_REASONS);
        if (!o || allowsNull(p.schema)) return;
        const typeNode = child(p.schema, 'type');
        const type = primaryType(typeNames(p.schema)) ?? 'string';
        ctx.report({
          node: typeNode ?? p.keyNode,
          messageId: 'notNullable',
          data: { name: p.name, reason: reasonText(o), mode: strictLabel(info), type, enumNote: child(p.schema, 'enum') ? ', and null in its "enum"' : '' },
        });
      },
    };
  },
  fix({ node, edit, finding }) {
    // Reported on the `type` value (a string or a list) or, without a type, on the property key (node = its schema).
    const schema = node?.type === 'object' ? node : owningObject(node);
    const name = propertyNameOf(schema) ?? String(finding.data?.name ?? '');
    const change = makeNullable(edit, schema);
    if (!change || change.edits.length === 0) return [];
    return [{ title: `Make "${name}" nullable (${change.summary})`, kind: 'suggestion', edits: change.edits }];
  },
});
