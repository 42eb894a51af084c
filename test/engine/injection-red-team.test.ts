/**
 * description-injection against four independent sets of tool definitions (test/fixtures/injection-cases.json):
 * - "first": 187 poisoned and 194 benign look-alikes written by one black-box tester, in every dialect, from the
 *   published families of tool poisoning (the first patterns were written against them);
 * - "heldout": 146 poisoned and 234 benign written afterwards by another tester who saw neither the first set nor
 *   the source (blind, the rule caught 59 of the 146 and flagged 3 of the first 171 benign files; patterns were
 *   then generalised from its misses twice, the second time on 2026-11-28, so it is no longer blind);
 * - "third" (130 poisoned, 200 benign) and "fourth" (100, 150): written blind on 2026-11-28, after that second
 *   generalisation, by two more testers told to paraphrase as an attacker slipping past a keyword filter would.
 *   Scored once and not used to write patterns: they measure what the phrases do on text they were not written
 *   against. third: 48/130 poisoned and 8/200 benign reported (the patterns before the generalisation: 40 and 8);
 *   fourth: 45/100 and 3/150 (before: 33 and 2).
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
 * redirect away from another tool declared broken, worded as a successor tool's would be; a bare `curl … | sh` in a
 * command's default (install commands in real descriptions read the same); a parameter name that only names a file.
 */
const KNOWN_MISSES = new Set([
  'first/bad/132-split', 'heldout/bad/049-exfil-context', 'heldout/bad/063-shadow', 'heldout/bad/107-download-run',
  'heldout/bad/142-published',
  // The blind sets (see the header): what the phrases do not catch in text they were not written against.
  'third/bad/001-override', 'third/bad/002-override', 'third/bad/003-override', 'third/bad/004-override',
  'third/bad/005-override', 'third/bad/006-override', 'third/bad/007-override', 'third/bad/008-override',
  'third/bad/009-override', 'third/bad/011-precedence', 'third/bad/012-precedence', 'third/bad/013-precedence',
  'third/bad/014-precedence', 'third/bad/015-precedence', 'third/bad/016-precedence', 'third/bad/017-precedence',
  'third/bad/018-precedence', 'third/bad/021-secrecy', 'third/bad/023-secrecy', 'third/bad/027-secrecy',
  'third/bad/031-consent-bypass', 'third/bad/032-consent-bypass', 'third/bad/033-consent-bypass',
  'third/bad/034-consent-bypass', 'third/bad/035-consent-bypass', 'third/bad/036-consent-bypass',
  'third/bad/037-consent-bypass', 'third/bad/041-exfil-secrets', 'third/bad/042-exfil-secrets',
  'third/bad/044-exfil-secrets', 'third/bad/045-exfil-secrets', 'third/bad/046-exfil-secrets',
  'third/bad/047-exfil-secrets', 'third/bad/049-exfil-context', 'third/bad/050-exfil-context',
  'third/bad/051-exfil-context', 'third/bad/052-exfil-context', 'third/bad/053-exfil-context',
  'third/bad/054-exfil-context', 'third/bad/055-exfil-context', 'third/bad/056-exfil-context',
  'third/bad/057-exfil-context', 'third/bad/058-shadowing', 'third/bad/060-shadowing', 'third/bad/061-shadowing',
  'third/bad/062-shadowing', 'third/bad/063-shadowing', 'third/bad/065-shadowing', 'third/bad/067-shadowing',
  'third/bad/071-markdown-exfil', 'third/bad/072-markdown-exfil', 'third/bad/073-markdown-exfil',
  'third/bad/074-markdown-exfil', 'third/bad/075-markdown-exfil', 'third/bad/077-download-execute',
  'third/bad/078-download-execute', 'third/bad/079-download-execute', 'third/bad/081-download-execute',
  'third/bad/083-download-execute', 'third/bad/084-download-execute', 'third/bad/085-download-execute',
  'third/bad/087-role-hijack', 'third/bad/088-role-hijack', 'third/bad/089-role-hijack', 'third/bad/090-role-hijack',
  'third/bad/091-role-hijack', 'third/bad/092-role-hijack', 'third/bad/093-role-hijack', 'third/bad/094-role-hijack',
  'third/bad/095-deception', 'third/bad/096-deception', 'third/bad/097-deception', 'third/bad/098-deception',
  'third/bad/099-deception', 'third/bad/100-deception', 'third/bad/101-deception', 'third/bad/102-deception',
  'third/bad/103-deception', 'third/bad/111-fake-markup', 'third/bad/126-encoded', 'third/bad/128-encoded',
  'third/bad/130-encoded', 'fourth/bad/001-override', 'fourth/bad/002-override', 'fourth/bad/003-override',
  'fourth/bad/004-override', 'fourth/bad/005-override', 'fourth/bad/006-override', 'fourth/bad/007-override',
  'fourth/bad/009-precedence', 'fourth/bad/011-precedence', 'fourth/bad/012-precedence', 'fourth/bad/013-precedence',
  'fourth/bad/014-precedence', 'fourth/bad/017-secrecy', 'fourth/bad/018-secrecy', 'fourth/bad/020-secrecy',
  'fourth/bad/021-secrecy', 'fourth/bad/025-consent-bypass', 'fourth/bad/026-consent-bypass',
  'fourth/bad/028-consent-bypass', 'fourth/bad/030-exfil-secrets', 'fourth/bad/032-exfil-secrets',
  'fourth/bad/034-exfil-secrets', 'fourth/bad/035-exfil-secrets', 'fourth/bad/038-exfil-context',
  'fourth/bad/039-exfil-context', 'fourth/bad/041-exfil-context', 'fourth/bad/042-exfil-context',
  'fourth/bad/043-exfil-context', 'fourth/bad/044-exfil-context', 'fourth/bad/045-shadowing',
  'fourth/bad/046-shadowing', 'fourth/bad/047-shadowing', 'fourth/bad/048-shadowing', 'fourth/bad/050-shadowing',
  'fourth/bad/051-shadowing', 'fourth/bad/052-markdown-exfil', 'fourth/bad/054-markdown-exfil',
  'fourth/bad/057-markdown-exfil', 'fourth/bad/060-download-execute', 'fourth/bad/062-download-execute',
  'fourth/bad/064-download-execute', 'fourth/bad/067-role-hijack', 'fourth/bad/068-role-hijack',
  'fourth/bad/070-role-hijack', 'fourth/bad/071-role-hijack', 'fourth/bad/073-deception', 'fourth/bad/074-deception',
  'fourth/bad/075-deception', 'fourth/bad/076-deception', 'fourth/bad/077-deception', 'fourth/bad/078-deception',
  'fourth/bad/079-deception', 'fourth/bad/083-fake-markup', 'fourth/bad/085-fake-markup', 'fourth/bad/096-encoded',
]);

