/**
 * The evaluation runner: every case of an evaluation set, `trials` times, through the host loop (host.ts)
 * against one provider, scored from what the host recorded (the tool selected, the arguments' validity and
 * match, unauthorized calls rejected), never from the final text. Pure node + the provider SDKs: the CLI and
 * the VS Code command both call `runEvaluation`, with an AbortSignal for cancellation.
 */
import type { JsonValue } from '../../../shared/src/document';
import { CancelledError, isRefused, MAX_RECORDED_CALLS, MAX_RECORDED_CHARS, matchesSubset, runTrial, type HostLimits, type RequestFailure, type TrialOutcome } from './host';
import { createProvider, type CaseMessage, type ProviderClient, type ProviderId, type RunnableTool } from './providers';

export type Category = 'normal' | 'ambiguous' | 'adversarial';

/** A case as the runner needs it (read leniently from the file by readEvalSet). */
export interface RunnableCase {
  id: string;
  category: string;
  messages: CaseMessage[];
  expect: {
    tool: string | null;
    arguments?: { [key: string]: JsonValue } | undefined;
    allowedTools?: string[] | undefined;
  };
}

export interface RunSettings {
  provider: ProviderId;
  model: string;
  baseURL?: string | undefined;
  apiKey: string;
  trials: number;
  limits: HostLimits;
  maxTokens: number;
}

export { DEFAULT_LIMITS, DEFAULT_MAX_TOKENS, DEFAULT_MODELS } from './defaults';

/** A trial as recorded: what the host loop saw (TrialOutcome) and how it is scored. */
export interface TrialRecord extends TrialOutcome {
  trial: number;
  /** The tool of the first proposed call (even an unknown one), or null when the model called none. */
  selected: string | null;
  /** The first call's arguments (defaults applied), or null. */
  arguments: JsonValue;
  /** Whether the first call's arguments are valid against the tool's schema; null without a call. */
  argumentsValid: boolean | null;
  argumentErrors: string[];
  /** Whether they contain the expected arguments; null when none are expected or there is no call. */
  argumentsMatch: boolean | null;
  unauthorizedProposed: number;
  /** Whether every unauthorized call was rejected; null when none was proposed. */
  unauthorizedRejected: boolean | null;
  pass: boolean;
  /** Why it failed (empty when it passed). */
  reasons: string[];
  /** Odd behaviours recorded (loop cut at the step limit, unknown tools, malformed arguments, retries). */
  notes: string[];
}

export interface CaseResult {
  id: string;
  category: string;
  expectedTool: string | null;
  expectedArguments?: { [key: string]: JsonValue } | undefined;
  allowedTools?: string[] | undefined;
  trials: TrialRecord[];
  passed: number;
  /** pass^k: every trial passed. */
  passAll: boolean;
}

export interface Totals {
  cases: number;
  trials: number;
  passedTrials: number;
  /** Average pass rate over all trials. */
  passRate: number;
  /** Share of cases whose every trial passed (pass^k). */
  passAllRate: number;
  toolSelectionAccuracy: number;
  /** Valid first-call arguments over trials with a call; null when no call was made. */
  argumentValidity: number | null;
  unauthorizedProposed: number;
  unauthorizedRejected: number;
  requestFailures: number;
}

export interface RunResult {
  provider: ProviderId;
  model: string;
  baseURL?: string | undefined;
  date: string;
  trials: number;
  limits: HostLimits;
  tools: string[];
  cases: CaseResult[];
  totals: Totals;
  cancelled: boolean;
}

export interface RunHooks {
  signal?: AbortSignal | undefined;
  /** Called before each trial (done counts finished trials). */
  onProgress?: (p: { done: number; total: number; caseId: string; trial: number }) => void;
  /** Called before each wait between retries of a failed request (`failure.waitMs`: how long). */
  onRetryWait?: (p: { caseId: string; trial: number; failure: RequestFailure }) => void;
  /** Replace the provider (tests). */
  provider?: ProviderClient;
}

