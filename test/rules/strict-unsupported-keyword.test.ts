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

const bounds = anthropic(`{
        "text": { "type": "string", "maxLength": 280, "description": "Post text." },
        "pin_hours": { "type": "integer", "minimum": 1, "maximum": 72, "description": "Hours to pin the post." }
      }`, '["text", "pin_hours"]');

const openaiMix = chat(`{
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
    }`);

const anthropicMix = anthropic(`{
        "tags": { "type": "array", "items": { "type": "string", "pattern": "^(\\\\w)\\\\1$" }, "minItems": 2 },
        "author": { "$ref": "https://example.com/schemas/person.json" },
        "thread": { "$ref": "#/$defs/Node" },
        "style": { "enum": ["plain", { "bold": true }] },
        "slug": { "type": "string", "pattern": "^(?=[a-z])[a-z-]+$" }
      }`, '["tags", "author", "thread", "style", "slug"]', `
    "$defs": { "Node": { "type": "object", "properties": { "reply": { "$ref": "#/$defs/Node" } }, "additionalProperties": false } },`);

const responses = `{ "type": "function", "name": "create_post", "description": "Use this to publish a short post on the team feed.", "parameters": { "type": "object", "properties": { "text": { "type": "string", "not": { "const": "" } } }, "required": ["text"], "additionalProperties": false } }`;

