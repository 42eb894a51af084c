import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/keyword-unknown';

const DESC = 'Use this when the user wants to find issues in the tracker by text. Returns matching issues.';

const anthropic = `{"name": "search_issues", "description": "${DESC}", "input_schema": {"type": "object", "properties": {"query": {"type": "string"}, "state": {"type": "string", "enums": ["open", "closed"]}}, "requried": ["query"]}}`;

const chat = `{"type": "function", "function": {"name": "list_orders", "description": "Use this to list the user's orders.", "parameters": {"type": "object", "properties": {"limit": {"type": "integer", "minimun": 1, "descripton": "How many orders."}}, "additional_properties": false}}}`;

const toolbench = `[{"name": "get_stock_quote", "description": "Use this to get a stock quote.", "parameters": {"type": "object", "properties": {"symbol": {"type": "string", "example_value": "AAPL"}, "exchange": {"type": "string", "optional": true}}}}]`;

const misplaced = `{"name": "get_weather", "description": "Use this to get the weather in a city.", "inputSchema": {"type": "object", "properties": {}, "city": {"type": "string", "description": "City name."}}}`;

const toolKeys = `{"name": "get_weather", "descripton": "Use this to get the weather in a city.", "paramters": {"type": "object", "properties": {}}}`;

const result = `{"name": "get_weather", "description": "Use this to get the weather in a city.", "inputSchema": {"type": "object", "properties": {"city": {"Type": "string"}}}, "outputSchema": {"type": "object", "propertys": {"temp": {"type": "number"}}}}`;

const mcpTool = `{
    "name": "list_orders",
    "description": "Use this to list the customer's recent orders, newest first.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "limit": { "type": "integer", "manimum": 1, "description": "How many orders to return." },
            "page": { "type": "integer", "minimal": 1, "description": "Page number." },
            "skus": {
                "type": "array",
                "items": { "tpye": "string", "description": "A product SKU." }
            }
        }
    }
}`;

const gemini = `{ "functionDeclarations": [{ "name": "get_weather", "description": "Use this when the user asks for the current weather in a city.", "parameters": { "type": "OBJECT", "properties": { "city": { "type": "STRING", "Description": ["City name"] } }, "required": ["city"] } }] }`;

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
      code: anthropic,
      errors: [
        { messageId: 'typo', at: '"enums"', data: { suggestion: 'enum', fix: 'safe' }, fixes: [{ title: 'Rename "enums" to "enum"', kind: 'safe', output: anthropic.replace('"enums"', '"enum"') }] },
        { messageId: 'typo', at: '"requried"', data: { suggestion: 'required', fix: 'safe' }, fixes: [{ title: 'Rename "requried" to "required"', kind: 'safe', output: anthropic.replace('"requried"', '"required"') }] },
      ],
    },
    {
      name: 'snake_case keyword and misspelt description (OpenAI chat)',
      code: chat,
      errors: [
        { messageId: 'typo', at: '"minimun"', data: { suggestion: 'minimum' }, fixes: [{ kind: 'safe', output: chat.replace('"minimun"', '"minimum"') }] },
        { messageId: 'typo', at: '"descripton"', data: { suggestion: 'description' }, fixes: [{ kind: 'safe', output: chat.replace('"descripton"', '"description"') }] },
        {
          messageId: 'typo',
          at: '"additional_properties"',
          data: { suggestion: 'additionalProperties', fix: 'safe' },
          fixes: [{ kind: 'safe', output: chat.replace('"additional_properties"', '"additionalProperties"') }],
        },
      ],
    },
    {
      name: 'ToolBench "optional" and "example_value"',
      code: toolbench,
      errors: [
        { messageId: 'unknown', at: '"example_value"', messageIncludes: '"examples"', fixes: [] },
        { messageId: 'unknown', at: '"optional"', messageIncludes: '"required"', fixes: [] },
      ],
    },
    {
      name: 'property schema outside "properties"',
      code: misplaced,
      errors: [{ messageId: 'misplacedProperty', at: '"city"', fixes: [] }],
    },
    {
      name: 'misspelt tool field hides the parameter schema',
      code: toolKeys,
      errors: [
        { messageId: 'toolKeyTypo', at: '"descripton"', data: { suggestion: 'description' }, fixes: [{ kind: 'safe', output: toolKeys.replace('"descripton"', '"description"') }] },
        { messageId: 'toolKeyTypo', at: '"paramters"', data: { suggestion: 'parameters' }, fixes: [{ title: 'Rename "paramters" to "parameters"', kind: 'safe', output: toolKeys.replace('"paramters"', '"parameters"') }] },
      ],
    },
    {
      name: 'typo inside the declared result schema, case typo of type',
      code: result,
      errors: [
        { messageId: 'typo', at: '"Type"', data: { suggestion: 'type' }, fixes: [{ kind: 'safe', output: result.replace('"Type"', '"type"') }] },
        { messageId: 'typo', at: '"propertys"', data: { suggestion: 'properties' }, fixes: [{ kind: 'safe', output: result.replace('"propertys"', '"properties"') }] },
      ],
    },
    {
      name: 'ambiguous or distant typos are suggestions (multi-line MCP, 4-space indentation, nested in items)',
      code: mcpTool,
      errors: [
        {
          messageId: 'typo',
          at: '"manimum"',
          data: { suggestion: 'minimum', fix: 'suggestion' },
          fixes: [{ title: 'Rename "manimum" to "minimum"', kind: 'suggestion', output: mcpTool.replace('"manimum"', '"minimum"') }],
        },
        {
          messageId: 'typo',
          at: '"minimal"',
          data: { suggestion: 'minimum', fix: 'suggestion' },
          fixes: [{ kind: 'suggestion', output: mcpTool.replace('"minimal"', '"minimum"') }],
        },
        {
          messageId: 'typo',
          at: '"tpye"',
          data: { suggestion: 'type', fix: 'safe' },
          fixes: [{ kind: 'safe', output: mcpTool.replace('"tpye"', '"type"') }],
        },
      ],
    },
    {
      name: 'no rename when the value does not fit the keyword (Gemini)',
      code: gemini,
      errors: [
        {
          messageId: 'typo',
          at: '"Description"',
          data: { suggestion: 'description', fix: 'none' },
          fixes: [],
        },
      ],
    },
  ],
});
