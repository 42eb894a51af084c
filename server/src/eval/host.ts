/**
 * The host program the specification describes, for one case and one trial. It sends the case to the model
 * with the tools, and for every proposed call: records the tool and the arguments, parses them, applies the
 * schema's `default`s explicitly, validates them with ajv, checks the caller's authorization, and answers
 * with a structured error (`error`, UPPER_CASE `code`, `retry_hint`; Anthropic `is_error`) or a canned
 * success. Nothing is ever executed. It stops when the model stops calling or at the step limit, retries
 * failed requests a bounded number of times (honouring Retry-After), and records every odd behaviour
 * (unknown tools, malformed arguments, repeated calls, no call, early stop, HTTP errors, hangs) instead of
 * failing on it.
 */
import Ajv, { type ValidateFunction, type ErrorObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { JsonValue } from '../../../shared/src/document';
import { MAX_IN_PLACE_APPLICATIONS, MAX_PATTERN_INPUT, MAX_UNPROVEN_PATTERN_INPUT, MAX_VALIDATION_WORK, inPlaceProblem, regexSafety, validationWork } from '../../../shared/src/analysis/jsonSchema';
import { unusableReply } from './fetch';
import { httpInfo, isClientTimeout, isConnectionError, type CaseMessage, type Conversation, type ModelTurn, type ProposedCall, type ProviderClient, type RunnableTool, type ToolReply } from './providers';

export interface HostLimits {
  /** Retries after a failed request (429, 5xx, timeout, connection error). */
  maxRetries: number;
  /** Per-request timeout in milliseconds. */
  timeoutMs: number;
  /** Model requests per trial (the stopping condition of the tool loop). */
  maxSteps: number;
  /** Upper bound for one wait between retries (a larger Retry-After is cut to this). */
  maxRetryDelayMs: number;
  /** First backoff when the server gives no Retry-After (doubled per retry). */
  retryBaseDelayMs: number;
}

export interface HostCase {
  messages: readonly CaseMessage[];
  /** Tools the caller may use (adversarial cases); undefined: every tool of the file. */
  allowedTools: readonly string[] | undefined;
}

export type CallOutcome = 'OK' | 'UNKNOWN_TOOL' | 'MALFORMED_ARGUMENTS' | 'INVALID_ARGUMENTS' | 'UNAUTHORIZED' | 'DUPLICATE_CALL';

export interface CallRecord {
  step: number;
  tool: string;
  /** Parsed arguments with defaults applied, or the raw text when it was not a JSON object. */
  arguments: JsonValue;
  argumentsValid: boolean;
  /** Ajv messages with the failing path, or the parse error. */
  errors: string[];
  defaultsApplied: string[];
  authorized: boolean;
  outcome: CallOutcome;
  /** The result text sent back to the model. */
  reply: string;
  /** What of the schema was not checked on these arguments, and why (a pattern not proven safe on a long string). */
  unchecked?: string;
  /** Set when `arguments` or `reply` was too long to record whole: what was recorded instead (the model got all of it). */
  cut?: string;
}

/** Calls of a trial beyond MAX_RECORDED_CALLS: judged and answered as every call, counted only. */
export interface UnrecordedCalls {
  count: number;
  /** Of those, calls outside the case's allowed tools, and how many of these were refused. */
  unauthorized: number;
  unauthorizedRejected: number;
  outcomes: Partial<Record<CallOutcome, number>>;
}

export interface RequestFailure {
  step: number;
  attempt: number;
  kind: 'http' | 'timeout' | 'network' | 'other';
  status?: number;
  /** The wait before the next attempt, when one was made. */
  waitMs?: number;
  retryAfter?: string;
  message: string;
}

/** Why a request is retried, in a few words: "HTTP 429", "no response within 30000 ms", "connection error". */
export function retryReason(f: RequestFailure): string {
  if (f.status !== undefined) return `HTTP ${f.status}${f.status === 429 ? ' (rate limited)' : ''}`;
  if (f.kind === 'timeout') return 'no response in time';
  return 'connection error';
}

/** A wait as people read it: "800 ms", "2 s", "1.5 s". */
export function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

export type StopReason = 'model-stopped' | 'max-steps' | 'request-failed' | 'cancelled';

export interface TrialOutcome {
  calls: CallRecord[];
  steps: number;
  requests: number;
  retries: number;
  failures: RequestFailure[];
  stop: StopReason;
  /** The provider's last stop marking (`stop`, `end_turn`, `tool_calls`…). */
  providerStop: string | undefined;
  finalText: string;
  error?: string;
  /** Calls not recorded in `calls` (more than MAX_RECORDED_CALLS in the trial). */
  unrecordedCalls?: UnrecordedCalls;
  /**
   * The first call's arguments as judged, whole (its record may hold their first characters only): what the
   * expected arguments are compared with. Not copied into the results.
   */
  firstArguments?: JsonValue;
}

/** A call the host refused without running it for who may call what: an unknown tool, or one outside the allowed tools. */
export function isRefused(outcome: CallOutcome): boolean {
  return outcome === 'UNAUTHORIZED' || outcome === 'UNKNOWN_TOOL';
}

/** Calls recorded in detail per trial; the rest are counted (UnrecordedCalls), so a results file always gets written. */
export const MAX_RECORDED_CALLS = 100;
/** Arguments (as JSON) or a reply longer than this are recorded as their first RECORDED_PREFIX characters. */
export const MAX_RECORDED_CHARS = 64 * 1024;
const RECORDED_PREFIX = 2000;

export class CancelledError extends Error {
  constructor() {
    super('evaluation cancelled');
  }
}

/** The canned success result: the call is accepted (arguments with defaults applied) and not executed. */
const SUCCESS = (tool: string, args: JsonValue) => JSON.stringify({ status: 'ok', tool, arguments: args, note: 'Accepted by the evaluation host; the call was validated and not executed.' });

/** Runs one trial. Never throws except CancelledError (when `signal` aborts). */
export async function runTrial(provider: ProviderClient, tools: readonly RunnableTool[], c: HostCase, limits: HostLimits, signal: AbortSignal, redact: (s: string) => string, onWait?: (failure: RequestFailure) => void): Promise<TrialOutcome> {
  const out: TrialOutcome = { calls: [], steps: 0, requests: 0, retries: 0, failures: [], stop: 'model-stopped', providerStop: undefined, finalText: '' };
  const byName = new Map(tools.map((t) => [t.name, t]));
  let conv: Conversation;
  try {
    conv = provider.start(c.messages, tools);
  } catch (e) {
    out.stop = 'request-failed';
    out.error = redact(errorText(e));
    return out;
  }
  const answered = new Map<string, CallOutcome>();
  // What the conversation has grown by (calls sent back and their results): each request sends all of it again.
  let history = 0;
  for (let step = 1; ; step++) {
    if (step > limits.maxSteps) {
      out.stop = 'max-steps';
      break;
    }
    if (signal.aborted) throw new CancelledError();
    const turn = await sendWithRetries(conv, step, limits, signal, out, redact, onWait);
    if (!turn) {
      out.stop = 'request-failed';
      break;
    }
    out.steps = step;
    out.providerStop = turn.stop;
    if (turn.text) out.finalText = cutText(turn.text, 2000);
    if (turn.calls.length === 0) {
      out.stop = 'model-stopped';
      break;
    }
    const replies: ToolReply[] = [];
    // Every call gets its reply (the APIs require one per call id); what is recorded of them is bounded.
    for (const call of turn.calls) {
      const rec = judgeCall(call, step, byName, c.allowedTools, answered);
      replies.push({ call, content: rec.reply, isError: rec.outcome !== 'OK' });
      if (out.calls.length === 0 && !out.unrecordedCalls) out.firstArguments = rec.arguments;
      if (out.calls.length < MAX_RECORDED_CALLS) out.calls.push(bounded(rec));
      else countUnrecorded(out, rec);
    }
    conv.reply(turn, replies);
    for (const r of replies) history += r.content.length + (typeof r.call.raw === 'string' ? r.call.raw.length : r.call.raw === undefined ? 0 : measure(r.call.raw).chars);
    if (history > MAX_HISTORY_CHARS) {
      // 300 calls of 100 KB per step, sent back at every step, took 4.8 GB within --max-steps 40 (an independent tester).
      out.stop = 'request-failed';
      out.error = `the conversation grew past ${MAX_HISTORY_CHARS / 1024 / 1024} MiB of tool calls and results (every request sends it again): the trial was stopped after step ${step}`;
      break;
    }
  }
  return out;
}

/** The most characters of tool calls and results a trial's conversation may hold before the trial is stopped. */
export const MAX_HISTORY_CHARS = 32 * 1024 * 1024;

/** The record with arguments and reply cut to their first characters when they are too long to keep whole. */
function bounded(rec: CallRecord): CallRecord {
  const cuts: string[] = [];
  if (typeof rec.arguments === 'string' ? rec.arguments.length > MAX_RECORDED_CHARS : rec.arguments !== null && typeof rec.arguments === 'object') {
    const json = typeof rec.arguments === 'string' ? undefined : JSON.stringify(rec.arguments);
    const length = json?.length ?? (rec.arguments as string).length;
    if (length > MAX_RECORDED_CHARS) {
      rec.arguments = cutText(json ?? (rec.arguments as string), RECORDED_PREFIX);
      cuts.push(`the arguments are ${length} characters${json ? ' of JSON' : ''}, recorded as their first ${RECORDED_PREFIX}`);
    }
  }
  if (rec.reply.length > MAX_RECORDED_CHARS) {
    cuts.push(`the reply is ${rec.reply.length} characters, recorded as its first ${RECORDED_PREFIX}`);
    rec.reply = cutText(rec.reply, RECORDED_PREFIX);
  }
  if (cuts.length) rec.cut = cuts.join('; ');
  return rec;
}

function countUnrecorded(out: TrialOutcome, rec: CallRecord): void {
  const u = (out.unrecordedCalls ??= { count: 0, unauthorized: 0, unauthorizedRejected: 0, outcomes: {} });
  u.count++;
  if (!rec.authorized) {
    u.unauthorized++;
    if (isRefused(rec.outcome)) u.unauthorizedRejected++;
  }
  u.outcomes[rec.outcome] = (u.outcomes[rec.outcome] ?? 0) + 1;
}

async function sendWithRetries(conv: Conversation, step: number, limits: HostLimits, signal: AbortSignal, out: TrialOutcome, redact: (s: string) => string, onWait?: (failure: RequestFailure) => void): Promise<ModelTurn | undefined> {
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) throw new CancelledError();
    out.requests++;
    // Our own timer as well as the client's: a body that never ends is cut too.
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, limits.timeoutMs + 50);
    const onAbort = () => ctrl.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      // Raced with the abort too, so a client that ignores its signal cannot hold the run.
      const sent = conv.send({ signal: ctrl.signal, timeoutMs: limits.timeoutMs });
      sent.catch(() => undefined);
      const aborted = new Promise<never>((_, reject) => {
        if (ctrl.signal.aborted) reject(new Error('aborted'));
        ctrl.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
      aborted.catch(() => undefined);
      return await Promise.race([sent, aborted]);
    } catch (e) {
      if (signal.aborted) throw new CancelledError();
      const { status, headers } = httpInfo(e);
      // A reply over the size bound, a stream or a web page is no timeout nor connection error, whatever the client
      // wraps it in; not retried.
      const tooLarge = unusableReply(e);
      const timeout = !tooLarge && (timedOut || isClientTimeout(e));
      const cut = !tooLarge && !timeout && status === undefined && cutMidReply(e);
      const kind: RequestFailure['kind'] = tooLarge ? 'other' : timeout ? 'timeout' : status !== undefined ? 'http' : cut || isConnectionError(e) ? 'network' : 'other';
      const failure: RequestFailure = { step, attempt, kind, message: cutText(redact(tooLarge ? tooLarge.message : timeout ? `no response within ${limits.timeoutMs} ms` : cut ? 'the connection was closed before the reply was complete (terminated)' : errorText(e)), 500) };
      if (status !== undefined) failure.status = status;
      out.failures.push(failure);
      const retryable = kind === 'timeout' || kind === 'network' || (status !== undefined && (status === 429 || status === 408 || status === 409 || status >= 500));
      if (!retryable || attempt > limits.maxRetries) {
        out.error = failure.status !== undefined ? `HTTP ${failure.status}: ${failure.message}` : failure.message;
        return undefined;
      }
      const ra = retryAfter(headers);
      if (ra.header !== undefined) failure.retryAfter = ra.header;
      const wait = Math.min(limits.maxRetryDelayMs, ra.ms ?? limits.retryBaseDelayMs * 2 ** (attempt - 1));
      failure.waitMs = wait;
      out.retries++;
      // Said before the wait: a 429 storm held a run silent for minutes (up to maxRetryDelayMs per retry).
      onWait?.(failure);
      await sleep(wait, signal);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }
}

