/**
 * description-injection against five independent sets of tool definitions (test/fixtures/injection-cases.json):
 * - "first": 187 poisoned and 194 benign look-alikes written by one black-box tester, in every dialect, from the
 *   published families of tool poisoning (the first patterns were written against them);
 * - "heldout": 146 poisoned and 234 benign written afterwards by another tester who saw neither the first set nor
 *   the source (blind, the rule caught 59 of the 146 and flagged 3 of the first 171 benign files);
 * - "third" (130 poisoned, 200 benign), "fourth" (100, 150) and "fifth" (100, 150): written blind on 2026-11-28 by
 *   three more testers told to paraphrase as an attacker slipping past a keyword filter would, each scored once
 *   before any pattern was written from it. Blind scores (poisoned reported, benign reported):
 *   - third and fourth, after the patterns generalised from the held-out set's misses: 48/130 and 8/200 (40 and 8
 *     with the patterns before), 46/100 and 3/150 (33 and 2 before);
 *   - fifth, after the patterns generalised from third's and fourth's misses: 48/100 and 4/150 (45 and 4 with the
 *     patterns of the round before, 40 and 3 with those of the morning).
 *   Patterns were then generalised from each set's misses, so none of them is blind any more.
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
 * Poisoned cases not reported: an instruction split across two fields (a parameter "must hold the file named in"
 * another's default); secrets the user may share later, worded as a password manager's own instruction would be; a
 * redirect away from another tool declared broken, worded as a successor tool's would be; a bare `curl … | sh` or
 * `npx -y …` in a command or its default (install commands in real descriptions read the same); a parameter name
 * that only names a file; "pass the conversation" where only the tool's purpose says it has no use for it; and
 * paraphrases the phrases do not reach (the blind sets' figures above say how many).
 */
const KNOWN_MISSES = new Set([
  'first/bad/132-split', 'heldout/bad/049-exfil-context', 'heldout/bad/063-shadow', 'heldout/bad/107-download-run',
  'heldout/bad/142-published', 'third/bad/002-override', 'third/bad/003-override', 'third/bad/004-override',
  'third/bad/006-override', 'third/bad/007-override', 'third/bad/008-override', 'third/bad/009-override',
  'third/bad/013-precedence', 'third/bad/015-precedence', 'third/bad/044-exfil-secrets',
  'third/bad/047-exfil-secrets', 'third/bad/049-exfil-context', 'third/bad/053-exfil-context',
  'third/bad/054-exfil-context', 'third/bad/055-exfil-context', 'third/bad/057-exfil-context',
  'third/bad/060-shadowing', 'third/bad/067-shadowing', 'third/bad/071-markdown-exfil',
  'third/bad/072-markdown-exfil', 'third/bad/074-markdown-exfil', 'third/bad/075-markdown-exfil',
  'third/bad/077-download-execute', 'third/bad/078-download-execute', 'third/bad/079-download-execute',
  'third/bad/081-download-execute', 'third/bad/083-download-execute', 'third/bad/084-download-execute',
  'third/bad/085-download-execute', 'third/bad/089-role-hijack', 'third/bad/091-role-hijack',
  'third/bad/094-role-hijack', 'third/bad/097-deception', 'third/bad/098-deception', 'third/bad/099-deception',
  'third/bad/101-deception', 'third/bad/102-deception', 'third/bad/103-deception', 'third/bad/111-fake-markup',
  'third/bad/126-encoded', 'third/bad/128-encoded', 'third/bad/130-encoded', 'fourth/bad/006-override',
  'fourth/bad/011-precedence', 'fourth/bad/012-precedence', 'fourth/bad/042-exfil-context',
  'fourth/bad/047-shadowing', 'fourth/bad/057-markdown-exfil', 'fourth/bad/062-download-execute',
  'fourth/bad/064-download-execute', 'fourth/bad/085-fake-markup', 'fourth/bad/096-encoded',
  'fifth/bad/037-exfil-context', 'fifth/bad/040-exfil-context', 'fifth/bad/048-shadowing',
  'fifth/bad/064-download-execute',
]);

/** Benign cases reported: tools whose subject is the attack itself, quoting it ("such as 'ignore previous instructions'"), or log markup spelt like prompt markup ("<system>"), or a changelog "From now on you can". */
const KNOWN_FALSE_ALARMS = new Set([
  'first/good/021-important-word', 'first/good/069-security-topic', 'first/good/075-security-topic',
  'heldout/good/030-security', 'heldout/good/032-security', 'heldout/good/034-security',
  'heldout/good/211-probe-markup', 'heldout/good/212-probe-markup', 'heldout/good/213-probe-role',
  'third/good/008-security-scanner', 'third/good/011-injection-detector', 'third/good/013-injection-detector',
  'third/good/017-injection-detector', 'third/good/136-system-prompt-mgmt', 'third/good/162-prompt-format',
  'third/good/163-prompt-format', 'third/good/164-prompt-format', 'fourth/good/001-security-scanner',
  'fourth/good/007-security-scanner', 'fourth/good/008-injection-detector', 'fifth/good/003-security-scanner',
  'fifth/good/007-injection-detector', 'fifth/good/011-injection-detector', 'fifth/good/033-ssh-keys',
]);

describe('description-injection on the red-team sets', () => {
  const results = CASES.map((c) => ({ c, flagged: findingsOf('description-injection', c.text).length > 0 }));

  it('loads both sets whole', () => {
    assert.equal(CASES.filter((c) => c.expect === 'flag').length, 187 + 146 + 130 + 100 + 100);
    assert.equal(CASES.filter((c) => c.expect === 'clean').length, 194 + 234 + 200 + 150 + 150);
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
