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
      name: 'Anthropic tool without description: reported on the name, skeleton inserted after it',
      code: `{ "name": "get_forecast", "input_schema": { "type": "object", "properties": { ${city} }, "required": ["city"] } }`,
      errors: [
        {
          messageId: 'missing',
          at: '"get_forecast"',
          data: { name: 'get_forecast' },
          fixes: [
            {
              title: 'Add a "description" skeleton',
              kind: 'suggestion',
              output: `{ "name": "get_forecast", "description": "Use this when the user asks to get the forecast. Returns …", "input_schema": { "type": "object", "properties": { ${city} }, "required": ["city"] } }`,
            },
          ],
        },
      ],
    },
    {
      name: 'MCP tool with an empty description: reported on the empty string, which the skeleton replaces',
      code: `{ "name": "create_issue", "description": "", "inputSchema": { "type": "object", "properties": { "title": { "type": "string", "description": "Issue title." } }, "required": ["title"] } }`,
      errors: [
        {
          messageId: 'empty',
          at: '""',
          fixes: [
            {
              title: 'Fill the empty description',
              output: `{ "name": "create_issue", "description": "Use this when the user asks to create the issue. Returns …", "inputSchema": { "type": "object", "properties": { "title": { "type": "string", "description": "Issue title." } }, "required": ["title"] } }`,
            },
          ],
        },
      ],
    },
    {
      name: 'white space only, in a Chat Completions wrapper',
      code: `{ "type": "function", "function": { "name": "send_invoice", "description": "   \\n ", "parameters": { "type": "object", "properties": { "invoice_id": { "type": "string", "description": "Invoice to send." } } } } }`,
      errors: [
        {
          messageId: 'empty',
          at: '"   \\n "',
          fixes: [{ output: `{ "type": "function", "function": { "name": "send_invoice", "description": "Use this when the user asks to send the invoice. Returns …", "parameters": { "type": "object", "properties": { "invoice_id": { "type": "string", "description": "Invoice to send." } } } } }` }],
        },
      ],
    },
    {
      name: 'several tools in a tools/list result, one without description',
      code: `{ "tools": [ { "name": "list_repos", "description": "Use this when the user wants to see their repositories.", "inputSchema": { "type": "object", "properties": {} } }, { "name": "delete_repo", "inputSchema": { "type": "object", "properties": { "repo": { "type": "string", "description": "owner/name of the repository." } } } } ] }`,
      errors: [
        {
          messageId: 'missing',
          at: '"delete_repo"',
          tool: 'delete_repo',
          fixes: [{ output: `{ "tools": [ { "name": "list_repos", "description": "Use this when the user wants to see their repositories.", "inputSchema": { "type": "object", "properties": {} } }, { "name": "delete_repo", "description": "Use this when the user asks to delete the repo. Returns …", "inputSchema": { "type": "object", "properties": { "repo": { "type": "string", "description": "owner/name of the repository." } } } } ] }` }],
        },
      ],
    },
    {
      name: 'OpenAI chat wrapper over several lines (2 spaces): the skeleton gets its own line after "name"; a name without a verb',
      code: `{
  "type": "function",
  "function": {
    "name": "weather_v2",
    "parameters": { "type": "object", "properties": { ${city} }, "required": ["city"] }
  }
}`,
      errors: [
        {
          messageId: 'missing',
          at: '"weather_v2"',
          fixes: [
            {
              output: `{
  "type": "function",
  "function": {
    "name": "weather_v2",
    "description": "Use this when the user asks about the weather. Returns …",
    "parameters": { "type": "object", "properties": { ${city} }, "required": ["city"] }
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: 'Gemini declaration with tabs, name not first',
      code: '{\n\t"functionDeclarations": [\n\t\t{\n\t\t\t"parameters": { "type": "OBJECT", "properties": {} },\n\t\t\t"name": "list_open_issues"\n\t\t}\n\t]\n}',
      errors: [
        {
          messageId: 'missing',
          at: '"list_open_issues"',
          fixes: [{ output: '{\n\t"functionDeclarations": [\n\t\t{\n\t\t\t"parameters": { "type": "OBJECT", "properties": {} },\n\t\t\t"name": "list_open_issues",\n\t\t\t"description": "Use this when the user asks to list the open issues. Returns …"\n\t\t}\n\t]\n}' }],
        },
      ],
    },
    {
      name: 'VS Code languageModelTools entry: the skeleton goes in modelDescription',
      code: `{ "name": "copilot_searchWorkspace", "displayName": "Search workspace", "inputSchema": { "type": "object", "properties": { "query": { "type": "string", "description": "Text or glob to search for." } } } }`,
      errors: [
        {
          messageId: 'missing',
          at: '"copilot_searchWorkspace"',
          fixes: [
            {
              title: 'Add a "modelDescription" skeleton',
              output: `{ "name": "copilot_searchWorkspace", "modelDescription": "Use this when the user asks to search the workspace. Returns …", "displayName": "Search workspace", "inputSchema": { "type": "object", "properties": { "query": { "type": "string", "description": "Text or glob to search for." } } } }`,
            },
          ],
        },
      ],
    },
    {
      name: 'no name to draft from: the bare skeleton',
      code: `{ "input_schema": { "type": "object", "properties": {} }, "description": "" }`,
      errors: [{ messageId: 'empty', at: '""', fixes: [{ output: `{ "input_schema": { "type": "object", "properties": {} }, "description": "Use this when … . Returns …" }` }] }],
    },
  ],
});
