/**
 * Reads a results file (`<base>.eval-results.json`, written by `toolschema eval`) leniently: when the run was,
 * the hashes of the tools it ran (eval-stale), and per case whether the three records the specification asks
 * for are there (Limits 3: tool selected, arguments valid, unauthorized input rejected; eval-records-incomplete).
 * Results written by another runner are read too: snake_case field names and flat per-case records are accepted.
 */
import type { ToolHashes } from './hashes';

/** The three records of a case (or of one trial of it), by the names this reader accepts for each. */
export const RECORD_FIELDS = {
  selected: ['selected', 'selected_tool', 'selectedTool', 'tool_selected'],
  argumentsValid: ['argumentsValid', 'arguments_valid', 'args_valid'],
  unauthorizedRejected: ['unauthorizedRejected', 'unauthorized_rejected'],
} as const;
export type RecordField = keyof typeof RECORD_FIELDS;
export const RECORD_LABELS: Record<RecordField, string> = {
  selected: 'the tool selected',
  argumentsValid: 'whether the arguments were valid',
  unauthorizedRejected: 'whether unauthorized input was rejected',
};

export interface CaseRecord {
  /** Trials recorded for the case (a flat record counts as one). */
  trials: number;
  /** Fields missing from at least one trial. */
  missing: RecordField[];
}

export interface EvalResults {
  uri: string;
  /** Run date as recorded (ISO text), if any. */
  date: string | undefined;
  model: string | undefined;
  /** Hashes per tool name of what was run; empty when the file records none. */
  toolHashes: Map<string, Partial<ToolHashes>>;
  /** Records per case id. */
  cases: Map<string, CaseRecord>;
  /** Why the file could not be read (then nothing else is set). */
  problem: string | undefined;
  /** Whether the file has a `toolHashes` object (empty: no tool was recorded); absent: the reader could not tell. */
  hashesRecorded?: boolean;
  /** Why the tool hashes cannot tell what was run (not an object; entries without a hash), when so. */
  hashesProblem?: string;
}

const MAX_RESULTS_BYTES = 32 * 1024 * 1024;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export function parseResults(uri: string, text: string, unreadable?: string): EvalResults {
  const out: EvalResults = { uri, date: undefined, model: undefined, toolHashes: new Map(), cases: new Map(), problem: undefined };
  if (unreadable !== undefined) {
    out.problem = unreadable;
    return out;
  }
  if (text.length > MAX_RESULTS_BYTES) {
    out.problem = 'the results file is too large to read';
    return out;
  }
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (e) {
    out.problem = `the results file is not valid JSON (${(e as Error).message})`;
    return out;
  }
  if (!isObj(root)) {
    out.problem = 'the results file is not a JSON object';
    return out;
  }
  if (typeof root.date === 'string') out.date = root.date;
  if (typeof root.model === 'string') out.model = root.model;
  const hashesKey = has(root, 'toolHashes') ? 'toolHashes' : has(root, 'tool_hashes') ? 'tool_hashes' : undefined;
  const hashes = hashesKey ? root[hashesKey] : undefined;
  if (isObj(hashes)) {
    out.hashesRecorded = true;
    let unusable = 0;
    for (const name of Object.keys(hashes)) {
      const h = hashes[name];
      const entry: Partial<ToolHashes> = {};
      if (isObj(h)) {
        if (typeof h.description === 'string') entry.description = h.description;
        if (typeof h.parameters === 'string') entry.parameters = h.parameters;
      }
      if (entry.description === undefined && entry.parameters === undefined) unusable++;
      out.toolHashes.set(name, entry);
    }
    if (unusable > 0) out.hashesProblem = `${unusable === out.toolHashes.size ? (unusable === 1 ? 'its one tool' : `all ${unusable} tools`) : `${unusable} of its ${out.toolHashes.size} tools`} in "${hashesKey}" ha${unusable === 1 ? 's' : 've'} no description or parameters hash (a string)`;
  } else if (hashesKey && hashes !== null && hashes !== undefined) {
    out.hashesProblem = `"${hashesKey}" is ${Array.isArray(hashes) ? 'a list' : `a ${typeof hashes}`}, not an object of hashes per tool`;
  }
  const cases = root.cases;
  if (Array.isArray(cases)) {
    for (const c of cases) {
      if (!isObj(c) || typeof c.id !== 'string') continue;
      const trials = Array.isArray(c.trials) ? c.trials.filter(isObj) : [c];
      const missing = new Set<RecordField>();
      for (const t of trials) {
        // Recorded: present with a value of its kind (a tool name or null; true, false or null). "yes", 5 or {} is
        // no record (they were read as recorded; an independent tester).
        for (const field of Object.keys(RECORD_FIELDS) as RecordField[]) {
          if (!RECORD_FIELDS[field].some((k) => has(t, k) && recordOfKind(field, t[k]))) missing.add(field);
        }
      }
      if (trials.length === 0) for (const field of Object.keys(RECORD_FIELDS) as RecordField[]) missing.add(field);
      out.cases.set(c.id, { trials: trials.length, missing: [...missing] });
    }
  }
  return out;
}

/**
 * The run's date for messages: "the run of 2026-11-20" (its UTC day: a time with an offset is converted), or "the
 * last recorded run" when the recorded date is not one (2026-02-30, hour 99): it was quoted as written (an
 * independent tester).
 */
export function runLabel(r: EvalResults): string {
  const m = r.date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(r.date) : null;
  const ms = m ? Date.parse(r.date!) : NaN;
  if (!m || Number.isNaN(ms)) return 'the last recorded run';
  // Date.parse reads February 30 as March 2: the written day must exist.
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (day.getUTCMonth() !== Number(m[2]) - 1 || day.getUTCDate() !== Number(m[3])) return 'the last recorded run';
  return `the run of ${new Date(ms).toISOString().slice(0, 10)}`;
}

function recordOfKind(field: RecordField, v: unknown): boolean {
  return v === null || (field === 'selected' ? typeof v === 'string' : typeof v === 'boolean');
}
