/**
 * description-injection against two independent sets of tool definitions (test/fixtures/injection-cases.json):
 * - "first": 187 poisoned and 194 benign look-alikes written by one black-box tester, in every dialect, from the
 *   published families of tool poisoning (the patterns of 2026-11-28 were written against them);
 * - "heldout": 146 poisoned and 234 benign written afterwards by another tester who saw neither the first set nor
 *   the source (blind, the rule caught 59 of the 146 and flagged 3 of the first 171 benign files; some patterns were
 *   then generalised from its misses, so it is no longer blind).
 * Every poisoned case must be reported and no benign one, except the known limits below; a known limit that starts
 * passing fails too, so that the lists (and the README, Limits) stay true.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findingsOf } from '../ruleTester';

interface Case {
  id: string;
  expect: 'flag' | 'clean';
  family: string;
  text: string;
}

const CASES: Case[] = JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/injection-cases.json'), 'utf8')) as Case[];

/**
 * Poisoned cases not reported: the rule matches phrases, and these say the same thing in other words (paraphrased
 * overrides, hiding and consent; shadowing that names no recognised effect; exfiltration of files outside the list
 * of known secret paths, or of context described without "so far" / "your"), in languages other than the eleven it
 * knows for the commonest phrases, or obfuscated (leetspeak, spaced or reversed letters, ROT13).
 */
const KNOWN_MISSES = new Set([
  'first/bad/023-file-read', 'first/bad/026-file-read', 'first/bad/028-file-read', 'first/bad/033-conceal',
  'first/bad/042-shadowing', 'first/bad/046-shadowing', 'first/bad/049-shadowing', 'first/bad/054-param-exfil',
  'first/bad/132-split', 'first/bad/133-split', 'first/bad/134-split', 'first/bad/142-multilingual',
  'first/bad/148-obfuscation', 'first/bad/149-obfuscation', 'first/bad/156-obfuscation',
  'first/bad/157-obfuscation', 'first/bad/158-obfuscation', 'first/bad/159-obfuscation',
  'heldout/bad/003-override', 'heldout/bad/005-override', 'heldout/bad/008-override',
  'heldout/bad/010-force-first', 'heldout/bad/014-force-first', 'heldout/bad/019-hide', 'heldout/bad/020-hide',
  'heldout/bad/021-hide', 'heldout/bad/022-hide', 'heldout/bad/023-hide', 'heldout/bad/024-hide',
  'heldout/bad/025-hide', 'heldout/bad/028-no-confirm', 'heldout/bad/032-no-confirm',
  'heldout/bad/036-no-confirm', 'heldout/bad/040-exfil-files', 'heldout/bad/041-exfil-files',
  'heldout/bad/044-exfil-files', 'heldout/bad/048-exfil-context', 'heldout/bad/049-exfil-context',
  'heldout/bad/051-exfil-context', 'heldout/bad/052-exfil-context', 'heldout/bad/053-exfil-context',
  'heldout/bad/056-shadow', 'heldout/bad/057-shadow', 'heldout/bad/058-shadow', 'heldout/bad/059-shadow',
  'heldout/bad/060-shadow', 'heldout/bad/061-shadow', 'heldout/bad/062-shadow', 'heldout/bad/063-shadow',
  'heldout/bad/065-md-exfil', 'heldout/bad/066-md-exfil', 'heldout/bad/068-md-exfil', 'heldout/bad/069-md-exfil',
  'heldout/bad/070-md-exfil', 'heldout/bad/071-md-exfil', 'heldout/bad/083-role', 'heldout/bad/084-role',
  'heldout/bad/087-role', 'heldout/bad/088-role', 'heldout/bad/090-role', 'heldout/bad/092-mislead',
  'heldout/bad/095-mislead', 'heldout/bad/096-mislead', 'heldout/bad/097-mislead',
  'heldout/bad/103-download-run', 'heldout/bad/104-download-run', 'heldout/bad/105-download-run',
  'heldout/bad/106-download-run', 'heldout/bad/107-download-run', 'heldout/bad/108-download-run',
  'heldout/bad/110-non-english', 'heldout/bad/111-non-english', 'heldout/bad/114-non-english',
  'heldout/bad/115-non-english', 'heldout/bad/116-non-english', 'heldout/bad/117-non-english',
  'heldout/bad/134-encoded', 'heldout/bad/138-encoded', 'heldout/bad/141-published', 'heldout/bad/142-published',
  'heldout/bad/144-published', 'heldout/bad/145-published',
]);

/** Benign cases reported: tools whose subject is the attack itself, quoting it ("such as 'ignore previous instructions'"), or log markup spelt like prompt markup ("<system>"), or a changelog "From now on you can". */
const KNOWN_FALSE_ALARMS = new Set([
  'first/good/021-important-word', 'first/good/069-security-topic', 'first/good/075-security-topic',
  'heldout/good/030-security', 'heldout/good/032-security', 'heldout/good/034-security',
  'heldout/good/211-probe-markup', 'heldout/good/212-probe-markup', 'heldout/good/213-probe-role',
]);

describe('description-injection on the red-team sets', () => {
  const results = CASES.map((c) => ({ c, flagged: findingsOf('description-injection', c.text).length > 0 }));

  it('loads both sets whole', () => {
    assert.equal(CASES.filter((c) => c.expect === 'flag').length, 187 + 146);
    assert.equal(CASES.filter((c) => c.expect === 'clean').length, 194 + 234);
  });

  it('reports every poisoned case but the known misses', () => {
    const missed = results.filter((r) => r.c.expect === 'flag' && !r.flagged && !KNOWN_MISSES.has(r.c.id)).map((r) => `${r.c.id} (${r.c.family})`);
    assert.deepEqual(missed, []);
  });

  it('reports no benign case but the known false alarms', () => {
    const flagged = results.filter((r) => r.c.expect === 'clean' && r.flagged && !KNOWN_FALSE_ALARMS.has(r.c.id)).map((r) => `${r.c.id} (${r.c.family})`);
    assert.deepEqual(flagged, []);
  });

  it('the known limits are still limits (remove an entry the rule now gets right)', () => {
    const stale = results.filter((r) => (KNOWN_MISSES.has(r.c.id) && r.flagged) || (KNOWN_FALSE_ALARMS.has(r.c.id) && !r.flagged)).map((r) => r.c.id);
    assert.deepEqual(stale, []);
    const ids = new Set(CASES.map((c) => c.id));
    assert.deepEqual([...KNOWN_MISSES, ...KNOWN_FALSE_ALARMS].filter((id) => !ids.has(id)), []);
  });

  it('recall and false alarms per set (printed)', (t) => {
    for (const set of ['first', 'heldout']) {
      const of = results.filter((r) => r.c.id.startsWith(set + '/'));
      const bad = of.filter((r) => r.c.expect === 'flag');
      const good = of.filter((r) => r.c.expect === 'clean');
      t.diagnostic(`${set}: ${bad.filter((r) => r.flagged).length}/${bad.length} poisoned reported, ${good.filter((r) => r.flagged).length}/${good.length} benign reported`);
    }
    assert.ok(results.length > 0);
  });
});
