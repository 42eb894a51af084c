import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mayBacktrackExponentially, refillRegexTime } from '../../shared/src/analysis/jsonSchema';
import { lintText } from '../../shared/src/linter';
import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/pattern-unsafe';

const tool = (pattern: string, key = 'input_schema') =>
  `{"name": "create_user", "description": "Use this when an administrator asks to create a user account.", "${key}": {"type": "object", "properties": {"username": {"type": "string", "pattern": ${JSON.stringify(pattern)}}}, "required": ["username"]}}`;

runRuleTests(rule, {
  valid: [
    { name: 'simple anchored class', code: tool('^[a-zA-Z0-9_]{3,32}$') },
    { name: 'the common e-mail pattern (only polynomial ambiguity)', code: tool('^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$') },
    { name: 'separated repetition is unambiguous', code: tool('^[a-z0-9]+(?:-[a-z0-9]+)*$', 'inputSchema') },
    { name: 'RFC hostname pattern (nested group, but each loop ends with a dot)', code: tool('^(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])\\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9])$') },
    { name: 'a pattern that does not compile is left to schema-invalid', code: tool('([a-z]+') },
  ],
  invalid: [
    {
      name: 'a catastrophic pattern in the MCP result schema',
      code: `{ "name": "get_invoice", "description": "Use this when the user asks about one invoice by its number. Returns the invoice.", "inputSchema": { "type": "object", "properties": { "invoice_id": { "type": "string", "description": "Invoice number." } }, "required": ["invoice_id"] }, "outputSchema": { "type": "object", "properties": { "success": { "type": "boolean" }, "code": { "type": "string", "pattern": "^(a+)+$", "description": "Code." } } } }`,
      errors: [{ messageId: 'exponential', at: '"^(a+)+$"' }],
    },
    { name: 'nested quantifier (Anthropic)', code: tool('^([a-zA-Z0-9]+)*$'), errors: [{ messageId: 'exponential', at: '"^([a-zA-Z0-9]+)*$"' }] },
    { name: 'words with optional spaces (MCP)', code: tool('^([a-z]+\\s*)+$', 'inputSchema'), errors: [{ messageId: 'exponential', at: '"^([a-z]+\\\\s*)+$"' }] },
    { name: 'nested digit runs (bare tool)', code: tool('^(\\d+)*$', 'parameters'), errors: [{ messageId: 'exponential', at: '"^(\\\\d+)*$"' }] },
    {
      name: 'nested quantifier in a patternProperties key (OpenAI chat)',
      code: `{"type": "function", "function": {"name": "set_labels", "description": "Use this to set labels.", "parameters": {"type": "object", "patternProperties": {"^(a+)+$": {"type": "string"}}}}}`,
      errors: [{ messageId: 'exponential', at: '"^(a+)+$"' }],
    },
  ],
});

describe('mayBacktrackExponentially: the patterns the analysis is run on', () => {
  it('a loop around a group holding a quantifier or an alternation, or a back-reference: maybe; anything else: no', () => {
    for (const p of ['^(a+)+$', '(a|a)*', '^(\\w+\\s?)+$', '(?:x*y)*', '((ab)*)+', '(a?){25}', '(\\d+){2,}', '(?<n>a|b)+', '(a)\\1*', '(?:[a-z]|-)+', '((a|b)c+)*', '(a{1,2})+']) assert.equal(mayBacktrackExponentially(p), true, p);
    // "R*_!n" took 58 ms of analysis and held a 1 KB file's lint over the fuzzer's 25 ms/KB bound.
    for (const p of ['R*_!n', '^[a-z]+$', '^\\d{4}-\\d{2}-\\d{2}$', '(ab)*', '[(+*]+', '\\(a+\\)+', 'a*a*a*b', '^(?:abc)+$', '(a|b)', '5CQn+Mo:(', '^(?=a+)b*$', '^(\\d{4})-(\\d{2})T(\\d{2})(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$', '((a|b)c+)?', '(\\d{2})+', '(?:a{3}b{2})*']) assert.equal(mayBacktrackExponentially(p), false, p);
  });
});

describe('pattern-unsafe under a time cap (LintOptions.regexTimeMs, the language server on a keystroke)', () => {
  it('leaves the analysis for a later lint, says the lint was deferred, and caches nothing; the later lint reports', () => {
    refillRegexTime();
    // A pattern no other test analyses (verdicts are cached per pattern).
    const text = `[${tool('^([a-z]+\\s*)+q7$')}]`;
    const capped = lintText('file:///capped.tool.json', text, { regexTimeMs: 0 });
    assert.equal(capped.deferred, true);
    assert.deepEqual(capped.findings.filter((f) => f.rule === 'pattern-unsafe'), []);
    // Nothing was cached for the tool nor for the pattern: the same text, without the cap, is analysed.
    const full = lintText('file:///capped.tool.json', text);
    assert.equal(full.deferred, undefined);
    assert.deepEqual(full.findings.filter((f) => f.rule === 'pattern-unsafe').map((f) => f.messageId), ['exponential']);
    // Known now: a capped lint answers from the cache.
    const again = lintText('file:///capped.tool.json', text, { regexTimeMs: 0 });
    assert.equal(again.deferred, undefined);
    assert.deepEqual(again.findings.filter((f) => f.rule === 'pattern-unsafe').map((f) => f.messageId), ['exponential']);
  });
});