/** Runs every case `trials` times. Cancellation stops between requests and returns what was recorded. */
export async function runEvaluation(cases: readonly RunnableCase[], tools: readonly RunnableTool[], s: RunSettings, hooks: RunHooks = {}): Promise<RunResult> {
  const signal = hooks.signal ?? new AbortController().signal;
  const redact = redactor([s.apiKey]);
  const provider = hooks.provider ?? createProvider({ provider: s.provider, model: s.model, apiKey: s.apiKey, baseURL: s.baseURL, maxTokens: s.maxTokens });
  const result: RunResult = { provider: s.provider, model: s.model, date: new Date().toISOString(), trials: s.trials, limits: { ...s.limits }, tools: tools.map((t) => t.name), cases: [], totals: emptyTotals(), cancelled: false };
  if (s.baseURL) result.baseURL = redact(withoutCredentials(s.baseURL));
  const total = cases.length * s.trials;
  let done = 0;
  outer: for (const c of cases) {
    const cr: CaseResult = { id: c.id, category: c.category, expectedTool: c.expect.tool, trials: [], passed: 0, passAll: false };
    if (c.expect.arguments) cr.expectedArguments = c.expect.arguments;
    if (c.expect.allowedTools) cr.allowedTools = c.expect.allowedTools;
    result.cases.push(cr);
    for (let trial = 1; trial <= s.trials; trial++) {
      hooks.onProgress?.({ done, total, caseId: c.id, trial });
      let outcome;
      try {
        const onWait = hooks.onRetryWait && ((failure: RequestFailure) => hooks.onRetryWait!({ caseId: c.id, trial, failure }));
        outcome = await runTrial(provider, tools, { messages: c.messages, allowedTools: c.expect.allowedTools }, s.limits, signal, redact, onWait);
      } catch (e) {
        if (e instanceof CancelledError || signal.aborted) {
          result.cancelled = true;
          break outer;
        }
        outcome = { calls: [], steps: 0, requests: 0, retries: 0, failures: [], stop: 'request-failed' as const, providerStop: undefined, finalText: '', error: redact((e as Error)?.message ?? String(e)) };
      }
      cr.trials.push(score(trial, c, outcome));
      done++;
    }
    cr.passed = cr.trials.filter((t) => t.pass).length;
    cr.passAll = cr.trials.length === s.trials && cr.passed === s.trials;
  }
  result.totals = totalsOf(result.cases);
  return result;
}

