/**
 * `npm run fuzz -- --runs N [--seed S] [--max-kb K] [--mutations M] [--ms-per-kb B]`: the long fuzz profile.
 * Mutates real tool files (test/fuzz/fuzz.ts has the mutations and the properties), prints the runs, the
 * failures (with fast-check's seed and path to replay them) and the slowest inputs per KB, and exits 1 when a
 * property fails or an input takes longer than the bound (B ms per KB, with a floor of 1 KB per input).
 */
import fc from 'fast-check';
import { applyCase, caseArb, checkText, loadSources, type Case } from './fuzz';

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

const sources = loadSources(maxKb * 1024);
console.log(`toolschema fuzz: ${runs} runs, seed ${seed}, ${sources.length} source files (≤ ${maxKb} KB), ≤ ${maxMutations} mutations per input, bound ${msPerKb} ms/KB`);

// Warm-up: the first lint of a process compiles the JSON Schema meta-schemas (about 100 ms); not an input's cost.
for (const s of sources.slice(0, 20)) checkText(s.text, { maxFixedFindings: 1, keyOrder: false, fixAll: true });

const slowest: { perKb: number; ms: number; kb: number; source: string; c: Case }[] = [];
let done = 0;
let fixes = 0;
let bytes = 0;
let overBound = 0;
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
    if (perKb > msPerKb) {
      // Timings on a shared machine are noisy: an input over the bound is measured again before it counts.
      const again = checkText(text, { maxFixedFindings: 0, keyOrder: false, fixAll: false });
      if (again.lintMs / kb > msPerKb) {
        overBound++;
        r.problems.push(`lint took ${again.lintMs.toFixed(1)} ms for ${(text.length / 1024).toFixed(1)} KB (bound ${msPerKb} ms/KB)`);
      }
    }
    if (done % 500 === 0) console.log(`  ${done} runs, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (r.problems.length > 0) throw new Error(r.problems.join('\n'));
  }),
  { numRuns: runs, seed, ...(path ? { path } : {}), endOnFailure: process.argv.includes('--no-shrink') },
);

console.log(`\n${done} inputs checked (${(bytes / 1e6).toFixed(1)} MB), ${fixes} fixes applied and checked, ${((Date.now() - started) / 1000).toFixed(0)} s, ${overBound} over the time bound`);
console.log('slowest inputs per KB (first lint, cold caches for the mutated tool):');
for (const s of slowest) console.log(`  ${s.perKb.toFixed(2).padStart(7)} ms/KB  ${s.ms.toFixed(1).padStart(7)} ms  ${s.kb.toFixed(1).padStart(7)} KB  from ${s.source}  ${JSON.stringify(s.c.mutations).slice(0, 160)}`);
if (result.failed) {
  console.log(`\nFAILED after ${result.numRuns} runs (seed ${result.seed}, replay with --seed ${result.seed} --path=${result.counterexamplePath}):`);
  console.log(`counterexample: ${JSON.stringify(result.counterexample).slice(0, 2000)}`);
  console.log(String((result as { errorInstance?: unknown }).errorInstance instanceof Error ? ((result as { errorInstance: Error }).errorInstance.message) : "").slice(0, 4000));
  process.exit(1);
}
console.log('\nall properties held');
