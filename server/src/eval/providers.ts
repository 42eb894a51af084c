/**
 * The model side of the evaluation runner: one conversation per case and trial, spoken through the official
 * clients (`openai` for Chat Completions, Responses and OpenAI-compatible endpoints, `@anthropic-ai/sdk` for
 * Messages). The clients' own retries are off (maxRetries 0): the runner retries itself, so it can count and
 * record every attempt and honour Retry-After. Nothing here executes a tool; the host loop (host.ts) decides
 * what each proposed call is answered with.
 */
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import type { JsonValue } from '../../../shared/src/document';

import type { ProviderId } from './defaults';
import { guardedFetch } from './fetch';

export { PROVIDERS, type ProviderId } from './defaults';

/** A tool as the runner sends it: name, description and a JSON Schema object for the arguments. */
export interface RunnableTool {
  name: string;
  description: string;
  /** The parameter schema (an object schema; `{type: "object", properties: {}}` when the file has none). */
  parameters: { [key: string]: JsonValue };
  strict: boolean;
  /** The JSON Schema dialect the arguments are validated against. */
  draft: '07' | '2020';
}

/** A chat message of a case (`system`, `user` or `assistant`, text only). */
export interface CaseMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One tool call the model proposed, as it came over the wire. */
export interface ProposedCall {
  id: string;
  name: string;
  /** The arguments as sent: a JSON string (OpenAI) or a value (Anthropic `input`). */
  raw: string | JsonValue | undefined;
}

export interface ModelTurn {
  calls: ProposedCall[];
  text: string;
  /** The provider's stop marking (`finish_reason`, `stop_reason`, Responses `status`). */
  stop: string;
}

/** The host's answer to one proposed call. `content` is a JSON text (a structured result or error). */
export interface ToolReply {
  call: ProposedCall;
  content: string;
  isError: boolean;
}

export interface SendOptions {
  signal: AbortSignal;
  timeoutMs: number;
}

/** One conversation: send the history, get the model's turn, append the host's replies, send again. */
export interface Conversation {
  send(opts: SendOptions): Promise<ModelTurn>;
  reply(turn: ModelTurn, replies: readonly ToolReply[]): void;
}

export interface ProviderSettings {
  provider: ProviderId;
  model: string;
  apiKey: string;
  baseURL?: string | undefined;
  /** Output token cap per request (Anthropic requires one). */
  maxTokens: number;
}

export interface ProviderClient {
  start(messages: readonly CaseMessage[], tools: readonly RunnableTool[]): Conversation;
}

export function createProvider(s: ProviderSettings): ProviderClient {
  switch (s.provider) {
    case 'anthropic':
      return anthropicProvider(s);
    case 'openai-responses':
      return responsesProvider(s);
    case 'openai':
    case 'openai-compatible':
      return chatProvider(s);
  }
}

function openaiClient(s: ProviderSettings): OpenAI {
  return new OpenAI({
    apiKey: s.apiKey,
    baseURL: s.baseURL ?? 'https://api.openai.com/v1',
    maxRetries: 0,
    logLevel: 'off',
    // Redirects not followed, reply bodies bounded (fetch.ts).
    fetch: guardedFetch(),
    // Never pick up an organization or project from the environment of the editor or CI.
    organization: null,
    project: null,
  });
}

// ---------------------------------------------------------------------------------------------
// OpenAI Chat Completions (and any endpoint that speaks it)