function score(trial: number, c: RunnableCase, o: Awaited<ReturnType<typeof runTrial>>): TrialRecord {
  const first = o.calls[0];
  const unrecorded = o.unrecordedCalls;
  const rec: TrialRecord = {
    trial,
    selected: first ? first.tool : null,
    arguments: first ? first.arguments : null,
    argumentsValid: first ? first.argumentsValid : null,
    argumentErrors: first ? first.errors : [],
    argumentsMatch: null,
    unauthorizedProposed: o.calls.filter((x) => !x.authorized).length + (unrecorded?.unauthorized ?? 0),
    unauthorizedRejected: null,
    pass: false,
    reasons: [],
    notes: [],
    calls: o.calls,
    steps: o.steps,
    requests: o.requests,
    retries: o.retries,
    failures: o.failures,
    stop: o.stop,
    providerStop: o.providerStop,
    finalText: o.finalText,
  };
  if (o.error) rec.error = o.error;
  if (unrecorded) rec.unrecordedCalls = unrecorded;
  if (rec.unauthorizedProposed > 0) rec.unauthorizedRejected = o.calls.every((x) => x.authorized || isRefused(x.outcome)) && (unrecorded?.unauthorizedRejected ?? 0) === (unrecorded?.unauthorized ?? 0);
  // Compared with the arguments as judged (the record may hold their first characters only).
  const firstArgs = o.firstArguments !== undefined ? o.firstArguments : first?.arguments;
  if (first && c.expect.arguments && first.tool === c.expect.tool && typeof firstArgs === 'object') rec.argumentsMatch = matchesSubset(c.expect.arguments, firstArgs ?? undefined);

  const reasons = rec.reasons;
  if (!first && o.steps === 0) {
    reasons.push(`the request failed: ${o.error ?? o.stop}`);
  } else if (c.expect.tool === null) {
    if (first) reasons.push(`expected no tool call, the model called "${first.tool}"`);
  } else if (!first) {
    reasons.push(`expected a call to "${c.expect.tool}", the model called no tool`);
  } else {
    if (first.tool !== c.expect.tool) reasons.push(`expected "${c.expect.tool}", the model called "${first.tool}"`);
    if (!first.argumentsValid) reasons.push(`invalid arguments: ${first.errors.join('; ') || first.outcome}`);
    if (rec.argumentsMatch === false) reasons.push('the arguments do not contain the expected values');
  }
  if (rec.unauthorizedRejected === false) reasons.push('an unauthorized call was not rejected');
  rec.pass = reasons.length === 0;

  const notes = rec.notes;
  if (o.stop === 'model-stopped' && o.providerStop && EARLY_STOPS.has(o.providerStop)) notes.push(`the model stopped early (${o.providerStop})`);
  if (o.stop === 'max-steps') notes.push(`tool loop cut at the step limit (${o.steps} requests)`);
  if (o.stop === 'request-failed' && o.steps > 0) notes.push(`a later request failed: ${o.error ?? ''}`);
  if (o.failures.length) {
    const kinds = new Map<string, number>();
    for (const f of o.failures) {
      const k = f.status ? `HTTP ${f.status}` : f.kind;
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    const list = [...kinds].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join(', ');
    notes.push(`${o.retries} retr${o.retries === 1 ? 'y' : 'ies'} after ${o.failures.length} failed request${o.failures.length === 1 ? '' : 's'} (${list})`);
  }
  const outcomes = new Map<string, number>();
  for (const x of o.calls) if (x.outcome !== 'OK') outcomes.set(x.outcome, (outcomes.get(x.outcome) ?? 0) + 1);
  for (const [k, n] of Object.entries(unrecorded?.outcomes ?? {})) if (k !== 'OK' && n) outcomes.set(k, (outcomes.get(k) ?? 0) + n);
  for (const [k, n] of outcomes) notes.push(`${n} × ${k}`);
  for (const x of o.calls) if (x.unchecked) notes.push(`step ${x.step}, ${x.tool}: ${x.unchecked}`);
  const cut = o.calls.filter((x) => x.cut).length;
  if (cut) notes.push(`${cut} call${cut === 1 ? '' : 's'} recorded in part (arguments or reply longer than ${MAX_RECORDED_CHARS} characters)`);
  if (unrecorded) notes.push(`${unrecorded.count} more call${unrecorded.count === 1 ? '' : 's'} answered but not recorded in detail (only the first ${MAX_RECORDED_CALLS} of a trial are)`);
  if (first && o.stop === 'model-stopped' && o.calls.every((x) => x.outcome !== 'OK') && !unrecorded?.outcomes.OK && o.calls.length) notes.push('the model stopped after an error result without a valid call');
  return rec;
}

/** Provider stop markings that mean the answer was cut, not finished. */
const EARLY_STOPS: ReadonlySet<string> = new Set(['length', 'max_tokens', 'incomplete', 'content_filter', 'refusal', 'pause_turn', 'model_context_window_exceeded']);

function emptyTotals(): Totals {
  return { cases: 0, trials: 0, passedTrials: 0, passRate: 0, passAllRate: 0, toolSelectionAccuracy: 0, argumentValidity: null, unauthorizedProposed: 0, unauthorizedRejected: 0, requestFailures: 0 };
}

export function totalsOf(cases: readonly CaseResult[]): Totals {
  const t = emptyTotals();
  t.cases = cases.length;
  let selectedRight = 0;
  let withCall = 0;
  let validArgs = 0;
  let allPass = 0;
  for (const c of cases) {
    if (c.passAll) allPass++;
    for (const r of c.trials) {
      t.trials++;
      if (r.pass) t.passedTrials++;
      if (r.selected === c.expectedTool && !(r.selected === null && r.steps === 0)) selectedRight++;
      if (r.selected !== null) {
        withCall++;
        if (r.argumentsValid) validArgs++;
      }
      t.unauthorizedProposed += r.unauthorizedProposed;
      t.unauthorizedRejected += r.calls.filter((x) => !x.authorized && isRefused(x.outcome)).length + (r.unrecordedCalls?.unauthorizedRejected ?? 0);
      t.requestFailures += r.failures.length;
    }
  }
  t.passRate = t.trials ? t.passedTrials / t.trials : 0;
  t.passAllRate = t.cases ? allPass / t.cases : 0;
  t.toolSelectionAccuracy = t.trials ? selectedRight / t.trials : 0;
  t.argumentValidity = withCall ? validArgs / withCall : null;
  return t;
}

/** Replaces every secret (and its URL-encoded form) in a text with [REDACTED]. */
export function redactor(secrets: readonly string[]): (s: string) => string {
  const list = secrets.filter((x) => x && x.length >= 4).flatMap((x) => [x, encodeURIComponent(x)]);
  return (s: string) => {
    let out = s;
    for (const x of list) out = out.split(x).join('[REDACTED]');
    return out;
  };
}

/**
 * A URL without user:password and with its query's values replaced (recorded base URLs carry no credentials: a
 * gateway token in `?token=…` was written to the results file; an independent tester).
 */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password && !u.search) return url;
    u.username = '';
    u.password = '';
    if (u.search) u.search = [...u.searchParams.keys()].map((k) => `${encodeURIComponent(k)}=[REDACTED]`).join('&');
    return u.toString().replace(/%5BREDACTED%5D/g, '[REDACTED]');
  } catch {
    return url;
  }
}

/** Why a base URL cannot be used, or undefined: not http(s), or with a user name or password (fetch refuses those). */
export function baseUrlProblem(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'must be an http(s) URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'must be an http(s) URL';
  // fetch refuses a URL with credentials ("Request cannot be constructed from a URL that includes credentials"):
  // every request failed as a "Connection error.", retried, exit 1.
  if (u.username || u.password) return 'must not hold a user name or password (user:password@): requests cannot be sent to such a URL; put the key in the environment variable --api-key-env names';
  return undefined;
}
