import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/description-implementation-detail';

const city = '"type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"]';
const chat = (name: string, description: string, params = city) => `{ "type": "function", "function": { "name": "${name}", "description": ${JSON.stringify(description)}, "parameters": { ${params} } } }`;
const mcp = (name: string, description: string, params = city) => `{ "name": "${name}", "description": ${JSON.stringify(description)}, "inputSchema": { ${params} } }`;

runRuleTests(rule, {
  valid: [
    { name: 'the vendor the tool works on (Slack tool via the Slack API); a SQL tool naming its database', code: `[${chat('send_slack_message', 'Use this when the user asks to post to Slack; sends the message via the Slack API and returns its timestamp.')}, ${mcp('run_sql_query', 'Use this when the user asks about sales numbers. Runs one read-only query against our PostgreSQL database.', '"type": "object", "properties": { "sql": { "type": "string", "description": "One SELECT statement." } }')}]` },
    { name: 'a description written for the model', code: chat('get_forecast', 'Use this when the user asks about the weather in the coming days. Returns the daily minimum and maximum temperature.') },
    { name: 'the domain is not an implementation detail (GitHub tool, SQLite tool)', code: `[${mcp('search_issues', 'Use this when the user looks for GitHub issues in a repository they name.')}, ${mcp('run_query', 'Run a read-only SELECT query against the SQLite database and return the rows, e.g. SELECT name FROM users LIMIT 5.', '"type": "object", "properties": { "query": { "type": "string", "description": "SQL to run." } }')}]` },
    { name: 'an HTTP client tool may talk about GET requests and URLs', code: mcp('http_get', 'Use this when you need the raw body of a web page: sends a GET request to https://… and returns the status code and body.', '"type": "object", "properties": { "url": { "type": "string", "description": "Page to fetch." } }') },
    { name: 'a JSON tool may say it returns JSON', code: mcp('format_json', 'Use this when the user pastes JSON that needs pretty-printing; returns the JSON indented by two spaces.', '"type": "object", "properties": { "json": { "type": "string", "description": "The JSON text." } }') },
    { name: 'English "select", "post" and a usage sentence starting with "This function"', code: chat('post_message', 'Use this when the user wants to post a message to a channel they select. This function should be used only for public channels.') },
    { name: 'example URL input format', code: mcp('get_file_key', 'Use this to read the file key from a design link, e.g. https://figma.com/design/abc123/Title.', '"type": "object", "properties": { "link": { "type": "string", "description": "Design link." } }') },
  ],
  invalid: [
    {
      name: 'a backend named after an implementation verb (Gemini)',
      code: `{ "tools": [{ "functionDeclarations": [{ "name": "search_products", "description": "Use this when the customer looks for products by keywords. Backed by Elasticsearch and powered by the Algolia search API.", "parameters": { "type": "OBJECT", "properties": { "query": { "type": "STRING", "description": "Keywords." } } } }] }] }`,
      errors: [{ messageId: 'implementationDetail', at: '"Use this when the customer looks for products by keywords. Backed by Elasticsearch and powered by the Algolia search API."', messageIncludes: 'upstream service "powered by the Algolia search API"' }],
    },
    {
      name: 'an HTTP method and a path with a placeholder',
      code: mcp('update_user', 'Use this when the user changes their display name. Sends a PUT to /users/:id and returns the updated user.', '"type": "object", "properties": { "user_id": { "type": "string", "description": "User id." } }'),
      errors: [{ messageId: 'implementationDetail', at: '"Use this when the user changes their display name. Sends a PUT to /users/:id and returns the updated user."', messageIncludes: 'HTTP detail "a PUT to", endpoint path "/users/:id"' }],
    },
    {
      name: 'vendor, HTTP and wire format together: one finding listing them',
      code: chat('get_forecast', 'This function calls the OpenWeatherMap API (GET /data/2.5/forecast) and returns JSON with the forecast.'),
      errors: [{ messageId: 'implementationDetail', at: '"This function calls the OpenWeatherMap API (GET /data/2.5/forecast) and returns JSON with the forecast."', data: { found: 'code-comment marker "This function", upstream service "calls the OpenWeatherMap API", HTTP detail "GET /data/2.5/forecast"' } }],
    },
    {
      name: 'a Python docstring with Args:',
      code: mcp('get_device', 'Get a device by its ID.\n\nArgs:\n    device_id: The ID of the device to get\n\nReturns:\n    Information about the device', '"type": "object", "properties": { "device_id": { "type": "string", "description": "Device id." } }'),
      errors: [{ messageId: 'implementationDetail', range: '1:40-1:164', messageIncludes: 'code-comment marker "Args:"' }],
    },
    {
      name: 'API version and endpoint path (Anthropic)',
      code: `{ "name": "list_invoices", "description": "Lists invoices through the v2 API at /api/v2/invoices, newest first.", "input_schema": { "type": "object", "properties": {} } }`,
      errors: [{ messageId: 'implementationDetail', at: '"Lists invoices through the v2 API at /api/v2/invoices, newest first."', messageIncludes: 'API version "v2 API", endpoint path "/api/v2/invoices"' }],
    },
    {
      name: 'status codes and SQL in a non-SQL tool',
      code: mcp('get_user', 'Returns one user. Runs SELECT * FROM users WHERE id = ? and returns a 404 error when the user does not exist.', '"type": "object", "properties": { "user_id": { "type": "string", "description": "User id." } }'),
      errors: [{ messageId: 'implementationDetail', at: '"Returns one user. Runs SELECT * FROM users WHERE id = ? and returns a 404 error when the user does not exist."', messageIncludes: 'SQL "SELECT * FROM u"' }],
    },
    {
      name: 'a documentation URL for programmers',
      code: mcp('get_joke', 'Get a random joke. See https://humorapi.com/docs/#Random-Joke for more.', '"type": "object", "properties": {}'),
      errors: [{ messageId: 'implementationDetail', at: '"Get a random joke. See https://humorapi.com/docs/#Random-Joke for more."', data: { kinds: 'URLs' } }],
    },
  ],
});
