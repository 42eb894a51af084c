/**
 * JSON Schema of the tool-file format (every dialect), used for completion, hover and structure help by
 * vscode-json-languageservice inside the server, and contributed to VS Code through package.json.
 * Descriptions come from the specification (hover.ts TOOL_FIELD_DOCS, KEYWORD_DOCS).
 */
import { KEYWORD_DOCS, TOOL_FIELD_DOCS } from './hover';

type Schema = Record<string, unknown>;

const md = (s: string) => ({ markdownDescription: s, description: s.replace(/[`*]/g, '') });

function parameterSchema(): Schema {
  return {
    type: 'object',
    properties: {
      type: { ...md(KEYWORD_DOCS.type!), anyOf: [{ enum: ['object', 'string', 'integer', 'number', 'boolean', 'array', 'null'] }, { type: 'array', items: { enum: ['object', 'string', 'integer', 'number', 'boolean', 'array', 'null'] } }, { type: 'string' }] },
      description: { type: 'string', ...md(KEYWORD_DOCS.description!) },
      properties: { type: 'object', ...md(KEYWORD_DOCS.properties!), additionalProperties: { $ref: '#/definitions/schema' } },
      required: { type: 'array', items: { type: 'string' }, ...md(KEYWORD_DOCS.required!) },
      items: { ...md(KEYWORD_DOCS.items!), anyOf: [{ $ref: '#/definitions/schema' }, { type: 'array', items: { $ref: '#/definitions/schema' } }] },
      enum: { type: 'array', ...md(KEYWORD_DOCS.enum!) },
      const: md(KEYWORD_DOCS.const!),
      default: md(KEYWORD_DOCS.default!),
      minimum: { type: 'number', ...md(KEYWORD_DOCS.minimum!) },
      maximum: { type: 'number', ...md(KEYWORD_DOCS.maximum!) },
      exclusiveMinimum: { type: 'number', ...md(KEYWORD_DOCS.exclusiveMinimum!) },
      exclusiveMaximum: { type: 'number', ...md(KEYWORD_DOCS.exclusiveMaximum!) },
      multipleOf: { type: 'number', ...md(KEYWORD_DOCS.multipleOf!) },
      minLength: { type: 'integer', minimum: 0, ...md(KEYWORD_DOCS.minLength!) },
      maxLength: { type: 'integer', minimum: 0, ...md(KEYWORD_DOCS.maxLength!) },
      pattern: { type: 'string', ...md(KEYWORD_DOCS.pattern!) },
      format: { type: 'string', ...md(KEYWORD_DOCS.format!), examples: ['date-time', 'date', 'time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid', 'uri'] },
      minItems: { type: 'integer', minimum: 0, ...md(KEYWORD_DOCS.minItems!) },
      maxItems: { type: 'integer', minimum: 0, ...md(KEYWORD_DOCS.maxItems!) },
      uniqueItems: { type: 'boolean', ...md(KEYWORD_DOCS.uniqueItems!) },
      additionalProperties: { ...md(KEYWORD_DOCS.additionalProperties!), anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/schema' }] },
      anyOf: { type: 'array', items: { $ref: '#/definitions/schema' }, ...md(KEYWORD_DOCS.anyOf!) },
      oneOf: { type: 'array', items: { $ref: '#/definitions/schema' }, ...md(KEYWORD_DOCS.oneOf!) },
      allOf: { type: 'array', items: { $ref: '#/definitions/schema' }, ...md(KEYWORD_DOCS.allOf!) },
      nullable: { type: 'boolean', ...md(KEYWORD_DOCS.nullable!) },
      title: { type: 'string', ...md(KEYWORD_DOCS.title!) },
      examples: { type: 'array', ...md(KEYWORD_DOCS.examples!) },
      $ref: { type: 'string', ...md(KEYWORD_DOCS.$ref!) },
      $defs: { type: 'object', additionalProperties: { $ref: '#/definitions/schema' }, ...md(KEYWORD_DOCS.$defs!) },
      definitions: { type: 'object', additionalProperties: { $ref: '#/definitions/schema' }, ...md(KEYWORD_DOCS.definitions!) },
    },
  };
}

function toolProperties(paramsKey: string): Schema {
  return {
    name: { type: 'string', ...md(TOOL_FIELD_DOCS.name!) },
    description: { type: 'string', ...md(TOOL_FIELD_DOCS.description!) },
    [paramsKey]: { $ref: '#/definitions/schema', ...md(TOOL_FIELD_DOCS[paramsKey] ?? TOOL_FIELD_DOCS.parameters!) },
    strict: { type: 'boolean', ...md(TOOL_FIELD_DOCS.strict!) },
  };
}

export function toolFileSchema(): Schema {
  const mcpTool = {
    type: 'object',
    title: 'MCP tool',
    properties: {
      ...toolProperties('inputSchema'),
      title: { type: 'string' },
      outputSchema: { $ref: '#/definitions/schema', ...md(TOOL_FIELD_DOCS.outputSchema!) },
      annotations: {
        type: 'object',
        ...md(TOOL_FIELD_DOCS.annotations!),
        properties: {
          title: { type: 'string' },
          readOnlyHint: { type: 'boolean', ...md(TOOL_FIELD_DOCS.readOnlyHint!) },
          destructiveHint: { type: 'boolean', ...md(TOOL_FIELD_DOCS.destructiveHint!) },
          idempotentHint: { type: 'boolean', ...md(TOOL_FIELD_DOCS.idempotentHint!) },
          openWorldHint: { type: 'boolean', ...md(TOOL_FIELD_DOCS.openWorldHint!) },
        },
      },
    },
    required: ['name', 'inputSchema'],
  };
  const anthropicTool = { type: 'object', title: 'Anthropic tool', properties: toolProperties('input_schema'), required: ['name', 'input_schema'] };
  const bareTool = { type: 'object', title: 'Tool {name, description, parameters}', properties: toolProperties('parameters'), required: ['name'] };
  const openaiChat = {
    type: 'object',
    title: 'OpenAI Chat Completions tool',
    properties: { type: { const: 'function' }, function: { $ref: '#/definitions/bareTool' } },
    required: ['type', 'function'],
  };
  const openaiResponses = { type: 'object', title: 'OpenAI Responses tool', properties: { type: { const: 'function' }, ...toolProperties('parameters') }, required: ['type', 'name'] };
  const geminiContainer = {
    type: 'object',
    title: 'Gemini tool',
    properties: { functionDeclarations: { type: 'array', items: { $ref: '#/definitions/bareTool' } }, function_declarations: { type: 'array', items: { $ref: '#/definitions/bareTool' } } },
  };
  const anyTool = { anyOf: [{ $ref: '#/definitions/openaiChat' }, { $ref: '#/definitions/openaiResponses' }, { $ref: '#/definitions/anthropicTool' }, { $ref: '#/definitions/mcpTool' }, { $ref: '#/definitions/geminiContainer' }, { $ref: '#/definitions/bareTool' }] };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://toolschema.dev/schemas/tool-file.schema.json',
    title: 'LLM tool definitions (*.tool.json)',
    definitions: { schema: parameterSchema(), bareTool, openaiChat, openaiResponses, anthropicTool, mcpTool, geminiContainer, anyTool },
    anyOf: [
      { $ref: '#/definitions/anyTool' },
      { type: 'array', items: { $ref: '#/definitions/anyTool' } },
      { type: 'object', properties: { tools: { type: 'array', items: { $ref: '#/definitions/anyTool' } } }, required: ['tools'] },
      { $ref: '#/definitions/geminiContainer' },
    ],
  };
}
