import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/strict-additional-properties';

runRuleTests(rule, {
  valid: [
    {
      name: 'strict OpenAI tool closed at every level (items and $defs included)',
      code: `{
  "type": "function",
  "function": {
    "name": "create_order",
    "description": "Use this to place an order once the customer has confirmed the cart.",
    "strict": true,
    "parameters": {
      "type": "object",
      "$defs": { "Address": { "type": "object", "properties": { "street": { "type": "string" } }, "required": ["street"], "additionalProperties": false } },
      "properties": {
        "lines": { "type": "array", "items": { "type": "object", "properties": { "sku": { "type": "string" } }, "required": ["sku"], "additionalProperties": false } },
        "ship_to": { "$ref": "#/$defs/Address" }
      },
      "required": ["lines", "ship_to"],
      "additionalProperties": false
    }
  }
}`,
    },
    {
      name: 'non-strict tools may leave objects open',
      code: `{ "name": "create_order", "description": "Use this to place an order once the customer has confirmed the cart.", "input_schema": { "type": "object", "properties": { "metadata": { "type": "object" } } } }`,
    },
    {
      name: 'MCP tool with strict: true is not a strict-mode tool',
      code: `{ "name": "create_order", "description": "Use this to place an order once the customer has confirmed the cart.", "strict": true, "inputSchema": { "type": "object", "properties": { "note": { "type": "string" } } } }`,
    },
    {
      name: 'Responses tool with strict false',
      code: `{ "type": "function", "name": "create_order", "description": "Use this to place an order once the customer has confirmed the cart.", "strict": false, "parameters": { "type": "object", "properties": {} } }`,
    },
  ],
  invalid: [
    {
      name: 'Anthropic strict tool: root and nested object open',
      code: `{
  "name": "create_event",
  "description": "Use this to add an event to the user's calendar when they ask to schedule something.",
  "strict": true,
  "input_schema": {
    "type": "object",
    "properties": {
      "title": { "type": "string" },
      "location": { "type": "object", "properties": { "address": { "type": "string" } }, "required": ["address"] }
    },
    "required": ["title"]
  }
}`,
      errors: [
        { messageId: 'missing', at: '"object"', occurrence: 1, messageIncludes: 'The parameter schema' },
        { messageId: 'missing', at: '"object"', occurrence: 2, messageIncludes: 'The object "location"' },
      ],
    },
    {
      name: 'OpenAI strict: open map and untyped object with properties',
      code: `{
  "type": "function",
  "function": {
    "name": "update_profile",
    "description": "Use this to change fields of the signed-in user's profile.",
    "strict": true,
    "parameters": {
      "type": "object",
      "properties": {
        "labels": { "type": "object", "additionalProperties": { "type": "string" } },
        "prefs": { "properties": { "theme": { "type": "string" } }, "required": ["theme"] }
      },
      "required": ["labels", "prefs"],
      "additionalProperties": false
    }
  }
}`,
      errors: [
        { messageId: 'notFalse', at: '{ "type": "string" }' },
        { messageId: 'missing', at: '"properties"', occurrence: 2 },
      ],
    },
    {
      name: 'implicit strict Responses tool: a warning',
      code: `{ "type": "function", "name": "enable_lights", "description": "Use this when the user asks to turn the lights on.", "parameters": { "type": "object", "properties": {} } }`,
      errors: [{ messageId: 'missing', at: '"object"', severity: 'warning' }],
    },
    {
      name: 'array item object and a definition (bare strict tool)',
      code: `{
  "name": "create_order",
  "description": "Use this to place an order once the customer has confirmed the cart.",
  "strict": true,
  "parameters": {
    "type": "object",
    "definitions": { "Address": { "type": "object", "properties": { "street": { "type": "string" } }, "required": ["street"] } },
    "properties": {
      "lines": { "type": "array", "items": { "type": "object", "properties": { "sku": { "type": "string" } }, "required": ["sku"] } }
    },
    "required": ["lines"],
    "additionalProperties": false
  }
}`,
      errors: [
        { messageId: 'missing', at: '"object"', occurrence: 2, messageIncludes: 'The definition "Address"' },
        { messageId: 'missing', at: '"object"', occurrence: 3, messageIncludes: 'The array item object' },
      ],
    },
  ],
});
