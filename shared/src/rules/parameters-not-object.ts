import { defineRule } from '../rule';
import { child, str, elements, entries, isObject, propertyNode, valueOf, type JsonValue, type Node } from '../document';
import type { ToolInfo } from '../discover';
import { closestKey, describeType, isKnownKeyword, isMisreadPropertyMap } from '../analysis/jsonSchema';
import { JSON_TYPES } from '../analysis/params';
import { strictInfo } from '../analysis/strict';
import { hasLineBreak, indentAt, inlineJson, type EditBuilder, type TextEdit } from '../fixes/edits';
import type { FixProposal } from '../fix';

/** Python-style aliases of object: type-unknown reports them (with the JSON Schema name), not this rule. */
const OBJECT_ALIASES = new Set(['dict', 'dictionary', 'mapping']);

/** The tool's format: its dialect, or for a bare tool (no schema key to tell) the configured provider profile. */
function formatOf(t: ToolInfo): string {
  return t.dialect === 'generic' ? t.profile : t.dialect;
}

function expectedKey(t: ToolInfo): string {
  const f = formatOf(t);
  if (f === 'anthropic') return 'input_schema';
  if (f === 'mcp') return 'inputSchema';
  return 'parameters';
}

function toolLabel(t: ToolInfo): string {
  return t.name !== undefined ? `Tool "${t.name}"` : 'This tool';
}

/**
 * The schema of a tool without arguments, as its format wants it: MCP's spec writes
 * `{"type": "object", "additionalProperties": false}`; strict tools need `additionalProperties: false`.
 */
function emptySchema(t: ToolInfo): Record<string, JsonValue> {
  if (formatOf(t) === 'mcp') return { type: 'object', additionalProperties: false };
  if (strictInfo(t)) return { type: 'object', properties: {}, additionalProperties: false };
  return { type: 'object', properties: {} };
}

/** Tool keys that suggest the schema is there under another name (`paramters`, `args`): adding an empty one would hide it. */
const SCHEMA_LIKE_KEYS = new Set(['params', 'param', 'args', 'arguments', 'schema', 'input', 'inputs', 'parameter', 'argument_schema', 'args_schema', 'json_schema', 'jsonschema']);

function schemaElsewhere(t: ToolInfo): boolean {
  for (const [key] of entries(t.node)) {
    if (SCHEMA_LIKE_KEYS.has(key.toLowerCase())) return true;
    if (key !== t.paramsKey && closestKey(key, ['parameters', 'input_schema', 'inputSchema'], undefined, 2, 7)) return true;
  }
  return false;
}


/**
 * A list of named parameter descriptors (`[{"name": "city", "type": "string", "required": true}]`) as an object
 * schema, when every entry is one with a JSON Schema type; undefined otherwise.
 */
function fromDescriptorList(arr: Node): Record<string, JsonValue> | undefined {
  const items = elements(arr);
  if (items.length === 0 || items.length > 200) return undefined;
  const properties: Record<string, JsonValue> = {};
  const required: string[] = [];
  const names = new Set<string>();
  for (const el of items) {
    if (!isObject(el)) return undefined;
    const name = str(child(el, 'name'));
    const type = str(child(el, 'type'));
    if (!name || names.has(name) || type === undefined || !JSON_TYPES.has(type)) return undefined;
    names.add(name);
    const req = child(el, 'required');
    if (req && req.type !== 'boolean') return undefined;
    if (req?.value === true) required.push(name);
    const schema: Record<string, JsonValue> = {};
    for (const [k, , v] of entries(el)) {
      if (k === 'name' || k === 'required') continue;
      const val = valueOf(v);
      if (val === undefined) return undefined;
      Object.defineProperty(schema, k, { value: val, enumerable: true, writable: true, configurable: true });
    }
    Object.defineProperty(properties, name, { value: schema, enumerable: true, writable: true, configurable: true });
  }
  const out: Record<string, JsonValue> = { type: 'object', properties };
  if (required.length > 0) out.required = required;
  return out;
}