const multiLine = `{
  "name": "send_invoice",
  "description": "Use this to send an invoice to the customer once the order is confirmed.",
  "strict": true,
  "input_schema": {
    "type": "object",
    "properties": {
      "amount": {
        "type": "number",
        "exclusiveMinimum": 0,
        "multipleOf": 0.01,
        "description": "Amount in EUR"
      },
      "cc": {
        "type": "array",
        "items": { "type": "string", "format": "email" },
        "description": "Recipients to notify:",
        "maxItems": 5
      }
    },
    "required": ["amount", "cc"],
    "additionalProperties": false
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
      code: bounds,
      errors: [
        {
          messageId: 'unsupported',
          at: '"maxLength"',
          data: { keyword: 'maxLength' },
          fixes: [
            {
              title: 'Remove "maxLength" and add "At most 280 characters." to the description',
              kind: 'suggestion',
              output: bounds.replace('"maxLength": 280, "description": "Post text."', '"description": "Post text. At most 280 characters."'),
            },
          ],
        },
        {
          messageId: 'unsupported',
          at: '"minimum"',
          fixes: [{ kind: 'suggestion', output: bounds.replace('"minimum": 1, "maximum": 72, "description": "Hours to pin the post."', '"maximum": 72, "description": "Hours to pin the post. Minimum 1."') }],
        },
        {
          messageId: 'unsupported',
          at: '"maximum"',
          fixes: [{ kind: 'suggestion', output: bounds.replace('"minimum": 1, "maximum": 72, "description": "Hours to pin the post."', '"minimum": 1, "description": "Hours to pin the post. Maximum 72."') }],
        },
      ],
    },
    {
      name: 'OpenAI strict: allOf, oneOf, unsupported format, anyOf at the root',
      code: openaiMix,
      errors: [
        { messageId: 'rootAnyOf', at: '"anyOf"', fixes: [] },
        {
          messageId: 'format',
          at: '"uri"',
          data: { format: 'uri' },
          fixes: [{ title: 'Remove "format" and add "Format: uri." to the description', output: openaiMix.replace('"format": "uri"', '"description": "Format: uri."') }],
        },
        { messageId: 'unsupported', at: '"oneOf"', fixes: [{ title: 'Replace "oneOf" with "anyOf"', kind: 'suggestion', output: openaiMix.replace('"oneOf"', '"anyOf"') }] },
        { messageId: 'unsupported', at: '"allOf"', fixes: [] },
        {
          messageId: 'unsupported',
          at: '"uniqueItems"',
          data: { keyword: 'uniqueItems' },
          fixes: [{ output: openaiMix.replace('"uniqueItems": true', '"description": "No duplicate items."') }],
        },
      ],
    },
    {
      name: 'Anthropic strict: minItems 2, external and recursive $ref, object enum value, backreference and lookahead',
      code: anthropicMix,
      errors: [
        {
          messageId: 'pattern',
          at: '"^(\\\\w)\\\\1$"',
          messageIncludes: 'backreference',
          fixes: [{ output: anthropicMix.replace('"pattern": "^(\\\\w)\\\\1$"', '"description": "Must match the regular expression ^(\\\\w)\\\\1$ (checked by the host)."') }],
        },
        {
          messageId: 'minItems',
          at: '2',
          occurrence: 1,
          data: { value: 2 },
          fixes: [
            {
              title: 'Set "minItems" to 1 and add "At least 2 items." to the description',
              output: anthropicMix.replace('"tags": { "type": "array",', '"tags": { "type": "array", "description": "At least 2 items.",').replace('"minItems": 2', '"minItems": 1'),
            },
          ],
        },
        { messageId: 'externalRef', at: '"https://example.com/schemas/person.json"', fixes: [] },
        { messageId: 'complexEnum', at: '{ "bold": true }', fixes: [] },
        {
          messageId: 'pattern',
          at: '"^(?=[a-z])[a-z-]+$"',
          messageIncludes: 'lookahead',
          fixes: [{ output: anthropicMix.replace('"pattern": "^(?=[a-z])[a-z-]+$"', '"description": "Must match the regular expression ^(?=[a-z])[a-z-]+$ (checked by the host)."') }],
        },
        { messageId: 'recursiveRef', at: '"#/$defs/Node"', occurrence: 2, fixes: [] },
      ],
    },
    {
      name: 'implicit strict Responses tool: reported as a warning with the fallback explained',
      code: responses,
      errors: [
        {
          messageId: 'unsupported',
          at: '"not"',
          severity: 'warning',
          messageIncludes: 'silently falls back',
          fixes: [{ title: 'Remove "not" and add "Must not be ""." to the description', output: responses.replace('"not": { "const": "" }', '"description": "Must not be \\"\\"."') }],
        },
      ],
    },
    {
      name: 'Anthropic strict, multi-line: exclusive bound, multipleOf, maxItems and a description without a full stop',
      code: multiLine,
      errors: [
        {
          messageId: 'unsupported',
          at: '"exclusiveMinimum"',
          fixes: [
            {
              output: multiLine
                .replace('        "exclusiveMinimum": 0,\n', '')
                .replace('"description": "Amount in EUR"', '"description": "Amount in EUR. Greater than 0."'),
            },
          ],
        },
        {
          messageId: 'unsupported',
          at: '"multipleOf"',
          fixes: [
            {
              output: multiLine
                .replace('        "multipleOf": 0.01,\n', '')
                .replace('"description": "Amount in EUR"', '"description": "Amount in EUR. A multiple of 0.01."'),
            },
          ],
        },
        {
          messageId: 'unsupported',
          at: '"maxItems"',
          fixes: [
            {
              output: multiLine.replace(',\n        "maxItems": 5\n', '\n').replace('"description": "Recipients to notify:"', '"description": "Recipients to notify: At most 5 items."'),
            },
          ],
        },
      ],
    },
    {
      name: 'OpenAI strict: dependentRequired kept as a sentence on the object',
      code: chat(`{
      "type": "object",
      "properties": {
        "text": { "type": "string" },
        "schedule_at": { "type": ["string", "null"] },
        "timezone": { "type": ["string", "null"] }
      },
      "required": ["text", "schedule_at", "timezone"],
      "dependentRequired": { "schedule_at": ["timezone"] },
      "additionalProperties": false
    }`),
      errors: [
        {
          messageId: 'unsupported',
          at: '"dependentRequired"',
          fixes: [
            {
              output: chat(`{
      "type": "object",
      "properties": {
        "text": { "type": "string" },
        "schedule_at": { "type": ["string", "null"] },
        "timezone": { "type": ["string", "null"] }
      },
      "required": ["text", "schedule_at", "timezone"],
      "description": "When \\"schedule_at\\" is given, \\"timezone\\" is required too.",
      "additionalProperties": false
    }`),
            },
          ],
        },
      ],
    },
  ],
});
