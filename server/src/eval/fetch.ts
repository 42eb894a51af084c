/**
 * The `fetch` both provider clients are given (providers.ts): the global fetch, with two guards for an endpoint
 * that may be hostile or broken (a `--base-url` from a set's instructions, a local proxy):
 * - redirects are not followed (`redirect: 'manual'`): a 3xx is answered as an HTTP error the host records,
 *   so the API key (Anthropic's `x-api-key` header is kept by fetch on a cross-origin redirect) never goes to
 *   another address, and a redirect loop is recorded as such, not as a bare connection error;
 * - a reply body is read up to MAX_REPLY_BYTES (after decompression: a gzip bomb is cut as it inflates), then
 *   the read fails with ReplyTooLargeError, recorded as a failed request that says so (not a timeout), not retried;
 * - a successful reply that is a stream (`text/event-stream`: the requests never ask for one) or a web page
 *   (`text/html`: a proxy's or captive portal's login page) fails with ReplyNotJsonError, which says so (the
 *   client read it as a reply without a model turn: "the reply has no choices"), not retried.
 */

/** The most a reply body may hold, decompressed. A model's reply is a few kilobytes; 32 MiB leaves room for any. */
export const MAX_REPLY_BYTES = 32 * 1024 * 1024;

/** A reply the run cannot use: the request fails with this message and is not retried. */
export class UnusableReplyError extends Error {}

/** A reply body over the bound. */
export class ReplyTooLargeError extends UnusableReplyError {
  constructor(readonly limit: number) {
    super(`the reply is larger than ${limit / 1024 / 1024} MiB (decompressed); it was not read further`);
    this.name = 'ReplyTooLargeError';
  }
}

/** A successful reply that is not a JSON body: a stream, or a web page. */
export class ReplyNotJsonError extends UnusableReplyError {
  constructor(readonly contentType: string) {
    const type = contentType.split(';')[0]!.trim().toLowerCase().slice(0, 100);
    super(
      type === 'text/event-stream'
        ? 'the endpoint answered with a stream (text/event-stream), not one JSON reply; the request did not ask for a stream'
        : `the endpoint answered with ${type} (a web page, as a proxy's login page is), not a JSON reply: check the base URL`,
    );
    this.name = 'ReplyNotJsonError';
  }
}

/** The UnusableReplyError in an error or its causes (a client may wrap it). */
export function unusableReply(e: unknown): UnusableReplyError | undefined {
  for (let x: unknown = e, i = 0; x !== undefined && x !== null && i < 5; i++) {
    if (x instanceof UnusableReplyError) return x;
    x = (x as { cause?: unknown }).cause;
  }
  return undefined;
}

type FetchInput = string | URL | Request;

/** A fetch as above, over `base` (the global fetch; tests may pass another). */
export function guardedFetch(limit = MAX_REPLY_BYTES, base: typeof fetch = fetch): (input: FetchInput, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const res = await base(input, { ...init, redirect: 'manual' });
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => undefined);
      const location = res.headers.get('location');
      const message = `${location ? `a redirect to "${location.slice(0, 200)}"` : 'a redirect'}, not followed (the API key is never sent to another address)`;
      const headers = new Headers(res.headers);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      headers.delete('content-encoding');
      // A 304 may not have a body (the Response constructor throws, which the client took for a connection error).
      const body = res.status === 304 ? null : JSON.stringify({ type: 'error', error: { type: 'redirect', message } });
      return new Response(body, { status: res.status, statusText: res.statusText, headers });
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (res.status >= 200 && res.status < 300 && (type === 'text/event-stream' || type === 'text/html')) {
      await res.body?.cancel().catch(() => undefined);
      throw new ReplyNotJsonError(type);
    }
    if (!res.body) return res;
    const headers = new Headers(res.headers);
    // The body below is already decompressed, and its length is what is read.
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(bounded(res.body, limit), { status: res.status, statusText: res.statusText, headers });
  };
}

/** `body` as a stream that fails with ReplyTooLargeError once more than `limit` bytes were read (and cancels the rest). */
function bounded(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let read = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      read += value.byteLength;
      if (read > limit) {
        await reader.cancel().catch(() => undefined);
        controller.error(new ReplyTooLargeError(limit));
        return;
      }
      controller.enqueue(value);
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}
