import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/strict-required-all';

const chat = (params: string, strict = '"strict": true,') => `{
  "type": "function",
  "function": {
    "name": "search_products",
    "description": "Use this when the user looks for products in the catalog by keyword.",
    ${strict}
    "parameters": ${params}
  }
}`;

const optionalPrice = `{
      "type": "object",
      "properties": {
        "query": { "type": "string", "description": "Search words." },
        "max_price": { "type": "number", "description": "Upper price limit in EUR; omit for no limit." }
      },
      "required": ["query"],
      "additionalProperties": false
    }`;

const shipment = `{
  "name": "create_shipment",
  "description": "Use this to book a parcel shipment once the user has confirmed the address.",
  "strict": true,
  "parameters": {
    "type": "object",
    "properties": {
      "address": {
        "type": "object",
        "properties": {
          "street": { "type": "string" },
          "zip": { "type": "string" },
          "apartment": { "type": ["string", "null"] }
        },
        "required": ["street", "zip"],
        "additionalProperties": false
      },
      "note": { "type": "string" }
    },
    "required": ["address"],
    "additionalProperties": false
  }
}`;

const responses = `{ "type": "function", "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "parameters": ${optionalPrice} }`;

const noRequired = chat(`{ "type": "object", "properties": { "query": { "type": "string" }, "page": { "type": "integer" } }, "additionalProperties": false }`);

const noRequiredAll = chat(`{ "type": "object", "properties": { "query": { "type": ["string", "null"] }, "page": { "type": ["integer", "null"] } }, "required": ["query", "page"], "additionalProperties": false }`);

const tabbed = `{
	"type": "function",
	"function": {
		"name": "get_forecast",
		"description": "Use this when the user asks for the weather forecast of a city.",
		"strict": true,
		"parameters": {
			"type": "object",
			"$defs": { "Place": { "type": "object", "properties": { "lat": { "type": "number" } }, "required": ["lat"], "additionalProperties": false } },
			"properties": {
				"city": { "type": "string", "description": "City name." },
				"unit": { "type": "string", "enum": ["celsius", "fahrenheit"] },
				"when": { "anyOf": [{ "type": "string" }, { "type": "integer" }] },
				"place": { "$ref": "#/$defs/Place", "description": "Where, if known." },
				"days": { "type": ["integer"] },
				"tags": { "type": "array", "items": { "type": "object", "properties": { "tag": { "type": "string" } }, "additionalProperties": false } }
			},
			"required": [
				"city"
			],
			"additionalProperties": false
		}
	}
}`;

const tabbedAll = tabbed
  .replace('"type": "string", "enum": ["celsius", "fahrenheit"]', '"type": ["string", "null"], "enum": ["celsius", "fahrenheit", null]')
  .replace('{ "type": "integer" }] }', '{ "type": "integer" }, { "type": "null" }] }')
  .replace('"place": { "$ref": "#/$defs/Place", "description": "Where, if known." }', '"place": { "anyOf": [{ "$ref": "#/$defs/Place" }, { "type": "null" }], "description": "Where, if known." }')
  .replace('"type": ["integer"]', '"type": ["integer", "null"]')
  .replace('"tags": { "type": "array"', '"tags": { "type": ["array", "null"]')
  .replace('\t\t\t\t"city"\n\t\t\t]', '\t\t\t\t"city",\n\t\t\t\t"unit",\n\t\t\t\t"when",\n\t\t\t\t"place",\n\t\t\t\t"days",\n\t\t\t\t"tags"\n\t\t\t]');