/**
 * Whether the reply's body was cut off (the connection closed or reset while it was read): fetch fails with a bare
 * TypeError "terminated" that the clients pass on unwrapped. A connection error, retried as one (it was recorded
 * as "terminated", kind other, and not retried; an independent tester).
 */
function cutMidReply(e: unknown): boolean {
  for (let x: unknown = e, i = 0; x !== undefined && x !== null && i < 5; i++) {
    const err = x as { message?: unknown; code?: unknown; cause?: unknown };
    if (err.message === 'terminated' || err.code === 'UND_ERR_SOCKET' || err.code === 'ECONNRESET' || err.code === 'UND_ERR_CLOSED') return true;
    x = err.cause;
  }
  return false;
}

/** Retry-After (seconds or an HTTP date) or OpenAI's retry-after-ms, in milliseconds. */
export function retryAfter(headers: { get(name: string): string | null } | undefined, now = Date.now()): { ms: number | undefined; header: string | undefined } {
  if (!headers) return { ms: undefined, header: undefined };
  const msHeader = headers.get('retry-after-ms');
  if (msHeader !== null && /^\d+(\.\d+)?$/.test(msHeader.trim())) return { ms: Math.max(0, Number(msHeader)), header: `retry-after-ms: ${msHeader.trim()}` };
  const h = headers.get('retry-after');
  if (h === null) return { ms: undefined, header: undefined };
  const v = h.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return { ms: Number(v) * 1000, header: v };
  const date = Date.parse(v);
  if (!Number.isNaN(date)) return { ms: Math.max(0, date - now), header: v };
  return { ms: undefined, header: v };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new CancelledError());
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new CancelledError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

