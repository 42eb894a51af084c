import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/strict-unsupported-keyword';

const anthropic = (props: string, required: string, extra = '') => `{
  "name": "create_post",
  "description": "Use this to publish a short post on the team feed when the user asks to announce something.",
  "strict": true,
  "input_schema": {
    "type": "object",
    "properties": ${props},
    "required": ${required},${extra}
    "additionalProperties": false
  }
}`;

const chat = (params: string) => `{
  "type": "function",
  "function": {
    "name": "create_post",
    "description": "Use this to publish a short post on the team feed when the user asks to announce something.",
    "strict": true,
    "parameters": ${params}
  }
}`;

runRuleTests(rule, {
  valid: [
    {
      name: 'OpenAI strict supports numeric bounds, pattern, supported formats, anyOf and $defs',
      code: chat(`{
      "type": "object",
      "$defs": { "Tag": { "type": "string", "pattern": "^#\\\\w+\\\\b" } },
      "properties": {
        "text": { "type": "string", "pattern": "^(?!\\\\s).+" },
        "pin_hours": { "type": "integer", "minimum": 1, "maximum": 72 },
        "publish_at": { "type": ["string", "null"], "format": "date-time" },
        "tags": { "type": "array", "items": { "$ref": "#/$defs/Tag" }, "minItems": 2, "maxItems": 5 },
        "target": { "anyOf": [{ "type": "string", "format": "email" }, { "type": "null" }] }
      },
      "required": ["text", "pin_hours", "publish_at", "tags", "target"],
      "additionalProperties": false
    }`),
    },
    {
      name: 'Anthropic strict: supported subset (uri format, minItems 1, internal $ref, primitive enum, plain pattern)',
      code: anthropic(`{
        "text": { "type": "string", "pattern": "^[A-Za-z0-9 ,.!?]+$" },
        "link": { "type": "string", "format": "uri" },
        "channels": { "type": "array", "items": { "$ref": "#/$defs/Channel" }, "minItems": 1 },
        "visibility": { "enum": ["team", "org", null] }
      }`, '["text", "channels"]', `
    "$defs": { "Channel": { "type": "string", "enum": ["general", "random"] } },`),
    },
    {
      name: 'non-strict Anthropic tool may use bounds',
      code: `{ "name": "create_post", "description": "Use this to publish a short post on the team feed.", "input_schema": { "type": "object", "properties": { "text": { "type": "string", "maxLength": 280 } }, "required": ["text"] } }`,
    },
    {
      name: 'a property named like a keyword, and a numeric format left alone',
      code: chat(`{
      "type": "object",
      "properties": {
        "not": { "type": "string", "description": "Words to exclude." },
        "count": { "type": "integer", "format": "int32" }
      },
      "required": ["not", "count"],
      "additionalProperties": false
    }`),
    },
  ],
  invalid: [
    {
      name: 'Anthropic strict: numeric and length bounds',
      code: anthropic(`{
        "text": { "type": "string", "maxLength": 280, "description": "Post text." },
        "pin_hours": { "type": "integer", "minimum": 1, "maximum": 72, "description": "Hours to pin the post." }
      }`, '["text", "pin_hours"]'),
      errors: [
        { messageId: 'unsupported', at: '"maxLength"', data: { keyword: 'maxLength' } },
        { messageId: 'unsupported', at: '"minimum"' },
        { messageId: 'unsupported', at: '"maximum"' },
      ],
    },
    {
      name: 'OpenAI strict: allOf, oneOf, unsupported format, anyOf at the root',
      code: chat(`{
      "anyOf": [
        {
          "type": "object",
          "properties": {
            "link": { "type": "string", "format": "uri" },
            "audience": { "oneOf": [{ "type": "string" }, { "type": "integer" }] },
            "meta": { "allOf": [{ "type": "object", "properties": {}, "additionalProperties": false }] },
            "labels": { "type": "array", "items": { "type": "string" }, "uniqueItems": true }
          },
          "required": ["link", "audience", "meta", "labels"],
          "additionalProperties": false
        }
      ]
    }`),
      errors: [
        { messageId: 'rootAnyOf', at: '"anyOf"' },
        { messageId: 'format', at: '"uri"', data: { format: 'uri' } },
        { messageId: 'unsupported', at: '"oneOf"' },
        { messageId: 'unsupported', at: '"allOf"' },
        { messageId: 'unsupported', at: '"uniqueItems"', data: { keyword: 'uniqueItems' } },
      ],
    },
    {
      name: 'Anthropic strict: minItems 2, external and recursive $ref, object enum value, backreference and lookahead',
      code: anthropic(`{
        "tags": { "type": "array", "items": { "type": "string", "pattern": "^(\\\\w)\\\\1$" }, "minItems": 2 },
        "author": { "$ref": "https://example.com/schemas/person.json" },
        "thread": { "$ref": "#/$defs/Node" },
        "style": { "enum": ["plain", { "bold": true }] },
        "slug": { "type": "string", "pattern": "^(?=[a-z])[a-z-]+$" }
      }`, '["tags", "author", "thread", "style", "slug"]', `
    "$defs": { "Node": { "type": "object", "properties": { "reply": { "$ref": "#/$defs/Node" } }, "additionalProperties": false } },`),
      errors: [
        { messageId: 'pattern', at: '"^(\\\\w)\\\\1$"', messageIncludes: 'backreference' },
        { messageId: 'minItems', at: '2', occurrence: 1, data: { value: 2 } },
        { messageId: 'externalRef', at: '"https://example.com/schemas/person.json"' },
        { messageId: 'complexEnum', at: '{ "bold": true }' },
        { messageId: 'pattern', at: '"^(?=[a-z])[a-z-]+$"', messageIncludes: 'lookahead' },
        { messageId: 'recursiveRef', at: '"#/$defs/Node"', occurrence: 2 },
      ],
    },
    {
      name: 'implicit strict Responses tool: reported as a warning with the fallback explained',
      code: `{ "type": "function", "name": "create_post", "description": "Use this to publish a short post on the team feed.", "parameters": { "type": "object", "properties": { "text": { "type": "string", "not": { "const": "" } } }, "required": ["text"], "additionalProperties": false } }`,
      errors: [{ messageId: 'unsupported', at: '"not"', severity: 'warning', messageIncludes: 'silently falls back' }],
    },
  ],
});
