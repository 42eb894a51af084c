/**
 * A scripted model server for the runner tests: node http on 127.0.0.1 (port 0), speaking the HTTP paths and
 * JSON shapes of OpenAI Chat Completions (`POST /v1/chat/completions`), OpenAI Responses (`POST /v1/responses`)
 * and Anthropic Messages (`POST /v1/messages`), as the official clients send and read them. What it answers
 * is decided by a script from the first user message (the case prompt), the step (how many assistant turns
 * the history holds already) and the attempt (how often this prompt and step were requested).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';

export type Api = 'chat' | 'responses' | 'anthropic';

export type Action =
  | { kind: 'call'; name: string; args: unknown; raw?: string }
  | { kind: 'calls'; calls: { name: string; args: unknown; raw?: string }[] }
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: number; retryAfter?: string; body?: unknown }
  | { kind: 'hang' }
  /** Sends the status line, headers and half the body, then nothing. */
  | { kind: 'stall' }
  /** Sends the status line, headers and 30 bytes of the body, then closes the connection. */
  | { kind: 'cut' }
  /** A redirect (301, 302, 307, 308) to `location`. */
  | { kind: 'redirect'; status: number; location: string }
  /** HTTP 200 and a JSON body that never ends (a string of `a`, written as fast as it is read). */
  | { kind: 'endless' }
  /** HTTP 200, gzip-encoded: `bytes` of `a` inside a JSON string once inflated (a few kilobytes on the wire). */
  | { kind: 'gzip'; bytes: number }
  /** HTTP 200 with this JSON body as it is (an empty or odd reply). */
  | { kind: 'json'; body: unknown }
  /** HTTP 200 with this body and content type (a stream, a web page). */
  | { kind: 'raw'; contentType: string; body: string };

export interface ScriptContext {
  api: Api;
  prompt: string;
  step: number;
  attempt: number;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

export interface RecordedRequest {
  api: Api;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  prompt: string;
  step: number;
  attempt: number;
}

export class ScriptedServer {
  readonly requests: RecordedRequest[] = [];
  private server: Server | undefined;
  private readonly attempts = new Map<string, number>();
  private readonly hanging = new Set<ServerResponse>();
  port = 0;

  constructor(public script: (ctx: ScriptContext) => Action) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get openaiBase(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  get anthropicBase(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  reset(): void {
    this.requests.length = 0;
    this.attempts.clear();
  }

  async stop(): Promise<void> {
    for (const r of this.hanging) r.destroy();
    this.hanging.clear();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return json(res, 400, { error: { message: 'bad json' } });
      }
      const path = (req.url ?? '').split('?')[0]!;
      const api: Api | undefined = path === '/v1/chat/completions' ? 'chat' : path === '/v1/responses' ? 'responses' : path === '/v1/messages' ? 'anthropic' : undefined;
      if (!api || req.method !== 'POST') return json(res, 404, { error: { message: `no route ${req.method} ${path}` } });
      const { prompt, step } = readHistory(api, body);
      const key = `${api}|${prompt}|${step}`;
      const attempt = (this.attempts.get(key) ?? 0) + 1;
      this.attempts.set(key, attempt);
      this.requests.push({ api, path, headers: req.headers, body, prompt, step, attempt });
      let action: Action;
      try {
        action = this.script({ api, prompt, step, attempt, body, headers: req.headers });
      } catch (e) {
        return json(res, 500, { error: { message: `script error: ${(e as Error).message}` } });
      }
      this.reply(api, action, body, res);
    });
  }

