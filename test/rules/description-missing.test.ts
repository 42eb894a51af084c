import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/description-missing';

const city = '"city": { "type": "string", "description": "City name, for example Paris." }';

runRuleTests(rule, {
  valid: [
    {
      name: 'OpenAI Chat Completions tool with a description',
      code: `{ "type": "function", "function": { "name": "get_forecast", "description": "Use this when the user asks about the weather in the coming days.", "parameters": { "type": "object", "properties": { ${city} }, "required": ["city"] } } }`,
    },
    {
      name: 'VS Code languageModelTools use modelDescription',
      code: `{ "name": "copilot_searchWorkspace", "displayName": "Search workspace", "modelDescription": "Use this when you need to find files in the workspace by name or content.", "inputSchema": { "type": "object", "properties": { "query": { "type": "string", "description": "Text or glob to search for." } } } }`,
    },
    {
      name: 'a non-string description is a shape problem, left to other rules',
      code: `{ "name": "get_forecast", "description": null, "input_schema": { "type": "object", "properties": { ${city} } } }`,
    },
    {
      name: 'parameter descriptions missing is another rule',
      code: `{ "name": "list_issues", "description": "Use this when the user wants the open issues of a repository.", "inputSchema": { "type": "object", "properties": { "repo": { "type": "string" } } } }`,
    },
  ],
  invalid: [
    {
      name: 'Anthropic tool without description: reported on the name',
      code: `{ "name": "get_forecast", "input_schema": { "type": "object", "properties": { ${city} }, "required": ["city"] } }`,
      errors: [{ messageId: 'missing', at: '"get_forecast"', data: { name: 'get_forecast' } }],
    },
    {
      name: 'MCP tool with an empty description: reported on the empty string',
      code: `{ "name": "create_issue", "description": "", "inputSchema": { "type": "object", "properties": { "title": { "type": "string", "description": "Issue title." } }, "required": ["title"] } }`,
      errors: [{ messageId: 'empty', at: '""' }],
    },
    {
      name: 'white space only, in a Chat Completions wrapper',
      code: `{ "type": "function", "function": { "name": "send_invoice", "description": "   \\n ", "parameters": { "type": "object", "properties": { "invoice_id": { "type": "string", "description": "Invoice to send." } } } } }`,
      errors: [{ messageId: 'empty', at: '"   \\n "' }],
    },
    {
      name: 'several tools in a tools/list result, one without description',
      code: `{ "tools": [ { "name": "list_repos", "description": "Use this when the user wants to see their repositories.", "inputSchema": { "type": "object", "properties": {} } }, { "name": "delete_repo", "inputSchema": { "type": "object", "properties": { "repo": { "type": "string", "description": "owner/name of the repository." } } } } ] }`,
      errors: [{ messageId: 'missing', at: '"delete_repo"', tool: 'delete_repo' }],
    },
  ],
});