function chatProvider(s: ProviderSettings): ProviderClient {
  const client = openaiClient(s);
  return {
    start(messages, tools) {
      const history: OpenAI.Chat.ChatCompletionMessageParam[] = messages.map((m) =>
        m.role === 'assistant' ? { role: 'assistant', content: m.content } : m.role === 'system' ? { role: 'system', content: m.content } : { role: 'user', content: m.content },
      );
      const toolParams: OpenAI.Chat.ChatCompletionTool[] = tools.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.parameters, ...(t.strict ? { strict: true } : {}) },
      }));
      return {
        async send(o) {
          const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = { model: s.model, messages: history };
          if (toolParams.length) body.tools = toolParams;
          const r = await client.chat.completions.create(body, { signal: o.signal, timeout: o.timeoutMs, maxRetries: 0 });
          // A reply without a choice is a failed request, not a model that chose not to call.
          const choice = Array.isArray(r?.choices) ? r.choices[0] : undefined;
          if (!isRecord(choice)) throw new EmptyReplyError('choices');
          // A message that is missing, null or holds none of a turn's fields (`{}`) is no model turn either: it
          // passed a case expecting no call (an independent tester).
          const msg: unknown = choice.message;
          if (!isRecord(msg) || !('content' in msg || 'tool_calls' in msg || 'refusal' in msg)) throw new EmptyReplyError('message');
          const calls: ProposedCall[] = [];
          const toolCalls: unknown = msg.tool_calls;
          if (toolCalls !== undefined && toolCalls !== null && !Array.isArray(toolCalls)) throw new MalformedReplyError(`message.tool_calls is ${shapeOf(toolCalls)}, not a list`);
          for (const [i, c] of (Array.isArray(toolCalls) ? (toolCalls as unknown[]) : []).entries()) {
            if (!isRecord(c)) throw new MalformedReplyError(`message.tool_calls[${i}] is ${shapeOf(c)}, not a tool call`);
            const fn = c.function;
            if (c.type === 'function' && isRecord(fn)) calls.push({ id: str(c.id) ?? `call_${i}`, name: str(fn.name) ?? '', raw: fn.arguments as string | JsonValue | undefined });
            else calls.push({ id: str(c.id) ?? `call_${i}`, name: '', raw: undefined });
          }
          return { calls, text: typeof msg.content === 'string' ? msg.content : '', stop: str(choice.finish_reason) ?? 'unknown' };
        },
        reply(turn, replies) {
          history.push({
            role: 'assistant',
            content: turn.text || null,
            ...(turn.calls.length
              ? { tool_calls: turn.calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: typeof c.raw === 'string' ? c.raw : JSON.stringify(c.raw ?? {}) } })) }
              : {}),
          });
          for (const r of replies) history.push({ role: 'tool', tool_call_id: r.call.id, content: r.content });
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// OpenAI Responses

function responsesProvider(s: ProviderSettings): ProviderClient {
  const client = openaiClient(s);
  return {
    start(messages, tools) {
      const input: OpenAI.Responses.ResponseInputItem[] = messages.map((m) => ({ role: m.role, content: m.content, type: 'message' as const }));
      const toolParams: OpenAI.Responses.FunctionTool[] = tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters, strict: t.strict }));
      return {
        async send(o) {
          const body: OpenAI.Responses.ResponseCreateParamsNonStreaming = { model: s.model, input, store: false };
          if (toolParams.length) body.tools = toolParams;
          let r: OpenAI.Responses.Response;
          try {
            r = await client.responses.create(body, { signal: o.signal, timeout: o.timeoutMs, maxRetries: 0 });
          } catch (e) {
            // The client reads the reply's `output` before returning it (its output_text): a reply without one, or
            // with `null` in it, failed there with a TypeError ("rsp.output is not iterable"), shown as the reason.
            if (e instanceof TypeError && !(e instanceof OpenAI.APIError)) throw new EmptyReplyError('output');
            throw e;
          }
          const calls: ProposedCall[] = [];
          const texts: string[] = [];
          if (!Array.isArray(r?.output)) throw new EmptyReplyError('output');
          // Only a completed or incomplete response is a model turn: "failed", "in_progress", "queued" or "cancelled"
          // with an empty output passed a case expecting no call.
          const status: unknown = (r as { status?: unknown }).status;
          if (status !== undefined && status !== null && status !== 'completed' && status !== 'incomplete') {
            const err = (r as { error?: unknown }).error;
            const why = isRecord(err) && typeof err.message === 'string' ? `: ${err.message.slice(0, 300)}` : '';
            throw new MalformedReplyError(`the response's status is ${JSON.stringify(String(status).slice(0, 40))}${why}, not a finished model turn`);
          }
          const output: unknown[] = r.output;
          for (const [i, item] of output.entries()) {
            if (!isRecord(item)) throw new MalformedReplyError(`output[${i}] is ${shapeOf(item)}, not an output item`);
            if (item.type === 'function_call') {
              calls.push({ id: str(item.call_id) ?? str(item.id) ?? `call_${i}`, name: str(item.name) ?? '', raw: typeof item.arguments === 'string' ? item.arguments : undefined });
            } else if (item.type === 'message' && Array.isArray(item.content)) {
              for (const c of item.content) if (isRecord(c) && typeof c.text === 'string') texts.push(c.text);
            }
          }
          const stop = calls.length ? 'function_call' : (str(r?.status) ?? 'unknown');
          return { calls, text: texts.join('\n'), stop };
        },
        reply(turn, replies) {
          if (turn.text) input.push({ role: 'assistant', content: turn.text, type: 'message' });
          for (const c of turn.calls) {
            input.push({ type: 'function_call', call_id: c.id, name: c.name, arguments: typeof c.raw === 'string' ? c.raw : JSON.stringify(c.raw ?? {}) });
          }
          for (const r of replies) input.push({ type: 'function_call_output', call_id: r.call.id, output: r.content });
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Anthropic Messages

/**
 * The Anthropic client's base URL: the SDK adds `/v1/messages` itself, so a URL ending in `/v1`, as OpenAI's base
 * URLs do (`--base-url http://proxy/v1`), is taken without it; it requested `/v1/v1/messages`, a 404 on every case.
 */
export function anthropicBaseURL(baseURL: string | undefined): string {
  return baseURL === undefined ? 'https://api.anthropic.com' : baseURL.replace(/\/+$/, '').replace(/\/v1$/i, '');
}

function anthropicProvider(s: ProviderSettings): ProviderClient {
  // The key goes in x-api-key (the Messages API's documented header) as well as the client's own header.
  const client = new Anthropic({ apiKey: s.apiKey, baseURL: anthropicBaseURL(s.baseURL), maxRetries: 0, logLevel: 'off', openTelemetry: false, defaultHeaders: { 'x-api-key': s.apiKey }, fetch: guardedFetch() });
  return {
    start(messages, tools) {
      const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
      const history: Anthropic.MessageParam[] = messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role === 'assistant' ? 'assistant' : 'user', content: m.content }));
      const toolParams: Anthropic.Tool[] = tools.map((t) => ({ name: t.name, description: t.description, input_schema: { ...t.parameters, type: 'object' } as Anthropic.Tool.InputSchema }));
      return {
        async send(o) {
          const body: Anthropic.MessageCreateParamsNonStreaming = { model: s.model, max_tokens: s.maxTokens, messages: history };
          if (system) body.system = system;
          if (toolParams.length) body.tools = toolParams;
          const r = await client.messages.create(body, { signal: o.signal, timeout: o.timeoutMs, maxRetries: 0 });
          const calls: ProposedCall[] = [];
          const texts: string[] = [];
          if (!Array.isArray(r?.content)) throw new EmptyReplyError('content');
          const content: unknown[] = r.content;
          for (const [i, block] of content.entries()) {
            if (!isRecord(block)) throw new MalformedReplyError(`content[${i}] is ${shapeOf(block)}, not a content block`);
            if (block.type === 'tool_use') calls.push({ id: str(block.id) ?? `toolu_${i}`, name: str(block.name) ?? '', raw: block.input as JsonValue | undefined });
            else if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
          }
          return { calls, text: texts.join('\n'), stop: str(r?.stop_reason) ?? 'unknown' };
        },
        reply(turn, replies) {
          const blocks: Anthropic.ContentBlockParam[] = [];
          if (turn.text) blocks.push({ type: 'text', text: turn.text });
          for (const c of turn.calls) blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: isRecord(c.raw) ? c.raw : {} });
          history.push({ role: 'assistant', content: blocks.length ? blocks : '(no content)' });
          history.push({
            role: 'user',
            content: replies.map((r) => ({ type: 'tool_result' as const, tool_use_id: r.call.id, content: r.content, ...(r.isError ? { is_error: true } : {}) })),
          });
        },
      };
    },
  };
}

