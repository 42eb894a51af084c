/**
 * `toolschema eval <file.eval.json>`: runs an evaluation set against a model through the runner and prints a
 * readable report; `--compare` runs the same cases on another version of the tool file (a file, or a git ref
 * read with `git show`, no shell) and prints both side by side. Writes `<base>.eval-results.json` and a
 * Markdown report. Exit codes: 0 every case passed, 1 a case failed (or the run was cut short), 2 usage or
 * configuration errors (a missing API key, an unreadable file).
 */
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { CliIO } from '../cli/main';
import type { EvalOptions } from './command';
import { displayPath } from '../files';
import { fsErrorReason } from '../safeRead';
import { printable } from '../cli/terminal';
import { outputsRefusal, readEvalInput } from './files';
import { writeReplacing } from '../safeWrite';
import { GIT_SAFETY_ARGS, gitEnv } from '../git';
import { isValidBaselineRef } from '../../../shared/src/config';
import { PROVIDERS, type ProviderId, type RunnableTool } from './providers';
import { baseUrlProblem, DEFAULT_LIMITS, DEFAULT_MODELS, redactor, runEvaluation, withoutCredentials, type RunResult } from './runner';
import { readEvalSet } from './evalSet';
import { loadTools } from './tools';
import { markdownReport, textReport, type LabelledRun } from './report';
import { retryReason, seconds, type RequestFailure } from './host';
import { resultsFile, resultsPathFor, reportPathFor } from './results';

export class EvalUsageError extends Error {}

/** The API key variable read by default for each provider. */
export function defaultKeyEnv(provider: ProviderId): string {
  return provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
}

/** The `eval` command's action (loaded on demand by command.ts): exit code 2 on any error, with API keys redacted. */
export function runEvalAction(file: string, opts: EvalOptions, io: CliIO): Promise<number> {
  return evalCommand(file, opts, io).catch((e: unknown) => {
    const secrets = [process.env[opts.apiKeyEnv ?? ''] ?? '', process.env.OPENAI_API_KEY ?? '', process.env.ANTHROPIC_API_KEY ?? ''];
    io.stderr(`toolschema: ${redactor(secrets)(e instanceof Error ? e.message : String(e))}\n`);
    return 2;
  });
}

function intOption(name: string, v: string, min: number, max: number): number {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isInteger(n) || n < min || n > max) throw new EvalUsageError(`--${name} must be an integer from ${min} to ${max}, got "${v}".`);
  return n;
}

