/**
 * Precision guard: well-written tools in every dialect (test/fixtures/clean) produce no finding at all.
 * A false alarm on a clean tool is as bad as a missed problem.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lintWorkspace } from '../../shared/src/linter';

const DIR = resolve(__dirname, '../../../test/fixtures/clean');

describe('clean, well-written tools', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.tool.json')).map((f) => ({ uri: `file://${DIR}/${f}`, text: readFileSync(resolve(DIR, f), 'utf8') }));
  it('the fixtures cover several dialects', () => {
    const results = lintWorkspace(files);
    const dialects = new Set(results.flatMap((r) => r.discovery.tools.map((t) => t.dialect)));
    for (const d of ['openai-chat', 'openai-responses', 'anthropic', 'mcp', 'gemini']) assert.ok(dialects.has(d as never), d);
  });
  for (const f of files) {
    it(`${f.uri.split('/').pop()} has no findings`, () => {
      const [r] = lintWorkspace([f]);
      assert.ok(r!.discovery.tools.length > 0);
      assert.deepEqual(r!.findings.map((x) => `${x.rule} ${x.range.start.line + 1}:${x.range.start.character + 1} ${x.message}`), []);
    });
  }
});
