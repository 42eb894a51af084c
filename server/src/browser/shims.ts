/**
 * Stand-ins for the Node modules the language server imports, used only by the browser bundle
 * (dist/web/server.js, see esbuild.mjs). The web worker has no file system, no processes and no git: reads
 * fail as a missing file does, listing finds nothing, git is "not installed". toolServer.ts only reaches them
 * for `file:` URIs and workspace folders, which VS Code for the web does not have.
 */
const unavailable = (what: string): Error => Object.assign(new Error(`${what}: not available in the browser`), { code: 'ENOENT' });

// node:buffer (encoding.ts: no file is read here)
export function isUtf8(): boolean {
  return true;
}

// node:fs
export function readFileSync(path: string): never {
  throw unavailable(`cannot read ${path}`);
}
export function existsSync(): boolean {
  return false;
}
export function statSync(path: string): never {
  throw unavailable(`cannot stat ${path}`);
}
export function lstatSync(path: string): never {
  throw unavailable(`cannot stat ${path}`);
}
// toolServer.ts: the files of a folder created in the workspace (none here).
export function readdirSync(path: string): never {
  throw unavailable(`cannot list ${path}`);
}
export type Dirent = never;
// files.ts: a path that cannot be resolved is treated as outside the folder (nothing on disk is read here).
export function realpathSync(path: string): never {
  throw unavailable(`cannot resolve ${path}`);
}
realpathSync.native = realpathSync;
// safeRead.ts: opening fails as a missing file does, so the rest is never reached.
export function openSync(path: string): never {
  throw unavailable(`cannot open ${path}`);
}
export function fstatSync(): never {
  throw unavailable('fstat');
}
export function readSync(): never {
  throw unavailable('read');
}
export function closeSync(): void {}
export const constants = { O_RDONLY: 0, O_NONBLOCK: 0 };

// node:child_process (git.ts): git is never found.
export function execFile(_cmd: string, _args: string[], _opts: unknown, cb: (e: Error, stdout: string, stderr: string) => void): void {
  setTimeout(() => cb(unavailable('spawn git ENOENT'), '', ''), 0);
}
export function execFileSync(): never {
  throw unavailable('spawn git ENOENT');
}

// tinyglobby (files.ts): nothing is found.
export function globSync(): string[] {
  return [];
}

// node:url
export function fileURLToPath(url: string | URL): string {
  const u = typeof url === 'string' ? new URL(url) : url;
  if (u.protocol !== 'file:') throw new TypeError('The URL must be of scheme file');
  return decodeURIComponent(u.pathname);
}
export function pathToFileURL(path: string): URL {
  return new URL('file://' + path.split('/').map(encodeURIComponent).join('/'));
}

// node:path (POSIX)
export const sep = '/';
function normalizeParts(parts: string[]): string[] {
  const out: string[] = [];
  for (const p of parts) {
    if (!p || p === '.') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return out;
}
export function resolve(...paths: string[]): string {
  let abs = '';
  for (let i = paths.length - 1; i >= 0 && !abs.startsWith('/'); i--) abs = paths[i] + (abs ? '/' + abs : '');
  return '/' + normalizeParts(abs.split('/')).join('/');
}
export function join(...paths: string[]): string {
  const j = paths.filter(Boolean).join('/');
  return (j.startsWith('/') ? '/' : '') + normalizeParts(j.split('/')).join('/') || '.';
}
export function dirname(path: string): string {
  const i = path.replace(/\/+$/, '').lastIndexOf('/');
  return i < 0 ? '.' : i === 0 ? '/' : path.slice(0, i);
}
export function basename(path: string, ext?: string): string {
  const b = path.replace(/\/+$/, '').split('/').pop() ?? '';
  return ext && b.endsWith(ext) ? b.slice(0, -ext.length) : b;
}
export function extname(path: string): string {
  const b = basename(path);
  const i = b.lastIndexOf('.');
  return i <= 0 ? '' : b.slice(i);
}
export function relative(from: string, to: string): string {
  const a = resolve(from).split('/').filter(Boolean);
  const b = resolve(to).split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}
export function isAbsolute(path: string): boolean {
  return path.startsWith('/');
}
export const posix = { sep, resolve, join, dirname, basename, extname, relative, isAbsolute };

// memory.ts asks V8 for a garbage collection after indexing a workspace; a web worker has no such handle (and no
// workspace index to reclaim): both do nothing, so reclaimMemory() is a no-op there.
export function setFlagsFromString(): void {}
export function runInNewContext(): undefined {
  return undefined;
}
export default { isUtf8, readFileSync, existsSync, statSync, lstatSync, readdirSync, realpathSync, openSync, fstatSync, readSync, closeSync, constants, execFile, execFileSync, globSync, fileURLToPath, pathToFileURL, setFlagsFromString, runInNewContext, ...posix, posix };
