import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/strict-additional-properties';

const event = `{
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
}`;

const profile = `{
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
}`;

const order = `{
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
}`;

const lights = `{ "type": "function", "name": "enable_lights", "description": "Use this when the user asks to turn the lights on.", "parameters": { "type": "object", "properties": {} } }`;

const tabbed = `{
\t"name": "log_event",
\t"description": "Use this to record an analytics event the user triggered.",
\t"strict": true,
\t"input_schema": {
\t\t"type": "object",
\t\t"properties": {
\t\t\t"name": { "type": "string" },
\t\t\t"meta": {
\t\t\t\t"type": "object"
\t\t\t}
\t\t},
\t\t"required": ["name", "meta"],
\t\t"additionalProperties": true
\t}
}`;

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
      code: event,
      errors: [
        {
          messageId: 'missing',
          at: '"object"',
          occurrence: 1,
          messageIncludes: 'The parameter schema',
          fixes: [{ title: 'Add "additionalProperties": false', kind: 'safe', output: event.replace('    "required": ["title"]\n', '    "required": ["title"],\n    "additionalProperties": false\n') }],
        },
        {
          messageId: 'missing',
          at: '"object"',
          occurrence: 2,
          messageIncludes: 'The object "location"',
          fixes: [{ kind: 'safe', output: event.replace('"required": ["address"] }', '"required": ["address"], "additionalProperties": false }') }],
        },
      ],
    },
    {
      name: 'OpenAI strict: open map and untyped object with properties',
      code: profile,
      errors: [
        {
          messageId: 'notFalse',
          at: '{ "type": "string" }',
          fixes: [{ title: 'Set "additionalProperties" to false', kind: 'suggestion', output: profile.replace('"additionalProperties": { "type": "string" }', '"additionalProperties": false') }],
        },
        {
          messageId: 'missing',
          at: '"properties"',
          occurrence: 2,
          fixes: [{ kind: 'safe', output: profile.replace('"required": ["theme"] }', '"required": ["theme"], "additionalProperties": false }') }],
        },
      ],
    },
    {
      name: 'implicit strict Responses tool: a warning',
      code: lights,
      errors: [{ messageId: 'missing', at: '"object"', severity: 'warning', fixes: [{ kind: 'safe', output: lights.replace('"properties": {} }', '"properties": {}, "additionalProperties": false }') }] }],
    },
    {
      name: 'array item object and a definition (bare strict tool)',
      code: order,
      errors: [
        {
          messageId: 'missing',
          at: '"object"',
          occurrence: 2,
          messageIncludes: 'The definition "Address"',
          fixes: [{ kind: 'safe', output: order.replace('"required": ["street"] }', '"required": ["street"], "additionalProperties": false }') }],
        },
        {
          messageId: 'missing',
          at: '"object"',
          occurrence: 3,
          messageIncludes: 'The array item object',
          fixes: [{ kind: 'safe', output: order.replace('"required": ["sku"] }', '"required": ["sku"], "additionalProperties": false }') }],
        },
      ],
    },
    {
      name: 'additionalProperties true, and an object without properties or required (tab indentation)',
      code: tabbed,
      errors: [
        {
          messageId: 'missing',
          at: '"object"',
          occurrence: 2,
          fixes: [{ kind: 'safe', output: tabbed.replace('"meta": {\n\t\t\t\t"type": "object"\n', '"meta": {\n\t\t\t\t"type": "object",\n\t\t\t\t"additionalProperties": false\n') }],
        },
        {
          messageId: 'notFalse',
          at: 'true',
          occurrence: 2,
          fixes: [{ kind: 'suggestion', output: tabbed.replace('"additionalProperties": true', '"additionalProperties": false') }],
        },
      ],
    },
  ],
});