export async function evalCommand(file: string, opts: EvalOptions, io: CliIO, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    return await evalCommandInner(file, opts, io, env);
  } catch (e) {
    if (e instanceof EvalUsageError) {
      io.stderr(`toolschema: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

async function evalCommandInner(file: string, opts: EvalOptions, io: CliIO, env: NodeJS.ProcessEnv): Promise<number> {
  const provider = (opts.provider ?? 'openai') as ProviderId;
  if (!PROVIDERS.includes(provider)) throw new EvalUsageError(`unknown provider "${opts.provider}"; use one of ${PROVIDERS.join(', ')}.`);
  const trials = intOption('trials', opts.trials, 1, 100);
  const limits = {
    ...DEFAULT_LIMITS,
    timeoutMs: intOption('timeout', opts.timeout, 1, 3_600_000),
    maxSteps: intOption('max-steps', opts.maxSteps, 1, 100),
    maxRetries: intOption('max-retries', opts.maxRetries, 0, 20),
  };
  const maxTokens = intOption('max-tokens', opts.maxTokens, 1, 1_000_000);
  for (const [name, v] of [['out', opts.out], ['report', opts.report]] as const) {
    if (v !== undefined && v.trim() === '') throw new EvalUsageError(`--${name} needs a file path, got an empty one.`);
  }
  let baseURL = opts.baseUrl;
  if (baseURL !== undefined) {
    const problem = baseUrlProblem(baseURL);
    if (problem) throw new EvalUsageError(`--base-url ${problem}, got "${printable(withoutCredentials(baseURL))}".`);
  } else if (provider === 'openai-compatible') {
    throw new EvalUsageError('--provider openai-compatible needs --base-url (the endpoint that serves /chat/completions).');
  }
  if (baseURL !== undefined) baseURL = baseURL.replace(/\/+$/, '');
  const keyEnv = opts.apiKeyEnv ?? defaultKeyEnv(provider);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv)) throw new EvalUsageError(`--api-key-env must name an environment variable, got "${keyEnv}".`);
  const apiKey = env[keyEnv];
  if (!apiKey) {
    throw new EvalUsageError(
      `no API key: set the environment variable ${keyEnv}${opts.apiKeyEnv ? '' : ` (or name another one with --api-key-env)`}. Keys are read from the environment only and never written to results or reports.`,
    );
  }
  const redact = redactor([apiKey]);

  // The set and the tool file.
  const evalPath = resolve(io.cwd, file);
  const evalText = readText(evalPath, io.cwd, 'evaluation set');
  const set = readEvalSet(evalPath, evalText);
  for (const p of set.problems) io.stderr(`toolschema: ${displayPath(evalPath, io.cwd)}: ${p}\n`);
  if (set.cases.length === 0) throw new EvalUsageError(`${displayPath(evalPath, io.cwd)} has no runnable cases.`);
  const toolText = readText(set.toolFile, io.cwd, 'tool file');
  const main = loadTools(set.toolFile, toolText);
  if (main.tools.length === 0) throw new EvalUsageError(`${displayPath(set.toolFile, io.cwd)}: ${main.problems.join('; ') || 'no tools'}.`);
  for (const p of main.problems) io.stderr(`toolschema: ${displayPath(set.toolFile, io.cwd)}: ${p}\n`);

  let other: { label: string; tools: RunnableTool[] } | undefined;
  if (opts.compare !== undefined) {
    const c = await readCompare(opts.compare, set.toolFile, io.cwd);
    const loaded = loadTools(c.label, c.text);
    if (loaded.tools.length === 0) throw new EvalUsageError(`--compare ${opts.compare}: ${loaded.problems.join('; ') || 'no tools'}.`);
    other = { label: c.label, tools: loaded.tools };
  }

  // Where the results and the report go, refused now (before any model request) if writing there would replace
  // something that is not ours: a FIFO, a device, a folder, the set or its tool file, a file of someone else's.
  const outPath = opts.out !== undefined ? resolve(io.cwd, opts.out) : resultsPathFor(evalPath);
  const reportPath = opts.report !== undefined ? resolve(io.cwd, opts.report) : reportPathFor(evalPath);
  const refusal = outputsRefusal({ path: outPath, label: printable(displayPath(outPath, io.cwd)) }, { path: reportPath, label: printable(displayPath(reportPath, io.cwd)) }, [
    { path: evalPath, what: 'evaluation set' },
    { path: set.toolFile, what: "set's tool file" },
  ]);
  if (refusal) throw new EvalUsageError(refusal);

  const model = opts.model ?? DEFAULT_MODELS[provider];
  const settings = { provider, model, baseURL, apiKey, trials, limits, maxTokens };
  const total = set.cases.length * trials * (other ? 2 : 1);
  let base = 0;
  const progress = (p: { done: number; caseId: string; trial: number }) => {
    if (io.isTTY) io.status?.(`[${base + p.done + 1}/${total}] ${p.caseId}${trials > 1 ? ` (trial ${p.trial})` : ''}`);
  };
  // A wait between retries is said as it starts: after a 429 a run can wait up to a minute per retry.
  const onRetryWait = (p: { caseId: string; trial: number; failure: RequestFailure }) => {
    if (io.isTTY) io.status?.('');
    io.stderr(`toolschema: ${printable(p.caseId)}${trials > 1 ? ` (trial ${p.trial})` : ''}: ${retryReason(p.failure)}; retry ${p.failure.attempt} of ${limits.maxRetries} in ${seconds(p.failure.waitMs ?? 0)}.\n`);
  };
  const runs: LabelledRun[] = [];
  const runA = await runEvaluation(set.cases, main.tools, settings, { onProgress: progress, onRetryWait });
  runs.push({ label: displayPath(set.toolFile, io.cwd), run: runA });
  let runB: RunResult | undefined;
  if (other) {
    base = set.cases.length * trials;
    runB = await runEvaluation(set.cases, other.tools, settings, { onProgress: progress, onRetryWait });
    runs.push({ label: other.label, run: runB });
  }
  if (io.isTTY) io.status?.('');

  const setLabel = displayPath(evalPath, io.cwd);
  // The report quotes the set (case ids, prompts) and the model's replies: printable, as a terminal shows it.
  io.stdout(printable(redact(textReport(setLabel, runs)), true));
  const results = resultsFile(runA, main.infos, { evalPath, toolFile: set.toolFile, compare: runB && other ? { label: other.label, run: runB } : undefined });
  writeText(outPath, redact(JSON.stringify(results, null, 2) + '\n'), io.cwd);
  writeText(reportPath, redact(markdownReport(setLabel, runs)), io.cwd);
  io.stdout(`Results: ${printable(displayPath(outPath, io.cwd))}\nReport:  ${printable(displayPath(reportPath, io.cwd))}\n`);
  // A key the API refuses on every request (HTTP 401 or 403) is a configuration error, as a missing one is: exit 2,
  // not the exit code of cases that fail (an independent tester). The results and the report say the same.
  const trialsA = runA.cases.flatMap((c) => c.trials);
  const refused = trialsA.length > 0 && trialsA.every((t) => t.steps === 0 && t.failures.length > 0 && t.failures.every((f) => f.status === 401 || f.status === 403));
  if (refused && !runA.cancelled) {
    const status = [...new Set(trialsA.flatMap((t) => t.failures.map((f) => f.status)))].join(' or ');
    io.stderr(`toolschema: the API refused every request (HTTP ${status}): check the key in ${keyEnv}${opts.baseUrl ? ' and the base URL' : ''}.\n`);
    return 2;
  }
  const allPass = runA.cases.every((c) => c.passAll) && !runA.cancelled;
  return allPass ? 0 : 1;
}

function readText(path: string, cwd: string, what: string): string {
  try {
    return readEvalInput(path);
  } catch (e) {
    throw new EvalUsageError(`cannot read the ${what} "${displayPath(path, cwd)}": ${fsErrorReason(e)}`);
  }
}

function writeText(path: string, text: string, cwd: string): void {
  try {
    writeReplacing(path, text);
  } catch (e) {
    throw new EvalUsageError(`cannot write "${displayPath(path, cwd)}": ${fsErrorReason(e)}`);
  }
}

/** The other version: an existing file, else a git ref (`REF`, read as REF:./<tool file name> beside the tool file, or `REF:path`). */
export async function readCompare(arg: string, toolFile: string, cwd: string): Promise<{ label: string; text: string }> {
  const asPath = resolve(cwd, arg);
  if (existsSync(asPath) && statSync(asPath).isFile()) return { label: displayPath(asPath, cwd), text: readText(asPath, cwd, 'comparison tool file') };
  if (arg.startsWith('-') || arg.trim() === '' || /[\x00-\x1f]/.test(arg)) throw new EvalUsageError(`--compare: "${arg}" is neither a file nor a git ref.`);
  // One revision, as the breaking-change baseline takes it: git reads a range (`HEAD..HEAD~1`) as a list of commits
  // and printed their log, which was parsed as the tool file ("defines no tools").
  const ref = arg.includes(':') ? arg.slice(0, arg.indexOf(':')) : arg;
  if (!isValidBaselineRef(ref)) throw new EvalUsageError(`--compare: "${printable(arg)}" is neither a file nor one git revision${/\.\.|\^[!@-]|^\^/.test(ref) ? ' (a range names several commits: give one, such as HEAD~1)' : ''}.`);
  const spec = arg.includes(':') ? arg : `${arg}:./${basename(toolFile)}`;
  const runIn = arg.includes(':') ? cwd : dirname(toolFile);
  const text = await new Promise<string>((resolvePromise, reject) => {
    execFile('git', [...GIT_SAFETY_ARGS, 'show', '--no-textconv', spec], { cwd: runIn, env: gitEnv(), encoding: 'utf8', maxBuffer: 32 * 1024 * 1024, timeout: 30_000, windowsHide: true }, (err, stdout, stderr) => {
      if (err) {
        const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'git is not installed' : (stderr || err.message).trim().split('\n')[0];
        reject(new EvalUsageError(`--compare ${arg}: not a file, and git cannot read it (${why}).`));
      } else resolvePromise(stdout);
    });
  });
  return { label: `${spec.startsWith(arg + ':./') ? `${arg}:${basename(toolFile)}` : spec}`, text };
}
