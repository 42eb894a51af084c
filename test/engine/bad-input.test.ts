/**
 * Hostile and broken input never crashes or hangs the engine, and gets a clear diagnostic: truncated JSON,
 * 10,000-deep nesting, a 5 MB file, __proto__ / constructor keys, a catastrophic regex, non-string names.
 * (The test runner's timeout guards against hangs; speed itself is measured by `npm run bench`.)
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../../shared/src/linter';

function lint(text: string) {
  const errors: string[] = [];
  const res = lintText('file:///bad.tool.json', text, { onRuleError: (id, e) => errors.push(`${id}: ${String(e)}`) });
  assert.deepEqual(errors, [], 'no rule may throw');
  for (const f of res.findings) {
    assert.ok(f.offset >= 0 && f.offset + f.length <= text.length, `range inside the document: ${f.rule}`);
    assert.ok(f.message.length > 10 && !/\{\{/.test(f.message), `clear message: ${f.message}`);
  }
  return res;
}

const GOOD = JSON.stringify({ name: 'get_weather', description: 'Use this when the user asks for the current weather in a city. Returns the temperature.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name.' } }, required: ['city'] } }, null, 2);

describe('bad input', { timeout: 60_000 }, () => {
  it('truncated JSON at every length gives a parse-error and never throws', () => {
    for (let i = 0; i < GOOD.length; i += 7) {
      const res = lint(GOOD.slice(0, i));
      if (i > 0) assert.ok(res.findings.some((f) => f.rule === 'parse-error' || f.rule === 'shape-unknown'), `prefix ${i}`);
    }
  });

  it('ranges stay inside the document when a string or comment is cut short at a CRLF (an end fell between "\\r" and "\\n", or past the text)', () => {
    // Lines as LSP counts them ("\r\n", "\r", "\n"), independently of the document's own table.
    const lines = (t: string) => t.split(/\r\n|\r|\n/).map((l) => l.length);
    const inside = (t: string, p: { line: number; character: number }) => p.line < lines(t).length && p.character <= lines(t)[p.line]!;
    for (const text of ['{"type":"function","function":{/* x\r\n', '{"name":"x","description":"abc\\\r\n', '{"name":"get_weather","description":"abc\r\n', '[{"name":"x"}, /* \r\n\r\n']) {
      const res = lintText('file:///crlf.tool.json', text);
      assert.ok(res.findings.length > 0);
      for (const f of res.findings) assert.ok(inside(text, f.range.start) && inside(text, f.range.end), `${f.rule} ${JSON.stringify(f.range)} in ${JSON.stringify(text)}`);
    }
  });

  it('10,000-deep nesting is refused with one diagnostic', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const res = lint(deep);
    assert.equal(res.findings.length, 1);
    assert.equal(res.findings[0]!.rule, 'parse-error');
    assert.match(res.findings[0]!.message, /nested more than 512 levels/);
    const deepSchema = `{"name":"get_x","description":"d","parameters":${'{"type":"object","properties":{"a":'.repeat(200)}{"type":"string"}${'}}'.repeat(200)}}`;
    lint(deepSchema);
  });

  it('a 5 MB file of tools is linted', () => {
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size < 5_000_000; i++) {
      const t = GOOD.replace('"get_weather"', `"get_weather_${i}"`);
      parts.push(t);
      size += t.length + 1;
    }
    const text = `[${parts.join(',')}]`;
    assert.ok(text.length >= 5_000_000);
    const res = lint(text);
    assert.equal(res.discovery.tools.length, parts.length);
    assert.ok(!res.findings.some((f) => f.rule === 'parse-error'));
  });

  it('__proto__, constructor and prototype keys are ordinary keys', () => {
    const text = `{"name":"get_x","description":"Use this when the user asks for x.","parameters":{"type":"object","__proto__":{"polluted":true},"properties":{"__proto__":{"type":"string","description":"p"},"constructor":{"type":"integer","default":"x"},"prototype":{"type":"str"}},"required":["__proto__","constructor","toString"]}}`;
    lint(text);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('a catastrophic regex pattern is never run on hostile input', () => {
    const text = JSON.stringify({ name: 'get_x', description: 'Use this when the user asks for x.', parameters: { type: 'object', properties: { code: { type: 'string', description: 'A code.', pattern: '^(a+)+$', default: 'a'.repeat(40) + '!' } } } });
    lint(text);
  });

  it('non-string names, descriptions and schemas of the wrong type', () => {
    for (const t of [
      '{"name": 42, "description": "x", "parameters": {"type": "object"}}',
      '{"name": null, "description": ["a"], "parameters": []}',
      '{"name": {"a": 1}, "parameters": "none"}',
      '[1, "two", null, true]',
      '{"tools": [{"type": "function", "function": 5}]}',
      '{"tools": {"a": {"b": 1}}}',
      '"just a string"',
      '',
      '   ',
      '{"name":"get_x","parameters":{"type":"object","properties":{"a":5,"b":null,"c":[1]},"required":[1,null,{}]}}',
      '{"name":"get_x","parameters":{"type":["string",5],"properties":{"a":{"type":{"x":1},"enum":"no","items":7,"minimum":"1"}}}}',
    ]) {
      lint(t);
    }
  });

  it('invalid UTF-16 surrogates and NUL characters', () => {
    lint('{"name":"get_\\ud800x","description":"a\\u0000b\uD800","parameters":{"type":"object"}}');
  });
});
