import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/param-name-vague';

const anthropic = (name: string, props: string) =>
  `{ "name": "${name}", "description": "Use this when the user asks for it.", "input_schema": { "type": "object", "properties": ${props} } }`;
const mcp = (name: string, props: string) =>
  `{ "name": "${name}", "description": "Use this when the user asks for it.", "inputSchema": { "type": "object", "properties": ${props} } }`;
const openai = (name: string, props: string) =>
  `{ "type": "function", "function": { "name": "${name}", "description": "Use this when the user asks for it.", "parameters": { "type": "object", "properties": ${props} } } }`;

runRuleTests(rule, {
  valid: [
    { name: 'specific names', code: anthropic('get_invoice', '{ "invoice_id": { "type": "string" }, "include_lines": { "type": "boolean" } }') },
    {
      name: 'GitHub issue body beside a title',
      code: mcp('create_issue', '{ "owner": { "type": "string" }, "repo": { "type": "string" }, "title": { "type": "string" }, "body": { "type": "string" } }'),
    },
    { name: 'comment body (text thing in the tool name)', code: mcp('add_issue_comment', '{ "issue_number": { "type": "integer" }, "body": { "type": "string" } }') },
    { name: 'key / value pair', code: openai('set_config_option', '{ "key": { "type": "string" }, "value": { "type": "string" } }') },
    { name: 'HTTP request builder: body and params beside url and method', code: openai('send_http_request', '{ "url": { "type": "string" }, "method": { "type": "string" }, "params": { "type": "object" }, "body": { "type": "string" } }') },
    { name: 'chart data series', code: mcp('generate_bar_chart', '{ "data": { "type": "array", "items": { "type": "object" } }, "title": { "type": "string" } }') },
    { name: 'hostile input: __proto__ and constructor keys, non-object properties', code: `[${anthropic('get_user', '{ "__proto__": { "type": "string" }, "constructor": {} }')}, ${anthropic('get_team', '[]')}]` },
    { name: 'nested id inside an object parameter is not a tool parameter', code: anthropic('create_order', '{ "customer_id": { "type": "string" }, "items": { "type": "array", "items": { "type": "object", "properties": { "id": { "type": "string" } } } } }') },
    { name: 'the tool name says what the value is (set_cell_value)', code: mcp('set_cell_value', '{ "sheet_name": { "type": "string" }, "cell_address": { "type": "string" }, "value": { "type": "string" } }') },
  ],
  invalid: [
    {
      name: 'spec example fetch(id)',
      code: mcp('fetch', '{ "id": { "type": "string" } }'),
      errors: [{ messageId: 'vagueId', at: '"id"', data: { suggestion: '"<thing>_id" (named after the thing it identifies)' }, fixes: [] }],
    },
    {
      name: 'get_user(id) → user_id',
      code: anthropic('get_user', '{ "id": { "type": "string", "description": "User id." } }'),
      errors: [{ messageId: 'vagueId', at: '"id"', data: { suggestion: '"user_id"' }, fixes: [{ title: 'Rename "id" to "user_id"', kind: 'suggestion', output: anthropic('get_user', '{ "user_id": { "type": "string", "description": "User id." } }') }] }],
    },
    {
      name: 'id of a plural, prepositional object (getStoryWithComments)',
      code: openai('getStoryWithComments', '{ "id": { "type": "integer" } }'),
      errors: [{ messageId: 'vagueId', at: '"id"', data: { suggestion: '"story_id"' }, fixes: [{ output: openai('getStoryWithComments', '{ "story_id": { "type": "integer" } }') }] }],
    },
    {
      name: 'spec example process_data(input) and a payload',
      code: `[${openai('process_data', '{ "input": { "type": "string" } }')}, ${openai('update_record', '{ "record_id": { "type": "string" }, "payload": { "type": "string" } }')}]`,
      errors: [
        { messageId: 'vagueName', at: '"input"', data: { name: 'input' }, fixes: [] },
        { messageId: 'vagueName', at: '"payload"', data: { name: 'payload' }, fixes: [] },
      ],
    },
    {
      name: 'lone value, data and args',
      code: mcp('set_thermostat', '{ "value": { "type": "number" }, "data": { "type": "object" }, "args": { "type": "array" } }'),
      errors: [
        { messageId: 'vagueName', at: '"value"' },
        { messageId: 'vagueName', at: '"data"' },
        { messageId: 'vagueName', at: '"args"' },
      ],
    },
    {
      name: 'vague word in the tool name without a qualifier (process_data(data)) and upper-case ID',
      code: `[${anthropic('process_data', '{ "data": { "type": "string" } }')}, ${anthropic('get_ticket', '{ "ID": { "type": "string" } }')}]`,
      errors: [
        { messageId: 'vagueName', at: '"data"' },
        { messageId: 'vagueId', at: '"ID"', data: { suggestion: '"ticket_id"' }, fixes: [{ output: `[${anthropic('process_data', '{ "data": { "type": "string" } }')}, ${anthropic('get_ticket', '{ "ticket_id": { "type": "string" } }')}]` }] },
      ],
    },
    {
      name: 'MCP, multi-line: get_order(id) → order_id in properties and required, nothing else',
      code: `{
  "name": "get_order",
  "description": "Use this when the user asks about one order, by its id.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "id": { "type": "string", "description": "The order id, as in 'id' of list_orders." },
      "include_items": { "type": "boolean", "description": "Also return the lines." }
    },
    "required": ["id"]
  }
}`,
      errors: [
        {
          messageId: 'vagueId',
          at: '"id"',
          fixes: [
            {
              title: 'Rename "id" to "order_id"',
              output: `{
  "name": "get_order",
  "description": "Use this when the user asks about one order, by its id.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "order_id": { "type": "string", "description": "The order id, as in 'id' of list_orders." },
      "include_items": { "type": "boolean", "description": "Also return the lines." }
    },
    "required": ["order_id"]
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: 'Gemini declaration: cancel_booking_by_id(id) → booking_id',
      code: `{ "functionDeclarations": [ { "name": "cancel_booking_by_id", "description": "Use this when the user wants to cancel a booking.", "parameters": { "type": "OBJECT", "properties": { "id": { "type": "STRING", "description": "Booking to cancel." } }, "required": ["id"] } } ] }`,
      errors: [{ messageId: 'vagueId', at: '"id"', fixes: [{ output: `{ "functionDeclarations": [ { "name": "cancel_booking_by_id", "description": "Use this when the user wants to cancel a booking.", "parameters": { "type": "OBJECT", "properties": { "booking_id": { "type": "STRING", "description": "Booking to cancel." } }, "required": ["booking_id"] } } ] }` }] }],
    },
    {
      name: 'no rename when the new name is already a property',
      code: anthropic('get_order', '{ "id": { "type": "string" }, "order_id": { "type": "string" } }'),
      errors: [{ messageId: 'vagueId', at: '"id"', fixes: [] }],
    },
  ],
});
