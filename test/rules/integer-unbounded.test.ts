import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/integer-unbounded';

const mcp = `{ "name": "list_detections", "description": "Use this to list detections.", "inputSchema": { "type": "object", "properties": { "limit": { "type": "integer", "description": "Maximum number of detections to return (1-1000, default: 1000)" }, "volume": { "type": "number", "description": "Volume from 0 (mute) to 100." }, "length": { "type": "integer", "description": "Password length. Must be a positive integer." } } } }`;

const openai = `{ "type": "function", "function": { "name": "search_articles", "description": "Use this to find articles.", "parameters": { "type": "object", "properties": { "max_results": { "type": "integer", "description": "How many articles to return." }, "page": { "type": "integer" }, "number_of_guests": { "type": "integer" } } } } }`;

const anthropic = `{ "name": "list_orders", "description": "Use this to list orders.", "input_schema": { "type": "object", "properties": { "page_size": { "type": "integer", "minimum": 1 }, "top_k": { "type": "integer", "minimum": 1, "description": "Results to keep, between 1 and 50." } } } }`;

const pydantic = `{ "name": "generate_key", "description": "Use this to generate a key.", "inputSchema": { "type": "object", "properties": { "key_length": { "anyOf": [{ "type": "integer" }, { "type": "null" }], "default": null, "description": "It must be an integer greater than 9 and less than 51." } } } }`;

// OpenAI chat, four-space indentation: "up to", "at most", "max" in prose; lower bounds by kind (an offset, a
// zero-based page, a count whose default is 0).
const openaiBlock = `{
    "type": "function",
    "function": {
        "name": "list_messages",
        "description": "Use this when the user asks for messages in a channel.",
        "parameters": {
            "type": "object",
            "properties": {
                "limit": {
                    "type": "integer",
                    "description": "How many messages to return, up to 200."
                },
                "depth": { "type": "integer", "description": "Thread depth, at most 10." },
                "offset": {
                    "type": "integer",
                    "description": "Messages to skip."
                },
                "page": { "type": "integer", "description": "Page index, zero-based." },
                "quantity": { "type": "integer", "default": 0 }
            }
        }
    }
}`;

// Gemini: bounds go after the upper-case type; no exclusive bounds in Gemini's subset (no fix).
const gemini = `{ "functionDeclarations": [{ "name": "set_thermostat", "description": "Use this to change the heating.", "parameters": { "type": "OBJECT", "properties": { "level": { "type": "INTEGER", "description": "Heating level, max 5." }, "boost": { "type": "NUMBER", "description": "Boost factor. Must be greater than 0." } } } }] }`;

// Bounds the default contradicts, a limit with no stated maximum, a negative sentinel default: no fix.
const noFix = `{ "name": "search_hotels", "description": "Use this to find hotels.", "inputSchema": { "type": "object", "properties": { "stars": { "type": "integer", "default": 0, "description": "Hotel class, between 1 and 5." }, "per_page": { "type": "integer", "description": "Results per page, at least 1." }, "number_of_rooms": { "type": "integer", "default": -1 } } } }`;

