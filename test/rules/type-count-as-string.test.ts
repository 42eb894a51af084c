import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/type-count-as-string';

const mcp = `{ "name": "list_orders", "description": "Use this to list orders.", "inputSchema": { "type": "object", "properties": { "limit": { "type": "string", "description": "Maximum number of orders to return." }, "page": { "type": "string" } } } }`;

const github = `{ "name": "list_issues", "description": "Use this to list issues in a repository.", "inputSchema": { "type": "object", "properties": { "page": { "type": "number", "minimum": 1, "description": "Page number for pagination (min 1)" }, "perPage": { "type": "number", "minimum": 1, "maximum": 100, "description": "Results per page for pagination (min 1, max 100)" } } } }`;

const anthropic = `{ "name": "book_table", "description": "Use this to book a restaurant table.", "input_schema": { "type": "object", "properties": { "maxResults": { "type": "string" }, "num_guests": { "type": ["string", "null"], "default": null }, "retry_count": { "type": "number" } } } }`;

// OpenAI chat, four-space indentation: a numeric-string default, a digits pattern and a length limit.
const openaiBlock = `{
    "type": "function",
    "function": {
        "name": "search_articles",
        "description": "Use this when the user asks for news articles about a topic.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": { "type": "string", "description": "Topic or keywords to search for." },
                "limit": {
                    "type": "string",
                    "pattern": "^\\\\d+$",
                    "maxLength": 3,
                    "default": "10",
                    "examples": ["5", "25"],
                    "description": "Number of articles to return."
                }
            },
            "required": ["query"]
        }
    }
}`;
const openaiBlockFixed = openaiBlock
  .replace(`"type": "string",
                    "pattern": "^\\\\d+$",
                    "maxLength": 3,
                    "default": "10",
                    "examples": ["5", "25"],`, `"type": "integer",
                    "default": 10,
                    "examples": [5, 25],`);

// Gemini (upper-case types), a tab-indented file, and a nullable anyOf (Pydantic) in a nested object.
const gemini = `{
	"functionDeclarations": [{
		"name": "find_flights",
		"description": "Use this when the user wants to search for flights.",
		"parameters": {
			"type": "OBJECT",
			"properties": {
				"passengers": { "type": "STRING", "description": "How many people travel." }
			}
		}
	}]
}`;

const nested = `{ "name": "search_docs", "description": "Use this to search the documentation.", "inputSchema": { "type": "object", "properties": { "options": { "type": "object", "properties": { "num_results": { "anyOf": [{ "type": "string" }, { "type": "null" }], "default": "5", "description": "How many results to return." } } } } } }`;

const noFix = `{ "name": "list_files", "description": "Use this to list files.", "parameters": { "type": "object", "properties": { "limit": { "type": "string", "default": "all", "description": "How many files to list." }, "page": { "type": "string", "pattern": "^\\\\d+(,\\\\d+)*$" }, "max_retries": { "type": "number", "default": 2.5 } } } }`;

