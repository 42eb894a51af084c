/**
 * `npm run fuzz -- --runs N [--seed S] [--max-kb K] [--mutations M] [--ms-per-kb B] [--pump-n P] [--pump-ms T]
 * [--values V] [--eval-sets E]`: the long fuzz profile. First the regex pump (test/fuzz/regexPump.ts): every
 * pattern the engine runs, alone on runs of P repeated characters, fails over T ms. Then it mutates real tool
 * files (test/fuzz/fuzz.ts has the mutations and the properties), checks V tool files and E evaluation sets made
 * of arbitrary JSON values (test/fuzz/values.ts; defaults N / 4 and N), prints the runs, the failures (with
 * fast-check's seed and path to replay them) and the slowest inputs per KB, and exits 1 when a property fails or
 * an input takes longer than the bound (B ms per KB, with a floor of 1 KB per input, plus 500 ms per `pattern`
 * for redos-detector), measured again with the engine's caches emptied before it counts.
 */
import fc from 'fast-check';
import { applyCase, caseArb, checkText, loadSources, type Case, type CheckResult } from './fuzz';
import { checkEvalSet, evalInputArb, toolFileArb } from './values';
import { collectRegexes, describeInput, pump, type PumpResult } from './regexPump';
import { clearEngineCaches, lintText } from '../../shared/src/linter';
import { getHover } from '../../shared/src/hover';
import { completionsAt, documentOutline, targetAt } from '../../shared/src/navigation';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1] !== undefined) return Number(process.argv[i + 1]);
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? Number(eq.slice(name.length + 3)) : fallback;
}

const runs = arg('runs', 2000);
const seed = arg('seed', Date.now() % 2 ** 31);
const maxKb = arg('max-kb', 256);
const maxMutations = arg('mutations', 4);
const msPerKb = arg('ms-per-kb', 25);
const path = process.argv.find((a) => a.startsWith('--path='))?.slice(7);
const pumpN = arg('pump-n', 400);
const pumpMs = arg('pump-ms', 25);
const valueRuns = arg('values', Math.ceil(runs / 4));
const evalRuns = arg('eval-sets', runs);
/** `--only=mutations,values,eval-sets`: the phases to run (all by default; the regex pump runs with mutations). */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const phase = (name: string) => !only || only.includes(name);
/** Allowance per `pattern` in an input: redos-detector's verdict on one pattern takes up to about 400 ms (README Limits). */
const PATTERN_MS = 500;

const sources = loadSources(maxKb * 1024);
console.log(`toolschema fuzz: ${runs} runs, seed ${seed}, ${sources.length} source files (≤ ${maxKb} KB), ≤ ${maxMutations} mutations per input, bound ${msPerKb} ms/KB`);

// Warm-up: the first lint of a process compiles the JSON Schema meta-schemas (about 100 ms); not an input's cost.
for (const s of sources.slice(0, 20)) checkText(s.text, { maxFixedFindings: 1, keyOrder: false, fixAll: true });

// The regex pump (test/fuzz/regexPump.ts): every pattern the engine runs on a sample of the sources (lint, fixes,
// fix-all, hover, completion, navigation), alone on pumped strings of pumpN repeated characters; over pumpMs is a failure.
let pumpFailures: PumpResult[] = [];
if (phase('mutations')) {
  const pumpStarted = Date.now();
  const sample = sources.filter((_, i) => i % Math.max(1, Math.floor(sources.length / 600)) === 0);
  const patterns = collectRegexes(() => {
    for (const s of sample) {
      checkText(s.text, { maxFixedFindings: 8, keyOrder: false, fixAll: true });
      // The editor's requests too: hover, completion, navigation and the outline at 24 places in the file.
      const lint = lintText(`file:///pump/${s.name}`, s.text);
      documentOutline(lint);
      for (let k = 0; k < 24; k++) {
        const offset = Math.floor((k * s.text.length) / 24);
        getHover(lint, offset);
        completionsAt(lint, offset);
        targetAt(lint, offset);
      }
    }
  });
  const pumped: PumpResult[] = patterns.map((re) => pump(re, pumpN)).sort((a, b) => b.ms - a.ms);
  pumpFailures = pumped.filter((r) => r.ms > pumpMs);
  console.log(`regex pump: ${patterns.length} patterns run while checking ${sample.length} files, each alone on runs of ${pumpN} characters, ${((Date.now() - pumpStarted) / 1000).toFixed(0)} s, ${pumpFailures.length} over ${pumpMs} ms; slowest:`);
  for (const r of pumped.slice(0, 5)) console.log(`  ${r.ms.toFixed(2).padStart(8)} ms  ${describeInput(r.input)}  /${r.re.source.slice(0, 100)}${r.re.source.length > 100 ? '…' : ''}/${r.re.flags}`);
  for (const r of pumpFailures) console.log(`  FAILED: /${r.re.source}/${r.re.flags} took ${r.ms.toFixed(1)} ms on ${describeInput(r.input)}`);
}

/**
 * Adds a problem to `r` when its input took longer than the bound. Timings on a shared machine are noisy: an
 * input over the bound is measured again before it counts, with the engine's caches emptied (a warm second lint
 * would hide what the first one cost).
 */
