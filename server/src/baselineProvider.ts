/**
 * The language server's source of git baselines (breaking-change, param-added-required). Linting is
 * synchronous and runs on every keystroke, git is a child process: the provider answers from a cache at once
 * and reads git in the background. The first request for a file answers 'pending' and starts the read; when it
 * ends, `onReady(uri)` asks the server to lint the file again. A cached answer older than a few seconds is still
 * used while a fresh read runs (a commit shows up on the next lint after it), and `onReady` is called again only
 * when the answer changed.
 *
 * Nothing is run for documents that are not files, in an untrusted workspace, or with `baseline: false`; a
 * missing git, a folder outside any repository or an unknown ref is said once in the output channel, and the
 * two rules then simply report nothing.
 */
import { filePathOf } from './files';
import { dirname } from 'node:path';
import type { Config } from '../../shared/src/config';
import type { BaselineInput } from '../../shared/src/analysis/baseline';
import { GitFileCache, type GitCacheOptions, type GitRead } from './git';
import { hash53 } from '../../shared/src/linter';

/**
 * A document's current text, or its hash (a file that is not open: the server keeps only the hash of the text
 * it indexed, see server/src/diskWork.ts).
 */
export type CurrentText = string | { hash: string };

function sameText(current: CurrentText | undefined, text: string): boolean {
  if (current === undefined) return false;
  return typeof current === 'string' ? current === text : current.hash === hash53(text);
}

export interface BaselineProviderOptions extends GitCacheOptions {
  /** A line for the output channel. */
  log(message: string): void;
  /** A baseline arrived (or changed) for this document: lint it again. */
  onReady(uri: string): void;
  /** False in an untrusted workspace (the client's `initializationOptions.trusted`): git is never run. */
  trusted?: boolean;
}

export interface BaselineProvider {
  /**
   * The baseline of a document: its text at the configured ref, null when there is none (not a file, untrusted,
   * turned off, no git, not in the ref), or 'pending' while the first read runs. `currentText` (or its hash),
   * when given, lets the provider skip the re-lint when the baseline equals the document (nothing can be breaking).
   */
  get(uri: string, config: Config, currentText?: CurrentText): BaselineInput | null | 'pending';
  /** `get` for lintDocument: 'pending' counts as no baseline (onReady follows). */
  forLint(uri: string, config: Config, currentText?: CurrentText): BaselineInput | null;
  /** Trust granted or withdrawn (workspace trust). */
  setTrusted(trusted: boolean): void;
  /** Forgets cached reads (of one file, or all): the next request reads git again. */
  forget(uri?: string): void;
  /**
   * The document was closed: its text is no longer held (each closed document's whole text was kept, one per
   * document ever opened). Committed texts read stay cached (bounded), for the file's next lint from disk.
   */
  closed(uri: string): void;
}

export function createBaselineProvider(options: BaselineProviderOptions): BaselineProvider {
  const cache = new GitFileCache(options);
  let trusted = options.trusted !== false;
  const said = new Set<string>();
  /**
   * Per document: the text (or the hash of the text) it had when last asked (to skip a re-lint that cannot
   * change anything), and the text of the baseline served.
   */
  const docs = new Map<string, { current?: CurrentText; served?: string }>();

  const sayOnce = (key: string, message: string) => {
    if (said.has(key)) return;
    said.add(key);
    options.log(message);
  };
  const rules = 'breaking-change and param-added-required';

  function report(result: GitRead, ref: string, path: string): void {
    switch (result.kind) {
      case 'no-git':
        if (result.reason === 'not-installed') sayOnce('no-git', `toolschema: git was not found, so tool files are not compared with their committed version (${rules} are off).`);
        else if (result.reason === 'not-a-repository') sayOnce('not-repo', `toolschema: ${dirname(path)} is not in a git repository: ${rules} report nothing for files outside a repository.`);
        else sayOnce('unsafe', `toolschema: ${result.message} (${dirname(path)}): ${rules} report nothing there.`);
        break;
      case 'bad-ref':
        sayOnce(`ref:${ref}`, `toolschema: the baseline ${result.message} (setting "baseline"): ${rules} report nothing until it names a branch, tag or commit.`);
        break;
      case 'error':
        sayOnce(`error:${result.message}`, `toolschema: cannot read ${path} at ${ref} from git: ${result.message}.`);
        break;
      default:
        break;
    }
  }

  /**
   * A lint served from a fresh read is checked once more when the read is no longer fresh: a branch switched
   * (`git checkout`) just before the editor reloads the file was compared with the old HEAD until the next edit
   * (an independent tester). The read after it lints again only when the baseline changed, which ends the checks.
   */
  const rechecks = new Map<string, ReturnType<typeof setTimeout>>();
  function recheck(uri: string, ref: string, path: string): void {
    if (rechecks.has(uri)) return;
    const timer = setTimeout(() => {
      rechecks.delete(uri);
      if (docs.has(uri) && trusted) fetch(uri, ref, path);
    }, cache.freshMs + 50);
    timer.unref?.();
    rechecks.set(uri, timer);
  }

  /** Starts a read (or joins the one under way); `settle` follows. */
  function fetch(uri: string, ref: string, path: string): void {
    void cache.read(ref, path).then(() => settle(uri, ref, path));
  }

  /** A read ended: lint again when what the rules would see changed. */
  function settle(uri: string, ref: string, path: string): void {
    const r = cache.peek(ref, path)?.result;
    if (!r) return;
    report(r, ref, path);
    const text = r.kind === 'ok' ? r.text : undefined;
    const d = docs.get(uri) ?? {};
    if (d.served === text) return;
    const before = d.served;
    d.served = text;
    docs.set(uri, d);
    // A baseline equal to the document cannot report anything, and the lint before had none: no re-lint needed.
    if (before === undefined && text !== undefined && sameText(d.current, text)) return;
    try {
      options.onReady(uri);
    } catch (e) {
      options.log(`toolschema: re-lint after the git baseline failed: ${String(e)}`);
    }
  }

  function get(uri: string, config: Config, currentText?: CurrentText): BaselineInput | null | 'pending' {
    const ref = config.baseline;
    if (ref === false) return null;
    if (!trusted) {
      sayOnce('untrusted', `toolschema: the workspace is not trusted, so git is not run (${rules} are off).`);
      return null;
    }
    const path = filePathOf(uri);
    if (!path) return null;
    const d = docs.get(uri) ?? {};
    if (currentText !== undefined) d.current = currentText;
    docs.set(uri, d);
    const seen = cache.peek(ref, path);
    if (!seen) {
      fetch(uri, ref, path);
      return 'pending';
    }
    if (!seen.fresh) fetch(uri, ref, path);
    // An open document (its text given; a file on disk gives a hash): checked again once the read is stale.
    else if (typeof currentText === 'string') recheck(uri, ref, path);
    const text = seen.result.kind === 'ok' ? seen.result.text : undefined;
    d.served = text;
    return text === undefined ? null : { text, ref };
  }

  return {
    get,
    forLint(uri, config, currentText) {
      const b = get(uri, config, currentText);
      return b === 'pending' ? null : b;
    },
    setTrusted(t) {
      trusted = t;
    },
    closed(uri) {
      docs.delete(uri);
      clearTimeout(rechecks.get(uri));
      rechecks.delete(uri);
    },
    forget(uri) {
      if (uri === undefined) {
        cache.forget();
        docs.clear();
        return;
      }
      docs.delete(uri);
      const path = filePathOf(uri);
      if (path) cache.forget(path);
    },
  };
}