runRuleTests(rule, {
  valid: [
    {
      name: 'strict OpenAI tool with every property required, optional ones nullable',
      code: chat(`{
      "type": "object",
      "properties": {
        "query": { "type": "string", "description": "Search words." },
        "max_price": { "type": ["number", "null"], "description": "Upper price limit in EUR; null for no limit." },
        "filters": {
          "type": "object",
          "properties": { "brand": { "type": ["string", "null"] } },
          "required": ["brand"],
          "additionalProperties": false
        }
      },
      "required": ["query", "max_price", "filters"],
      "additionalProperties": false
    }`),
    },
    { name: 'non-strict Chat Completions tool (strict omitted): optional fields are fine', code: chat(optionalPrice, '') },
    { name: 'Responses tool with "strict": false', code: `{ "type": "function", "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": false, "parameters": ${optionalPrice} }` },
    {
      name: 'Anthropic strict tool use allows optional parameters',
      code: `{ "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": true, "input_schema": ${optionalPrice} }`,
    },
    {
      name: 'MCP tools are never strict',
      code: `{ "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": true, "inputSchema": ${optionalPrice} }`,
    },
  ],
  invalid: [
    {
      // The message names the type as JSON Schema does: "str" is suggested as ["string", "null"], not ["str", "null"];
      // a Python None (null once corrected) already allows null.
      name: 'an optional property whose type is a Python name: the message names the corrected type',
      code: chat('{ "type": "object", "properties": { "query": { "type": "string", "description": "Words to look for." }, "brand": { "type": "str", "description": "Brand." }, "nothing": { "type": "None", "description": "Unused." } }, "required": ["query"], "additionalProperties": false }'),
      errors: [
        { messageId: 'notRequired', at: '"brand"', data: { name: 'brand', type: 'string' }, messageIncludes: '("type": ["string", "null"])' },
        { messageId: 'notRequiredNullable', at: '"nothing"', data: { name: 'nothing', type: 'null' } },
      ],
    },
    {
      name: 'strict Chat Completions tool with an optional property',
      code: chat(optionalPrice),
      errors: [
        {
          messageId: 'notRequired',
          at: '"max_price"',
          data: { name: 'max_price', type: 'number' },
          fixes: [
            {
              title: 'Add "max_price" to "required" and make it nullable',
              kind: 'safe',
              output: chat(optionalPrice).replace('"required": ["query"]', '"required": ["query", "max_price"]').replace('"max_price": { "type": "number"', '"max_price": { "type": ["number", "null"]'),
            },
          ],
        },
      ],
    },
    {
      name: 'nested object and a nullable property not listed (bare tool with strict: true)',
      code: shipment,
      errors: [
        {
          messageId: 'notRequiredNullable',
          at: '"apartment"',
          fixes: [{ title: 'Add "apartment" to "required"', kind: 'safe', output: shipment.replace('"required": ["street", "zip"]', '"required": ["street", "zip", "apartment"]') }],
        },
        {
          messageId: 'notRequired',
          at: '"note"',
          fixes: [{ kind: 'safe', output: shipment.replace('"required": ["address"]', '"required": ["address", "note"]').replace('"note": { "type": "string" }', '"note": { "type": ["string", "null"] }') }],
        },
      ],
    },
    {
      name: 'Responses tool without "strict": implicit strict mode, reported as a warning',
      code: responses,
      errors: [
        {
          messageId: 'notRequired',
          at: '"max_price"',
          severity: 'warning',
          messageIncludes: 'on by default for a Responses tool',
          fixes: [{ kind: 'safe', output: responses.replace('"required": ["query"]', '"required": ["query", "max_price"]').replace('{ "type": "number"', '{ "type": ["number", "null"]') }],
        },
      ],
    },
    {
      name: 'no required list at all: every property is reported, the list is created',
      code: noRequired,
      errors: [
        {
          messageId: 'notRequired',
          at: '"query"',
          fixes: [
            { title: 'Add all 2 unlisted properties to "required"', kind: 'safe', output: noRequiredAll },
            { kind: 'safe', output: noRequired.replace('{ "type": "string" }', '{ "type": ["string", "null"] }').replace('"integer" } }, ', '"integer" } }, "required": ["query"], ') },
          ],
        },
        {
          messageId: 'notRequired',
          at: '"page"',
          data: { type: 'integer' },
          fixes: [
            { kind: 'safe', output: noRequiredAll },
            { kind: 'safe', output: noRequired.replace('{ "type": "integer" } }, ', '{ "type": ["integer", "null"] } }, "required": ["page"], ') },
          ],
        },
      ],
    },
    {
      name: 'OpenAI profile forced by configuration on an Anthropic-shaped strict tool',
      code: `{ "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": true, "input_schema": ${optionalPrice} }`,
      config: { profile: 'openai' },
      errors: [{ messageId: 'notRequired', at: '"max_price"' }],
    },
    {
      name: 'enum, anyOf, $ref and a type list (tab-indented, multi-line required list)',
      code: tabbed,
      errors: [
        {
          messageId: 'notRequired',
          at: '"unit"',
          fixes: [
            { title: 'Add all 5 unlisted properties to "required"', kind: 'safe', output: tabbedAll },
            {
              title: 'Add "unit" to "required" and make it nullable',
              kind: 'safe',
              output: tabbed
                .replace('"type": "string", "enum": ["celsius", "fahrenheit"]', '"type": ["string", "null"], "enum": ["celsius", "fahrenheit", null]')
                .replace('\t\t\t\t"city"\n\t\t\t]', '\t\t\t\t"city",\n\t\t\t\t"unit"\n\t\t\t]'),
            },
          ],
        },
        {
          messageId: 'notRequired',
          at: '"when"',
          fixes: [
            { title: 'Add all 5 unlisted properties to "required"', kind: 'safe', output: tabbedAll },
            {
              kind: 'safe',
              output: tabbed
                .replace('{ "type": "integer" }] }', '{ "type": "integer" }, { "type": "null" }] }')
                .replace('\t\t\t\t"city"\n\t\t\t]', '\t\t\t\t"city",\n\t\t\t\t"when"\n\t\t\t]'),
            },
          ],
        },
        {
          messageId: 'notRequired',
          at: '"place"',
          fixes: [
            { title: 'Add all 5 unlisted properties to "required"', kind: 'safe', output: tabbedAll },
            {
              kind: 'safe',
              output: tabbed
                .replace('"place": { "$ref": "#/$defs/Place", "description": "Where, if known." }', '"place": { "anyOf": [{ "$ref": "#/$defs/Place" }, { "type": "null" }], "description": "Where, if known." }')
                .replace('\t\t\t\t"city"\n\t\t\t]', '\t\t\t\t"city",\n\t\t\t\t"place"\n\t\t\t]'),
            },
          ],
        },
        {
          messageId: 'notRequired',
          at: '"days"',
          fixes: [
            { title: 'Add all 5 unlisted properties to "required"', kind: 'safe', output: tabbedAll },
            {
              kind: 'safe',
              output: tabbed.replace('"type": ["integer"]', '"type": ["integer", "null"]').replace('\t\t\t\t"city"\n\t\t\t]', '\t\t\t\t"city",\n\t\t\t\t"days"\n\t\t\t]'),
            },
          ],
        },
        {
          messageId: 'notRequired',
          at: '"tags"',
          fixes: [
            { title: 'Add all 5 unlisted properties to "required"', kind: 'safe', output: tabbedAll },
            {
              kind: 'safe',
              output: tabbed.replace('"tags": { "type": "array"', '"tags": { "type": ["array", "null"]').replace('\t\t\t\t"city"\n\t\t\t]', '\t\t\t\t"city",\n\t\t\t\t"tags"\n\t\t\t]'),
            },
          ],
        },
        {
          messageId: 'notRequired',
          at: '"tag"',
          fixes: [
            {
              kind: 'safe',
              output: tabbed
                .replace('"tag": { "type": "string" }', '"tag": { "type": ["string", "null"] }')
                .replace('"properties": { "tag": { "type": ["string", "null"] } }, "additionalProperties"', '"properties": { "tag": { "type": ["string", "null"] } }, "required": ["tag"], "additionalProperties"'),
            },
          ],
        },
      ],
    },
    {
      name: 'a const property cannot be made nullable: requiring it is only a suggestion',
      code: chat(`{ "type": "object", "properties": { "query": { "type": "string" }, "version": { "const": "v2" } }, "required": ["query"], "additionalProperties": false }`),
      errors: [
        {
          messageId: 'notRequired',
          at: '"version"',
          fixes: [
            {
              kind: 'suggestion',
              title: 'Add "version" to "required" (it stays non-nullable)',
              output: chat(`{ "type": "object", "properties": { "query": { "type": "string" }, "version": { "const": "v2" } }, "required": ["query", "version"], "additionalProperties": false }`),
            },
          ],
        },
      ],
    },
  ],
});