runRuleTests(rule, {
  valid: [
    {
      name: 'integer counts (OpenAI chat)',
      code: `{ "type": "function", "function": { "name": "search_articles", "description": "Use this to find news articles.", "parameters": { "type": "object", "properties": { "query": { "type": "string" }, "limit": { "type": "integer", "minimum": 1, "maximum": 50 }, "page": { "type": "integer", "minimum": 1 } }, "required": ["query"] } } }`,
    },
    {
      name: 'names that only look like counts: account, country, discount_code, max_price as a number',
      code: `{ "name": "search_hotels", "description": "Use this to find hotels.", "input_schema": { "type": "object", "properties": { "country": { "type": "string" }, "account": { "type": "string" }, "discount_code": { "type": "string" }, "max_price": { "type": "number" }, "min_rating": { "type": "number" } } } }`,
    },
    {
      name: 'a limit that is really a host pattern (Ansible), and a fractional quantity',
      code: `{ "name": "run_playbook", "description": "Use this to run an Ansible playbook.", "inputSchema": { "type": "object", "properties": { "limit": { "type": "string", "description": "Hosts to target: a host, a group, or a comma-separated list of hosts." }, "quantity": { "type": "number", "description": "Amount of the ingredient, for example 1.5." } } } }`,
    },
    {
      name: 'a string count with a closed set of words, and an int64 string (Google style)',
      code: `{ "name": "list_files", "description": "Use this to list files in a drive.", "parameters": { "type": "object", "properties": { "count": { "type": "string", "enum": ["10", "50", "all"] }, "page_size": { "type": "string", "format": "int64" } } } }`,
    },
  ],
  invalid: [
    {
      name: 'string limit and page (MCP)',
      code: mcp,
      errors: [
        {
          messageId: 'countAsString',
          at: '"string"',
          occurrence: 1,
          data: { name: 'limit' },
          fixes: [{ title: 'Change the type of "limit" to "integer"', kind: 'suggestion', output: mcp.replace('"limit": { "type": "string"', '"limit": { "type": "integer"') }],
        },
        { messageId: 'countAsString', at: '"string"', occurrence: 2, data: { name: 'page' }, fixes: [{ output: mcp.replace('"page": { "type": "string" }', '"page": { "type": "integer" }') }] },
      ],
    },
    {
      name: 'GitHub-style page / perPage typed number',
      code: github,
      errors: [
        { messageId: 'countAsNumber', at: '"number"', occurrence: 1, data: { name: 'page' }, fixes: [{ title: 'Change the type of "page" to "integer"', output: github.replace('"page": { "type": "number"', '"page": { "type": "integer"') }] },
        { messageId: 'countAsNumber', at: '"number"', occurrence: 2, data: { name: 'perPage' }, fixes: [{ output: github.replace('"perPage": { "type": "number"', '"perPage": { "type": "integer"') }] },
      ],
    },
    {
      name: 'camelCase and pattern names: maxResults, num_guests, retry_count (Anthropic, nullable)',
      code: anthropic,
      errors: [
        { messageId: 'countAsString', at: '"string"', occurrence: 1, data: { name: 'maxResults' } },
        { messageId: 'countAsString', at: '"string"', occurrence: 2, data: { name: 'num_guests' }, fixes: [{ output: anthropic.replace('["string", "null"]', '["integer", "null"]') }] },
        { messageId: 'countAsNumber', at: '"number"', data: { name: 'retry_count' } },
      ],
    },
    {
      name: 'multi-line OpenAI chat tool: the default and examples become numbers, the digits pattern and maxLength go',
      code: openaiBlock,
      errors: [
        {
          messageId: 'countAsString',
          at: '"string"',
          occurrence: 2,
          fixes: [{ title: 'Change the type of "limit" to "integer" and remove "pattern", "maxLength"', kind: 'suggestion', output: openaiBlockFixed }],
        },
      ],
    },
    {
      name: 'Gemini keeps upper-case type names (tab indentation)',
      code: gemini,
      errors: [{ messageId: 'countAsString', at: '"STRING"', fixes: [{ title: 'to "INTEGER"', output: gemini.replace('"STRING"', '"INTEGER"') }] }],
    },
    {
      name: 'nullable anyOf in a nested object: the branch changes, the default becomes a number',
      code: nested,
      errors: [{ messageId: 'countAsString', at: '"string"', fixes: [{ output: nested.replace('[{ "type": "string" }', '[{ "type": "integer" }').replace('"default": "5"', '"default": 5') }] }],
    },
    {
      name: 'no fix when a value is not a whole number or the pattern says more than digits',
      code: noFix,
      errors: [
        { messageId: 'countAsString', at: '"string"', occurrence: 1, data: { name: 'limit' }, fixes: [] },
        { messageId: 'countAsString', at: '"string"', occurrence: 2, data: { name: 'page' }, fixes: [] },
        { messageId: 'countAsNumber', at: '"number"', data: { name: 'max_retries' }, fixes: [] },
      ],
    },
  ],
});