runRuleTests(rule, {
  valid: [
    {
      name: 'GitHub perPage / page with the bounds as keywords, also stated in prose',
      code: `{ "name": "list_issues", "description": "Use this to list issues.", "inputSchema": { "type": "object", "properties": { "perPage": { "type": "integer", "minimum": 1, "maximum": 100, "description": "Results per page for pagination (min 1, max 100)" }, "page": { "type": "integer", "minimum": 1, "description": "Page number for pagination (min 1)" } } } }`,
    },
    {
      name: 'plain integers with no stated bounds are not counts (OpenAI chat)',
      code: `{ "type": "function", "function": { "name": "get_issue", "description": "Use this to read one issue.", "parameters": { "type": "object", "properties": { "issue_number": { "type": "integer", "description": "The issue number." }, "year": { "type": "integer", "description": "Year of publication, for example 2021." } } } } }`,
    },
    {
      name: 'numbers in the description that are not bounds: ISO codes, dates, examples, other units',
      code: `{ "name": "get_stats", "description": "Use this to fetch statistics.", "input_schema": { "type": "object", "properties": { "country": { "type": "integer", "description": "ISO 3166-1 numeric country code." }, "start": { "type": "integer", "description": "Unix time, e.g. 1700000000 (2023-11-14)." }, "timespan": { "type": "integer", "minimum": 1, "description": "Duration in seconds. Must not exceed 730 days." }, "device": { "type": "integer", "description": "Device index: -1 for the CPU, non-negative values for a GPU." } } } }`,
    },
    {
      name: 'Anthropic strict mode does not support minimum / maximum',
      code: `{ "name": "search_docs", "description": "Use this to search the docs.", "strict": true, "input_schema": { "type": "object", "properties": { "limit": { "type": "integer", "description": "Number of results, between 1 and 20." } }, "additionalProperties": false } }`,
    },
    {
      name: 'an offset with a minimum and a count with an exclusive maximum',
      code: `{ "name": "read_log", "description": "Use this to read a log file.", "inputSchema": { "type": "object", "properties": { "offset": { "type": "integer", "minimum": 0 }, "lines": { "type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 10001, "description": "Number of lines, at most 10000." } } } }`,
    },
  ],
  invalid: [
    {
      name: 'bounds stated only in the description (MCP)',
      code: mcp,
      errors: [
        {
          messageId: 'statedOnly',
          at: '"limit"',
          data: { minimum: 1, maximum: 1000, keywords: '"minimum": 1 and "maximum": 1000' },
          fixes: [{ title: 'Add "minimum": 1 and "maximum": 1000', kind: 'suggestion', output: mcp.replace('"limit": { "type": "integer",', '"limit": { "type": "integer", "minimum": 1, "maximum": 1000,') }],
        },
        { messageId: 'statedOnly', at: '"volume"', data: { minimum: 0, maximum: 100 }, fixes: [{ output: mcp.replace('"volume": { "type": "number",', '"volume": { "type": "number", "minimum": 0, "maximum": 100,') }] },
        { messageId: 'statedOnly', at: '"length"', data: { minimum: 1 }, fixes: [{ title: 'Add "minimum": 1', output: mcp.replace('"length": { "type": "integer",', '"length": { "type": "integer", "minimum": 1,') }] },
      ],
    },
    {
      name: 'count and limit-like integers with no bounds (OpenAI chat)',
      code: openai,
      errors: [
        { messageId: 'noLimitBounds', at: '"max_results"', data: { minimum: 1 }, fixes: [] },
        { messageId: 'noMinimum', at: '"page"', data: { minimum: 1 }, fixes: [{ title: 'Add "minimum": 1 (the first page)', output: openai.replace('"page": { "type": "integer" }', '"page": { "type": "integer", "minimum": 1 }') }] },
        {
          messageId: 'noBounds',
          at: '"number_of_guests"',
          data: { minimum: 1 },
          fixes: [{ title: 'Add "minimum": 1 (no maximum is stated)', output: openai.replace('"number_of_guests": { "type": "integer" }', '"number_of_guests": { "type": "integer", "minimum": 1 }') }],
        },
      ],
    },
    {
      name: 'a limit with a minimum but no maximum, and only the missing half of stated bounds (Anthropic)',
      code: anthropic,
      errors: [
        { messageId: 'noMaximum', at: '"page_size"', fixes: [] },
        { messageId: 'statedOnly', at: '"top_k"', data: { maximum: 50, keywords: '"maximum": 50' }, fixes: [{ title: 'Add "maximum": 50', output: anthropic.replace('"top_k": { "type": "integer", "minimum": 1,', '"top_k": { "type": "integer", "minimum": 1, "maximum": 50,') }] },
      ],
    },
    {
      name: 'exclusive bounds in prose; nullable integer in anyOf (Pydantic): the bounds go into the integer branch',
      code: pydantic,
      errors: [
        {
          messageId: 'statedOnly',
          at: '"key_length"',
          data: { minimum: 10, maximum: 50 },
          fixes: [{ output: pydantic.replace('[{ "type": "integer" },', '[{ "type": "integer", "minimum": 10, "maximum": 50 },') }],
        },
      ],
    },
    {
      name: 'multi-line OpenAI chat tool: "up to", "at most", and lower bounds by kind',
      code: openaiBlock,
      errors: [
        {
          messageId: 'statedOnly',
          at: '"limit"',
          data: { maximum: 200 },
          fixes: [{ title: 'Add "maximum": 200 (as the description states)', output: openaiBlock.replace('"type": "integer",\n                    "description": "How many', '"type": "integer",\n                    "maximum": 200,\n                    "description": "How many') }],
        },
        { messageId: 'statedOnly', at: '"depth"', data: { maximum: 10 }, fixes: [{ title: 'Add "maximum": 10', output: openaiBlock.replace('"depth": { "type": "integer",', '"depth": { "type": "integer", "maximum": 10,') }] },
        {
          messageId: 'noMinimum',
          at: '"offset"',
          data: { minimum: 0 },
          fixes: [{ title: 'Add "minimum": 0 (the first position)', output: openaiBlock.replace('"type": "integer",\n                    "description": "Messages', '"type": "integer",\n                    "minimum": 0,\n                    "description": "Messages') }],
        },
        { messageId: 'noMinimum', at: '"page"', data: { minimum: 0 }, fixes: [{ title: 'Add "minimum": 0 (the first page)', output: openaiBlock.replace('"page": { "type": "integer",', '"page": { "type": "integer", "minimum": 0,') }] },
        { messageId: 'noBounds', at: '"quantity"', data: { minimum: 0 }, fixes: [{ output: openaiBlock.replace('"quantity": { "type": "integer", "default": 0 }', '"quantity": { "type": "integer", "minimum": 0, "default": 0 }') }] },
      ],
    },
    {
      name: 'Gemini: bounds after the upper-case type; an exclusive bound has no fix',
      code: gemini,
      errors: [
        { messageId: 'statedOnly', at: '"level"', fixes: [{ output: gemini.replace('"level": { "type": "INTEGER",', '"level": { "type": "INTEGER", "maximum": 5,') }] },
        { messageId: 'statedOnly', at: '"boost"', data: { exclusiveMinimum: 0 }, fixes: [] },
      ],
    },
    {
      name: 'no fix when the default contradicts the bounds, for a limit without a stated maximum, or a negative default',
      code: noFix,
      errors: [
        { messageId: 'statedOnly', at: '"stars"', fixes: [] },
        { messageId: 'statedOnly', at: '"per_page"', fixes: [] },
        { messageId: 'noBounds', at: '"number_of_rooms"', data: { minimum: 1 }, fixes: [] },
      ],
    },
  ],
});