// ---------------------------------------------------------------------------------------------
// One proposed call

function judgeCall(call: ProposedCall, step: number, byName: ReadonlyMap<string, RunnableTool>, allowed: readonly string[] | undefined, answered: Map<string, CallOutcome>): CallRecord {
  const rec: CallRecord = { step, tool: call.name, arguments: null, argumentsValid: false, errors: [], defaultsApplied: [], authorized: true, outcome: 'OK', reply: '' };
  const fail = (outcome: CallOutcome, error: string, hint: string): CallRecord => {
    rec.outcome = outcome;
    rec.reply = JSON.stringify({ error, code: outcome, retry_hint: hint });
    return rec;
  };
  // Parse: a JSON text (OpenAI) or a value (Anthropic).
  let args: JsonValue | undefined;
  if (typeof call.raw === 'string') {
    if (call.raw.length > MAX_ARGUMENT_CHARS) {
      rec.arguments = cutText(call.raw, 2000);
      rec.errors.push(`arguments are ${call.raw.length} characters long, more than ${MAX_ARGUMENT_CHARS}`);
      call.raw = '{}'; // not sent back in the conversation's history
    } else {
      try {
        args = call.raw.trim() === '' ? {} : (JSON.parse(call.raw) as JsonValue);
      } catch (e) {
        rec.arguments = cutText(call.raw, 2000);
        rec.errors.push(`arguments are not valid JSON: ${(e as Error).message}`);
      }
    }
  } else {
    args = call.raw ?? {};
  }
  // Bounded before anything walks them recursively (defaults, validation, comparison, the results file).
  const shape = args === undefined ? undefined : measure(args);
  if (shape?.tooLarge) {
    rec.arguments = typeof call.raw === 'string' ? cutText(call.raw, 2000) : `(not recorded: ${shape.tooLarge})`;
    rec.errors.push(`arguments are ${shape.tooLarge}`);
    args = undefined;
    // Not sent back as the model's call in the history: a 100,000-level `input` made the next request fail with
    // "Maximum call stack size exceeded" (the client stringifies it), so the model never saw the error result.
    call.raw = typeof call.raw === 'string' ? '{}' : {};
  }
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    rec.arguments = args;
    rec.errors.push(`arguments must be a JSON object, got ${Array.isArray(args) ? 'an array' : args === null ? 'null' : typeof args}`);
    args = undefined;
  }
  const tool = byName.get(call.name);
  rec.authorized = allowed === undefined || allowed.includes(call.name);
  if (!tool) {
    if (args !== undefined) rec.arguments = args;
    return fail('UNKNOWN_TOOL', `There is no tool named "${cutText(call.name, 200)}".`, `Call one of the available tools: ${[...byName.keys()].join(', ') || '(none)'}, or answer without a tool.`);
  }
  // Authorization before anything else about the arguments: a call outside the allowed tools is refused as such.
  if (args === undefined && !rec.authorized) {
    return fail('UNAUTHORIZED', `The caller is not authorized to use "${tool.name}".`, `Do not retry this tool for this request. Allowed tools: ${allowed!.join(', ') || '(none)'}.`);
  }
  if (args === undefined) {
    return fail('MALFORMED_ARGUMENTS', `The arguments for "${tool.name}" are not a JSON object: ${rec.errors[0] ?? 'unreadable'}.`, 'Send the arguments again as one JSON object that matches the parameter schema.');
  }
  const withDefaults = applyDefaults(tool.parameters, args, '', rec.defaultsApplied);
  rec.arguments = withDefaults;
  // A pattern redos-detector has not proven safe is run on strings of a few characters only (as the lint does):
  // on a longer string it could backtrack for hours, and no timer can stop a regular expression once it runs.
  const longest = measure(withDefaults).longest;
  const { values, keys } = patternsOf(tool.parameters);
  const risky = (p: string) => longest > MAX_PATTERN_INPUT || (longest > MAX_UNPROVEN_PATTERN_INPUT && regexSafety(p) !== 'safe');
  const skippedKeys = keys.filter(risky);
  const skipped = values.filter(risky);
  const why = longest > MAX_PATTERN_INPUT ? `a string of ${longest} characters is longer than ${MAX_PATTERN_INPUT}` : `redos-detector did not prove ${skippedKeys.length + skipped.length === 1 ? 'it' : 'them'} safe, and a string of ${longest} characters is longer than ${MAX_UNPROVEN_PATTERN_INPUT}`;
  const list = (ps: string[]) => ps.slice(0, 5).map((p) => JSON.stringify(cutText(p, 200))).join(', ');
  if (skippedKeys.length > 0) {
    rec.unchecked = `the arguments were not validated: the patternProperties ${list(skippedKeys)} could backtrack catastrophically (${why})`;
  } else if (isObj(tool.parameters) && validationWork(tool.parameters, withDefaults) > MAX_VALIDATION_WORK) {
    // Definitions that reach the same parts of the arguments twice or more: the work doubles with each level.
    rec.unchecked = `the arguments were not validated: the parameter schema would apply its subschemas to them more than ${MAX_VALIDATION_WORK.toLocaleString('en-US')} times (definitions that reach the same part of the value twice or more, at each level)`;
  } else {
    if (skipped.length > 0) rec.unchecked = `pattern ${list(skipped)} was not checked: ${why}`;
    const v = validatorFor(skipped.length > 0 ? withoutPatterns(tool.parameters, new Set(skipped)) : tool.parameters, tool.draft);
    if (typeof v === 'string') {
      rec.errors.push(`the tool's parameter schema cannot check arguments: ${v}`);
    } else if (!v(withDefaults)) {
      rec.errors.push(...(v.errors ?? []).slice(0, 10).map(ajvMessage));
    }
  }
  rec.argumentsValid = rec.errors.length === 0;
  // Authorization is checked on every call, valid or not; an unauthorized call is refused first.
  if (!rec.authorized) {
    return fail('UNAUTHORIZED', `The caller is not authorized to use "${tool.name}".`, `Do not retry this tool for this request. Allowed tools: ${allowed!.join(', ') || '(none)'}.`);
  }
  if (!rec.argumentsValid) {
    return fail('INVALID_ARGUMENTS', `Invalid arguments for "${tool.name}": ${rec.errors.join('; ')}.`, 'Correct the listed arguments to match the parameter schema and call again.');
  }
  const key = `${tool.name}\u0000${stableJson(withDefaults)}`;
  const before = answered.get(key);
  if (before === 'OK' || before === 'DUPLICATE_CALL') {
    answered.set(key, 'DUPLICATE_CALL');
    return fail('DUPLICATE_CALL', `This exact call to "${tool.name}" was already made and answered.`, 'Do not repeat the call; use the earlier result to answer the user.');
  }
  answered.set(key, 'OK');
  rec.reply = SUCCESS(tool.name, withDefaults);
  return rec;
}

