import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/annotation-contradiction';

const mcp = (name: string, annotations: string) =>
  `{ "name": "${name}", "description": "Use this when the user asks for it.", "inputSchema": { "type": "object", "properties": {} }, "annotations": ${annotations} }`;

runRuleTests(rule, {
  valid: [
    { name: 'read-only query', code: mcp('list_backups', '{ "readOnlyHint": true, "openWorldHint": false }') },
    { name: 'destructive mutation', code: mcp('delete_backup', '{ "readOnlyHint": false, "destructiveHint": true }') },
    { name: 'read-only with idempotentHint false is not a contradiction (ignored by MCP)', code: mcp('get_backup', '{ "readOnlyHint": true, "idempotentHint": false, "destructiveHint": false }') },
    { name: 'destructiveHint true with readOnlyHint absent', code: mcp('drop_table', '{ "destructiveHint": true }') },
    { name: 'string "true" is not an explicit boolean hint', code: mcp('get_backup', '{ "readOnlyHint": "true", "destructiveHint": true }') },
  ],
  invalid: [
    {
      name: 'readOnlyHint true with destructiveHint true',
      code: mcp('list_backups', '{ "readOnlyHint": true, "destructiveHint": true }'),
      errors: [{ messageId: 'readOnlyDestructive', at: 'true', occurrence: 2, data: { name: 'list_backups' } }],
    },
    {
      name: 'destructiveHint first, in a tools/list result',
      code: `{ "result": { "tools": [${mcp('get_user', '{ "readOnlyHint": false }')}, ${mcp('delete_user', '{ "destructiveHint": true, "title": "Delete user", "readOnlyHint": true }')}] } }`,
      errors: [{ messageId: 'readOnlyDestructive', at: 'true', occurrence: 1, data: { name: 'delete_user' } }],
    },
    {
      name: 'pretty-printed GitHub-style annotations',
      code: '{\n  "name": "delete_issue_comment",\n  "description": "Use this to delete a comment on an issue.",\n  "inputSchema": { "type": "object", "properties": {} },\n  "annotations": {\n    "title": "Delete comment",\n    "readOnlyHint": true,\n    "destructiveHint": true\n  }\n}',
      errors: [{ messageId: 'readOnlyDestructive', range: '8:24-8:28' }],
    },
  ],
});
