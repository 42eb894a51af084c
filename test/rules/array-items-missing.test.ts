import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/array-items-missing';

runRuleTests(rule, {
  valid: [
    {
      name: 'array with items (OpenAI chat)',
      code: `{ "type": "function", "function": { "name": "add_issue_labels", "description": "Use this to label an issue.", "parameters": { "type": "object", "properties": { "labels": { "type": "array", "items": { "type": "string" } } }, "required": ["labels"] } } }`,
    },
    {
      name: 'tuple with prefixItems (MCP, 2020-12)',
      code: `{ "name": "get_elevation", "description": "Use this to look up the elevation of a point.", "inputSchema": { "type": "object", "properties": { "point": { "type": "array", "prefixItems": [{ "type": "number" }, { "type": "number" }], "minItems": 2, "maxItems": 2 } } } }`,
    },
    {
      name: 'a property named "array" is not an array type (Anthropic)',
      code: `{ "name": "sort_values", "description": "Use this to sort a list of numbers.", "input_schema": { "type": "object", "properties": { "array": { "type": "string", "description": "Numbers separated by spaces." }, "order": { "type": "string", "enum": ["asc", "desc"] } } } }`,
    },
    {
      name: 'Gemini ARRAY with items',
      code: `{ "functionDeclarations": [{ "name": "create_playlist", "description": "Use this to create a playlist.", "parameters": { "type": "OBJECT", "properties": { "songs": { "type": "ARRAY", "items": { "type": "STRING" } } } } }] }`,
    },
  ],
  invalid: [
    {
      name: 'MCP array without items',
      code: `{ "name": "mark_detections_fixed", "description": "Use this to mark detections as fixed.", "inputSchema": { "type": "object", "properties": { "detection_ids": { "type": "array", "description": "IDs of the detections." } }, "required": ["detection_ids"] } }`,
      errors: [{ messageId: 'itemsMissingProperty', at: '"array"', data: { name: 'detection_ids' } }],
    },
    {
      name: 'nullable array in a type list (OpenAI strict)',
      code: `{ "type": "function", "function": { "name": "open_urls", "description": "Use this to open web pages.", "strict": true, "parameters": { "type": "object", "properties": { "urls": { "type": ["array", "null"] } }, "required": ["urls"], "additionalProperties": false } } }`,
      errors: [{ messageId: 'itemsMissingProperty', at: '"array"' }],
    },
    {
      name: 'Gemini upper-case ARRAY, and an array nested in items',
      code: `{ "functionDeclarations": [{ "name": "plot_series", "description": "Use this to draw a chart.", "parameters": { "type": "OBJECT", "properties": { "series": { "type": "ARRAY", "items": { "type": "ARRAY" } } } } }] }`,
      errors: [{ messageId: 'itemsMissing', at: '"ARRAY"', occurrence: 2 }],
    },
  ],
});