  private reply(api: Api, action: Action, body: Record<string, unknown>, res: ServerResponse): void {
    const model = typeof body.model === 'string' ? body.model : 'scripted';
    switch (action.kind) {
      case 'hang':
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      case 'cut': {
        const text = JSON.stringify(textReply(api, model, 'cut short'));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.write(text.slice(0, 30), () => res.socket?.destroy());
        return;
      }
      case 'stall': {
        const text = JSON.stringify(textReply(api, model, 'never finished'));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.write(text.slice(0, 20));
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      }
      case 'status': {
        const headers: Record<string, string> = {};
        if (action.retryAfter !== undefined) headers['retry-after'] = action.retryAfter;
        const errBody = action.body ?? (api === 'anthropic' ? { type: 'error', error: { type: action.status === 429 ? 'rate_limit_error' : 'api_error', message: `scripted ${action.status}` } } : { error: { message: `scripted ${action.status}`, type: 'server_error', code: null } });
        return json(res, action.status, errBody, headers);
      }
      case 'text':
        return json(res, 200, textReply(api, model, action.text));
      case 'json':
        return json(res, 200, action.body);
      case 'raw':
        res.writeHead(200, { 'content-type': action.contentType, 'content-length': Buffer.byteLength(action.body) });
        return void res.end(action.body);
      case 'redirect':
        res.writeHead(action.status, { location: action.location, 'content-length': 0 });
        return void res.end();
      case 'endless': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"choices":[{"index":0,"message":{"role":"assistant","content":"');
        const chunk = 'a'.repeat(1 << 20);
        const write = (): void => {
          while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', write);
        };
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        write();
        return;
      }
      case 'gzip': {
        const gz = createGzip({ level: 9 });
        const parts: Buffer[] = [];
        gz.on('data', (b: Buffer) => parts.push(b));
        gz.on('end', () => {
          const bomb = Buffer.concat(parts);
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length });
          res.end(bomb);
        });
        gz.write('{"choices":[{"index":0,"message":{"role":"assistant","content":"');
        const chunk = Buffer.alloc(1 << 20, 0x61);
        for (let n = 0; n < action.bytes; n += chunk.length) gz.write(chunk.subarray(0, Math.min(chunk.length, action.bytes - n)));
        gz.end('"},"finish_reason":"stop"}]}');
        return;
      }
      case 'call':
        return json(res, 200, callReply(api, model, [action]));
      case 'calls':
        return json(res, 200, callReply(api, model, action.calls));
    }
  }
}

let seq = 0;

function textReply(api: Api, model: string, text: string): unknown {
  seq++;
  if (api === 'chat') return { id: `chatcmpl-${seq}`, object: 'chat.completion', created: 1, model, choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  if (api === 'responses') return { id: `resp_${seq}`, object: 'response', created_at: 1, model, status: 'completed', output: [{ type: 'message', id: `msg_${seq}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] }], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } };
  return { id: `msg_${seq}`, type: 'message', role: 'assistant', model, content: [{ type: 'text', text }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
}

function callReply(api: Api, model: string, calls: { name: string; args: unknown; raw?: string }[]): unknown {
  seq++;
  if (api === 'chat') {
    return {
      id: `chatcmpl-${seq}`, object: 'chat.completion', created: 1, model,
      choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: null, tool_calls: calls.map((c, i) => ({ id: `call_${seq}_${i}`, type: 'function', function: { name: c.name, arguments: c.raw ?? JSON.stringify(c.args) } })) }, finish_reason: 'tool_calls', logprobs: null }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    };
  }
  if (api === 'responses') {
    return {
      id: `resp_${seq}`, object: 'response', created_at: 1, model, status: 'completed',
      output: calls.map((c, i) => ({ type: 'function_call', id: `fc_${seq}_${i}`, call_id: `call_${seq}_${i}`, name: c.name, arguments: c.raw ?? JSON.stringify(c.args), status: 'completed' })),
      usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
    };
  }
  return {
    id: `msg_${seq}`, type: 'message', role: 'assistant', model,
    // Anthropic sends `input` as an object; a malformed one is sent as the raw string.
    content: calls.map((c, i) => ({ type: 'tool_use', id: `toolu_${seq}_${i}`, name: c.name, input: c.raw ?? c.args })),
    stop_reason: 'tool_use', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 },
  };
}

function readHistory(api: Api, body: Record<string, unknown>): { prompt: string; step: number } {
  const list = (api === 'responses' ? body.input : body.messages) as unknown;
  const items = Array.isArray(list) ? (list as Record<string, unknown>[]) : typeof list === 'string' ? [{ role: 'user', content: list }] : [];
  const firstUser = items.find((m) => m && m.role === 'user');
  let prompt = '';
  if (firstUser) {
    const c = firstUser.content;
    if (typeof c === 'string') prompt = c;
    else if (Array.isArray(c)) prompt = c.map((b: Record<string, unknown>) => (typeof b?.text === 'string' ? b.text : '')).join('');
  }
  const step = api === 'responses' ? items.filter((m) => m && m.type === 'function_call_output').length > 0 ? countTurns(items) : 0 : items.filter((m) => m && m.role === 'assistant').length;
  return { prompt, step };
}

/** Responses: model turns are the runs of function_call items in the input. */
function countTurns(items: Record<string, unknown>[]): number {
  let turns = 0;
  let inRun = false;
  for (const m of items) {
    const isCall = m?.type === 'function_call';
    if (isCall && !inRun) turns++;
    inRun = isCall;
  }
  return turns;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