/**
 * An HTTP 200 reply without a model turn (`{}`, `{"choices": null}`, `{"choices": []}`, a choice whose message is
 * missing or `{}`, Anthropic `{"content": null}`): a failed request, not a model that chose not to call.
 */
export class EmptyReplyError extends Error {
  constructor(field: 'choices' | 'message' | 'output' | 'content') {
    super(`the reply has no ${field}: the endpoint answered without a model turn`);
    this.name = 'EmptyReplyError';
  }
}

/** An HTTP 200 reply whose turn cannot be read (`tool_calls: [null]`, `content: [null]`, a failed response): a failed request. */
export class MalformedReplyError extends Error {
  constructor(detail: string) {
    super(`the reply is malformed: ${detail}`);
    this.name = 'MalformedReplyError';
  }
}

/** What a value is, for messages: null, a string, a number, a list, an object. */
function shapeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : v === undefined ? 'missing' : `a ${typeof v}`;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The HTTP status and headers of a client error, when it carries them (both SDKs' APIError). */
export function httpInfo(e: unknown): { status: number | undefined; headers: { get(name: string): string | null } | undefined } {
  if (e instanceof OpenAI.APIError || e instanceof Anthropic.APIError) {
    const h = e.headers as { get?: (n: string) => string | null } | undefined;
    return { status: typeof e.status === 'number' ? e.status : undefined, headers: h && typeof h.get === 'function' ? (h as { get(name: string): string | null }) : undefined };
  }
  return { status: undefined, headers: undefined };
}

/** True for the clients' own timeout errors. */
export function isClientTimeout(e: unknown): boolean {
  return e instanceof OpenAI.APIConnectionTimeoutError || e instanceof Anthropic.APIConnectionTimeoutError;
}

/** True for network-level failures (connection refused, reset) that are worth retrying. */
export function isConnectionError(e: unknown): boolean {
  return (e instanceof OpenAI.APIConnectionError && !(e instanceof OpenAI.APIUserAbortError)) || (e instanceof Anthropic.APIConnectionError && !(e instanceof Anthropic.APIUserAbortError));
}