/** Sets absent properties that have a `default`, recursively through present objects. Returns a copy. */
export function applyDefaults(schema: JsonValue | undefined, value: JsonValue, path: string, applied: string[], depth = 0): JsonValue {
  if (depth > 32 || !isObj(schema) || !isObj(value)) return value;
  const props = schema.properties;
  if (!isObj(props)) return value;
  const out: { [key: string]: JsonValue } = {};
  for (const [k, v] of Object.entries(value)) define(out, k, v);
  for (const [k, sub] of Object.entries(props)) {
    if (!isObj(sub)) continue;
    const has = Object.prototype.hasOwnProperty.call(out, k);
    if (!has && 'default' in sub && sub.default !== undefined) {
      define(out, k, structuredClone(sub.default));
      applied.push(`${path}/${k}`);
    } else if (has) {
      define(out, k, applyDefaults(sub, out[k]!, `${path}/${k}`, applied, depth + 1));
    }
  }
  return out;
}

/** Model arguments beyond these are refused as MALFORMED_ARGUMENTS, and recorded as their first characters only. */
const MAX_ARGUMENT_CHARS = 1_000_000;
const MAX_ARGUMENT_DEPTH = 64;
const MAX_ARGUMENT_VALUES = 100_000;

/**
 * The longest string or key of a value and about how many characters its JSON text has (strings and keys without
 * their escapes), walked without recursion; `tooLarge` says why it is beyond the bounds above. A value the client
 * parsed (Anthropic's `input`) is held to the same 1,000,000 characters as a JSON text (OpenAI's `arguments`): 1.1 MB
 * was MALFORMED_ARGUMENTS through OpenAI and valid through Anthropic (an independent tester).
 */
