import { defineRule } from '../rule';
import { child, str, elements, type Node } from '../document';
import type { ToolInfo } from '../discover';
import { describeType, isMisreadPropertyMap } from '../analysis/jsonSchema';

/** Python-style aliases of object: type-unknown reports them (with the JSON Schema name), not this rule. */
const OBJECT_ALIASES = new Set(['dict', 'dictionary', 'mapping']);

function expectedKey(t: ToolInfo): string {
  if (t.dialect === 'anthropic') return 'input_schema';
  if (t.dialect === 'mcp') return 'inputSchema';
  return 'parameters';
}

function toolLabel(t: ToolInfo): string {
  return t.name !== undefined ? `Tool "${t.name}"` : 'This tool';
}

export default defineRule<'missing' | 'notObject' | 'noType' | 'empty' | 'wrongType'>({
  id: 'parameters-not-object',
  meta: {
    section: 'Schema validity',
    defaultSeverity: 'error',
    fixable: 'suggestion',
    docs: {
      description: 'The parameter schema is missing, is not a JSON object, or its root is not `type: object`.',
      why: 'The parameter schema is a required field of a tool definition (SPEC "Tool definition"): it declares the properties, `required` and constraints the model fills in. Providers expect an object schema at the root: Anthropic rejects an `input_schema` without `"type": "object"`, MCP requires `inputSchema` to be an object schema, and OpenAI strict mode rejects any other root. A tool that takes no arguments still declares `{"type": "object", "properties": {}}`. Python aliases such as `dict` are reported by type-unknown instead.',
      spec: 'Resources and their fields: Tool definition; Parameter schema keywords',
      bad: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather in a city. Returns temperature and conditions.",\n  "parameters": {\n    "properties": {\n      "city": { "type": "string", "description": "City name, for example Paris." }\n    },\n    "required": ["city"]\n  }\n}',
      good: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather in a city. Returns temperature and conditions.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "city": { "type": "string", "description": "City name, for example Paris." }\n    },\n    "required": ["city"]\n  }\n}',
      fix: 'Add `"type": "object"` to the root, or wrap a bare schema as `{"type": "object", "properties": {...}}`; for a missing schema, insert `{"type": "object", "properties": {}}`.',
    },
    messages: {
      missing: '{{tool}} has no "{{key}}": add a parameter schema, {"type": "object", "properties": {}} when the tool takes no arguments.',
      notObject: 'The parameter schema "{{key}}" must be a JSON Schema object such as {"type": "object", "properties": {...}}, but it is {{found}}.',
      empty: 'The parameter schema "{{key}}" is an empty object: write {"type": "object", "properties": {}} for a tool without arguments (an empty schema has no type and accepts anything).',
      noType: 'The parameter schema "{{key}}" has no "type": add "type": "object" at its root (providers reject or misread a root without it).',
      wrongType: 'The parameter schema\'s root type is {{type}}, but tool arguments are always an object: use "type": "object" and put the value in a named property.',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        if (isMisreadPropertyMap(t)) return;
        if (!t.paramsKey || !t.params) {
          const node: Node = t.nameNode ?? t.node;
          ctx.report({ node, messageId: 'missing', data: { tool: toolLabel(t), key: expectedKey(t) } });
          return;
        }
        const key = t.paramsKey;
        const params = t.params;
        if (params.type !== 'object') {
          ctx.report({ node: params, messageId: 'notObject', data: { key, found: describeType(params) } });
          return;
        }
        const typeNode = child(params, 'type');
        if (!typeNode) {
          ctx.report({ node: t.paramsKeyNode ?? params, messageId: params.children?.length ? 'noType' : 'empty', data: { key } });
          return;
        }
        const name = str(typeNode);
        if (name !== undefined) {
          const lower = name.toLowerCase();
          if (lower === 'object' || OBJECT_ALIASES.has(lower)) return;
          ctx.report({ node: typeNode, messageId: 'wrongType', data: { type: JSON.stringify(name) } });
          return;
        }
        if (typeNode.type === 'array') {
          const items = elements(typeNode);
          if (items.some((e) => e.type === 'string' && (OBJECT_ALIASES.has(String(e.value).toLowerCase()) || String(e.value).toLowerCase() === 'object'))) return;
          ctx.report({ node: typeNode, messageId: 'wrongType', data: { type: items.map((e) => JSON.stringify(e.value)).join(' | ') || '[]' } });
          return;
        }
        // A `type` that is neither a string nor an array is a meta-schema error: schema-invalid reports it.
      },
    };
  },
});
