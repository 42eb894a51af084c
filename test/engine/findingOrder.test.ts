/**
 * Findings are sorted by offset, then by rule id compared by code units (byPosition, shared/src/linter.ts). The
 * order must be the one localeCompare gave before: every rule id is written in lower-case ASCII letters, digits
 * and hyphens, for which the two orders agree.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { byPosition } from '../../shared/src/linter';
import { RULES } from '../../shared/src/rules';
import type { Finding } from '../../shared/src/types';
import { rng } from '../fuzz/fuzz';

describe('findings order', () => {
  it('every rule id is lower-case ASCII letters, digits and hyphens', () => {
    for (const r of RULES) assert.match(r.id, /^[a-z][a-z0-9-]*$/, r.id);
  });

  it('byPosition sorts as offset, then localeCompare of the rule ids', () => {
    const random = rng(3);
    const findings: Finding[] = [];
    for (const r of RULES) for (const offset of [0, 7, 7, 40]) findings.push({ rule: r.id, offset, length: 1 } as Finding);
    // Shuffled, so that the sort has work to do.
    for (let i = findings.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [findings[i], findings[j]] = [findings[j]!, findings[i]!];
    }
    const want = [...findings].sort((a, b) => a.offset - b.offset || a.rule.localeCompare(b.rule)).map((f) => `${f.offset} ${f.rule}`);
    const got = [...findings].sort(byPosition).map((f) => `${f.offset} ${f.rule}`);
    assert.deepEqual(got, want);
    assert.notDeepEqual(
      findings.map((f) => `${f.offset} ${f.rule}`),
      want,
      'the input was not already sorted',
    );
  });
});
