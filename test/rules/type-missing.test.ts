import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/type-missing';

runRuleTests(rule, {
  valid: [
    {
      name: 'every property typed (OpenAI chat)',
      code: `{ "type": "function", "function": { "name": "get_weather", "description": "Use this when the user asks for the weather.", "parameters": { "type": "object", "properties": { "city": { "type": "string" }, "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] } }, "required": ["city"] } } }`,
    },
    {
      name: 'enum, const, $ref and anyOf give the values without "type" (MCP, Pydantic style)',
      code: `{ "name": "create_event", "description": "Use this to add a calendar event.", "inputSchema": { "type": "object", "$defs": { "When": { "type": "string", "format": "date-time" } }, "properties": { "unit": { "enum": ["minutes", "hours"] }, "kind": { "const": "event" }, "start": { "$ref": "#/$defs/When" }, "end": { "anyOf": [{ "type": "string" }, { "type": "null" }], "default": null } } } }`,
    },
    {
      name: 'a value documented as accepting any JSON value (GitHub projects tool)',
      code: `{ "name": "update_project_field", "description": "Use this to set a field on a project item.", "inputSchema": { "type": "object", "properties": { "field_id": { "type": "string" }, "value": { "description": "The value to apply. Any JSON value is accepted; use null to clear the field." } } } }`,
    },
  ],
  invalid: [
    {
      name: 'untyped property in an Anthropic tool',
      code: `{ "name": "create_event", "description": "Use this to add a calendar event.", "input_schema": { "type": "object", "properties": { "title": { "type": "string" }, "start": { "description": "Start time in ISO 8601." } }, "required": ["title", "start"] } }`,
      errors: [{ messageId: 'missing', at: '"start"', data: { name: 'start' } }],
    },
    {
      name: 'nested object property, and the type inferred from its keywords',
      code: `{ "name": "create_contact", "description": "Use this to save a contact.", "parameters": { "type": "object", "properties": { "address": { "properties": { "zip": { "pattern": "^[0-9]{5}$" } } } } } }`,
      errors: [
        { messageId: 'missingInferred', at: '"address"', data: { inferred: 'object', keyword: 'properties' } },
        { messageId: 'missingInferred', at: '"zip"', data: { inferred: 'string', keyword: 'pattern' } },
      ],
    },
    {
      name: 'Pydantic field with a default only (MCP)',
      code: `{ "name": "write_note", "description": "Use this to save a markdown note.", "inputSchema": { "type": "object", "properties": { "title": { "title": "Title", "type": "string" }, "tags": { "default": null, "title": "Tags" } } } }`,
      errors: [{ messageId: 'missing', at: '"tags"' }],
    },
  ],
});
