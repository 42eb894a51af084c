import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/type-count-as-string';

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
      code: `{ "name": "list_orders", "description": "Use this to list orders.", "inputSchema": { "type": "object", "properties": { "limit": { "type": "string", "description": "Maximum number of orders to return." }, "page": { "type": "string" } } } }`,
      errors: [
        { messageId: 'countAsString', at: '"string"', occurrence: 1, data: { name: 'limit' } },
        { messageId: 'countAsString', at: '"string"', occurrence: 2, data: { name: 'page' } },
      ],
    },
    {
      name: 'GitHub-style page / perPage typed number',
      code: `{ "name": "list_issues", "description": "Use this to list issues in a repository.", "inputSchema": { "type": "object", "properties": { "page": { "type": "number", "minimum": 1, "description": "Page number for pagination (min 1)" }, "perPage": { "type": "number", "minimum": 1, "maximum": 100, "description": "Results per page for pagination (min 1, max 100)" } } } }`,
      errors: [
        { messageId: 'countAsNumber', at: '"number"', occurrence: 1, data: { name: 'page' } },
        { messageId: 'countAsNumber', at: '"number"', occurrence: 2, data: { name: 'perPage' } },
      ],
    },
    {
      name: 'camelCase and pattern names: maxResults, num_guests, retry_count (Anthropic, nullable)',
      code: `{ "name": "book_table", "description": "Use this to book a restaurant table.", "input_schema": { "type": "object", "properties": { "maxResults": { "type": "string" }, "num_guests": { "type": ["string", "null"] }, "retry_count": { "type": "number" } } } }`,
      errors: [
        { messageId: 'countAsString', at: '"string"', occurrence: 1, data: { name: 'maxResults' } },
        { messageId: 'countAsString', at: '"string"', occurrence: 2, data: { name: 'num_guests' } },
        { messageId: 'countAsNumber', at: '"number"', data: { name: 'retry_count' } },
      ],
    },
  ],
});
