import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/array-items-missing';

const mcp = `{ "name": "mark_detections_fixed", "description": "Use this to mark detections as fixed.", "inputSchema": { "type": "object", "properties": { "detection_ids": { "type": "array", "description": "IDs of the detections." } }, "required": ["detection_ids"] } }`;

const strict = `{ "type": "function", "function": { "name": "open_urls", "description": "Use this to open web pages.", "strict": true, "parameters": { "type": "object", "properties": { "urls": { "type": ["array", "null"] } }, "required": ["urls"], "additionalProperties": false } } }`;

const gemini = `{ "functionDeclarations": [{ "name": "plot_series", "description": "Use this to draw a chart.", "parameters": { "type": "OBJECT", "properties": { "series": { "type": "ARRAY", "items": { "type": "ARRAY" } } } } }] }`;

// Anthropic, two-space indentation: the element type from an existing default, from the description, from the name.
const anthropicBlock = `{
  "name": "merge_tickets",
  "description": "Use this when the user wants to merge duplicate support tickets.",
  "input_schema": {
    "type": "object",
    "properties": {
      "ticket_ids": {
        "type": "array",
        "description": "IDs of the tickets to merge (integers)."
      },
      "weights": {
        "type": "array",
        "default": [1, 0.5]
      },
      "grid": {
        "type": "array",
        "default": [[1, 2], [3, 4]]
      },
      "coordinates": {
        "type": "array"
      },
      "scores": { "type": "array", "description": "A list of integers, one per ticket." }
    }
  }
}`;

// OpenAI chat with tab indentation: a default array of objects; in a strict tool no object items are proposed.
const tabs = `{
	"type": "function",
	"function": {
		"name": "add_line_items",
		"description": "Use this to add items to an order.",
		"parameters": {
			"type": "object",
			"properties": {
				"lines": {
					"type": "array",
					"default": [{ "sku": "A1" }]
				}
			}
		}
	}
}`;

const strictObjects = `{ "type": "function", "function": { "name": "add_line_items", "description": "Use this to add items to an order.", "strict": true, "parameters": { "type": "object", "properties": { "lines": { "type": "array", "default": [{ "sku": "A1" }] }, "codes": { "type": ["array", "null"], "default": [1, "A"] } }, "required": ["lines", "codes"], "additionalProperties": false } } }`;

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
      code: mcp,
      errors: [
        {
          messageId: 'itemsMissingProperty',
          at: '"array"',
          data: { name: 'detection_ids' },
          fixes: [{ title: 'Add "items": { "type": "string" }', kind: 'suggestion', output: mcp.replace('{ "type": "array",', '{ "type": "array", "items": { "type": "string" },') }],
        },
      ],
    },
    {
      name: 'nullable array in a type list (OpenAI strict)',
      code: strict,
      errors: [{ messageId: 'itemsMissingProperty', at: '"array"', fixes: [{ output: strict.replace('{ "type": ["array", "null"] }', '{ "type": ["array", "null"], "items": { "type": "string" } }') }] }],
    },
    {
      name: 'Gemini upper-case ARRAY, and an array nested in items',
      code: gemini,
      errors: [{ messageId: 'itemsMissing', at: '"ARRAY"', occurrence: 2, fixes: [{ title: 'Add "items": { "type": "STRING" }', output: gemini.replace('"items": { "type": "ARRAY" }', '"items": { "type": "ARRAY", "items": { "type": "STRING" } }') }] }],
    },
    {
      name: 'element types from the description, a default, nested defaults and the name (multi-line Anthropic)',
      code: anthropicBlock,
      errors: [
        {
          messageId: 'itemsMissingProperty',
          at: '"array"',
          occurrence: 1,
          data: { name: 'ticket_ids' },
          fixes: [{ title: 'Add "items": { "type": "integer" }', output: anthropicBlock.replace('"type": "array",\n        "description": "IDs', '"type": "array",\n        "items": { "type": "integer" },\n        "description": "IDs') }],
        },
        {
          messageId: 'itemsMissingProperty',
          at: '"array"',
          occurrence: 2,
          data: { name: 'weights' },
          fixes: [{ output: anthropicBlock.replace('"type": "array",\n        "default": [1, 0.5]', '"type": "array",\n        "items": { "type": "number" },\n        "default": [1, 0.5]') }],
        },
        {
          messageId: 'itemsMissingProperty',
          at: '"array"',
          occurrence: 3,
          data: { name: 'grid' },
          fixes: [{ output: anthropicBlock.replace('"type": "array",\n        "default": [[', '"type": "array",\n        "items": {\n          "type": "array",\n          "items": { "type": "integer" }\n        },\n        "default": [[') }],
        },
        {
          messageId: 'itemsMissingProperty',
          at: '"array"',
          occurrence: 4,
          data: { name: 'coordinates' },
          fixes: [{ output: anthropicBlock.replace('"coordinates": {\n        "type": "array"\n', '"coordinates": {\n        "type": "array",\n        "items": { "type": "number" }\n') }],
        },
        {
          messageId: 'itemsMissingProperty',
          at: '"array"',
          occurrence: 5,
          data: { name: 'scores' },
          fixes: [{ output: anthropicBlock.replace('"scores": { "type": "array",', '"scores": { "type": "array", "items": { "type": "integer" },') }],
        },
      ],
    },
    {
      name: 'a default array of objects gives object items (tab indentation)',
      code: tabs,
      errors: [{ messageId: 'itemsMissingProperty', at: '"array"', fixes: [{ title: 'Add "items": { "type": "object" }', output: tabs.replace('"type": "array",\n', '"type": "array",\n\t\t\t\t\t"items": { "type": "object" },\n') }] }],
    },
    {
      name: 'no fix proposing object items in a strict tool, nor for a default whose elements differ in type',
      code: strictObjects,
      errors: [
        { messageId: 'itemsMissingProperty', at: '"array"', occurrence: 1, data: { name: 'lines' }, fixes: [] },
        { messageId: 'itemsMissingProperty', at: '"array"', occurrence: 2, data: { name: 'codes' }, fixes: [] },
      ],
    },
  ],
});
