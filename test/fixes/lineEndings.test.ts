/**
 * Fixes keep the file's line endings: the same corpus file written with \n, \r\n or a lone \r (old Mac style;
 * LSP counts all three as line breaks) gets the same fixes, apart from the line breaks themselves. A fix
 * that inserts a property puts it on its own line in all three, and writes the file's own line break.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { corpusDir, corpusFiles } from '../../tools/corpus';
import { fixAll, fixesFor } from '../../shared/src/fix';
import { lintText } from '../../shared/src/linter';
import { applyEdits, hasLineBreak, indentAt, lineStartOf } from '../../shared/src/fixes/edits';

const TODAY = '2026-11-22';
const EOLS = [
  ['crlf', '\r\n'],
  ['cr', '\r'],
] as const;

/** Every line break in `s` is `eol`. */
function onlyBreaks(s: string, eol: string): boolean {
  const breaks = s.match(/\r\n|\r|\n/g) ?? [];
  return breaks.every((b) => b === eol);
}

describe('fixes keep the line endings', () => {
  it('the helpers count \\n, \\r\\n and a lone \\r as line breaks', () => {
    assert.equal(hasLineBreak('{\r  "a": 1}', 0, 11), true);
    assert.equal(hasLineBreak('{\r\n  "a": 1}', 0, 12), true);
    assert.equal(hasLineBreak('{ "a": 1 }\r', 0, 10), false);
    assert.equal(lineStartOf('a\rb\r  c', 6), 4);
    assert.equal(lineStartOf('a\r\n  c', 5), 3);
    assert.equal(indentAt('{\r    "a": 1\r}', 9), '    ');
  });

  it('an inserted property goes on its own line in a \\r-only file, as in the \\n file', () => {
    // Strict mode without "additionalProperties": false: the safe fix inserts it after "required".
    const lf = '[\n  {\n    "type": "function",\n    "name": "get_page",\n    "description": "Use this when the user asks for one page of the search results for a query, newest first.",\n    "strict": true,\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "page": { "type": "integer", "minimum": 1, "maximum": 100, "description": "The page number, from 1." }\n      },\n      "required": ["page"]\n    }\n  }\n]\n';
    const fixedLf = fixAll('file:///p.tool.json', lf, { today: TODAY }).output;
    assert.notEqual(fixedLf, lf, 'the sample has something to fix');
    const cr = lf.replace(/\n/g, '\r');
    const fixedCr = fixAll('file:///p.tool.json', cr, { today: TODAY }).output;
    assert.ok(onlyBreaks(fixedCr, '\r'), `a \\n was written into a \\r file:\n${JSON.stringify(fixedCr)}`);
    assert.equal(fixedCr.replace(/\r/g, '\n'), fixedLf);
    assert.match(fixedLf, /\],\n {6}"additionalProperties": false\n/, 'the inserted property is on its own line');
  });

  it('corpus files: every fix offered on the \\r\\n and \\r versions equals the fix on the \\n version, line breaks aside', () => {
    const dir = corpusDir();
    const files = corpusFiles(dir);
    assert.ok(files.length > 200);
    const problems: string[] = [];
    let compared = 0;
    let fixes = 0;
    for (const path of files) {
      const raw = readFileSync(path, 'utf8');
      // Only files whose line breaks are all layout: a raw line break inside a string (not valid JSON, but
      // read) would be a different string in each version.
      if ((raw.match(/"(?:[^"\\]|\\[\s\S])*"/g) ?? []).some((str) => /[\r\n]/.test(str))) continue;
      const lf = raw.replace(/\r\n?/g, '\n');
      if (!lf.includes('\n') || lf.length > 200_000) continue;
      const rel = relative(dir, path);
      const base = lintText(path, lf, { today: TODAY });
      compared++;
      for (const [label, eol] of EOLS) {
        const text = lf.replace(/\n/g, eol);
        const lint = lintText(path, text, { today: TODAY });
        if (lint.findings.length !== base.findings.length) {
          problems.push(`${rel} (${label}): ${lint.findings.length} findings, not ${base.findings.length}`);
          continue;
        }
        // The first 40 findings' fixes, suggestions included, and fix-all.
        for (let k = 0; k < Math.min(40, base.findings.length); k++) {
          const want = fixesFor(base, base.findings[k]!, { today: TODAY });
          const got = fixesFor(lint, lint.findings[k]!, { today: TODAY });
          if (got.length !== want.length) {
            problems.push(`${rel} (${label}): ${base.findings[k]!.rule} offers ${got.length} fixes, not ${want.length}`);
            continue;
          }
          for (let j = 0; j < want.length; j++) {
            if (want[j]!.createFile) continue;
            fixes++;
            const out = applyEdits(text, got[j]!.edits);
            if (!onlyBreaks(out, eol)) problems.push(`${rel} (${label}): "${got[j]!.title}" mixes line breaks`);
            else if (out.split(eol).join('\n') !== applyEdits(lf, want[j]!.edits)) problems.push(`${rel} (${label}): "${got[j]!.title}" differs from the \\n version's`);
          }
        }
        const all = fixAll(path, text, { today: TODAY }).output;
        if (!onlyBreaks(all, eol)) problems.push(`${rel} (${label}): fix-all mixes line breaks`);
        else if (all.split(eol).join('\n') !== fixAll(path, lf, { today: TODAY }).output) problems.push(`${rel} (${label}): fix-all differs from the \\n version's`);
      }
    }
    assert.ok(compared > 150 && fixes > 1000, `compared ${compared} files, ${fixes} fixes`);
    assert.deepEqual(problems.slice(0, 10), [], `${problems.length} differences`);
  });
});