/** A root written as a bare property map (`{"city": {"type": "string"}}`): every key a name, every value a schema. */
function isBarePropertyMap(params: Node): boolean {
  const list = [...entries(params)];
  return list.length > 0 && list.every(([k, , v]) => !isKnownKeyword(k) && isObject(v) && (child(v, 'type') !== undefined || child(v, 'description') !== undefined));
}

/** `{"type": "object", "properties": <the original text>}`, the original re-indented one level. */
function wrapAsProperties(edit: EditBuilder, params: Node): TextEdit {
  const text = edit.text;
  const orig = text.slice(params.offset, params.offset + params.length);
  if (!hasLineBreak(orig, 0, orig.length)) {
    const sp = /^\{\s/.test(orig) ? ' ' : '';
    return { offset: params.offset, length: params.length, content: `{${sp}"type": "object", "properties": ${orig}${sp}}` };
  }
  const { eol, unit } = edit.layout;
  const outer = indentAt(text, params.offset);
  const inner = outer + unit;
  const body = orig.split(/\r\n?|\n/).join(eol + unit);
  return { offset: params.offset, length: params.length, content: `{${eol}${inner}"type": "object",${eol}${inner}"properties": ${body}${eol}${outer}}` };
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
      fix: 'Suggestions: add `"type": "object"` as the root\'s first key, or wrap a bare property map as `{"type": "object", "properties": {...}}`; for a missing, empty or null schema, write the no-argument schema of the format (`{"type": "object", "properties": {}}`; MCP: `{"type": "object", "additionalProperties": false}`; strict tools also get `"additionalProperties": false`); a list of named parameter descriptors becomes an object schema. No fix for a root of another type (it needs a named property), for a Gemini declaration (which may omit its parameters), or when another key looks like the schema under a wrong name.',
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
  fix({ finding, tool, edit }) {
    if (!tool || formatOf(tool) === 'gemini') return [];
    const out: FixProposal[] = [];
    const empty = emptySchema(tool);
    switch (finding.messageId) {
      case 'missing': {
        if (tool.paramsKey || schemaElsewhere(tool)) return [];
        const key = expectedKey(tool);
        const anchor = tool.descriptionKey && propertyNode(tool.node, tool.descriptionKey) ? tool.descriptionKey : propertyNode(tool.node, 'name') ? 'name' : undefined;
        out.push({ title: `Add "${key}": ${inlineJson(empty)}`, kind: 'suggestion', edits: [edit.setProperty(tool.node, key, empty, anchor ? { after: anchor } : {})] });
        break;
      }
      case 'empty':
      case 'notObject': {
        const params = tool.params;
        if (!params) return [];
        if (params.type === 'array') {
          const converted = fromDescriptorList(params);
          if (converted) out.push({ title: 'Convert the parameter list to {"type": "object", "properties": {...}}', kind: 'suggestion', edits: [edit.replaceValue(params, converted)] });
        } else if (params.type === 'null' || (params.type === 'object' && !params.children?.length)) {
          out.push({ title: `Replace ${params.type === 'null' ? 'null' : '{}'} with ${inlineJson(empty)}`, kind: 'suggestion', edits: [edit.replaceValue(params, empty)] });
        }
        break;
      }
      case 'noType': {
        const params = tool.params;
        if (!isObject(params) || child(params, 'type')) return [];
        if (!propertyNode(params, 'properties') && isBarePropertyMap(params)) {
          out.push({ title: 'Wrap the parameters in {"type": "object", "properties": {...}}', kind: 'suggestion', edits: [wrapAsProperties(edit, params)] });
        } else {
          out.push({ title: 'Add "type": "object"', kind: 'suggestion', edits: [edit.setProperty(params, 'type', 'object', { first: true })] });
        }
        break;
      }
      default:
        break;
    }
    return out;
  },
});
