/**
 * Declares the CLI's `eval` command. Its implementation (cli.ts: the runner and the provider SDKs, half of the
 * CLI's code) is loaded only when the command runs, so `toolschema lint` does not load it; the CLI bundle keeps
 * it in a file of its own (dist/cli/eval.js, see esbuild.mjs).
 */
import { Option, type Command } from 'commander';
import type { CliIO } from '../cli/main';
import { DEFAULT_LIMITS, DEFAULT_MAX_TOKENS, DEFAULT_MODELS, PROVIDERS } from './defaults';

export interface EvalOptions {
  provider?: string;
  model?: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  trials: string;
  compare?: string;
  timeout: string;
  maxSteps: string;
  maxRetries: string;
  maxTokens: string;
  out?: string;
  report?: string;
}

export function registerEvalCommand(program: Command, io: CliIO): void {
  program
    .command('eval')
    .description('Run an evaluation set (<base>.eval.json) against a model, acting as the host program: records per case the tool selected, argument validity and unauthorized calls rejected.')
    .argument('<file>', 'the evaluation set (*.eval.json)')
    .addOption(new Option('--provider <provider>', 'API to call').choices([...PROVIDERS]).default('openai'))
    .option('--model <model>', `model name (default: ${DEFAULT_MODELS.openai} for OpenAI, ${DEFAULT_MODELS.anthropic} for Anthropic)`)
    .option('--base-url <url>', 'API base URL (required for openai-compatible, e.g. http://localhost:11434/v1)')
    .option('--api-key-env <name>', 'environment variable holding the API key (default: OPENAI_API_KEY, or ANTHROPIC_API_KEY for anthropic)')
    .option('--trials <k>', 'runs per case; pass^k is reported beside the average', '1')
    .option('--compare <file|ref>', 'also run the cases on another version of the tool file: a path, or a git ref (e.g. HEAD~1)')
    .option('--timeout <ms>', 'per-request timeout in milliseconds', String(DEFAULT_LIMITS.timeoutMs))
    .option('--max-steps <n>', 'model requests per trial before the tool loop is cut', String(DEFAULT_LIMITS.maxSteps))
    .option('--max-retries <n>', 'retries after 429, 5xx, timeouts and connection errors (Retry-After honoured)', String(DEFAULT_LIMITS.maxRetries))
    .option('--max-tokens <n>', 'output token cap per request', String(DEFAULT_MAX_TOKENS))
    .option('--out <file>', 'results file (default: <base>.eval-results.json beside the set)')
    .option('--report <file>', 'Markdown report (default: <base>.eval-report.md beside the set)')
    .exitOverride()
    .action((file: string, opts: EvalOptions) => {
      let done: Promise<number>;
      try {
        // A plain require, which the bundle keeps as require("./eval.js") (a dynamic import() would be an ES module load).
        const impl = require('./cli') as typeof import('./cli');
        done = impl.runEvalAction(file, opts, io);
      } catch (e) {
        io.stderr(`toolschema: cannot load the evaluation runner: ${e instanceof Error ? e.message : String(e)}\n`);
        done = Promise.resolve(2);
      }
      if (io.wait) io.wait(done);
    });
}
