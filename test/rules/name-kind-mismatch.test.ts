import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/name-kind-mismatch';

const mcp = (name: string, annotations: string) =>
  `{ "name": "${name}", "description": "Use this when the user asks for it.", "inputSchema": { "type": "object", "properties": {} }, "annotations": ${annotations} }`;

runRuleTests(rule, {
  valid: [
    { name: 'query verb, read-only', code: mcp('get_order', '{ "readOnlyHint": true, "openWorldHint": false }') },
    { name: 'absent hints never count (defaults are not contradictions)', code: `[${mcp('list_orders', '{ "title": "List orders" }')}, ${mcp('delete_order', '{}')}]` },
    { name: 'mutation, not read-only, additive', code: mcp('create_issue', '{ "readOnlyHint": false, "destructiveHint": false }') },
    { name: 'delete with destructiveHint true', code: mcp('delete_branch', '{ "readOnlyHint": false, "destructiveHint": true }') },
    {
      name: 'ambiguous action verbs are not judged (Playwright screenshot, evaluate, run)',
      code: `[${mcp('browser_take_screenshot', '{ "readOnlyHint": true }')}, ${mcp('browser_evaluate', '{ "readOnlyHint": false, "destructiveHint": true }')}, ${mcp('run_sql_query', '{ "readOnlyHint": true }')}]`,
    },
    { name: 'name says it does both (get_or_create)', code: mcp('get_or_create_user', '{ "readOnlyHint": false }') },
    { name: 'noun-led name ending with a read verb', code: mcp('order_status_lookup', '{ "readOnlyHint": true }') },
    { name: 'null hints do not count', code: mcp('search_packages', '{ "readOnlyHint": true, "destructiveHint": null }') },
    { name: 'noun phrases led by an ambiguous write verb, read-only (sync_status, close_price)', code: `[${mcp('sync_status', '{ "readOnlyHint": true }')}, ${mcp('close_price', '{ "readOnlyHint": true }')}, ${mcp('merge_request_diff', '{ "readOnlyHint": true }')}]` },
  ],
  invalid: [
    {
      name: 'get_x with readOnlyHint false',
      code: mcp('get_order', '{ "readOnlyHint": false }'),
      errors: [{ messageId: 'queryNotReadOnly', at: '"get_order"', data: { verb: 'get', hint: '"readOnlyHint": false' } }],
    },
    {
      name: 'search with destructiveHint true (readOnlyHint absent)',
      code: mcp('search_issues', '{ "destructiveHint": true, "openWorldHint": true }'),
      errors: [{ messageId: 'queryNotReadOnly', at: '"search_issues"', data: { hint: '"destructiveHint": true' } }],
    },
    {
      name: 'mutation and action verbs marked read-only',
      code: `{ "tools": [${mcp('update_issue', '{ "readOnlyHint": true }')}, ${mcp('send_email', '{ "readOnlyHint": true }')}] }`,
      errors: [
        { messageId: 'writeReadOnly', at: '"update_issue"', data: { verb: 'update' } },
        { messageId: 'writeReadOnly', at: '"send_email"', data: { verb: 'send' } },
      ],
    },
    {
      name: 'destructive verb marked additive',
      code: mcp('delete_file', '{ "readOnlyHint": false, "destructiveHint": false, "idempotentHint": true }'),
      errors: [{ messageId: 'destructiveNotDestructive', at: '"delete_file"', data: { verb: 'delete' } }],
    },
    {
      name: 'namespaced name',
      code: mcp('github_remove_label', '{ "destructiveHint": false }'),
      errors: [{ messageId: 'destructiveNotDestructive', at: '"github_remove_label"', data: { verb: 'remove' } }],
    },
    {
      name: 'ambiguous write verbs acting on an object, marked read-only (archive_project, close_issue)',
      code: `{ "tools": [${mcp('archive_project', '{ "readOnlyHint": true }')}, ${mcp('close_issue', '{ "readOnlyHint": true, "openWorldHint": true }')}] }`,
      errors: [
        { messageId: 'writeReadOnly', at: '"archive_project"', data: { verb: 'archive' } },
        { messageId: 'writeReadOnly', at: '"close_issue"', data: { verb: 'close' } },
      ],
    },
    {
      name: 'computation verb marked destructive',
      code: mcp('calculate_shipping_cost', '{ "readOnlyHint": false, "destructiveHint": true }'),
      errors: [{ messageId: 'queryNotReadOnly', at: '"calculate_shipping_cost"', data: { verb: 'calculate' } }],
    },
  ],
});
