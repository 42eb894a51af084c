/**
 * Where an evaluation set, its tool file and its recorded results are, from one another's location. Works on
 * URIs (`file:///…`, `vscode-test-web://…`) and on plain paths (the CLI), without Node's `path` module, so
 * the engine stays usable in a browser worker.
 */

export const EVAL_SET_SUFFIX = '.eval.json';
export const EVAL_RESULTS_SUFFIX = '.eval-results.json';
export const EVAL_REPORT_SUFFIX = '.eval-report.md';
const TOOL_SUFFIX = '.tool.json';

/**
 * A URI without its query and fragment; a plain path as it is: "#" and "?" are characters of a file's name (the CLI,
 * which works on paths, read "a#b.tool.json" as "a" and looked for a.eval.json; an independent tester).
 */
function withoutQuery(uri: string): string {
  return isUri(uri) ? uri.replace(/[?#].*$/, '') : uri;
}

/** The file name of a URI or path. */
function baseName(uri: string): string {
  const cut = withoutQuery(uri);
  return cut.slice(Math.max(cut.lastIndexOf('/'), cut.lastIndexOf('\\')) + 1);
}

/** The folder part of a URI or path, with its trailing separator. */
function folderOf(uri: string): string {
  const cut = withoutQuery(uri);
  return cut.slice(0, Math.max(cut.lastIndexOf('/'), cut.lastIndexOf('\\')) + 1);
}

export function isEvalSetUri(uri: string): boolean {
  return baseName(uri).endsWith(EVAL_SET_SUFFIX) && baseName(uri).length > EVAL_SET_SUFFIX.length;
}

export function isEvalResultsUri(uri: string): boolean {
  return baseName(uri).endsWith(EVAL_RESULTS_SUFFIX) && baseName(uri).length > EVAL_RESULTS_SUFFIX.length;
}

/** Files of the evaluation workflow that are never tool files: sets and recorded results. */
export function isEvaluationFileUri(uri: string): boolean {
  return isEvalSetUri(uri) || isEvalResultsUri(uri);
}

/** `weather` for `…/weather.eval.json`. */
export function evalBaseName(evalUri: string): string {
  const name = baseName(evalUri);
  return name.endsWith(EVAL_SET_SUFFIX) ? name.slice(0, -EVAL_SET_SUFFIX.length) : name.replace(/\.json$/i, '');
}

/** `weather` for `…/weather.tool.json` (or `…/weather.json` for a tool file matched by configuration globs). */
export function toolBaseName(toolUri: string): string {
  const name = baseName(toolUri);
  return name.endsWith(TOOL_SUFFIX) ? name.slice(0, -TOOL_SUFFIX.length) : name.replace(/\.jsonc?$/i, '');
}

/** The evaluation set expected beside a tool file: `<base>.eval.json`. */
export function siblingEvalSetUri(toolUri: string): string {
  return folderOf(toolUri) + toolBaseName(toolUri) + EVAL_SET_SUFFIX;
}

/** The tool file an evaluation set tests when it names none: `<base>.tool.json` beside it. */
export function defaultToolUri(evalUri: string): string {
  return folderOf(evalUri) + evalBaseName(evalUri) + TOOL_SUFFIX;
}

export function resultsUriFor(evalUri: string): string {
  return folderOf(evalUri) + evalBaseName(evalUri) + EVAL_RESULTS_SUFFIX;
}

export function reportUriFor(evalUri: string): string {
  return folderOf(evalUri) + evalBaseName(evalUri) + EVAL_REPORT_SUFFIX;
}

/** The evaluation set a results file belongs to. */
export function evalSetUriOfResults(resultsUri: string): string {
  const name = baseName(resultsUri);
  return folderOf(resultsUri) + name.slice(0, -EVAL_RESULTS_SUFFIX.length) + EVAL_SET_SUFFIX;
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]+:/;

/** A URI (`file:///…`, `vscode-test-web://…`), not a plain path (`/w/x`, `C:\\w\\x`). */
export function isUri(s: string): boolean {
  return SCHEME.test(s) && !/^[a-zA-Z]:[\\/]/.test(s);
}

/**
 * The `tools` reference of a set resolved against the set's own location: a relative path (`./weather.tool.json`,
 * `../tools/weather.tool.json`), or an absolute path or URI as given. For a URI the result is a URI of the same
 * scheme; for a path, a path with `/` separators and `.` / `..` resolved.
 */
export function resolveToolsRef(evalUri: string, ref: string): string {
  if (SCHEME.test(evalUri) && !/^[a-zA-Z]:[\\/]/.test(evalUri)) {
    if (SCHEME.test(ref) && !/^[a-zA-Z]:[\\/]/.test(ref)) return ref;
    try {
      // Separators run together count as one (".\\\\x.tool.json" named x.tool.json for the cases and another file
      // for eval-missing); a leading one (an absolute path) and a trailing one (a folder) are kept.
      const segs = ref.split(/[\\/]/);
      const encoded = segs.filter((seg, i) => seg !== '' || i === 0 || i === segs.length - 1).map((seg) => (seg === '.' || seg === '..' ? seg : encodeURIComponent(seg))).join('/');
      return new URL(encoded, evalUri).href;
    } catch {
      return folderOf(evalUri) + ref;
    }
  }
  if (ref.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(ref)) return normalizePath(ref);
  return normalizePath(folderOf(evalUri) + ref);
}

/**
 * A path's `.` and `..` segments resolved, `\` written as `/`. A trailing separator is kept: "weather.tool.json/"
 * names a folder, so no tool file (the CLI dropped it and found the file, where the server did not).
 */
function normalizePath(p: string): string {
  const abs = p.startsWith('/');
  const folder = /[\\/]$/.test(p);
  const out: string[] = [];
  for (const seg of p.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!abs) out.push('..');
    } else out.push(seg);
  }
  return (abs ? '/' : '') + out.join('/') + (folder && out.length > 0 ? '/' : '');
}

/** A reference from an evaluation set to its tool file, written relative to the set (for new sets). */
export function relativeToolsRef(evalUri: string, toolUri: string): string {
  // The file's name as a person writes it (resolveToolsRef encodes it again): `./météo api.tool.json`, not the
  // URI's `./m%C3%A9t%C3%A9o%20api.tool.json`, which names no file.
  return folderOf(evalUri) === folderOf(toolUri) ? `./${displayFileName(toolUri)}` : toolUri;
}

/** The file name of a URI, percent-decoded, or of a plain path as it is: for text a person reads or writes. */
export function displayFileName(uri: string): string {
  const name = baseName(uri);
  if (!SCHEME.test(uri) || /^[a-zA-Z]:[\\/]/.test(uri)) return name;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** Two URIs or paths name the same file (percent-encoding and separators aside). */
export function sameFile(a: string, b: string): boolean {
  if (a === b) return true;
  const norm = (u: string) => {
    try {
      return decodeURIComponent(u).replace(/\\/g, '/');
    } catch {
      return u.replace(/\\/g, '/');
    }
  };
  return norm(a) === norm(b);
}
