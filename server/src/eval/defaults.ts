/**
 * The evaluation runner's providers and defaults, without the provider SDKs: the CLI's `eval` options are
 * declared from these at start-up, while the runner (and the SDKs it loads) is only loaded to run an evaluation.
 */
import type { HostLimits } from './host';

export type ProviderId = 'openai' | 'openai-responses' | 'anthropic' | 'openai-compatible';
export const PROVIDERS: readonly ProviderId[] = ['openai', 'openai-responses', 'anthropic', 'openai-compatible'];

export const DEFAULT_LIMITS: HostLimits = { maxRetries: 2, timeoutMs: 30_000, maxSteps: 4, maxRetryDelayMs: 60_000, retryBaseDelayMs: 1_000 };
export const DEFAULT_MODELS: Record<ProviderId, string> = {
  openai: 'gpt-4.1-mini',
  'openai-responses': 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-6',
  'openai-compatible': 'gpt-4.1-mini',
};
export const DEFAULT_MAX_TOKENS = 1024;