/** Benign cases reported: tools whose subject is the attack itself, quoting it ("such as 'ignore previous instructions'"), or log markup spelt like prompt markup ("<system>"), or a changelog "From now on you can". */
const KNOWN_FALSE_ALARMS = new Set([
  'first/good/021-important-word', 'first/good/069-security-topic', 'first/good/075-security-topic',
  'heldout/good/030-security', 'heldout/good/032-security', 'heldout/good/034-security',
  'heldout/good/211-probe-markup', 'heldout/good/212-probe-markup', 'heldout/good/213-probe-role',
  'third/good/008-security-scanner', 'third/good/011-injection-detector', 'third/good/013-injection-detector',
  'third/good/017-injection-detector', 'third/good/136-system-prompt-mgmt', 'third/good/162-prompt-format',
  'third/good/163-prompt-format', 'third/good/164-prompt-format', 'fourth/good/001-security-scanner',
  'fourth/good/007-security-scanner', 'fourth/good/008-injection-detector',
]);

describe('description-injection on the red-team sets', () => {
  const results = CASES.map((c) => ({ c, flagged: findingsOf('description-injection', c.text).length > 0 }));

  it('loads both sets whole', () => {
    assert.equal(CASES.filter((c) => c.expect === 'flag').length, 187 + 146 + 130 + 100);
    assert.equal(CASES.filter((c) => c.expect === 'clean').length, 194 + 234 + 200 + 150);
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
