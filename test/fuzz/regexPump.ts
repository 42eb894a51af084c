/**
 * The regex pump of the long fuzz profile (`npm run fuzz`): every regular expression the engine executes while
 * linting real files is run alone on "pumped" strings, a word of its own source, then one character (or an alternating pair) repeated,
 * or one of its words and a space or a full stop repeated, then a tail that fails the match ("range" + 400 spaces + "1 x"). A pattern whose backtracking grows faster
 * than the input shows there, whatever text the rules give it in context: random mutations almost never build
 * such a string (params.ts's range pattern took 37 s on a 793-byte file, n⁴, and no fuzz run had found it).
 */

/** Runs `work` and returns every regular expression executed meanwhile (by exec, test, match, replace, split…), once each. */
export function collectRegexes(work: () => void): RegExp[] {
  const seen = new Map<string, RegExp>();
  const proto = RegExp.prototype;
  const exec = proto.exec;
  // String.prototype.match / replace / split and RegExp.prototype.test all reach the regex through its `exec`.
  proto.exec = function (this: RegExp, s: string): RegExpExecArray | null {
    const key = `${this.flags}/${this.source}`;
    if (!seen.has(key)) seen.set(key, this);
    return exec.call(this, s);
  };
  try {
    work();
  } finally {
    proto.exec = exec;
  }
  // Fresh copies without g / y: each pump starts at index 0 and may match anywhere.
  return [...seen.values()].map((re) => new RegExp(re.source, [...re.flags].filter((f) => f !== 'g' && f !== 'y').join('')));
}

/**
 * What the pump repeats: whitespace, word, digit and punctuation characters the patterns use, and pairs that
 * alternate a word character with a separator (words split by spaces, commas, underscores; camelCase; numbers).
 */
export const PUMP_UNITS = [' ', '\t', '\n', 'a', 'A', '1', '0', '.', ',', '-', '_', '(', '[', '/', ':', '"', "'", '`', '*', '{', '=', 'é', 'a ', 'a,', ', ', '. ', 'a_', 'aB', '1,', '1.', 'a-', '" '];
const TAILS = ['\u0000', '1 x', '!'];

export interface PumpResult {
  re: RegExp;
  /** The slowest pumped string and its time (the fastest of three runs of it). */
  input: string;
  ms: number;
}

/** Words of a pattern's source that the pump puts before the repeated unit (and the empty string). */
function wordsOf(re: RegExp): string[] {
  // Escapes (\b, \s, \w…) are not letters of a word: "\bSELECT" is SELECT.
  return [...new Set(re.source.replace(/\\[A-Za-z]/g, ' ').match(/[A-Za-z]{2,}/g) ?? [])].slice(0, 40);
}

function prefixesOf(re: RegExp): string[] {
  return ['', ...wordsOf(re).flatMap((w) => [w, `${w} `, `${w}1`])];
}

/** Pumps one pattern with runs of `n` characters of each unit; returns its slowest input. */
export function pump(re: RegExp, n: number): PumpResult {
  const exec = RegExp.prototype.exec;
  const time = (s: string) => {
    const t = process.hrtime.bigint();
    exec.call(re, s);
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  let worst: PumpResult = { re, input: '', ms: 0 };
  // Runs of one character after each prefix (n characters: backtracking of degree 3 or more shows at 400); and runs
  // of the pattern's own words, 50 times longer (a quadratic scan shows there: a lazy scan for FROM from every
  // SELECT, in "SELECT " repeated, took 21 s on a 400 KB description, and no run of one character shows that).
  const runs = [
    ...prefixesOf(re).flatMap((prefix) => PUMP_UNITS.map((unit) => ({ prefix, unit, length: n }))),
    ...wordsOf(re).flatMap((w) => [`${w} `, `${w}.`].map((unit) => ({ prefix: '', unit, length: n * 50 }))),
  ];
  for (const { prefix, unit, length } of runs) {
    for (const tail of TAILS) {
      const input = prefix + unit.repeat(Math.ceil(length / unit.length)) + tail;
      let ms = time(input);
      // A garbage collection or another process can stretch one run: the fastest of three counts.
      if (ms > worst.ms && ms > 1) ms = Math.min(ms, time(input), time(input));
      if (ms > worst.ms) worst = { re, input, ms };
      // Catastrophic already: the next inputs of this pattern would only take longer.
      if (worst.ms > 1_000) return worst;
    }
  }
  return worst;
}

/** A pumped input in a line of output: its prefix, the repeated unit and count, its tail. */
export function describeInput(input: string): string {
  const m = /^(.*?)((.{1,2}?)\3{9,})(.*)$/su.exec(input);
  if (!m) return JSON.stringify(input.slice(0, 60));
  return `${JSON.stringify(m[1])} + ${JSON.stringify(m[3])}×${m[2]!.length / m[3]!.length} + ${JSON.stringify(m[4])}`;
}
