import { defineRule } from '../rule';
import { child, isObject } from '../document';
import { descriptionOf } from '../schemaWalk';

/** Keywords that give a property its values without `type`. */
const TYPED_BY = ['type', 'enum', 'const', '$ref', '$dynamicRef', 'anyOf', 'oneOf', 'allOf', 'not'];
/** "Any JSON value is accepted": an intentionally untyped property. */
const ANY_VALUE = /\bany\s+(?:json\s+)?(?:value|type|data)\b|\barbitrary\s+(?:json\s+)?(?:value|data)\b|\bof\s+any\s+type\b/i;

export default defineRule<'missing' | 'missingInferred'>({
  id: 'type-missing',
  meta: {
    section: 'Types',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'A property with no `type` (and no `enum`, `const`, `$ref`, `anyOf`, `oneOf` or `allOf` to give it one).',
      why: 'Without a type the model has to guess from the name and description whether to send a string, a number, a list or an object, and the host receives whatever it guessed. The specification asks for the narrowest fitting type on every parameter (SPEC "Parameter schema keywords used": type). A property meant to take any JSON value says so in its description and is not reported.',
      spec: 'Parameter schema keywords used: type',
      bad: '{\n  "name": "create_event",\n  "description": "Use this when the user wants to add an event to their calendar.",\n  "input_schema": {\n    "type": "object",\n    "properties": {\n      "title": { "type": "string", "description": "Event title." },\n      "start": { "description": "Start time in ISO 8601, for example 2025-03-01T09:00:00Z." }\n    },\n    "required": ["title", "start"]\n  }\n}',
      good: '{\n  "name": "create_event",\n  "description": "Use this when the user wants to add an event to their calendar.",\n  "input_schema": {\n    "type": "object",\n    "properties": {\n      "title": { "type": "string", "description": "Event title." },\n      "start": { "type": "string", "format": "date-time", "description": "Start time in ISO 8601, for example 2025-03-01T09:00:00Z." }\n    },\n    "required": ["title", "start"]\n  }\n}',
    },
    messages: {
      missing: 'Property "{{name}}" has no "type": declare the narrowest type that fits (string, integer, number, boolean, array or object).',
      missingInferred: 'Property "{{name}}" has no "type": declare it ("{{inferred}}", since it has "{{keyword}}").',
    },
  },
  create(ctx) {
    return {
      property(p) {
        const s = p.schema;
        if (!isObject(s)) return;
        for (const k of TYPED_BY) if (child(s, k) !== undefined) return;
        if (ANY_VALUE.test(descriptionOf(s))) return;
        const inferred = inferType(s);
        if (inferred) ctx.report({ node: p.keyNode, messageId: 'missingInferred', data: { name: p.name, inferred: inferred[0], keyword: inferred[1] } });
        else ctx.report({ node: p.keyNode, messageId: 'missing', data: { name: p.name } });
      },
    };
  },
});

const INFER: [string, string][] = [
  ['properties', 'object'], ['additionalProperties', 'object'], ['required', 'object'], ['items', 'array'], ['prefixItems', 'array'],
  ['minItems', 'array'], ['maxItems', 'array'], ['format', 'string'], ['pattern', 'string'], ['minLength', 'string'], ['maxLength', 'string'],
  ['minimum', 'number'], ['maximum', 'number'], ['multipleOf', 'number'],
];

function inferType(s: import('../document').Node): [string, string] | undefined {
  for (const [k, t] of INFER) if (child(s, k) !== undefined) return [t, k];
  const d = child(s, 'default');
  if (d) {
    if (d.type === 'string') return ['string', 'default'];
    if (d.type === 'boolean') return ['boolean', 'default'];
    if (d.type === 'number') return [Number.isInteger(d.value) ? 'integer' : 'number', 'default'];
    if (d.type === 'array') return ['array', 'default'];
    if (d.type === 'object') return ['object', 'default'];
  }
  return undefined;
}
