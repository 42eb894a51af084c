/**
 * `npm run fuzz:protocol -- [--seed S] [--steps N] [--sessions K]`: the protocol fuzzer (test/fuzz/protocol.ts)
 * against the built server, K sessions of N steps; exits 1 when a session had a problem.
 */
import { resolve } from 'node:path';
import { fuzzProtocol } from './protocol';

async function main(): Promise<void> {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const seed = arg('--seed', 1);
  const steps = arg('--steps', 500);
  const sessions = arg('--sessions', 4);
  const server = resolve(__dirname, '../server/server.js');
  let failed = 0;
  for (let k = 0; k < sessions; k++) {
    const r = await fuzzProtocol({ seed: seed * 1000 + k, steps, server });
    console.log(`session ${k} (seed ${seed * 1000 + k}): ${steps} steps, replies ${JSON.stringify(Object.fromEntries(r.replies))}, slowest ${r.slowestMs} ms${r.problems.length ? `, ${r.problems.length} problems` : ''}`);
    console.log(`  slowest: ${r.slowest}`);
    for (const p of r.problems.slice(0, 10)) console.log('  ' + p);
    if (r.problems.length) failed++;
  }
  console.log(failed ? `${failed} of ${sessions} sessions had problems` : `all ${sessions} sessions held`);
  process.exitCode = failed ? 1 : 0;
}

void main();