export function measure(value: JsonValue): { longest: number; chars: number; tooLarge?: string } {
  let longest = 0;
  let count = 0;
  let chars = 0;
  const stack: [JsonValue, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (++count > MAX_ARGUMENT_VALUES) return { longest, chars, tooLarge: `more than ${MAX_ARGUMENT_VALUES} values` };
    chars += 1; // a comma, or a bracket
    if (typeof v === 'string') {
      longest = Math.max(longest, v.length);
      chars += v.length + 2;
    } else if (typeof v === 'number') chars += String(v).length;
    else if (typeof v === 'boolean' || v === null) chars += 4;
    if (chars > MAX_ARGUMENT_CHARS) return { longest, chars, tooLarge: `more than ${MAX_ARGUMENT_CHARS} characters long as JSON` };
    if (typeof v !== 'object' || v === null) continue;
    if (depth > MAX_ARGUMENT_DEPTH) return { longest, chars, tooLarge: `nested more than ${MAX_ARGUMENT_DEPTH} levels deep` };
    if (Array.isArray(v)) for (const x of v) stack.push([x, depth + 1]);
    else
      for (const k of Object.keys(v)) {
        longest = Math.max(longest, k.length);
        chars += k.length + 3;
        stack.push([v[k]!, depth + 1]);
      }
  }
  return { longest, chars };
}

