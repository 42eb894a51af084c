/**
 * One evaluation run as the editor command performs it, without VS Code: trust check, API key (environment,
 * else stored secret, else asked once and stored), reading the set and its tool file, running with progress
 * and cancellation, writing the results file and the Markdown report. client/src/eval.ts supplies the VS Code
 * side (SecretStorage, input box, withProgress, workspace.fs); tests supply fakes.
 */
import { basename } from 'node:path';
import { PROVIDERS, type ProviderId } from './providers';
import { baseUrlProblem, DEFAULT_LIMITS, DEFAULT_MAX_TOKENS, DEFAULT_MODELS, redactor, runEvaluation, withoutCredentials, type RunResult } from './runner';
import { readEvalSet } from './evalSet';
import { retryReason, seconds } from './host';
import { loadTools } from './tools';
import { markdownReport } from './report';
import { resultsFile, resultsPathFor, reportPathFor } from './results';
import { fsErrorReason } from '../safeRead';

export interface SessionSettings {
  provider: string;
  model?: string | undefined;
  baseUrl?: string | undefined;
  apiKeyEnv?: string | undefined;
  trials?: number | undefined;
  timeoutMs?: number | undefined;
  maxSteps?: number | undefined;
  maxRetries?: number | undefined;
}

export interface SessionHost {
  isTrusted: boolean;
  env: Readonly<Record<string, string | undefined>>;
  getSecret(name: string): Promise<string | undefined>;
  storeSecret(name: string, value: string): Promise<void>;
  /** Asks the user for a key; undefined when cancelled. */
  askKey(provider: ProviderId, envName: string): Promise<string | undefined>;
  readText(path: string): Promise<string>;
  writeText(path: string, text: string): Promise<void>;
  /**
   * Why the results and report must not be written where they go (something not ours is there), or undefined:
   * asked before any model request. Hosts that cannot tell (a virtual file system) leave it out.
   */
  outputsRefusal?(results: string, report: string, inputs: readonly { path: string; what: string }[]): string | undefined;
  /** Shown paths (relative to the workspace). */
  label(path: string): string;
  progress(message: string, increment: number): void;
  signal: AbortSignal;
}

export type SessionOutcome =
  | { status: 'refused' | 'no-key' | 'error'; message: string }
  | { status: 'done'; message: string; run: RunResult; report: string; reportPath: string | undefined; resultsPath: string | undefined };

