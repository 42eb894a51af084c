/**
 * Helpers of the extension-host suites (Node and web extension hosts alike: no Node modules here).
 * Waiting is always polling a condition with a deadline, never a fixed sleep.
 */
import { extensions, languages, workspace, Uri, type Diagnostic, type TextDocument } from 'vscode';
import { pollUntil } from '../../poll';

export const EXTENSION_ID = 'toolschema.toolschema';
const POLL_MS = 50;

export class AssertionError extends Error {}

export function ok(value: unknown, message: string): asserts value {
  if (!value) throw new AssertionError(message);
}

export function equal<T>(actual: T, expected: T, message = ''): void {
  if (actual !== expected) throw new AssertionError(`${message}${message ? ': ' : ''}expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

export function deepEqual(actual: unknown, expected: unknown, message = ''): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new AssertionError(`${message}${message ? ': ' : ''}expected ${e}, got ${a}`);
}

/** Polls `probe` until it returns something other than undefined/false, or fails after `timeoutMs` with `what`. */
export function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000, detail: () => string = () => ''): Promise<T> {
  return pollUntil(what, probe, { timeoutMs, intervalMs: POLL_MS, detail, fail: (message, d) => new AssertionError(`${message}${d ? `; ${d}` : ''}`) });
}

export function fileUri(name: string): Uri {
  const folder = workspace.workspaceFolders?.[0];
  ok(folder, 'the test workspace folder is open');
  return Uri.joinPath(folder.uri, name);
}

export function ruleOf(d: Diagnostic): string | undefined {
  const c = d.code;
  return typeof c === 'object' && c ? String(c.value) : c === undefined ? undefined : String(c);
}

export function ours(uri: Uri): Diagnostic[] {
  return languages.getDiagnostics(uri).filter((d) => d.source === 'toolschema');
}

export function rangeOf(d: Diagnostic): [number, number, number, number] {
  return [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character];
}

export async function activeExtension(): Promise<unknown> {
  const ext = extensions.getExtension(EXTENSION_ID);
  ok(ext, `extension ${EXTENSION_ID} is installed`);
  return await waitFor('the extension to activate', async () => (ext.isActive ? ext.exports ?? true : (await ext.activate(), ext.exports ?? true)));
}

/** Diagnostics of a document once the server has published them (at least `min`). */
export async function diagnosticsOf(doc: TextDocument, min = 1): Promise<Diagnostic[]> {
  return await waitFor(`at least ${min} toolschema diagnostics on ${doc.uri.toString()}`, () => {
    const d = ours(doc.uri);
    return d.length >= min ? d : undefined;
  });
}