const patternCache = new WeakMap<object, { values: string[]; keys: string[] }>();

/** The regular expressions of a schema: values of `pattern` and keys of `patternProperties` (no recursion). */
function patternsOf(schema: { [key: string]: JsonValue }): { values: string[]; keys: string[] } {
  const hit = patternCache.get(schema);
  if (hit) return hit;
  const values = new Set<string>();
  const keys = new Set<string>();
  eachObject(schema, (o) => {
    if (typeof o.pattern === 'string') values.add(o.pattern);
    if (isObj(o.patternProperties)) for (const k of Object.keys(o.patternProperties)) keys.add(k);
  });
  const out = { values: [...values], keys: [...keys] };
  patternCache.set(schema, out);
  return out;
}

/** A copy of the schema without the `pattern` keywords whose value is in `drop`. */
function withoutPatterns(schema: { [key: string]: JsonValue }, drop: ReadonlySet<string>): JsonValue {
  const copy = structuredClone(schema);
  eachObject(copy, (o) => {
    if (typeof o.pattern === 'string' && drop.has(o.pattern)) delete o.pattern;
  });
  return copy;
}

/** Calls `f` on every object of a value, without recursion. */
function eachObject(value: JsonValue, f: (o: { [key: string]: JsonValue }) => void): void {
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (!Array.isArray(v)) f(v);
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push(x);
  }
}