export const secretName = (p: ProviderId) => `toolschema.eval.apiKey.${p}`;
export const keyEnvFor = (p: ProviderId) => (p === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY');

function clampInt(v: unknown, fallback: number, min: number, max: number): number {
  const n = typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : fallback;
  return Math.max(min, Math.min(max, n));
}

export async function runEvalSession(evalPath: string, s: SessionSettings, host: SessionHost): Promise<SessionOutcome> {
  if (!host.isTrusted) {
    return { status: 'refused', message: 'running an evaluation set sends the tool definitions to a model API; it is disabled in Restricted Mode. Trust the workspace to run it.' };
  }
  const provider = s.provider as ProviderId;
  if (!PROVIDERS.includes(provider)) return { status: 'error', message: `unknown provider "${s.provider}" (use ${PROVIDERS.join(', ')}).` };
  const baseURL = s.baseUrl?.trim() || undefined;
  if (provider === 'openai-compatible' && !baseURL) return { status: 'error', message: 'the openai-compatible provider needs a base URL (toolschema.eval.baseUrl).' };
  const urlProblem = baseURL ? baseUrlProblem(baseURL) : undefined;
  if (baseURL && (urlProblem || /\s/.test(baseURL))) return { status: 'error', message: `the base URL ${urlProblem ?? 'must be an http(s) URL'}, got "${withoutCredentials(baseURL)}".` };

  // The key: environment, else the stored secret, else ask once and store.
  const envName = s.apiKeyEnv?.trim() || keyEnvFor(provider);
  let apiKey = host.env[envName] || (await host.getSecret(secretName(provider)));
  if (!apiKey) {
    const entered = (await host.askKey(provider, envName))?.trim();
    if (!entered) return { status: 'no-key', message: `no API key: set ${envName} or enter a key when asked.` };
    await host.storeSecret(secretName(provider), entered);
    apiKey = entered;
  }
  const redact = redactor([apiKey]);

  let set;
  let loaded;
  try {
    set = readEvalSet(evalPath, await host.readText(evalPath));
    if (set.cases.length === 0) return { status: 'error', message: `${basename(evalPath)} has no runnable cases${set.problems.length ? `: ${set.problems[0]}` : ''}.` };
    loaded = loadTools(set.toolFile, await host.readText(set.toolFile));
    if (loaded.tools.length === 0) return { status: 'error', message: `${basename(set.toolFile)}: ${loaded.problems.join('; ') || 'no tools'}.` };
  } catch (e) {
    const path = (e as NodeJS.ErrnoException).path;
    return { status: 'error', message: `cannot read ${path ? `"${host.label(path)}"` : 'a file'}: ${fsErrorReason(e)}` };
  }
  const reportPath = reportPathFor(evalPath);
  const refusal = host.outputsRefusal?.(resultsPathFor(evalPath), reportPath, [
    { path: evalPath, what: 'evaluation set' },
    { path: set.toolFile, what: "set's tool file" },
  ]);
  if (refusal) return { status: 'error', message: refusal };
  const trials = clampInt(s.trials, 1, 1, 100);
  const settings = {
    provider,
    model: s.model?.trim() || DEFAULT_MODELS[provider],
    baseURL,
    apiKey,
    trials,
    limits: {
      ...DEFAULT_LIMITS,
      timeoutMs: clampInt(s.timeoutMs, DEFAULT_LIMITS.timeoutMs, 1, 3_600_000),
      maxSteps: clampInt(s.maxSteps, DEFAULT_LIMITS.maxSteps, 1, 100),
      maxRetries: clampInt(s.maxRetries, DEFAULT_LIMITS.maxRetries, 0, 20),
    },
    maxTokens: DEFAULT_MAX_TOKENS,
  };
  let run: RunResult;
  try {
    let last = 0;
    run = await runEvaluation(set.cases, loaded.tools, settings, {
      signal: host.signal,
      onProgress: (p) => {
        const pct = (p.done / p.total) * 100;
        host.progress(`${p.caseId}${trials > 1 ? ` (trial ${p.trial})` : ''} · ${p.done}/${p.total}`, pct - last);
        last = pct;
      },
      onRetryWait: (p) => host.progress(`${p.caseId}${trials > 1 ? ` (trial ${p.trial})` : ''}: ${retryReason(p.failure)}, retry ${p.failure.attempt} of ${settings.limits.maxRetries} in ${seconds(p.failure.waitMs ?? 0)}`, 0),
    });
  } catch (e) {
    return { status: 'error', message: `evaluation failed: ${redact((e as Error)?.message ?? String(e))}` };
  }
  const report = redact(markdownReport(host.label(evalPath), [{ label: host.label(set.toolFile), run }]));
  // A cancelled run is reported but does not replace the recorded results (eval-stale reads them).
  const resultsPath = run.cancelled ? undefined : resultsPathFor(evalPath);
  try {
    if (resultsPath) await host.writeText(resultsPath, redact(JSON.stringify(resultsFile(run, loaded.infos, { evalPath, toolFile: set.toolFile }), null, 2) + '\n'));
    await host.writeText(reportPath, report);
  } catch (e) {
    return { status: 'done', message: `could not write the results (${fsErrorReason(e)})`, run, report, reportPath: undefined, resultsPath: undefined };
  }
  const t = run.totals;
  return { status: 'done', message: `${run.cancelled ? 'cancelled; ' : ''}${t.passedTrials}/${t.trials} trials passed, tool selection ${Math.round(t.toolSelectionAccuracy * 100)}%`, run, report, reportPath, resultsPath };
}
