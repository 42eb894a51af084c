/**
 * Polls `probe` until it returns something other than undefined/false. After `timeoutMs` it throws what
 * `fail` makes of the message (naming `what`, the probe's last error, and `detail`). Shared by the
 * extension-host suite (test/e2e/suite/util.ts) and the editor tests (test/editors/env.ts).
 */
export async function pollUntil<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  opts: { timeoutMs: number; intervalMs: number; detail?: () => string; fail: (message: string, detail: string) => Error },
): Promise<T> {
  const deadline = Date.now() + opts.timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined && v !== false) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw opts.fail(`timed out after ${opts.timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`, opts.detail?.() ?? '');
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
}