function checkTime(text: string, r: CheckResult): void {
  const kb = Math.max(1, text.length / 1024);
  if (r.lintMs / kb <= msPerKb) return;
  clearEngineCaches();
  const again = checkText(text, { maxFixedFindings: 0, keyOrder: false, fixAll: false });
  const allowance = PATTERN_MS * new Set(text.match(/"pattern"\s*:\s*"(?:[^"\\]|\\.)*"/g) ?? []).size;
  if (again.lintMs > msPerKb * kb + allowance) {
    overBound++;
    r.problems.push(`lint took ${again.lintMs.toFixed(1)} ms for ${(text.length / 1024).toFixed(1)} KB (bound ${msPerKb} ms/KB${allowance ? ` + ${allowance} ms for its patterns` : ''}, caches emptied)`);
  }
}

const slowest: { perKb: number; ms: number; kb: number; source: string; c: Case }[] = [];
let done = 0;
let fixes = 0;
let bytes = 0;
let overBound = 0;
const failures: string[] = [];

/** Reports a failed fast-check run (with the arguments that replay it) and remembers it. */
function report<T>(phase: string, result: fc.RunDetails<T>): void {
  if (!result.failed) return;
  failures.push(phase);
  console.log(`\nFAILED (${phase}) after ${result.numRuns} runs; replay with --only=${phase} --seed ${result.seed} --path=${result.counterexamplePath}:`);
  console.log(`counterexample: ${JSON.stringify(result.counterexample).slice(0, 2000)}`);
  console.log(String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance).slice(0, 4000));
}

const settings = { seed, ...(path ? { path } : {}), endOnFailure: process.argv.includes('--no-shrink') };

if (phase('mutations')) {
  const started = Date.now();
  const result = fc.check(
    fc.property(caseArb(sources.length, maxMutations), (c) => {
      const text = applyCase(sources, c);
      const r = checkText(text, { maxFixedFindings: 4, keyOrder: true, fixAll: true });
      done++;
      fixes += r.fixes;
      bytes += text.length;
      const kb = Math.max(1, text.length / 1024);
      const perKb = r.lintMs / kb;
      slowest.push({ perKb, ms: r.lintMs, kb: text.length / 1024, source: sources[c.source % sources.length]!.name, c });
      slowest.sort((a, b) => b.perKb - a.perKb);
      slowest.length = Math.min(slowest.length, 5);
      checkTime(text, r);
      if (done % 500 === 0) console.log(`  ${done} runs, ${((Date.now() - started) / 1000).toFixed(0)} s`);
      if (r.problems.length > 0) throw new Error(r.problems.join('\n'));
    }),
    { numRuns: runs, ...settings },
  );
  console.log(`\nmutations: ${done} inputs checked (${(bytes / 1e6).toFixed(1)} MB), ${fixes} fixes applied and checked, ${((Date.now() - started) / 1000).toFixed(0)} s, ${overBound} over the time bound`);
  console.log('slowest inputs per KB (first lint, cold caches for the mutated tool):');
  for (const s of slowest) console.log(`  ${s.perKb.toFixed(2).padStart(7)} ms/KB  ${s.ms.toFixed(1).padStart(7)} ms  ${s.kb.toFixed(1).padStart(7)} KB  from ${s.source}  ${JSON.stringify(s.c.mutations).slice(0, 160)}`);
  report('mutations', result);
}

if (phase('values') && valueRuns > 0) {
  const started = Date.now();
  let n = 0;
  let valueFixes = 0;
  let valueBytes = 0;
  let worst = { perKb: 0, ms: 0, kb: 0 };
  const before = overBound;
  const result = fc.check(
    fc.property(toolFileArb, (text) => {
      const r = checkText(text, { maxFixedFindings: 8, keyOrder: true, fixAll: true });
      n++;
      valueFixes += r.fixes;
      valueBytes += text.length;
      const kb = Math.max(1, text.length / 1024);
      if (r.lintMs / kb > worst.perKb) worst = { perKb: r.lintMs / kb, ms: r.lintMs, kb: text.length / 1024 };
      checkTime(text, r);
      if (r.problems.length > 0) throw new Error(r.problems.join('\n'));
    }),
    { numRuns: valueRuns, ...settings },
  );
  console.log(`\nvalues: ${n} tool files of arbitrary JSON values checked (${(valueBytes / 1e6).toFixed(1)} MB), ${valueFixes} fixes applied and checked, ${((Date.now() - started) / 1000).toFixed(0)} s, ${overBound - before} over the time bound; slowest ${worst.perKb.toFixed(2)} ms/KB (${worst.ms.toFixed(1)} ms, ${worst.kb.toFixed(1)} KB)`);
  report('values', result);
}

if (phase('eval-sets') && evalRuns > 0) {
  const started = Date.now();
  let n = 0;
  const result = fc.check(
    fc.property(evalInputArb, (input) => {
      n++;
      const problems = checkEvalSet(input);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    }),
    { numRuns: evalRuns, ...settings },
  );
  console.log(`\neval-sets: ${n} evaluation sets (with or without a results file) of arbitrary JSON values checked, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  report('eval-sets', result);
}

if (pumpFailures.length > 0) {
  failures.push('pump');
  console.log(`\nFAILED: ${pumpFailures.length} pattern(s) over ${pumpMs} ms in the regex pump (above)`);
}
if (failures.length > 0) process.exit(1);
console.log('\nall properties held');
