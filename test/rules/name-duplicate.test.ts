import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/name-duplicate';
import { lintWorkspace } from '../../shared/src/linter';

const openai = (name: string) => `{ "type": "function", "function": { "name": "${name}", "description": "Use this when the user asks for it.", "parameters": { "type": "object", "properties": {} } } }`;
const mcp = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks for it.", "inputSchema": { "type": "object", "properties": {} } }`;
const decl = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks for it.", "parameters": { "type": "OBJECT", "properties": {} } }`;

runRuleTests(rule, {
  valid: [
    { name: 'distinct names', code: `[${openai('get_invoice')}, ${openai('list_customer_invoices')}]` },
    { name: 'names differ by case (MCP names are case-sensitive)', code: `[${mcp('getUser')}, ${mcp('get_user')}]` },
    {
      name: 'catalog of two servers: each server\'s tool list on its own',
      code: `{ "@acme/search-mcp": { "tools": [${mcp('search')}] }, "@other/web-mcp": { "tools": [${mcp('search')}] } }`,
    },
  ],
  invalid: [
    {
      name: 'same name twice in one OpenAI request: both reported',
      code: `{ "model": "gpt-4.1", "tools": [\n${openai('get_invoice')},\n${openai('get_invoice')}\n] }`,
      errors: [
        { messageId: 'inFile', at: '"get_invoice"', occurrence: 1, data: { lines: 'line 3' } },
        { messageId: 'inFile', at: '"get_invoice"', occurrence: 2, data: { lines: 'line 2' } },
      ],
    },
    {
      name: 'three copies in an MCP list',
      code: `[\n${mcp('read_file')},\n${mcp('write_file')},\n${mcp('read_file')},\n${mcp('read_file')}\n]`,
      errors: [
        { messageId: 'inFile', at: '"read_file"', occurrence: 1, data: { lines: 'lines 4, 5' } },
        { messageId: 'inFile', at: '"read_file"', occurrence: 2, data: { lines: 'lines 2, 5' } },
        { messageId: 'inFile', at: '"read_file"', occurrence: 3, data: { lines: 'lines 2, 4' } },
      ],
    },
    {
      name: 'Gemini: two declaration groups of one request',
      code: `{ "tools": [{ "functionDeclarations": [${decl('set_light_color')}] }, { "function_declarations": [${decl('set_light_color')}] }] }`,
      errors: [
        { messageId: 'inFile', at: '"set_light_color"', occurrence: 1 },
        { messageId: 'inFile', at: '"set_light_color"', occurrence: 2 },
      ],
    },
  ],
});

describe('name-duplicate across the workspace', () => {
  it('reports a tool another file defines, naming that file', () => {
    const results = lintWorkspace([
      { uri: 'file:///ws/billing.tool.json', text: `[${openai('get_invoice')}, ${openai('pay_invoice')}]` },
      { uri: 'file:///ws/legacy/old%20billing.tool.json', text: `[${openai('get_invoice')}]` },
      { uri: 'file:///ws/other.tool.json', text: `[${openai('get_weather')}]` },
    ]);
    const found = results.map((r) => r.findings.filter((f) => f.rule === 'name-duplicate'));
    assert.equal(found[0]!.length, 1);
    assert.equal(found[0]![0]!.messageId, 'inWorkspace');
    assert.match(found[0]![0]!.message, /also defined in old billing\.tool\.json:/);
    assert.equal(found[0]![0]!.tool, 'get_invoice');
    assert.equal(found[1]!.length, 1);
    assert.match(found[1]![0]!.message, /also defined in billing\.tool\.json:/);
    assert.equal(found[2]!.length, 0);
  });

  it('names the other file by its path from this one when both have the same name (x/b and y/b)', () => {
    // An independent tester: "also defined in b.tool.json" in b.tool.json read as a clash with itself.
    const results = lintWorkspace([
      { uri: 'file:///ws/x/b.tool.json', text: `[${openai('get_beta')}]` },
      { uri: 'file:///ws/y/my%20b/b.tool.json', text: `[${openai('get_beta')}]` },
    ]);
    const [x, y] = results.map((r) => r.findings.filter((f) => f.rule === 'name-duplicate').map((f) => f.message));
    assert.match(x![0]!, /also defined in \.\.\/y\/my b\/b\.tool\.json:/);
    assert.match(y![0]!, /also defined in \.\.\/\.\.\/x\/b\.tool\.json:/);
  });
});
