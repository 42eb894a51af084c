import { defineRule } from '../rule';
import { child, elements, isArray, isObject, type Node } from '../document';
import type { TextEdit } from '../fixes/edits';
import { walkSchema, type PropertyVisit } from '../schemaWalk';
import { appendAll, identWords } from '../text';
import { SOURCES } from '../profiles';
import { fieldKey, fieldsOf, resultOf } from '../analysis/results';

const UPPER_IDENT = /^[A-Z][A-Z0-9_]*$/;
/** Sibling fields that make an object an error or status shape, so its `code` is an error code. */
const ERROR_SIBLINGS = ['error', 'errors', 'error_message', 'message', 'retry_hint', 'success', 'ok', 'is_error', 'status'];
/** Property names whose object value is an error (`{"error": {"code": ...}}`). */
const ERROR_CONTAINERS = new Set(['error', 'errors', 'failure', 'fault', 'problem', 'problems']);

/** Whether a `code` property is an error code: named error_code, or inside an error or status shape. */
function isErrorCode(p: PropertyVisit): boolean {
  const key = fieldKey(p.name);
  if (key === 'error_code') return true;
  if (key !== 'code') return false;
  const siblings = fieldsOf(p.owner.node);
  if (ERROR_SIBLINGS.some((s) => siblings.has(s))) return true;
  // The owner is the value of an `error` property, or the items of an `errors` array.
  let owner = p.owner;
  if (owner.via === 'items' && owner.parent) owner = owner.parent;
  const name = owner.property?.name;
  return name !== undefined && ERROR_CONTAINERS.has(fieldKey(name));
}

/** The value as an UPPER_CASE identifier (`not_found`, `notFound`, `not-found` → NOT_FOUND), or undefined when it has no letters to start one. */
export function upperIdentifier(value: string): string | undefined {
  const s = identWords(value).join('_').toUpperCase();
  return UPPER_IDENT.test(s) ? s : undefined;
}

function suggestion(value: string): string {
  return upperIdentifier(value) ?? 'NOT_FOUND';
}

/** The schema holding an error-code value: the value's own object (const, default) or the object holding its enum / examples array. */
function schemaOfValue(v: Node): Node | undefined {
  let p = v.parent;
  if (p?.type === 'array') p = p.parent;
  if (p?.type !== 'property') return undefined;
  return isObject(p.parent) ? p.parent : undefined;
}

export default defineRule<'notUpper' | 'numeric'>({
  id: 'error-code-format',
  meta: {
    section: 'Results',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'An error `code` value in a declared result shape (its enum, const, default or examples) that is not an UPPER_CASE identifier (`not_found`, `NotFound`, `404`).',
      why: 'The code field of a structured error is an upper-case identifier (SPEC Errors 5): a stable, greppable name such as `NOT_FOUND` or `RATE_LIMITED` that the model and the host can branch on. Lower-case or camel-case names and numeric status codes mix styles and carry no meaning for the model (404 says nothing about what to do next).',
      spec: 'Errors 5; Tool result shapes (structured error)',
      bad: '{ "name": "get_invoice", "description": "Use this when the user asks for the details of one invoice.", "inputSchema": { "type": "object", "properties": { "invoice_id": { "type": "string" } }, "required": ["invoice_id"] }, "outputSchema": { "type": "object", "properties": { "success": { "type": "boolean" }, "data": { "type": "object" }, "error": { "type": "string" }, "code": { "type": "string", "enum": ["not_found", "AccessDenied"] }, "retry_hint": { "type": "string" } }, "required": ["success"] } }',
      good: '{ "name": "get_invoice", "description": "Use this when the user asks for the details of one invoice.", "inputSchema": { "type": "object", "properties": { "invoice_id": { "type": "string" } }, "required": ["invoice_id"] }, "outputSchema": { "type": "object", "properties": { "success": { "type": "boolean" }, "data": { "type": "object" }, "error": { "type": "string" }, "code": { "type": "string", "enum": ["NOT_FOUND", "ACCESS_DENIED"] }, "retry_hint": { "type": "string" } }, "required": ["success"] } }',
      fix: 'Rewrites the value as an UPPER_CASE identifier (`not_found` → `NOT_FOUND`, `notFound` → `NOT_FOUND`, `AccessDenied` → `ACCESS_DENIED`), everywhere it appears in the same schema (enum, const, default, examples), so they stay consistent; an enum entry whose upper-case form is already listed is removed instead. A suggestion: the host must return the new code. No fix for numeric codes (a name for them cannot be guessed).',
      sources: [SOURCES.mcpTools],
    },
    messages: {
      notUpper: 'Error code "{{value}}" is not an UPPER_CASE identifier: write it as "{{suggestion}}" so codes read the same everywhere.',
      numeric: 'Error code {{value}} is a number: use an UPPER_CASE identifier that names the failure (for example "NOT_FOUND" or "RATE_LIMITED"), which tells the model what happened.',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        const r = resultOf(t);
        if (!r) return;
        walkSchema(r.root, {
          property(p) {
            if (!isErrorCode(p)) return;
            const values: Node[] = [];
            for (const k of ['enum', 'examples']) {
              const arr = child(p.schema, k);
              if (isArray(arr)) appendAll(values, elements(arr));
            }
            for (const k of ['const', 'default', 'example']) {
              const v = child(p.schema, k);
              if (v) values.push(v);
            }
            for (const v of values) {
              if (v.type === 'string') {
                const s = v.value as string;
                if (s && !UPPER_IDENT.test(s)) ctx.report({ node: v, messageId: 'notUpper', data: { value: s, suggestion: suggestion(s) } });
              } else if (v.type === 'number') {
                ctx.report({ node: v, messageId: 'numeric', data: { value: String(v.value) } });
              }
            }
          },
        });
      },
    };
  },
  fix({ finding, node, edit }) {
    if (finding.messageId !== 'notUpper' || node?.type !== 'string') return [];
    const value = node.value as string;
    const to = upperIdentifier(value);
    const schema = schemaOfValue(node);
    if (!to || !schema) return [];
    // Every occurrence of the value in this schema's enum / examples / const / default / example; an enum entry
    // whose upper-case form is already listed is removed (a duplicate enum value helps no one).
    const edits: TextEdit[] = [];
    let removed = false;
    const en = child(schema, 'enum');
    if (isArray(en)) {
      const listed = elements(en).some((e) => e.type === 'string' && e.value === to);
      const hits = elements(en).filter((e) => e.type === 'string' && e.value === value);
      if (!listed) for (const e of hits) edits.push(edit.replaceString(e, to));
      else if (hits.length === 1) {
        edits.push(edit.removeMember(hits[0]!));
        removed = true;
      } else if (hits.length > 1) return [];
    }
    const examples = child(schema, 'examples');
    if (isArray(examples)) for (const e of elements(examples)) if (e.type === 'string' && e.value === value) edits.push(edit.replaceString(e, to));
    for (const k of ['const', 'default', 'example']) {
      const v = child(schema, k);
      if (v?.type === 'string' && v.value === value) edits.push(edit.replaceString(v, to));
    }
    if (!edits.some((e) => e.offset === node.offset)) {
      if (node.parent === en) return [];
      edits.push(edit.replaceString(node, to));
    }
    if (removed) return [{ title: `Remove "${value}" from "enum" ("${to}" is already listed)`, kind: 'suggestion', edits }];
    return [{ title: `Replace "${value}" with "${to}"`, kind: 'suggestion', edits }];
  },
});
