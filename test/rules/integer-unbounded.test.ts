import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/integer-unbounded';

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
      code: `{ "name": "list_detections", "description": "Use this to list detections.", "inputSchema": { "type": "object", "properties": { "limit": { "type": "integer", "description": "Maximum number of detections to return (1-1000, default: 1000)" }, "volume": { "type": "number", "description": "Volume from 0 (mute) to 100." }, "length": { "type": "integer", "description": "Password length. Must be a positive integer." } } } }`,
      errors: [
        { messageId: 'statedOnly', at: '"limit"', data: { minimum: 1, maximum: 1000, keywords: '"minimum": 1 and "maximum": 1000' } },
        { messageId: 'statedOnly', at: '"volume"', data: { minimum: 0, maximum: 100 } },
        { messageId: 'statedOnly', at: '"length"', data: { minimum: 1 } },
      ],
    },
    {
      name: 'count and limit-like integers with no bounds (OpenAI chat)',
      code: `{ "type": "function", "function": { "name": "search_articles", "description": "Use this to find articles.", "parameters": { "type": "object", "properties": { "max_results": { "type": "integer", "description": "How many articles to return." }, "page": { "type": "integer" }, "number_of_guests": { "type": "integer" } } } } }`,
      errors: [
        { messageId: 'noLimitBounds', at: '"max_results"', data: { minimum: 1 } },
        { messageId: 'noMinimum', at: '"page"', data: { minimum: 1 } },
        { messageId: 'noBounds', at: '"number_of_guests"', data: { minimum: 1 } },
      ],
    },
    {
      name: 'a limit with a minimum but no maximum, and only the missing half of stated bounds (Anthropic)',
      code: `{ "name": "list_orders", "description": "Use this to list orders.", "input_schema": { "type": "object", "properties": { "page_size": { "type": "integer", "minimum": 1 }, "top_k": { "type": "integer", "minimum": 1, "description": "Results to keep, between 1 and 50." } } } }`,
      errors: [
        { messageId: 'noMaximum', at: '"page_size"' },
        { messageId: 'statedOnly', at: '"top_k"', data: { maximum: 50, keywords: '"maximum": 50' } },
      ],
    },
    {
      name: 'exclusive bounds in prose; nullable integer in anyOf (Pydantic)',
      code: `{ "name": "generate_key", "description": "Use this to generate a key.", "inputSchema": { "type": "object", "properties": { "key_length": { "anyOf": [{ "type": "integer" }, { "type": "null" }], "default": null, "description": "It must be an integer greater than 9 and less than 51." } } } }`,
      errors: [{ messageId: 'statedOnly', at: '"key_length"', data: { minimum: 10, maximum: 50 } }],
    },
  ],
});
