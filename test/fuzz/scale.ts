/**
 * `npm run fuzz:scale -- [--seed S] [--seconds T] [--n N]`: the scale fuzzer. A random part of a real file (an
 * array element or an object member of a corpus file under 20 KB) is repeated N and 4N times (copies with the
 * same text, with string values varied, or with every string varied a little; object keys always varied), and
 * both files are linted: a pass that takes much more than 4 times as long at 4N grows faster than the input.
 * Prints each shape whose ratio stays above 7 when measured again (and over 300 ms at 4N: below that, warm-up makes ratios of 7 from linear passes), and exits 1 if any.
 * bench/scale.ts times fixed shapes; this one looks for new ones. Timing ratios on a shared machine are noisy.
 */
import { parseTree, type Node } from 'jsonc-parser';
import { readFileSync } from 'node:fs';
import { lintText } from '../../shared/src/linter';
import { corpusFiles } from '../../tools/corpus';
import { rng } from './fuzz';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
};
const seed = arg('seed', 1);
const seconds = arg('seconds', 120);
const N = arg('n', 300);
const random = rng(seed);
const files = corpusFiles().filter((f) => /\.json$/.test(f));
const started = Date.now();
let tried = 0;
let found = 0;
console.log(`toolschema scale fuzz: seed ${seed}, ${seconds} s, N = ${N} and ${4 * N} copies, ${files.length} source files`);

function containers(root: Node): Node[] {
  const out: Node[] = [];
  const visit = (n: Node, depth: number) => {
    if ((n.type === 'array' || n.type === 'object') && (n.children?.length ?? 0) > 0) out.push(n);
    if (depth < 40) for (const c of n.children ?? []) visit(c, depth + 1);
  };
  visit(root, 0);
  return out;
}

/** The text with `part` (a child of `parent`) repeated k more times, varied by mode. */
function repeated(text: string, parent: Node, part: Node, k: number, mode: number): string {
  const body = text.slice(part.offset, part.offset + part.length);
  const copies: string[] = [];
  for (let i = 0; i < k; i++) {
    let c = body;
    if (parent.type === 'object') c = c.replace(/^"((?:[^"\\]|\\.)*)"/, (_m, key: string) => `"${key}_${i}"`);
    if (mode === 1) c = c.replace(/(:\s*)"((?:[^"\\\n]|\\.){0,200})"/g, (_m, pre: string, s: string) => `${pre}"${s}_${i}"`);
    if (mode === 2) c = c.replace(/"((?:[^"\\\n]|\\.){1,200})"/g, (m, s: string, off: number, all: string) => (/^\s*:/.test(all.slice(off + m.length)) ? m : `"${s}${i % 7}"`));
    copies.push(c);
  }
  const at = part.offset + part.length;
  return text.slice(0, at) + ',' + copies.join(',') + text.slice(at);
}

function ms(text: string): number {
  let best = Infinity;
  for (let r = 0; r < 2; r++) {
    const t = process.hrtime.bigint();
    lintText(`file:///scale${Math.random()}.tool.json`, text, { cache: false, today: '2026-11-24' });
    best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
  }
  return best;
}

while (Date.now() - started < seconds * 1000) {
  const file = files[Math.floor(random() * files.length)]!;
  const text = readFileSync(file, 'utf8');
  if (text.length > 20_000) continue;
  const root = parseTree(text);
  if (!root) continue;
  const cs = containers(root);
  if (cs.length === 0) continue;
  const parent = cs[Math.floor(random() * cs.length)]!;
  const part = parent.children![Math.floor(random() * parent.children!.length)]!;
  const mode = Math.floor(random() * 3);
  const a = repeated(text, parent, part, N, mode);
  const b = repeated(text, parent, part, 4 * N, mode);
  tried++;
  const ta = ms(a);
  const tb = ms(b);
  if (tb > 300 && tb / ta > 7) {
    const again = ms(b) / ms(a);
    if (again > 7) found++;
    if (again > 7) console.log(`grows faster than the input ${again.toFixed(1)}× (${ta.toFixed(0)} → ${tb.toFixed(0)} ms) ${file.split('/').slice(-2).join('/')} at ${part.offset} (${parent.type}, mode ${mode}) ${JSON.stringify(text.slice(part.offset, part.offset + 120))}`);
  }
}
console.log(`${tried} shapes tried in ${seconds} s, ${found} growing faster than the input`);
process.exitCode = found > 0 ? 1 : 0;
