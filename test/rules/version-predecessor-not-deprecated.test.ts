import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/version-predecessor-not-deprecated';

const anthropic = `[
  {
    "name": "get_weather",
    "description": "Use this when the user asks for the current weather in a city.",
    "input_schema": {
      "type": "object",
      "properties": { "city": { "type": "string", "description": "City name." } },
      "required": ["city"]
    }
  },
  {
    "name": "get_weather_v2",
    "description": "Use this when the user asks for the current weather at a place, by city or coordinates.",
    "input_schema": {
      "type": "object",
      "properties": { "location": { "type": "string", "description": "City name or lat,lon." } },
      "required": ["location"]
    }
  }
]`;

const anthropicFixed = anthropic.replace(
  `"description": "Use this when the user asks for the current weather in a city.",
    "input_schema": {
      "type": "object",
      "properties": { "city": { "type": "string", "description": "City name." } },
      "required": ["city"]
    }
  },`,
  `"description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the current weather in a city.",
    "input_schema": {
      "type": "object",
      "properties": { "city": { "type": "string", "description": "City name." } },
      "required": ["city"]
    },
    "deprecated": { "since": "2026-11-22", "replacedBy": ["get_weather_v2"] }
  },`,
);

const mcp = `{"tools": [
    {
        "name": "create_ticket",
        "description": "Use this to open a support ticket for the customer.",
        "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}}
    },
    {
        "name": "create_ticket_v2",
        "description": "Use this to open a support ticket for the customer, with a priority.",
        "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}, "priority": {"type": "string", "enum": ["low", "high"]}}}
    }
]}`;

const mcpFixed = mcp.replace(
  `"description": "Use this to open a support ticket for the customer.",
        "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}}
    },`,
  `"description": "Deprecated: use create_ticket_v2 instead. Use this to open a support ticket for the customer.",
        "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}},
        "_meta": {
            "io.github.toolschema/deprecated": { "since": "2026-11-22", "replacedBy": ["create_ticket_v2"] }
        }
    },`,
);

runRuleTests(rule, {
  valid: [
    { name: 'predecessor marked deprecated', code: anthropicFixed },
    {
      name: 'predecessor deprecated by its description only',
      code: `[{ "name": "get_weather", "description": "Deprecated: use get_weather_v2 instead.", "parameters": { "type": "object" } }, { "name": "get_weather_v2", "description": "Use this when the user asks for the weather.", "parameters": { "type": "object" } }]`,
    },
    {
      name: 'versions that are not a chain (get_ip_v4 beside get_ip_v6)',
      code: `[{ "name": "get_ip_v4", "description": "Use this to get the IPv4 address.", "parameters": { "type": "object" } }, { "name": "get_ip_v6", "description": "Use this to get the IPv6 address.", "parameters": { "type": "object" } }]`,
    },
  ],
  invalid: [
    {
      name: 'Anthropic: get_weather beside get_weather_v2 (multi-line file)',
      code: anthropic,
      errors: [{ messageId: 'notDeprecated', at: '"get_weather"', data: { successor: 'get_weather_v2' }, fixes: [{ title: 'Mark "get_weather" deprecated', kind: 'suggestion', output: anthropicFixed }] }],
    },
    {
      name: 'a description that opens with "Deprecated fields…" does not say the tool is deprecated',
      code: anthropic.replace('"Use this when the user asks for the current weather in a city."', '"Deprecated fields are omitted. Use this when the user asks for the current weather in a city."'),
      errors: [{ messageId: 'notDeprecated', at: '"get_weather"', data: { successor: 'get_weather_v2' } }],
    },
    {
      name: 'MCP: the marker goes into _meta',
      code: mcp,
      errors: [{ messageId: 'notDeprecated', at: '"create_ticket"', data: { successor: 'create_ticket_v2' }, fixes: [{ output: mcpFixed }] }],
    },
    {
      name: 'every older version points at the newest (OpenAI chat, one line each)',
      code: `[
  {"type": "function", "function": {"name": "list_orders", "description": "Use this to list orders.", "parameters": {"type": "object"}}},
  {"type": "function", "function": {"name": "list_orders_v2", "description": "Use this to list orders by customer.", "parameters": {"type": "object"}}},
  {"type": "function", "function": {"name": "list_orders_v3", "description": "Use this to list orders by customer and status.", "parameters": {"type": "object"}}}
]`,
      errors: [
        {
          messageId: 'notDeprecated',
          at: '"list_orders"',
          data: { successor: 'list_orders_v3' },
          fixes: [
            {
              output: `[
  {"type": "function", "function": {"name": "list_orders", "description": "Deprecated: use list_orders_v3 instead. Use this to list orders.", "parameters": {"type": "object"}, "deprecated": { "since": "2026-11-22", "replacedBy": ["list_orders_v3"] }}},
  {"type": "function", "function": {"name": "list_orders_v2", "description": "Use this to list orders by customer.", "parameters": {"type": "object"}}},
  {"type": "function", "function": {"name": "list_orders_v3", "description": "Use this to list orders by customer and status.", "parameters": {"type": "object"}}}
]`,
            },
          ],
        },
        { messageId: 'notDeprecated', at: '"list_orders_v2"', data: { successor: 'list_orders_v3' } },
      ],
    },
  ],
});
