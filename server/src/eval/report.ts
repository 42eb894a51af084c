/**
 * Readable reports of a run (plain text for the terminal, Markdown for the file and the editor), and of two
 * runs side by side for `--compare`. Built from the recorded results only; the final text of the model is
 * never a score.
 */
import { printable } from '../cli/terminal';
import { appendAll } from '../../../shared/src/text';
import { codeSpan } from '../../../shared/src/hover';
import type { CaseResult, RunResult, Totals } from './runner';

export interface LabelledRun {
  /** What was run: the tool file, or `ref:path` for a git version. */
  label: string;
  run: RunResult;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The tools selected over a case's trials: `get_weather`, or `get_weather ×2, none ×1`. */
function selectedOf(c: CaseResult): string {
  const counts = new Map<string, number>();
  for (const t of c.trials) {
    const k = t.selected === null ? (t.steps === 0 ? '(request failed)' : '(none)') : t.selected;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  if (counts.size === 0) return '(not run)';
  if (counts.size === 1) return [...counts.keys()][0]!;
  return [...counts].map(([k, n]) => `${k} ×${n}`).join(', ');
}

/**
 * Whether the first call's arguments were valid, as the "argument validity" total counts them, and how many valid
 * ones did not contain `expect.arguments` ("mismatch"). Valid arguments that did not match were counted as not
 * valid here ("no (mismatch)", "0/2") while the total said 100% (an independent tester).
 */
function argsValidOf(c: CaseResult): string {
  const withCall = c.trials.filter((t) => t.argumentsValid !== null);
  if (withCall.length === 0) return '—';
  const valid = withCall.filter((t) => t.argumentsValid).length;
  const mismatch = withCall.filter((t) => t.argumentsValid && t.argumentsMatch === false).length;
  if (c.trials.length === 1) return valid ? (mismatch ? 'yes (mismatch)' : 'yes') : 'no';
  return `${valid}/${withCall.length}${mismatch ? ` (${mismatch} mismatch)` : ''}`;
}

function unauthorizedOf(c: CaseResult): string {
  const proposed = c.trials.reduce((n, t) => n + t.unauthorizedProposed, 0);
  if (proposed === 0) return c.allowedTools ? 'none proposed' : '—';
  const rejected = c.trials.every((t) => t.unauthorizedRejected !== false);
  return `${rejected ? 'yes' : 'NO'} (${proposed})`;
}

function passOf(c: CaseResult, trials: number): string {
  if (c.trials.length === 0) return 'not run';
  if (trials === 1) return c.trials[0]!.pass ? 'PASS' : 'FAIL';
  return `${c.passed}/${c.trials.length}${c.passAll ? ' PASS' : ' FAIL'}`;
}

export function totalsLines(t: Totals, trials: number): string[] {
  const lines = [
    `tool-selection accuracy  ${pct(t.toolSelectionAccuracy)} (${Math.round(t.toolSelectionAccuracy * t.trials)}/${t.trials} trials)`,
    `argument validity        ${t.argumentValidity === null ? '— (no calls)' : pct(t.argumentValidity)}`,
    `unauthorized rejected    ${t.unauthorizedProposed === 0 ? '— (none proposed)' : `${t.unauthorizedRejected}/${t.unauthorizedProposed}`}`,
    trials > 1 ? `pass^${trials}                   ${pct(t.passAllRate)} of cases (every trial passed); average ${pct(t.passRate)} of trials` : `passed                   ${t.passedTrials}/${t.trials} (${pct(t.passRate)})`,
  ];
  if (t.requestFailures) lines.push(`request failures         ${t.requestFailures} (retried or recorded)`);
  return lines;
}

/**
 * The text table, columns cut at 40 characters (the last one whole), every cell on one line: line breaks, tabs and
 * other controls in case ids and in the tool names a model chose are shown as `\n`-style escapes (a name holding
 * "\n…passed 1/1 (100%)" printed a forged summary line above the real one; an independent tester).
 */
function table(rows: string[][]): string[] {
  const shown = rows.map((r) => r.map((cell, i) => printable(i === r.length - 1 ? cell : cell.slice(0, 40))));
  // Loops, not Math.max(...) / push(...): a set of 150,000 cases is more arguments than a call may have.
  const widths = shown[0]!.map((_, i) => shown.reduce((w, r) => Math.max(w, (r[i] ?? '').length), 0));
  return shown.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd());
}

function header(r: LabelledRun, setLabel: string): string {
  const { run } = r;
  return `toolschema eval ${printable(setLabel)}: ${printable(r.label)} · ${run.provider} ${printable(run.model)} · ${run.trials} trial${run.trials === 1 ? '' : 's'} · ${run.cases.length} case${run.cases.length === 1 ? '' : 's'}${run.cancelled ? ' · CANCELLED' : ''}`;
}

export function textReport(setLabel: string, runs: readonly LabelledRun[]): string {
  const out: string[] = [];
  if (runs.length === 1) {
    const r = runs[0]!;
    out.push(header(r, setLabel), '');
    const rows = [['case', 'category', 'expected', 'selected', 'args valid', 'unauthorized rejected', 'result']];
    for (const c of r.run.cases) rows.push([c.id, c.category, c.expectedTool ?? '(none)', selectedOf(c), argsValidOf(c), unauthorizedOf(c), passOf(c, r.run.trials)]);
    appendAll(out, table(rows)).push('');
    const notes = r.run.cases.flatMap((c) => details(c, '  '));
    if (notes.length) appendAll(out, notes).push('');
    out.push(...totalsLines(r.run.totals, r.run.trials));
  } else {
    out.push(...runs.map((r, i) => `${String.fromCharCode(65 + i)}: ${header(r, setLabel)}`), '');
    const rows = [['case', 'category', 'expected', ...runs.flatMap((_, i) => [`${String.fromCharCode(65 + i)} selected`, `${String.fromCharCode(65 + i)} args`, `${String.fromCharCode(65 + i)} result`])]];
    for (const [i, c] of runs[0]!.run.cases.entries()) {
      rows.push([c.id, c.category, c.expectedTool ?? '(none)', ...runs.flatMap((r) => {
        const o = r.run.cases[i];
        return o ? [selectedOf(o), argsValidOf(o), passOf(o, r.run.trials)] : ['—', '—', 'not run'];
      })]);
    }
    appendAll(out, table(rows)).push('');
    const tl = runs.map((r) => totalsLines(r.run.totals, r.run.trials));
    const width = Math.max(...tl[0]!.map((l) => l.length)) + 2;
    out.push(`${'A'.padEnd(width)}B`);
    for (let i = 0; i < Math.max(...tl.map((x) => x.length)); i++) out.push(`${(tl[0]![i] ?? '').padEnd(width)}${tl[1]?.[i] ?? ''}`.trimEnd());
  }
  return out.join('\n') + '\n';
}

function details(c: CaseResult, indent: string): string[] {
  const out: string[] = [];
  for (const t of c.trials) {
    const items = [...t.reasons, ...t.notes];
    if (items.length === 0) continue;
    out.push(`${indent}${printable(c.id)}${c.trials.length > 1 ? ` (trial ${t.trial})` : ''}: ${printable(items.join('; '))}`);
  }
  return out;
}

/** How every Markdown report begins (files.ts recognises a report of ours by it and REPORT_MARK before replacing one). */
export const REPORT_HEADING = '# Evaluation: ';
/**
 * How every Markdown report ends: with the heading, what files.ts requires before it replaces a file at the report's
 * path (a note of the user's beginning "# Evaluation: vendor shortlist" was replaced; an independent tester).
 */
export const REPORT_MARK = '<!-- Written by toolschema eval: the next run replaces this file. -->';

/**
 * A table cell or one line of the Markdown report: line breaks as spaces, control characters (C0, C1,
 * bidirectional; from case ids, model-chosen tool names, replies, server messages) as visible escapes, as stdout
 * shows them, and Markdown and HTML escaped: a model-chosen name such as `![](https://…/pixel.png)` or
 * `<img src=…>` was an image the preview loaded, `[Re-authenticate](https://…)` a link (an independent tester).
 */
const mdCell = (s: string) => printable(s.replace(/\r?\n/g, ' ')).replace(MARKDOWN_SPECIAL, '\\$&');
/** Backslash, code, emphasis, link, image, HTML and table characters ("_" inside a name is no emphasis in GFM: kept). */
const MARKDOWN_SPECIAL = /[\\`*[\]<>|!&]/g;

export function markdownReport(setLabel: string, runs: readonly LabelledRun[]): string {
  const out: string[] = [`${REPORT_HEADING}${mdCell(setLabel)}`, ''];
  for (const [i, r] of runs.entries()) {
    const { run } = r;
    out.push(
      `${runs.length > 1 ? `**${String.fromCharCode(65 + i)}**: ` : ''}${codeSpan(printable(r.label))}, provider \`${run.provider}\`, model ${codeSpan(printable(run.model))}, ${run.trials} trial${run.trials === 1 ? '' : 's'}, ${run.date}${run.cancelled ? ' (cancelled)' : ''}  `,
    );
  }
  const limits = runs[0]!.run.limits;
  out.push(`Host limits: ${limits.maxRetries} retries, ${limits.timeoutMs} ms per request, ${limits.maxSteps} steps per trial.`, '');
  if (runs.length === 1) {
    const r = runs[0]!;
    out.push('| case | category | expected | selected | args valid | unauthorized rejected | result |', '|---|---|---|---|---|---|---|');
    for (const c of r.run.cases) out.push(`| ${[c.id, c.category, c.expectedTool ?? '(none)', selectedOf(c), argsValidOf(c), unauthorizedOf(c), passOf(c, r.run.trials)].map(mdCell).join(' | ')} |`);
  } else {
    const letters = runs.map((_, i) => String.fromCharCode(65 + i));
    out.push(`| case | category | expected | ${letters.map((l) => `${l} selected | ${l} args | ${l} result`).join(' | ')} |`, `|---|---|---|${letters.map(() => '---|---|---|').join('')}`);
    for (const [i, c] of runs[0]!.run.cases.entries()) {
      const cells = runs.flatMap((r) => {
        const o = r.run.cases[i];
        return o ? [selectedOf(o), argsValidOf(o), passOf(o, r.run.trials)] : ['—', '—', 'not run'];
      });
      out.push(`| ${[c.id, c.category, c.expectedTool ?? '(none)', ...cells].map(mdCell).join(' | ')} |`);
    }
  }
  out.push('', '## Totals', '');
  if (runs.length === 1) {
    out.push('```', ...totalsLines(runs[0]!.run.totals, runs[0]!.run.trials), '```');
  } else {
    out.push(`| | ${runs.map((_, i) => String.fromCharCode(65 + i)).join(' | ')} |`, `|---|${runs.map(() => '---|').join('')}`);
    const rowsOf = (t: Totals, k: number): [string, string][] => [
      ['tool-selection accuracy', pct(t.toolSelectionAccuracy)],
      ['argument validity', t.argumentValidity === null ? '—' : pct(t.argumentValidity)],
      ['unauthorized rejected', t.unauthorizedProposed === 0 ? '— (none proposed)' : `${t.unauthorizedRejected}/${t.unauthorizedProposed}`],
      [k > 1 ? `pass^${k} (cases)` : 'passed', k > 1 ? pct(t.passAllRate) : `${t.passedTrials}/${t.trials}`],
      ['average pass rate', pct(t.passRate)],
    ];
    const all = runs.map((r) => rowsOf(r.run.totals, r.run.trials));
    for (const [j, [name]] of all[0]!.entries()) out.push(`| ${name} | ${all.map((x) => x[j]![1]).join(' | ')} |`);
  }
  const notes: string[] = [];
  for (const [i, r] of runs.entries()) {
    for (const c of r.run.cases) {
      for (const t of c.trials) {
        const items = [...t.reasons, ...t.notes];
        if (items.length) notes.push(`- ${runs.length > 1 ? `${String.fromCharCode(65 + i)} ` : ''}**${mdCell(c.id)}**${c.trials.length > 1 ? ` (trial ${t.trial})` : ''}: ${mdCell(items.join('; '))}`);
      }
    }
  }
  if (notes.length) out.push('', '## Failures and notes', '', ...notes);
  out.push('', REPORT_MARK);
  return out.join('\n') + '\n';
}
