/**
 * The `toolschema` CLI: `toolschema lint [paths or globs...]` (with `--fix` / `--fix-dry-run`, `--base <ref>`,
 * `--cache`, `--concurrency`), `--list-rules`, `--explain <rule-id>`.
 * Exit codes: 0 clean, 1 when any error (or more warnings than --max-warnings), 2 for usage or I/O errors.
 */
import { Command, CommanderError, Option } from 'commander';
import { closeSync, existsSync, lstatSync, openSync, readFileSync, readdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { fixPatch } from './patch';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { isDynamicPattern, globSync } from 'tinyglobby';
import { answersKey, lintDocument, lintEvalSet, lintWorkspace, NameIndex, RecordingIndex, type EvalLint, type FileLint } from '../../../shared/src/linter';
import { discoverTools } from '../../../shared/src/discover';
import { EvaluationModel, fileKey } from '../../../shared/src/evaluation/model';
import { isEvalResultsUri, isEvalSetUri, isEvaluationFileUri, resultsUriFor } from '../../../shared/src/evaluation/paths';
import { fixAll } from '../../../shared/src/fix';
import { CONFIG_FILE_NAME, defaultConfig, isValidBaselineRef, type Config } from '../../../shared/src/config';
import { MAX_FILE_BYTES, ToolDocument } from '../../../shared/src/document';
import type { BaselineInput } from '../../../shared/src/analysis/baseline';
import { RULES_BY_ID } from '../../../shared/src/rules';
import { INJECTION_DISPATCH_GENERATED } from '../../../shared/src/analysis/descriptions';
import { rulesInOrder, ruleText, fixLabel } from '../../../shared/src/docs';
import { PROFILES, type Finding } from '../../../shared/src/types';
import { appendAll, clipValue } from '../../../shared/src/text';
import { displayPath, findConfigFile, findEvalSets, findToolFiles, ignoredPath, isInside, loadConfigFile, repositoryRoot, walkTakes } from '../files';
import { formatJson, formatSarif, formatText, totals, type FileReport } from './formatters';
import { isRevisionSync, readFollowingRenamesSync } from '../git';
import { registerEvalCommand } from '../eval/command';
import pkg from '../../../package.json';
import { formatRuleTimes, formatStats, lintFilesParallel, lintFilesSync, takeRuleTimes, timingRows, workerCount, workerScript, type FileRecord, type LintJob, type RunStats } from './lintFiles';
import { cachePath, DEFAULT_CACHE_FILE, LintCache, runKey } from './cache';
import { decodeToolFile, encodingFinding } from '../encoding';
import { fileKind, fsErrorReason, readBounded, readTextBounded, unreadable, UnreadableFileError } from '../safeRead';
import { printable, useColor } from './terminal';

class UsageError extends Error {}

/** Rounds of --fix over the workspace (each after names changed in some file); ESLint makes 10 passes per file. */
const MAX_FIX_ROUNDS = 10;

interface LintOptions {
  format: 'text' | 'json' | 'sarif';
  config?: string;
  maxWarnings?: string;
  listRules?: boolean;
  explain?: string;
  profile?: string;
  color?: boolean;
  fix?: boolean;
  fixDryRun?: boolean;
  base?: string;
  cache?: boolean;
  cacheLocation?: string;
  concurrency: string;
}

export interface CliIO {
  cwd: string;
  stdout(s: string): void;
  stderr(s: string): void;
  isTTY: boolean;
  /** Async subcommands (`eval`) hand their exit code here; without it their exit code is lost. */
  wait?(done: Promise<number>): void;
  /** A transient status line on stderr, replaced by the next ('' clears it): set by runCli. */
  status?(line: string): void;
}

/**
 * Runs the CLI and returns the exit code (never calls process.exit, so tests can drive it in-process). What goes
 * to stderr is made printable (server/src/cli/terminal.ts): messages quote paths and values from the repository.
 */
export function runCli(argv: readonly string[], given: CliIO): number {
  const io: CliIO = {
    ...given,
    stderr: (s) => given.stderr(printable(s, true)),
    status: (line) => given.stderr(`\r\x1b[K${printable(line)}`),
  };
  let exitCode = 0;
  const program = new Command();
  program
    .name('toolschema')
    .description('Lint LLM tool definitions (*.tool.json) against the tool schema design specification.')
    .version(pkg.version, '-v, --version')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  program
    .command('lint', { isDefault: true })
    .description('Lint tool files. Default: **/*.tool.json under the current folder (node_modules ignored).')
    .argument('[paths...]', 'files, folders or globs; all the files they name are linted as one workspace (a tool defined in two of them is a duplicate)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'sarif']).default('text'))
    .option('-c, --config <file>', 'configuration file (default: the nearest toolschema.config.json)')
    .option('--max-warnings <n>', 'exit with code 1 when there are more warnings than this (-1: no limit, the default)')
    .addOption(new Option('--profile <profile>', 'provider profile for every tool (overrides the configuration)').choices(['auto', ...PROFILES]))
    .option('--list-rules', 'list the rules with their default severity and exit')
    .option('--explain <rule-id>', 'print the documentation of a rule and exit')
    .option('--fix', 'apply the safe fixes in place and report what remains (suggestions are never applied)')
    .option('--fix-dry-run', 'print what --fix would change (a diff, or "output" in JSON) without writing')
    .option('--base <ref>', 'compare each file with its version at this git revision and report breaking changes (breaking-change, param-added-required); default: "baseline" in the configuration file, when set')
    .option('--cache', 'reuse the results of files that did not change since the last run with --cache (and whose configuration, baseline, evaluation state and workspace names did not change)')
    .option('--cache-location <path>', `the cache file, or a folder for it (default: ${DEFAULT_CACHE_FILE} in the current folder)`)
    .option('--concurrency <n>', 'worker threads linting the files: a number (at most one per CPU core, or 4), "auto" (by input size and CPU cores) or "off"', 'auto')
    .option('--color', 'colours in text output even when it is not a terminal (default: on a terminal, unless NO_COLOR is set)')
    .option('--no-color', 'no colours in text output')
    .exitOverride()
    .action((paths: string[], opts: LintOptions) => {
      const r = lintCommand(paths, opts, io);
      if (typeof r === 'number') exitCode = r;
      else io.wait!(r.catch((e: unknown) => {
        io.stderr(`toolschema: ${e instanceof Error ? e.message : String(e)}\n`);
        return 2;
      }));
    });

  registerEvalCommand(program, io);

  try {
    program.parse(argv as string[], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      return 2;
    }
    if (e instanceof UsageError) {
      io.stderr(`toolschema: ${e.message}\n`);
      return 2;
    }
    io.stderr(`toolschema: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  return exitCode;
}

function lintCommand(paths: string[], opts: LintOptions, io: CliIO): number | Promise<number> {
  if ((opts.listRules || opts.explain !== undefined) && paths.length > 0) {
    throw new UsageError(`${opts.listRules ? '--list-rules takes no paths' : '--explain takes one rule id'}; also given: ${paths.map((p) => JSON.stringify(clipValue(p))).join(' ')}.`);
  }
  if (opts.listRules) {
    if (opts.format === 'sarif') throw new UsageError('--list-rules prints text or JSON (--format json), not SARIF; a SARIF report lists every rule in tool.driver.rules.');
    if (opts.format === 'json') {
      const rules = rulesInOrder().map((r) => ({ id: r.id, section: r.meta.section, defaultSeverity: r.meta.defaultSeverity, fixable: r.meta.fixable, description: r.meta.docs.description }));
      io.stdout(JSON.stringify({ version: 1, rules }, null, 2) + '\n');
      return 0;
    }
    for (const r of rulesInOrder()) io.stdout(`${r.id.padEnd(36)} ${r.meta.defaultSeverity.padEnd(8)} ${fixLabel(r).padEnd(11)} ${r.meta.docs.description}\n`);
    return 0;
  }
  if (opts.explain !== undefined) {
    const rule = RULES_BY_ID.get(opts.explain);
    if (!rule) throw new UsageError(`unknown rule "${clipValue(opts.explain)}"; run "toolschema --list-rules" for the list.`);
    io.stdout(ruleText(rule) + '\n');
    return 0;
  }
  let maxWarnings: number | undefined;
  if (opts.maxWarnings !== undefined) {
    // Decimal digits only: Number() also reads "", " ", "0x10", "1e3" and "0b1". -1 is ESLint's default: no limit.
    maxWarnings = opts.maxWarnings === '-1' ? -1 : /^\d{1,15}$/.test(opts.maxWarnings) ? Number(opts.maxWarnings) : NaN;
    if (!Number.isInteger(maxWarnings) || maxWarnings < -1) throw new UsageError(`--max-warnings must be a non-negative integer of at most 15 digits (or -1: no limit), got "${clipValue(String(opts.maxWarnings))}".`);
    if (maxWarnings === -1) maxWarnings = undefined;
  }

  if (opts.concurrency !== 'auto' && opts.concurrency !== 'off' && !/^[1-9]\d{0,2}$/.test(opts.concurrency)) throw new UsageError(`--concurrency must be a number from 1 to 999, "auto" or "off", got "${opts.concurrency}".`);
  if (opts.base !== undefined && !isValidBaselineRef(opts.base)) throw new UsageError(`--base "${clipValue(opts.base)}" is not a git revision (one branch, tag or commit such as HEAD or origin/main; no spaces, not starting with "-", not a range such as HEAD..main).`);

  // Configuration: --config, or the nearest toolschema.config.json. Unlike the editor, the CLI compares with git
  // only when asked (--base, or "baseline" in the configuration file).
  const cliDefaults = (): Config => ({ ...defaultConfig(), baseline: false });
  let config: Config = cliDefaults();
  const reports: FileReport[] = [];
  if (opts.config === '') throw new UsageError('--config was given an empty path (an unset shell variable?); name a toolschema.config.json file.');
  const configPath = opts.config !== undefined ? resolve(io.cwd, opts.config) : findConfigFile(io.cwd);
  if (configPath) {
    let loaded;
    try {
      loaded = loadConfigFile(configPath, cliDefaults());
    } catch (e) {
      throw new UsageError(`cannot read configuration file "${opts.config ?? configPath}": ${fsErrorReason(e)}.`);
    }
    config = loaded.config;
    if (loaded.findings.length) reports.push({ path: displayPath(configPath, io.cwd), findings: loaded.findings, tools: 0 });
  }
  if (opts.profile) config.profile = opts.profile as Config['profile'];

  // When nothing is found, say so with the configuration's problem with `files` (its default was used instead).
  const filesProblem = configPath && reports[0]?.findings.find((f) => f.pointer.startsWith('/files'));
  // Without paths, a folder without tool files is fine (exit 0), unless the configuration named the files to lint.
  const defaults = cliDefaults();
  const filesFromConfig = configPath && (JSON.stringify(config.files) !== JSON.stringify(defaults.files) || JSON.stringify(config.ignore) !== JSON.stringify(defaults.ignore)) ? displayPath(configPath, io.cwd) : undefined;
  // The globs of the nearest configuration are relative to its folder; those of one named with --config, to the
  // working folder, as ESLint reads them (README, Configuration).
  const globBase = configPath && opts.config === undefined ? dirname(configPath) : io.cwd;
  const { files: all, named } = resolveInputs(paths, config, io.cwd, globBase, filesProblem ? `${displayPath(configPath, io.cwd)}: ${filesProblem.message.replace(/\.$/, '')}` : undefined, filesFromConfig);
  // An unknown revision names where it came from: --base, or the configuration's "baseline" (it said "--base" for
  // a "baseline" the user never passed on the command line; an independent tester).
  const baselineOf = baselineReader(opts.base ?? (config.baseline === false ? undefined : config.baseline), io, opts.base === undefined && configPath ? `"baseline" in ${displayPath(configPath, io.cwd)}` : '--base');
  // Files whose bytes are not UTF-8: linted as decoded, reported, never rewritten by --fix (encoding.ts).
  const encodingProblems = new Map<string, { offset: number; message: string }>();
  const readFile = (f: string) => {
    const file = readBounded(f); // throws UnreadableFileError
    // Over READ_LIMIT: too large to lint whatever its encoding; its first bytes, one character each, are refused
    // for their size by ToolDocument (one parse-error), and --fix has nothing to write.
    if (!file.complete) return file.bytes.toString('latin1', 0, MAX_FILE_BYTES + 1);
    const decoded = decodeToolFile(file.bytes);
    if (decoded.problem) encodingProblems.set(f, decoded.problem);
    return decoded.text;
  };
  // Read once, here. A file named on the command line that cannot be read is a usage error; one found by walking a
  // folder or expanding a glob (deleted meanwhile, unreadable, or named in bytes that are not UTF-8, which Node.js
  // cannot open by name) is reported as an error on that file, and the others are linted.
  const texts = new Map<string, string>();
  const unreadableFiles: { path: string; reason: string }[] = [];
  for (const f of all) {
    if (!isEvalSetUri(f) && isEvaluationFileUri(f)) continue;
    try {
      texts.set(f, readFile(f));
    } catch (e) {
      if (!(e instanceof UnreadableFileError)) throw e;
      if (named.has(f)) throw new UsageError(`cannot read "${displayPath(f, io.cwd)}": ${e.reason}.`);
      unreadableFiles.push({ path: displayPath(f, io.cwd), reason: e.reason });
    }
  }
  // Evaluation sets are linted as sets; results and reports of runs are read, never linted.
  const files = all.filter((f) => !isEvaluationFileUri(f) && texts.has(f));
  const setFiles = all.filter((f) => isEvalSetUri(f) && texts.has(f));
  const evaluation = evaluationFromDisk(files, setFiles, (f) => texts.get(f)!);
  const inputs: LintJob[] = files.map((f) => ({ uri: f, text: texts.get(f)!, baseline: baselineOf(f), evaluation: evaluation.stateFor(f) }));
  texts.clear();
  if (opts.fix && opts.fixDryRun) throw new UsageError('--fix and --fix-dry-run cannot be used together.');
  const today = new Date().toISOString().slice(0, 10);
  const internal: string[] = [];
  const onRuleError = (id: string, e: unknown) => internal.push(`${id}: ${(e as Error)?.message ?? String(e)}`);
  // The tools of the files the given evaluation sets test, kept as the lint passes them (nothing else is held).
  const targets = new Set(setFiles.map((s) => fileKey(evaluation.set(s)!.target)));
  const targetTools = new Map<string, FileLint['discovery']['tools']>();
  const keepTools = (r: FileLint) => {
    if (targets.has(fileKey(r.uri))) targetTools.set(fileKey(r.uri), r.discovery.tools);
  };
  // A dry run changes no file, so it neither reads nor writes the cache.
  const script = workerScript();
  let cache: LintCache | undefined;
  if (opts.cache && !opts.fixDryRun) {
    const path = cachePath(opts.cacheLocation, io.cwd);
    // A cache the next run would lint as a tool file or an evaluation set (found by a walk of the current folder,
    // which takes a dot file only when a glob names it with its dot: ".toolschemacache", the default, named in
    // "files" was linted by the next run, an independent tester; a path through a link to a folder judged where it
    // leads).
    const dir = realPath(dirname(path));
    const rel = relative(realPath(globBase) ?? globBase, dir ? join(dir, basename(path)) : path);
    const inside = !rel.startsWith('..') && !isAbsolute(rel);
    const dotted = rel.split(/[\\/]/).some((seg) => seg.startsWith('.'));
    if (inside && ((!dotted && isEvaluationFileUri(path)) || walkTakes(config, rel))) throw new UsageError(`the cache file "${displayPath(path, io.cwd)}" would be linted as a tool file or evaluation file by the next run; give another --cache-location (default: ${DEFAULT_CACHE_FILE}).`);
    const opened = LintCache.open(path, runKey(pkg.version, [__filename, script], config, today));
    if ('refusal' in opened) throw new UsageError(`the cache file "${displayPath(path, io.cwd)}" would replace what is there: ${opened.refusal}. Remove it, or give another --cache-location.`);
    cache = opened;
  }

  const finish = (): number => {
    for (const u of unreadableFiles) reports.push({ path: u.path, findings: [unreadableFinding(u.path, u.reason)], tools: 0 });
    for (const e of lintEvalSets(setFiles, evaluation, targetTools, config, onRuleError)) reports.push({ path: displayPath(e.uri, io.cwd), findings: e.findings, tools: 0 });
    if (internal.length) io.stderr(`toolschema: internal rule errors (please report):\n  ${internal.slice(0, 10).join('\n  ')}\n`);
    const unsaved = cache?.save();
    if (cache && unsaved) io.stderr(`toolschema: cannot write the cache file "${displayPath(cache.path, io.cwd)}" (${unsaved}); the results were not cached.\n`);
    switch (opts.format) {
      case 'json':
        formatJson(reports, io.stdout);
        break;
      case 'sarif':
        formatSarif(reports, pkg.version, io.stdout, { cwd: io.cwd, root: repositoryRoot(io.cwd) ?? io.cwd });
        break;
      default:
        io.stdout(formatText(reports, useColor(opts.color, io.isTTY)));
    }
    const t = totals(reports);
    if (t.error > 0) return 1;
    if (maxWarnings !== undefined && t.warning > maxWarnings) {
      if (opts.format === 'text') io.stdout(`toolschema found too many warnings (maximum: ${maxWarnings}).\n`);
      return 1;
    }
    return 0;
  };

  if (opts.fix || opts.fixDryRun) {
    const results = lintWorkspace(inputs, { config, onRuleError, cache: false, today });
    // The workspace's names, in the order of the files (as a plain lint builds it: messages list other files in
    // that order), from each file's latest text.
    const namesOf = (tools: (i: number) => FileLint['discovery']['tools']) => {
      const names = new NameIndex();
      for (const i of results.keys()) names.set(inputs[i]!.uri, tools(i));
      return names;
    };
    let index = namesOf((i) => results[i]!.discovery.tools);
    // A safe fix can change the names a file defines (a misspelt tool key, "Name" or "nmae", renamed to "name"
    // gives its tool a name; "inputschema" to "inputSchema" changes its profile), and the cross-file rules of the
    // other files read those names. So each file is fixed against the workspace's names, then the files whose
    // recorded questions get other answers from the names after the fixes are fixed (and linted) again, until no
    // answer changes: what --fix writes is what a second --fix leaves alone, and what it reports is what a plain
    // lint of the written files reports.
    interface FileFix { text: string; fixed: Finding[]; recorder: RecordingIndex; remaining: FileLint; internalErrors: boolean }
    const state: (FileFix | undefined)[] = [];
    const unwritten: string[] = [];
    let writeFailed = false;
    const fixable = [...results.keys()].filter((i) => !encodingProblems.has(results[i]!.uri));
    const stale = (i: number) => answersKey(state[i]!.recorder.queries(), index.viewFrom(inputs[i]!.uri)) !== state[i]!.recorder.answered();
    let todo = fixable;
    for (let round = 0; todo.length > 0 && round < MAX_FIX_ROUNDS; round++) {
      for (const i of todo) {
        const { uri, evaluation } = inputs[i]!;
        const before = state[i];
        const errorsBefore = internal.length;
        // The recorder keeps what the cross-file rules asked (for the next round, and for the cache entry).
        const recorder = new RecordingIndex(index.viewFrom(uri));
        const baseline = results[i]!.baseline;
        const r = fixAll(uri, before?.text ?? inputs[i]!.text, { config, workspace: recorder, evaluation, onRuleError, today, cache: false, ...(baseline ? { baseline } : {}) });
        state[i] = { text: r.output, fixed: [...(before?.fixed ?? []), ...r.fixed], recorder, remaining: r.remaining, internalErrors: (before?.internalErrors ?? false) || internal.length > errorsBefore };
      }
      index = namesOf((i) => state[i]?.remaining.discovery.tools ?? results[i]!.discovery.tools);
      todo = fixable.filter(stale);
    }
    for (const [i, r] of results.entries()) {
      const text = inputs[i]!.text;
      const problem = encodingProblems.get(r.uri);
      if (problem) {
        // Writing the decoded text back would change bytes outside the fixes: reported, left as it is (and linted
        // again when the fixes of other files changed the workspace's names).
        const lint = !fixable.some((j) => state[j]!.text !== inputs[j]!.text) ? r : lintDocument(new ToolDocument(r.uri, text), { config, workspace: index.viewFrom(r.uri), evaluation: inputs[i]!.evaluation, onRuleError, baseline: inputs[i]!.baseline, today, cache: false });
        keepTools(lint);
        reports.push({ path: displayPath(r.uri, io.cwd), findings: [encodingFinding(text, problem), ...lint.findings], tools: lint.discovery.tools.length, fixed: [] });
        continue;
      }
      const s = state[i]!;
      const errorsBefore = internal.length;
      const path = displayPath(r.uri, io.cwd);
      // Safe fixes are chosen without the baseline; what remains is reported against it (and against the final
      // names, should the rounds above have stopped before every answer settled).
      const baseline = inputs[i]!.baseline;
      let { recorder, remaining } = s;
      if (baseline || stale(i)) {
        recorder = new RecordingIndex(index.viewFrom(r.uri));
        remaining = lintDocument(new ToolDocument(r.uri, s.text), { config, workspace: recorder, evaluation: inputs[i]!.evaluation, onRuleError, baseline, today, cache: false });
      }
      keepTools(remaining);
      let report: FileReport = { path, findings: remaining.findings, tools: remaining.discovery.tools.length, fixed: s.fixed };
      if (s.text !== text) {
        if (opts.fix) {
          // Not written: a file named through a symbolic link (the link may lead out of the repository), and one
          // that cannot be written; the others are. Either is reported as linted, with nothing fixed.
          // Any of these makes the run exit 2: the user asked for fixes that were not made.
          const notWritten = (why: string) => {
            unwritten.push(`"${path}" ${why}; its ${s.fixed.length} fix${s.fixed.length === 1 ? ' was' : 'es were'} not applied.`);
            report = { path, findings: r.findings, tools: r.discovery.tools.length, fixed: [], notApplied: s.fixed.length };
            writeFailed = true;
          };
          const real = realPath(r.uri);
          if (real !== r.uri) notWritten(`is reached through a symbolic link${real ? ` (the file is ${displayPath(real, io.cwd)})` : ''}: --fix does not write through links (run it on the file itself)`);
          else if (hardLinks(r.uri) > 1) notWritten(`has ${hardLinks(r.uri) - 1} other hard link${hardLinks(r.uri) === 2 ? '' : 's'}: --fix does not write a file that other names share (one may be outside the repository)`);
          else if (readChanged(r.uri, text)) notWritten('changed on disk while it was linted: --fix does not overwrite that change (run it again)');
          else {
            // Written in place (the file keeps its owner and mode); a write that fails part-way (a full disk) left the
            // file cut short, so its bytes as they were are put back.
            let original: Buffer | undefined;
            let opened = false;
            try {
              original = readFileSync(r.uri);
              const fd = openSync(r.uri, 'w');
              opened = true;
              try {
                writeFileSync(fd, s.text);
              } finally {
                closeSync(fd);
              }
            } catch (e) {
              // Not opened (no permission...): nothing was changed. Opened, the file was emptied: put it back.
              let restored = !opened;
              if (opened && original) {
                try {
                  writeFileSync(r.uri, original);
                  restored = true;
                } catch {
                  restored = false;
                }
              }
              notWritten(`cannot be written (${fsErrorReason(e)})${restored ? '' : '; putting its original text back failed too, so it may be cut short: restore it from version control'}`);
            }
          }
        } else {
          report.output = s.text;
          report.patch = fixPatch(path, text, s.text);
        }
      }
      if (cache && !s.internalErrors && internal.length === errorsBefore && report.fixed === s.fixed) {
        const record: FileRecord = { findings: remaining.findings, tools: remaining.discovery.tools.map((t) => ({ name: t.name, profile: t.profile })), queries: recorder.queries(), answered: recorder.answered(), errors: [] };
        cache.set({ ...inputs[i]!, text: s.text }, record);
      }
      reports.push(report);
    }
    for (const u of unwritten) io.stderr(`toolschema: ${u}\n`);
    const code = finish();
    return writeFailed ? 2 : code;
  }

  // Each file parsed and linted once in the usual case, one parse tree at a time per thread (lintFiles.ts).
  const timing = timingRows(process.env.TIMING);
  const settings = { config, today, ...(timing ? { timing: true } : {}) };
  const toReports = ({ records, stats }: { records: FileRecord[]; stats: RunStats }): number => {
    if (timing) io.stderr(formatRuleTimes(takeRuleTimes(), timing));
    if (process.env.TOOLSCHEMA_STATS) {
      io.stderr(formatStats(stats));
      // The shipped bundle is rewritten in ASCII: this says whether the generated data still matched its patterns.
      io.stderr(`toolschema: description-injection's dispatch ${INJECTION_DISPATCH_GENERATED ? 'generated by npm run gen' : 'computed at start-up (the generated file is for other patterns)'}.\n`);
    }
    for (const [i, r] of records.entries()) {
      appendAll(internal, r.errors);
      const problem = encodingProblems.get(inputs[i]!.uri);
      reports.push({ path: displayPath(inputs[i]!.uri, io.cwd), findings: problem ? [encodingFinding(inputs[i]!.text, problem), ...r.findings] : r.findings, tools: r.tools.length });
    }
    for (const f of inputs) {
      if (!targets.has(fileKey(f.uri))) continue;
      const d = new ToolDocument(f.uri, f.text);
      targetTools.set(fileKey(f.uri), d.tree && !d.refused ? discoverTools(d.tree, config.profile).tools : []);
    }
    return finish();
  };
  // Workers only for what the cache does not answer, and only when the caller can wait for them.
  const pending = cache ? inputs.filter((j) => !cache.get(j)) : inputs;
  const workers = io.wait && script ? workerCount(opts.concurrency, pending.length, pending.reduce((n, j) => n + j.text.length, 0)) : 0;
  if (workers > 0) return lintFilesParallel(inputs, settings, workers, script!, cache).then(toReports);
  return toReports(lintFilesSync(inputs, settings, cache));
}

/**
 * Reads each file at the baseline ref with git (none without a ref). Without git, or for a file outside any
 * repository, the baseline rules are skipped and one line says so on stderr; an unknown ref is a usage error.
 */
/**
 * For a revision a shallow clone does not have (CI checkouts are `git clone --depth 1`, and a branch fetched by
 * `git fetch --depth=1 origin main` lands in FETCH_HEAD, not origin/main): how to fetch it.
 */
function shallowHint(file: string, ref: string): string {
  const root = repositoryRoot(dirname(file));
  if (!root || !existsSync(join(root, '.git', 'shallow'))) return '';
  const m = /^(?:refs\/remotes\/)?([\w.-]+)\/(.+)$/.exec(ref);
  const fetch = m ? `git fetch --depth=1 ${m[1]} ${m[2]}:refs/remotes/${m[1]}/${m[2]}` : `git fetch --depth=1 origin ${ref}`;
  return ` This clone is shallow (git clone --depth): fetch the revision first, e.g. ${fetch}.`;
}

function baselineReader(ref: string | undefined, io: CliIO, source = '--base'): (file: string) => BaselineInput | null {
  if (ref === undefined) return () => null;
  let warned = false;
  let nestedWarned = false;
  const rules = 'breaking-change and param-added-required were skipped';
  return (file) => {
    const r = readFollowingRenamesSync(ref, file);
    switch (r.kind) {
      case 'ok':
        return { text: r.text, ref };
      case 'absent':
        return null; // a new file: nothing in it can break a caller
      case 'bad-ref':
        // A revision of the repository the command runs in, unknown to the one holding this file (a submodule, a
        // nested clone): this file is not compared, and the run goes on. A submodule made `--base release` a
        // usage error for the whole run (an independent tester).
        if (isRevisionSync(ref, io.cwd)) {
          if (!nestedWarned) io.stderr(`toolschema: ${displayPath(file, io.cwd)} is in a repository where ${source} "${ref}" names no revision (a submodule or a nested repository); ${rules} for it and any other such file.\n`);
          nestedWarned = true;
          return null;
        }
        throw new UsageError(`${source}: ${r.message} (${displayPath(file, io.cwd)}).${shallowHint(file, ref)}`);
      case 'no-git':
      case 'error':
        if (!warned) {
          warned = true;
          const why = r.kind === 'no-git' && r.reason === 'not-a-repository' ? `${displayPath(file, io.cwd)} is not in a git repository` : r.kind === 'no-git' && r.reason === 'not-installed' ? 'git was not found' : `git could not read ${displayPath(file, io.cwd)} (${r.message})`;
          io.stderr(`toolschema: ${why}; ${rules}.\n`);
        }
        return null;
    }
  };
}

/**
 * The evaluation state of the linted files, from disk: the sets given, and every `*.eval.json` beside a
 * linted tool file (a set names the file it tests in "tools", or tests `<base>.tool.json` beside it), each
 * with its `<base>.eval-results.json` when it exists.
 */
function evaluationFromDisk(toolFiles: readonly string[], setFiles: readonly string[], read: (f: string) => string): EvaluationModel {
  const model = new EvaluationModel();
  const candidates = new Set(setFiles);
  for (const dir of new Set(toolFiles.map((f) => dirname(f)))) {
    try {
      for (const name of readdirSync(dir)) if (isEvalSetUri(name)) candidates.add(join(dir, name));
    } catch {
      // an unreadable folder has no sets we can use
    }
  }
  for (const s of candidates) {
    let text: string;
    try {
      text = setFiles.includes(s) ? read(s) : readTextBounded(s);
    } catch {
      continue;
    }
    model.updateSet(s, text);
    const results = resultsUriFor(s);
    // lstat: a loop of links in its place is reported, not passed over as missing (existsSync follows links).
    if (lexists(results)) {
      try {
        model.updateResults(results, readTextBounded(results));
      } catch (e) {
        // Said in the finding as it is ("it is a FIFO (named pipe), not a regular file"); a placeholder text
        // stood in for it and the finding quoted its JSON error (an independent tester).
        model.updateResults(results, '', unreadable(results, e).reason);
      }
    }
  }
  return model;
}

/** Lints the given evaluation sets against their tool files (linted ones reused, others read from disk). */
function lintEvalSets(setFiles: readonly string[], model: EvaluationModel, linted: ReadonlyMap<string, FileLint['discovery']['tools']>, config: Config, onRuleError: (id: string, e: unknown) => void): EvalLint[] {
  return setFiles.map((uri) => {
    const entry = model.set(uri)!; // every given set was read into the model (an unreadable one is a usage error)
    let target: { uri: string; tools: FileLint['discovery']['tools'] } | null = null;
    const tools = linted.get(fileKey(entry.target));
    if (tools) target = { uri: entry.target, tools };
    else if (existsSync(entry.target)) {
      try {
        const tdoc = new ToolDocument(entry.target, readTextBounded(entry.target));
        target = { uri: entry.target, tools: tdoc.tree && !tdoc.refused ? discoverTools(tdoc.tree, config.profile).tools : [] };
      } catch {
        target = null; // unreadable: reported as missing
      }
    }
    const results = model.resultsOf(uri);
    return lintEvalSet(entry.doc, { config, target, set: entry.set, ...(results ? { results } : {}), onRuleError });
  });
}

/** A regular file that is not a symbolic link (lstat): what a glob may expand to. */
function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/** A file found by walking a folder or expanding a glob that could not be read, as an error on that file. */
function unreadableFinding(path: string, reason: string): Finding {
  const hint = path.includes('\uFFFD') ? ' Its name is not valid UTF-8 (shown with U+FFFD), and Node.js opens files by their decoded names: rename the file.' : '';
  return { rule: 'parse-error', messageId: 'syntax', message: `This file could not be read: ${reason}.${hint}`, severity: 'error', tool: null, pointer: '', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, offset: 0, length: 0 };
}

/** Files to lint, in a stable order, each once; `named`: those named on the command line (not found by a walk or a glob). */
function resolveInputs(paths: readonly string[], config: Config, cwd: string, globBase: string, configProblem?: string, filesFromConfig?: string): { files: string[]; named: Set<string> } {
  const out = new Set<string>();
  const named = new Set<string>();
  let configsNamed = 0;
  if (paths.some((p) => p === '')) throw new UsageError('an empty path was given (an unset shell variable?); name a file, a folder or a glob.');
  const inputs = paths.length ? paths : ['.'];
  for (const p of inputs) {
    const abs = resolve(cwd, p);
    if (isEvalResultsUri(abs)) continue;
    let st;
    let error: unknown;
    try {
      st = statSync(abs);
    } catch (e) {
      error = e;
    }
    if (st?.isDirectory()) {
      for (const f of findToolFiles(abs, config, globBase)) out.add(f);
      for (const f of findEvalSets(abs, config, false, globBase)) out.add(f);
    } else if (st?.isFile()) {
      // A configuration is read as one (its problems are config-invalid), never linted as a tool file: a pre-commit
      // hook naming every *.json reported it twice, once as a tool file of unknown shape (an independent tester).
      if (basename(abs) === CONFIG_FILE_NAME) {
        configsNamed++;
        continue;
      }
      out.add(abs);
      named.add(abs);
    } else if (st) {
      throw new UsageError(`"${clipValue(p)}" is ${fileKind(st)}, not a regular file: toolschema reads regular files only.`);
    } else if (isDynamicPattern(p)) {
      // Regular files only, and no symbolic links, as when a folder is walked: a FIFO or a link to a device would be
      // read forever, and --fix would write through a link to a file outside the repository.
      let matches: string[];
      try {
        // The ignore globs are relative to the configuration's folder: applied here when it is the working folder,
        // else to each match's path from it.
        const here = globBase === cwd;
        matches = globSync(p, { cwd, absolute: true, ignore: [...(here ? config.ignore : []), '**/node_modules/**'], followSymbolicLinks: false })
          .filter((f) => isRegularFile(f) && (here || !isInside(globBase, f) || !ignoredPath(config, relative(globBase, f))))
          .sort();
      } catch (e) {
        // picomatch refuses a pattern over 65,536 characters ("Input length: …, exceeds maximum allowed length").
        throw new UsageError(`cannot use the pattern "${clipValue(p)}" (${p.length.toLocaleString('en-US')} characters): ${e instanceof Error ? e.message : String(e)}.`);
      }
      if (matches.length === 0) throw new UsageError(`no files match the pattern "${clipValue(p)}".`);
      for (const f of matches) if (basename(f) !== CONFIG_FILE_NAME) out.add(f);
    } else if ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
      throw new UsageError(`no such file or folder: "${clipValue(p)}".`);
    } else {
      throw new UsageError(`cannot read "${clipValue(p)}": ${unreadable(p, error).reason}.`);
    }
  }
  // Without paths, what the configuration names must include a tool file (evaluation sets found beside are not one).
  // Paths that were all configuration files name nothing to lint, which is no mistake (a pre-commit hook).
  if (paths.length > 0 && out.size === 0 && configsNamed === inputs.length) return { files: [], named };
  if (paths.length > 0 ? out.size === 0 : filesFromConfig && ![...out].some((f) => !isEvaluationFileUri(f))) {
    throw new UsageError(`no tool files found in ${inputs.map((p) => `"${clipValue(p)}"`).join(', ')} (looked for ${config.files.length > 0 ? config.files.join(', ') : 'nothing: "files" is an empty list'}${configProblem ? `, the default, since ${configProblem}` : filesFromConfig ? `, the "files" and "ignore" of ${filesFromConfig}` : ''}).`);
  }
  return { files: sameFileOnce(out, named), named };
}

/**
 * The files, each real file once: a path named on the command line that leads through a link to another input
 * (`toolschema lint tools/*.tool.json`, the shell naming both tools/current.tool.json and the v3.tool.json it links
 * to) is dropped, and of several named paths to one file the first is kept. Linted twice, each copy's tools were
 * "also defined" in the other (name-duplicate errors, exit 1). Walks and globs take no links.
 */
function sameFileOnce(files: ReadonlySet<string>, named: ReadonlySet<string>): string[] {
  const real = new Map<string, string>();
  for (const f of named) {
    const r = realPath(f);
    if (r !== undefined && r !== f) real.set(f, r);
  }
  if (real.size === 0) return [...files];
  const taken = new Set<string>();
  for (const f of files) if (!real.has(f)) taken.add(f);
  const out: string[] = [];
  for (const f of files) {
    const r = real.get(f);
    if (r !== undefined) {
      if (taken.has(r)) continue;
      taken.add(r);
    }
    out.push(f);
  }
  return out;
}

/** Runs the CLI on this process's arguments and standard streams (the `toolschema` command; see bin.ts). */
export function main(): void {
  // A reader that stops early (`toolschema lint | head`) closes the pipe: stop quietly with the lint's exit code
  // instead of an unhandled EPIPE and its stack trace.
  // Any other failure to write the report (a full disk, /dev/full) is a message and exit code 2, not a stack trace:
  // the report may be cut short.
  const outputFailed = (e: unknown): never => {
    if ((e as NodeJS.ErrnoException)?.code === 'EPIPE') process.exit();
    try {
      process.stderr.write(`toolschema: cannot write the report to standard output (${fsErrorReason(e)}); what was written is incomplete.\n`);
    } catch {
      // Nowhere to say it.
    }
    process.exit(2);
  };
  process.stdout.on('error', outputFailed);
  process.stderr.on('error', () => undefined);
  const code = runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (s) => {
      try {
        process.stdout.write(s);
      } catch (e) {
        outputFailed(e);
      }
    },
    // A standard error that cannot be written (closed, a full device) loses the message, not the exit code.
    stderr: (s) => {
      try {
        process.stderr.write(s);
      } catch {
        // Nowhere to say it.
      }
    },
    isTTY: !!process.stdout.isTTY,
    wait: (done) => void done.then((c) => { process.exitCode = c; }),
  });
  // Let stdout drain before exiting (large JSON/SARIF outputs through a pipe).
  process.exitCode = code;
}

if (require.main === module) main();

/** Whether anything is at the path, a broken link or a loop of links included. */
function lexists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The path with every link resolved (undefined when it cannot be resolved). */
function realPath(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/** How many names the file has (hard links); 1 when that cannot be read. */
function hardLinks(path: string): number {
  try {
    return lstatSync(path).nlink;
  } catch {
    return 1;
  }
}

/** Whether the file no longer holds `text` (edited, replaced or removed while the run linted it). */
function readChanged(path: string, text: string): boolean {
  try {
    const now = readBounded(path);
    return !now.complete || decodeToolFile(now.bytes).text !== text;
  } catch {
    return true;
  }
}