function define(o: { [key: string]: JsonValue }, k: string, v: JsonValue): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

function isObj(v: JsonValue | undefined): v is { [key: string]: JsonValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const validators = new Map<string, ValidateFunction | string>();
let ajv07: Ajv | undefined;
let ajv2020: Ajv2020 | undefined;

/** A compiled validator for a parameter schema (cached by text), or the compile error. */
export function validatorFor(schema: JsonValue, draft: '07' | '2020' = '07'): ValidateFunction | string {
  const key = draft + JSON.stringify(schema);
  const hit = validators.get(key);
  if (hit !== undefined) return hit;
  const is2020 = draft === '2020';
  let result: ValidateFunction | string;
  try {
    const ajv = is2020 ? (ajv2020 ??= withFormats(new Ajv2020({ allErrors: true, strict: false, strictNumbers: true, validateFormats: true }))) : (ajv07 ??= withFormats(new Ajv({ allErrors: true, strict: false, strictNumbers: true, validateFormats: true })));
    const copy = isObj(schema) ? { ...schema } : schema;
    // The tool file's own $id / $schema must not clash between tools or name a meta-schema ajv lacks.
    if (isObj(copy)) {
      delete copy.$id;
      delete copy.$schema;
    }
    // Validation that would recurse forever or take exponential time (definitions that reference the next ones
    // twice or more) is refused, as default-invalid and eval-args-invalid refuse it.
    const problem = isObj(copy) ? inPlaceProblem(copy) : undefined;
    if (problem) {
      result =
        problem === 'loop'
          ? 'its $ref definitions apply themselves to the same value in a cycle, so validation would never end'
          : `its $ref definitions apply more than ${MAX_IN_PLACE_APPLICATIONS.toLocaleString('en-US')} subschemas to one value (definitions that reference the next ones twice or more), so validation would take exponential time`;
    } else {
      result = ajv.compile(copy as object);
    }
  } catch (e) {
    result = (e as Error).message;
  }
  if (validators.size > 500) validators.clear();
  validators.set(key, result);
  return result;
}

function withFormats<T extends Ajv>(a: T): T {
  addFormats(a);
  return a;
}

function ajvMessage(e: ErrorObject): string {
  const path = e.instancePath || '/';
  if (e.keyword === 'additionalProperties') return `${path} has an unexpected property "${String((e.params as { additionalProperty?: unknown }).additionalProperty)}"`;
  if (e.keyword === 'required') return `${path} is missing the required property "${String((e.params as { missingProperty?: unknown }).missingProperty)}"`;
  if (e.keyword === 'enum') return `${path} must be one of ${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)}`;
  return `${path} ${e.message ?? 'is invalid'}`;
}

/** JSON with sorted keys, for comparing calls. */
export function stableJson(v: JsonValue): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (isObj(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stableJson(v[k]!)}`).join(',')}}`;
  return JSON.stringify(v);
}

/** True when `actual` contains `expected`: every expected key, recursively; arrays element by element. */
export function matchesSubset(expected: JsonValue, actual: JsonValue | undefined): boolean {
  if (actual === undefined) return false;
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matchesSubset(e, actual[i]));
  if (isObj(expected)) {
    if (!isObj(actual)) return false;
    return Object.keys(expected).every((k) => Object.prototype.hasOwnProperty.call(actual, k) && matchesSubset(expected[k]!, actual[k]));
  }
  return expected === actual;
}

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}

/** The first `n` UTF-16 code units of `s`, one fewer when the cut would split a surrogate pair (an emoji). */
export function cutText(s: string, n: number): string {
  if (s.length <= n) return s;
  const c = s.charCodeAt(n - 1);
  return s.slice(0, c >= 0xd800 && c <= 0xdbff ? n - 1 : n);
}
