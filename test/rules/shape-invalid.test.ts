import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/shape-invalid';

const SCHEMA = '{"type": "object", "properties": {"path": {"type": "string", "description": "Workspace-relative path."}}, "required": ["path"]}';
const DESC = 'Use this when the user asks to delete a file from the workspace. Returns the deleted path.';

runRuleTests(rule, {
  valid: [
    { name: 'MCP tool with annotations', code: `{"name": "delete_file", "title": "Delete file", "description": "${DESC}", "inputSchema": ${SCHEMA}, "annotations": {"title": "Delete file", "readOnlyHint": false, "destructiveHint": true, "idempotentHint": true, "openWorldHint": false}}` },
    { name: 'OpenAI chat wrapper with strict on the function', code: `{"type": "function", "function": {"name": "delete_file", "description": "${DESC}", "strict": true, "parameters": ${SCHEMA}}}` },
    { name: 'Anthropic tool, null description left to description-missing', code: `{"name": "delete_file", "description": null, "input_schema": ${SCHEMA}}` },
    { name: 'a properties map misread as a tool is not a tool', code: `[{"name": {"type": "str", "description": "Player name"}, "age": {"type": "int"}}, {"name": "delete_file", "description": "${DESC}", "parameters": ${SCHEMA}}]` },
  ],
  invalid: [
    {
      name: 'hints written as strings (MCP)',
      code: `{"name": "delete_file", "description": "${DESC}", "inputSchema": ${SCHEMA}, "annotations": {"readOnlyHint": "false", "destructiveHint": "true", "title": 5}}`,
      errors: [
        { messageId: 'hintType', at: '"false"', data: { hint: 'readOnlyHint', suggestion: 'false' } },
        { messageId: 'hintType', at: '"true"', data: { hint: 'destructiveHint', suggestion: 'true' } },
        { messageId: 'fieldType', at: '5', data: { field: 'annotations.title' } },
      ],
    },
    {
      name: 'numeric name and string strict (OpenAI chat)',
      code: `{"type": "function", "function": {"name": 42, "description": "${DESC}", "strict": "true", "parameters": ${SCHEMA}}}`,
      errors: [
        { messageId: 'nameNotString', at: '42' },
        { messageId: 'fieldType', at: '"true"', data: { field: 'strict' } },
      ],
    },
    {
      name: 'empty name and a description split into an array (Anthropic)',
      code: `{"name": "", "description": ["Deletes a file.", "Use with care."], "input_schema": ${SCHEMA}}`,
      errors: [
        { messageId: 'nameEmpty', at: '""' },
        { messageId: 'fieldType', at: '["Deletes a file.", "Use with care."]', data: { field: 'description' } },
      ],
    },
    {
      name: 'annotations given as a list, tool without a name',
      code: `[{"description": "${DESC}", "inputSchema": ${SCHEMA}, "annotations": ["readOnly"]}]`,
      errors: [
        { messageId: 'nameMissing', at: '"description"' },
        { messageId: 'annotationsType', at: '["readOnly"]' },
      ],
    },
  ],
});
