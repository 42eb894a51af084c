/**
 * Node-side file access shared by the CLI and the language server: which files are tool files (config
 * globs), finding them under a folder, and loading toolschema.config.json.
 */
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { readTextBounded } from './safeRead';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { globSync } from 'tinyglobby';
import { CONFIG_FILE_NAME, defaultConfig, parseConfigText, type Config } from '../../shared/src/config';
import { RULES_BY_ID } from '../../shared/src/rules';
import type { Finding } from '../../shared/src/types';
import { EVAL_RESULTS_SUFFIX, EVAL_SET_SUFFIX, isEvaluationFileUri } from '../../shared/src/evaluation/paths';

export const KNOWN_RULES: ReadonlySet<string> = new Set(RULES_BY_ID.keys());

/**
 * The path a `file:` URI names on this machine, or undefined: another scheme, or a file URI Node cannot turn
 * into a path here (a host other than localhost, an encoded `/`, broken percent-encoding), which a client may
 * send as a workspace folder or a document.
 */
export function filePathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** Whether `path` lies in the folder `root` (or is it). */
export function isInside(root: string, path: string): boolean {
  const r = relative(root, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

/**
 * Tool files under `root` matching the config's `files` globs, minus `ignore` (and always node_modules).
 * Evaluation sets and results, and configuration files, are never tool files, even when a glob such as `**\/*.json`
 * matches them.
 * The globs are relative to `base`, the configuration's folder (by default `root`): the CLI run in a subfolder
 * of it walks that subfolder under the configuration's globs (they were read from the subfolder: `ignore:
 * ["fixtures/**"]` did not apply inside fixtures/, and `files: ["tools/**"]` found nothing inside tools/; an
 * independent tester). A folder outside `base` is walked with the globs read from the folder itself.
 */
export function findToolFiles(root: string, config: Config, base: string = root): string[] {
  // The configuration refuses globs that leave the folder (globProblem); a brace or an extglob could still spell
  // one, and a glob whose literal part is a link to a folder ("linkdir/*.tool.json") leads out of it: what is
  // found outside the folder, by its path or through a link, is dropped.
  const inside = reallyInside(root);
  const sub = subfolderOf(base, root);
  if (sub === undefined) {
    return globSync(config.files, {
      cwd: root,
      ignore: [...config.ignore, '**/node_modules/**'],
      absolute: true,
      dot: false,
      followSymbolicLinks: false,
    })
      .filter((f) => !isEvaluationFileUri(f) && basename(f) !== CONFIG_FILE_NAME && isInside(root, f) && inside(f))
      .sort();
  }
  // The globs as seen from the subfolder where they can be (for the walk to skip what they leave out); each file
  // found is then judged by its path from `base`, as the walk from `base` would.
  const files = globsUnder(config.files, sub) ?? ['**/*'];
  const ignore = config.ignore.flatMap((g) => globsUnder([g], sub) ?? []);
  return globSync(files, { cwd: root, ignore: [...ignore, '**/node_modules/**'], absolute: true, dot: false, followSymbolicLinks: false })
    .filter((f) => !isEvaluationFileUri(f) && basename(f) !== CONFIG_FILE_NAME && isInside(root, f) && inside(f) && walkTakes(config, relative(base, f)))
    .sort();
}

/** `root`'s path from `base` with forward slashes when it is a folder strictly inside `base`; else undefined. */
function subfolderOf(base: string, root: string): string | undefined {
  const rel = relative(base, root);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split(sep).join('/');
}

/**
 * Globs relative to a folder's parent `base`, rewritten relative to the folder `sub` (its path from `base`): a glob
 * starting with `**\/` stays as it is, one starting with `sub/` loses that prefix, and one whose literal folders
 * lead elsewhere matches nothing there (dropped). Undefined when one cannot be rewritten (a wildcard or a negation
 * in the folders it names before reaching `sub`): the caller then walks everything and filters.
 */
function globsUnder(globs: readonly string[], sub: string): string[] | undefined {
  const out: string[] = [];
  const parts = sub.split('/');
  for (const g of globs) {
    if (g.startsWith('!')) return undefined;
    if (g.startsWith('**/')) {
      out.push(g);
      continue;
    }
    const segs = g.replace(/^\.\//, '').split('/');
    let i = 0;
    for (; i < parts.length; i++) {
      if (i >= segs.length - 1) break; // the glob names files above `sub`
      if (/[*?[\]{}()!+@]/.test(segs[i]!)) return undefined;
      if (segs[i] !== parts[i]) break;
    }
    if (i === parts.length) out.push(segs.slice(i).join('/'));
  }
  return out;
}

/**
 * Whether a path under `root` is in it once links are resolved: its folder's real path is inside the root's
 * (real paths are looked up once per folder). A file that is itself a link is judged by where it points.
 */
export function reallyInside(root: string): (path: string) => boolean {
  const realRoot = realOrUndefined(root) ?? root;
  const dirs = new Map<string, boolean>();
  return (path) => {
    const dir = dirname(path);
    let ok = dirs.get(dir);
    if (ok === undefined) {
      const real = realOrUndefined(dir);
      dirs.set(dir, (ok = real !== undefined && isInside(realRoot, real)));
    }
    if (!ok) return false;
    // The file itself: resolved only when it is a link (one lstat; the folder walk skips links already).
    let link = false;
    try {
      link = lstatSync(path).isSymbolicLink();
    } catch {
      return true;
    }
    const realFile = link ? realOrUndefined(path) : undefined;
    return !link || (realFile !== undefined && isInside(realRoot, realFile));
  };
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/** Evaluation sets (`*.eval.json`) under `root`, minus `ignore` (and always node_modules); with results files too when asked. */
export function findEvalSets(root: string, config: Config, withResults = false, base: string = root): string[] {
  const patterns = [`**/*${EVAL_SET_SUFFIX}`, ...(withResults ? [`**/*${EVAL_RESULTS_SUFFIX}`] : [])];
  const inside = reallyInside(root);
  // The ignore globs are relative to `base` (findToolFiles).
  const sub = subfolderOf(base, root);
  const ignore = sub === undefined ? config.ignore : config.ignore.flatMap((g) => globsUnder([g], sub) ?? []);
  return globSync(patterns, { cwd: root, ignore: [...ignore, '**/node_modules/**'], absolute: true, dot: false, followSymbolicLinks: false })
    .filter((f) => inside(f) && (sub === undefined || !ignoredPath(config, relative(base, f))))
    .sort();
}

/** A matcher telling whether a path (relative to the workspace root) is a tool file under the config. */
export function toolFileMatcher(config: Config): (relPath: string) => boolean {
  const { isIncluded, isIgnored } = matchersOf(config);
  return (relPath: string) => {
    const p = relPath.split(sep).join('/');
    return isIncluded(p) && !isIgnored(p) && !isEvaluationFileUri(p);
  };
}

/**
 * Whether the CLI's walk (findToolFiles, globs with `dot: false`) would take this path (relative to the root): a
 * dot file or folder only when a glob names it with its dot (".toolschemacache"), not through a wildcard.
 */
export function walkTakes(config: Config, relPath: string): boolean {
  const p = relPath.split(sep).join('/');
  const m = matchersOf(config);
  return m.isWalked(p) && !m.isIgnored(p) && !isEvaluationFileUri(p);
}

/** Whether the `ignore` globs (and node_modules) name this path: never linted, even open in the editor. */
export function ignoredPath(config: Config, relPath: string): boolean {
  return matchersOf(config).isIgnored(relPath.split(sep).join('/'));
}

/** The compiled globs of a configuration (a configuration object lives as long as it applies). */
type Matchers = { isIncluded: (p: string) => boolean; isWalked: (p: string) => boolean; isIgnored: (p: string) => boolean };
const matchers = new WeakMap<Config, Matchers>();
function matchersOf(config: Config): Matchers {
  let m = matchers.get(config);
  if (!m) {
    m = { isIncluded: picomatch(config.files, { dot: true }), isWalked: picomatch(config.files, { dot: false }), isIgnored: picomatch([...config.ignore, '**/node_modules/**'], { dot: true }) };
    matchers.set(config, m);
  }
  return m;
}

/** The git repository holding `dir` (the nearest folder with a `.git` folder or file), or undefined. */
export function repositoryRoot(dir: string): string | undefined {
  let d = resolve(dir);
  for (;;) {
    if (existsSync(join(d, '.git'))) return d;
    const up = dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

/** The nearest toolschema.config.json in `dir` or its parents. */
export function findConfigFile(dir: string, isOpen?: (path: string) => boolean): string | undefined {
  let d = resolve(dir);
  for (;;) {
    const p = join(d, CONFIG_FILE_NAME);
    // A configuration open in the editor counts where it is, saved or not (the language server: a new one, or one
    // deleted on disk while open, was ignored, its settings and its problems alike; an independent tester).
    // Whatever is there by that name: a FIFO, a device or a folder is reported as an unreadable configuration (the
    // CLI exits 2, the server reports config-invalid), not passed over for a parent folder's (an independent tester).
    if (isOpen?.(p) || existsSync(p)) return p;
    const up = dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

export interface LoadedConfig {
  config: Config;
  /** Problems in the configuration file, reported on that file. */
  findings: Finding[];
  path: string | undefined;
}

/** Reads a configuration file; a bad file yields findings and the defaults (never throws for bad content). */
export function loadConfigFile(path: string, base: Config = defaultConfig()): LoadedConfig {
  const text = readTextBounded(path);
  const { config, findings } = parseConfigText(path, text, KNOWN_RULES, base);
  return { config, findings, path };
}

export function displayPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') ? rel : file;
}
