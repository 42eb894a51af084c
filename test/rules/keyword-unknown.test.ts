import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/keyword-unknown';

const DESC = 'Use this when the user wants to find issues in the tracker by text. Returns matching issues.';

runRuleTests(rule, {
  valid: [
    {
      name: 'property names that look like typos are names, not keywords',
      code: `{"name": "search_issues", "description": "${DESC}", "input_schema": {"type": "object", "properties": {"requried": {"type": "boolean"}, "optional": {"type": "string"}, "descripton": {"type": "string"}}, "required": ["requried"]}}`,
    },
    {
      name: 'OpenAPI / Gemini extras, x- extensions and VS Code annotations',
      code: `{"functionDeclarations": [{"name": "search_issues", "description": "${DESC}", "parameters": {"type": "OBJECT", "propertyOrdering": ["query", "state"], "properties": {"query": {"type": "STRING", "example": "login bug", "nullable": true, "x-order": 1}, "state": {"type": "STRING", "enum": ["open", "closed"], "enumDescriptions": ["Open issues", "Closed issues"]}}}}]}`,
    },
    {
      name: 'full JSON Schema 2020-12 vocabulary in an MCP tool',
      code: `{"name": "create_event", "description": "Use this to add an event to the calendar.", "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"when": {"type": "string", "format": "date-time", "examples": ["2025-01-01T10:00:00Z"], "deprecated": false}, "tags": {"type": "array", "prefixItems": [{"type": "string"}], "unevaluatedItems": false, "minContains": 1, "contains": {"const": "work"}}}, "dependentRequired": {"when": ["tags"]}, "$defs": {"weird-name": {"type": "string"}}, "$comment": "v2"}}`,
    },
    {
      name: 'tool-level fields of other formats are not typos',
      code: `{"name": "search_issues", "title": "Search issues", "description": "${DESC}", "inputSchema": {"type": "object", "properties": {}}, "outputSchema": {"type": "object", "properties": {"items": {"type": "array"}}}, "annotations": {"readOnlyHint": true}, "_meta": {}}`,
    },
  ],
  invalid: [
    {
      name: 'typos of required and enum (Anthropic)',
      code: `{"name": "search_issues", "description": "${DESC}", "input_schema": {"type": "object", "properties": {"query": {"type": "string"}, "state": {"type": "string", "enums": ["open", "closed"]}}, "requried": ["query"]}}`,
      errors: [
        { messageId: 'typo', at: '"enums"', data: { suggestion: 'enum', fix: 'safe' } },
        { messageId: 'typo', at: '"requried"', data: { suggestion: 'required' } },
      ],
    },
    {
      name: 'snake_case keyword and misspelt description (OpenAI chat)',
      code: `{"type": "function", "function": {"name": "list_orders", "description": "Use this to list the user's orders.", "parameters": {"type": "object", "properties": {"limit": {"type": "integer", "minimun": 1, "descripton": "How many orders."}}, "additional_properties": false}}}`,
      errors: [
        { messageId: 'typo', at: '"minimun"', data: { suggestion: 'minimum' } },
        { messageId: 'typo', at: '"descripton"', data: { suggestion: 'description' } },
        { messageId: 'typo', at: '"additional_properties"', data: { suggestion: 'additionalProperties' } },
      ],
    },
    {
      name: 'ToolBench "optional" and "example_value"',
      code: `[{"name": "get_stock_quote", "description": "Use this to get a stock quote.", "parameters": {"type": "object", "properties": {"symbol": {"type": "string", "example_value": "AAPL"}, "exchange": {"type": "string", "optional": true}}}}]`,
      errors: [
        { messageId: 'unknown', at: '"example_value"', messageIncludes: '"examples"' },
        { messageId: 'unknown', at: '"optional"', messageIncludes: '"required"' },
      ],
    },
    {
      name: 'property schema outside "properties"',
      code: `{"name": "get_weather", "description": "Use this to get the weather in a city.", "inputSchema": {"type": "object", "properties": {}, "city": {"type": "string", "description": "City name."}}}`,
      errors: [{ messageId: 'misplacedProperty', at: '"city"' }],
    },
    {
      name: 'misspelt tool field hides the parameter schema',
      code: `{"name": "get_weather", "descripton": "Use this to get the weather in a city.", "paramters": {"type": "object", "properties": {}}}`,
      errors: [
        { messageId: 'toolKeyTypo', at: '"descripton"', data: { suggestion: 'description' } },
        { messageId: 'toolKeyTypo', at: '"paramters"', data: { suggestion: 'parameters' } },
      ],
    },
    {
      name: 'typo inside the declared result schema, case typo of type',
      code: `{"name": "get_weather", "description": "Use this to get the weather in a city.", "inputSchema": {"type": "object", "properties": {"city": {"Type": "string"}}}, "outputSchema": {"type": "object", "propertys": {"temp": {"type": "number"}}}}`,
      errors: [
        { messageId: 'typo', at: '"Type"', data: { suggestion: 'type' } },
        { messageId: 'typo', at: '"propertys"', data: { suggestion: 'properties' } },
      ],
    },
  ],
});
