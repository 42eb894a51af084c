import { defineRule } from '../rule';
import { child, entries, isObject, keyNodeOf, propertyNode, type Node } from '../document';
import { owningObject } from '../fixes/nodes';
import { SOURCES } from '../profiles';
import { isObjectSchema, keyOfSchema, strictInfo, strictLabel, strictSeverity } from '../analysis/strict';
import { isKnownKeyword, suggestKeyword } from '../analysis/jsonSchema';

export default defineRule<'missing' | 'notFalse'>({
  id: 'strict-additional-properties',
  meta: {
    section: 'Required and strict mode',
    defaultSeverity: 'error',
    fixable: 'safe',
    docs: {
      description: 'In strict mode, an object schema (at any depth) without `additionalProperties: false`.',
      why: 'Both OpenAI strict mode and Anthropic strict tool use require `additionalProperties: false` on every object, nested objects, array items and definitions included (SPEC keyword table: "additionalProperties: set to false in strict mode"; "Required versus optional" 2). Otherwise the request is rejected (an OpenAI Responses tool that omits `strict` silently falls back to non-strict, best-effort calls). Open maps (`additionalProperties: {...}`) are not supported either: model them as an array of key/value objects.',
      spec: 'Required versus optional 2; Parameter schema keywords (additionalProperties)',
      bad: '{ "name": "create_event", "description": "Use this to add an event to the user\'s calendar when they ask to schedule something.", "strict": true, "input_schema": { "type": "object", "properties": { "title": { "type": "string" }, "start": { "type": "string", "format": "date-time" }, "location": { "type": "object", "properties": { "address": { "type": "string" } }, "required": ["address"] } }, "required": ["title", "start"] } }',
      good: '{ "name": "create_event", "description": "Use this to add an event to the user\'s calendar when they ask to schedule something.", "strict": true, "input_schema": { "type": "object", "properties": { "title": { "type": "string" }, "start": { "type": "string", "format": "date-time" }, "location": { "type": "object", "properties": { "address": { "type": "string" } }, "required": ["address"], "additionalProperties": false } }, "required": ["title", "start"], "additionalProperties": false } }',
      fix: 'Adds `"additionalProperties": false` to the object schema, after `required` (or `properties`): a safe fix, the provider rejects the schema otherwise. When `additionalProperties` is `true` or a schema (an open map), setting it to false changes what the host accepts, so that is only a suggestion.',
      sources: [SOURCES.openaiStructuredOutputs, SOURCES.openaiResponsesFunctionTool, SOURCES.anthropicStrict, SOURCES.anthropicSchemaLimits],
    },
    messages: {
      missing: '{{what}} has no "additionalProperties": false, which {{mode}} requires on every object. Add "additionalProperties": false.',
      notFalse: '"additionalProperties" must be false in {{mode}}: open objects and maps are rejected. Set it to false (model a map as an array of key/value objects).',
    },
  },
  create(ctx) {
    return {
      schema(s, t) {
        const info = strictInfo(t);
        if (!info || !isObjectSchema(s.node, s.types)) return;
        const ap = child(s.node, 'additionalProperties');
        if (ap && ap.type === 'boolean' && ap.value === false) return;
        const severity = strictSeverity(info, 'error');
        const mode = strictLabel(info);
        if (ap) {
          ctx.report({ node: ap, messageId: 'notFalse', data: { mode }, severity });
          return;
        }
        const typeNode = child(s.node, 'type');
        const propsKey = keyNodeOf(s.node, 'properties');
        const node = typeNode ?? propsKey ?? s.node;
        const on = typeNode ? 'type' : propsKey ? 'properties' : 'schema';
        ctx.report({ node, messageId: 'missing', data: { what: describe(s), mode, on }, severity });
      },
    };
  },
  fix({ finding, node, edit }) {
    if (!node) return [];
    if (finding.messageId === 'notFalse') {
      const schema = owningObject(node);
      if (!schema || child(schema, 'additionalProperties') !== node) return [];
      const was = node.type === 'boolean' ? String(node.value) : 'a schema';
      return [{ title: `Set "additionalProperties" to false (was ${was}: the object no longer accepts other keys)`, kind: 'suggestion', edits: [edit.replaceValue(node, false)] }];
    }
    const on = finding.data?.on;
    const schema: Node | undefined = on === 'schema' ? node : owningObject(node);
    if (!isObject(schema) || propertyNode(schema, 'additionalProperties')) return [];
    const after = propertyNode(schema, 'required') ? 'required' : propertyNode(schema, 'properties') ? 'properties' : undefined;
    // A misspelt "additional_properties" is the user's own setting: keyword-unknown renames it (safe), then this
    // rule sees its value. Adding the key beside it would leave two settings of one keyword.
    const misspelt = entries(schema).some(([k]) => k !== 'additionalProperties' && !isKnownKeyword(k) && suggestKeyword(k)?.keyword === 'additionalProperties');
    return [{ title: 'Add "additionalProperties": false', kind: misspelt ? 'suggestion' : 'safe', edits: [edit.setProperty(schema, 'additionalProperties', false, after ? { after } : {})] }];
  },
});

function describe(s: { isRoot: boolean; node: import('../document').Node; via: string }): string {
  if (s.isRoot) return 'The parameter schema';
  const key = keyOfSchema(s.node);
  if (key !== s.node && typeof key.value === 'string') {
    if (s.via === 'properties') return `The object "${key.value}"`;
    if (s.via === '$defs' || s.via === 'definitions') return `The definition "${key.value}"`;
    if (s.via === 'items') return 'The array item object';
  }
  return 'This object schema';
}
