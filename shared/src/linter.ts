/**
 * The lint pass: parse once, discover tools, walk each tool's schema once while every enabled rule's
 * visitors run, then map reports to findings (range, pointer, severity, message) in one place.
 */
import { ToolDocument, keptKeyOf, pointerOf, type Node } from './document';
import { MAX_DUPLICATE_KEYS } from './fastParse';
import { defaultConfig, type Config } from './config';
import { discoverTools, type Discovery, type ToolInfo } from './discover';
import { EMPTY_INDEX, NO_DEFINITIONS, type Definitions, type FileContext, type Report, type RuleContext, type RuleModule, type RuleVisitor, type WorkspaceIndex } from './rule';
import { walkSchema, type PropertyVisit, type SchemaVisit } from './schemaWalk';
import { clearStringCaches, hash53, interpolate, ownRecord, ownString, sharedPrefixes, type VerbKind } from './text';
import type { Finding, LintResult, Profile, Severity } from './types';
import { RULES, RULES_BY_ID } from './rules';
import { clearSchemaCaches, pauseRegexBudget, regexBudgetSkips, resetRegexBudget, resumeRegexBudget, resultSchemaOf, type RegexBudgetState } from './analysis/jsonSchema';
import { parseBaseline, type BaselineInput } from './analysis/baseline';
import { parseEvalSet, type EvalSetInfo } from './evaluation/evalSet';
import type { EvalResults } from './evaluation/results';
import { NO_QUESTIONS, NameView, WorkspaceView, definitionsKey, type NameQuestions, type WorkspaceQuestions } from './nameView';

export interface LintOptions {
  config?: Config;
  /** Tools defined in other files of the workspace. */
  workspace?: WorkspaceIndex;
  /** Today's date, YYYY-MM-DD (default: the current UTC date); tests pin it. */
  today?: string;
  /** Called when a rule throws; the lint goes on without that rule's report. */
  onRuleError?(ruleId: string, error: unknown): void;
  /** The file at the git baseline (breaking-change, param-added-required); null / undefined: no baseline, those rules report nothing. */
  baseline?: BaselineInput | null;
  /**
   * Keep this file's per-tool findings for the next lint (default true). Off for files linted once (the CLI,
   * files that are not open in the editor): caching them only holds memory.
   */
  cache?: boolean;
  /**
   * The evaluation sets that test this file and their recorded results (eval-missing, eval-stale); undefined
   * when the caller did not look, and then those rules report nothing.
   */
  evaluation?: EvaluationState;
  /**
   * When given, each rule's time in this lint (its visitors' `create`, per-tool and `fileEnd` calls, in ms) is added
   * to its entry: the CLI's `TIMING=1`, as ESLint's. Without it, the rules are called directly (no clock read).
   */
  timings?: Map<string, number>;
  /**
   * At most this many milliseconds of ReDoS analysis in this lint (pattern-unsafe, and the checks that run a
   * pattern only once it is proven safe): a pattern whose analysis would run past it is left for a later lint, and
   * the result says so (`deferred`). The language server caps a lint made on a keystroke: typing inside a
   * `pattern` made each keystroke analyse a new pattern, 100 to 400 ms (an independent performance tester).
   * Default: no cap (the per-lint count and the time bucket of jsonSchema.ts still apply).
   */
  regexTimeMs?: number;
}

/** A clock for `timings`: performance.now() exists in Node.js and in browsers (the web extension). */
const now = (): number => performance.now();

/** `fn`, timed into `timings` under `id`. */
function timed<F extends (...args: never[]) => unknown>(fn: F, id: string, timings: Map<string, number>): F {
  return function (this: unknown, ...args: Parameters<F>) {
    const t = now();
    try {
      return fn.apply(this, args);
    } finally {
      timings.set(id, (timings.get(id) ?? 0) + now() - t);
    }
  } as F;
}

export interface EvaluationState {
  /** URIs of the evaluation sets that test this tool file. */
  sets: readonly string[];
  /** The recorded results of those sets. */
  results: readonly EvalResults[];
}

export interface FileLint extends LintResult {
  doc: ToolDocument;
  discovery: Discovery;
  /** The baseline the file was linted against (read by the breaking-change fix). */
  baseline?: BaselineInput;
  /**
   * Some pattern's ReDoS analysis was left for a later lint (over `regexTimeMs`, or over the per-lint count or the
   * time bucket of jsonSchema.ts): another lint of the same text may find more (pattern-unsafe).
   */
  deferred?: boolean;
}

/**
 * Findings in the order of the output: by offset, then by rule id. Ids are compared by code units, which for ids
 * of lower-case ASCII letters, digits and hyphens is the order localeCompare gave (test/engine/linter.test.ts),
 * without the 70 million instructions of loading ICU's collation data on the first tie.
 */
export function byPosition(a: Finding, b: Finding): number {
  return a.offset - b.offset || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0);
}

export function lintText(uri: string, text: string, options: LintOptions = {}): FileLint {
  return lintDocument(new ToolDocument(uri, text), options);
}

export function lintDocument(doc: ToolDocument, options: LintOptions = {}, discovery?: Discovery): FileLint {
  const run = startLint(doc, options, discovery);
  run.advance();
  return run.finish();
}

/**
 * A lint that goes tool by tool: the language server lints a large open document in slices, answering other
 * documents' requests in between, and drops a lint that a newer version of the document makes useless (issue 7:
 * "cancel superseded work"). lintDocument runs one to the end at once.
 */
export interface LintRun {
  /** Lints the next tools, until `pause()` (asked after each tool) says to stop or none is left: true when none is left. */
  advance(pause?: () => boolean): boolean;
  /** The lint's result (lints what is left first); the rules that look at the whole file run here. */
  finish(): FileLint;
}

export function startLint(doc: ToolDocument, options: LintOptions = {}, discovery?: Discovery): LintRun {
  resetRegexBudget(options.regexTimeMs);
  // This lint's own: between two slices another lint may use the budget (pauseRegexBudget).
  let budget: RegexBudgetState = pauseRegexBudget();
  let skipped = 0;
  const config = options.config ?? defaultConfig();
  const findings: Finding[] = [];
  const push = findingPusher(doc, config, findings);
  const finished = (result: FileLint): LintRun => ({ advance: () => true, finish: () => result });

  if (doc.refused) {
    const rule = RULES_BY_ID.get('parse-error')!;
    push(rule, undefined, refusalMessage(doc.refused), undefined, null, undefined, { offset: 0, length: 0 });
    return finished({ uri: doc.uri, findings, doc, discovery: { tools: [], problems: [] } });
  }
  const parseRule = RULES_BY_ID.get('parse-error')!;
  for (const p of doc.syntaxProblems) {
    push(parseRule, undefined, 'syntax', { detail: p.message }, null, undefined, { offset: p.offset, length: p.length });
  }
  pushDuplicateKeys(doc, push);
  if (!doc.tree) {
    if (doc.syntaxProblems.length === 0) push(RULES_BY_ID.get('shape-unknown')!, undefined, 'emptyFile', undefined, null, undefined, { offset: 0, length: 0 });
    return finished({ uri: doc.uri, findings, doc, discovery: { tools: [], problems: [] } });
  }

  const found = discovery ?? discoverTools(doc.tree, config.profile);
  const shapeRule = RULES_BY_ID.get('shape-unknown')!;
  for (const p of found.problems) {
    const n = p.node.type === 'object' || p.node.type === 'array' ? { offset: p.node.offset, length: 1 } : undefined;
    push(shapeRule, p.node, p.messageId, p.data, null, undefined, n);
  }

  const names = new Set<string>();
  for (const t of found.tools) if (t.name !== undefined) names.add(t.name);
  const extraVerbs = new Map<string, VerbKind>();
  for (const kind of ['query', 'mutation', 'action'] as const) for (const v of config.verbs[kind]) extraVerbs.set(v.toLowerCase(), kind);
  const workspace = new WorkspaceView(options.workspace ?? EMPTY_INDEX);
  const fileCtx: FileContext = {
    doc,
    config,
    tools: found.tools,
    names: new NameView(names),
    namespaces: new NameView(() => namespacesOf(names)),
    extraVerbs,
    workspace,
    today: options.today ?? new Date().toISOString().slice(0, 10),
    baseline: options.baseline ? parseBaseline(options.baseline, config.profile) : undefined,
    evaluation: options.evaluation,
  };

  let current: ToolInfo | undefined;
  const active: { rule: RuleModule; visitor: RuleVisitor }[] = [];
  for (const rule of RULES) {
    if (rule.id === 'parse-error' || rule.id === 'shape-unknown' || config.rules[rule.id] === 'off') continue;
    const ctx = new Context(fileCtx, (r: Report) => {
      const tool = r.tool === undefined ? current : r.tool;
      push(rule, r.node, r.messageId, r.data, tool ? (tool.name ?? null) : null, r.severity, r.span);
    });
    active.push({ rule, visitor: options.timings ? timedVisitor(rule, ctx, options.timings) : rule.create(ctx) });
  }
  const guard = (rule: RuleModule, fn: () => void) => {
    try {
      fn();
    } catch (e) {
      options.onRuleError?.(rule.id, e);
    }
  };
  // Per-tool visitors depend only on the tool's text and the file context, so their findings are cached per tool
  // (below): a keystroke inside one tool runs them on that tool only. Cross-tool checks run in fileEnd, over the
  // tools' summaries (ToolInfo), on every lint, without walking schemas again. A rule whose per-tool visitors
  // gather state for its fileEnd (it has both and does not declare `cachePerTool`) runs uncached on every tool.
  const perTool = (v: RuleVisitor) => !!(v.tool || v.schema || v.property || v.resultSchema || v.toolEnd);
  const uncached = (a: (typeof active)[number]) => !!a.visitor.fileEnd && perTool(a.visitor) && !a.visitor.cachePerTool;
  // Each visitor method as one record of one shape ({ rule, fn, self }), called with fn.call: reading
  // `a.visitor.schema` in the loops was a property load over some 60 visitor shapes (a megamorphic look-up per
  // visitor per schema node), a tenth of a lint of new tools.
  type Hook<F> = { rule: RuleModule; fn: F; self: RuleVisitor };
  const hooks = <K extends 'tool' | 'schema' | 'property' | 'resultSchema' | 'toolEnd'>(list: typeof active, key: K): Hook<NonNullable<RuleVisitor[K]>>[] => {
    const out: Hook<NonNullable<RuleVisitor[K]>>[] = [];
    for (const a of list) {
      const fn = a.visitor[key];
      if (fn) out.push({ rule: a.rule, fn: fn as NonNullable<RuleVisitor[K]>, self: a.visitor });
    }
    return out;
  };
  const makeWalk = (list: typeof active) => {
    const schemaHooks = hooks(list, 'schema');
    const propertyHooks = hooks(list, 'property');
    return {
      tool: hooks(list, 'tool'),
      toolEnd: hooks(list, 'toolEnd'),
      result: hooks(list, 'resultSchema'),
      walks: schemaHooks.length > 0 || propertyHooks.length > 0,
      handlers: {
        schema(s: SchemaVisit) {
          // try/catch inline, not guard(): no closure per visitor per schema node on the hot path.
          for (let i = 0; i < schemaHooks.length; i++) {
            const h = schemaHooks[i]!;
            try {
              h.fn.call(h.self, s, current!);
            } catch (e) {
              options.onRuleError?.(h.rule.id, e);
            }
          }
        },
        property(p: PropertyVisit) {
          for (let i = 0; i < propertyHooks.length; i++) {
            const h = propertyHooks[i]!;
            try {
              h.fn.call(h.self, p, current!);
            } catch (e) {
              options.onRuleError?.(h.rule.id, e);
            }
          }
        },
      },
    };
  };
  const runTool = (tool: ToolInfo, run: ReturnType<typeof makeWalk>) => {
    for (let i = 0; i < run.tool.length; i++) {
      const h = run.tool[i]!;
      try {
        h.fn.call(h.self, tool);
      } catch (e) {
        options.onRuleError?.(h.rule.id, e);
      }
    }
    if (run.walks && tool.params && tool.params.type === 'object') walkSchema(tool.params, run.handlers);
    // The declared result schema, walked once for every rule that checks it.
    const result = run.result.length > 0 ? resultSchemaOf(tool) : undefined;
    if (result) {
      walkSchema(result, {
        schema(s: SchemaVisit) {
          for (const h of run.result) {
            try {
              h.fn.call(h.self, s, tool, result);
            } catch (e) {
              options.onRuleError?.(h.rule.id, e);
            }
          }
        },
      });
    }
    for (const h of run.toolEnd) guard(h.rule, () => h.fn.call(h.self, tool));
  };
  const cached = makeWalk(active.filter((a) => !uncached(a)));
  const always = makeWalk(active.filter(uncached));
  const hasAlways = always.tool.length + always.result.length + always.toolEnd.length > 0 || always.walks;
  // Without the cache (the CLI: every file is new), no key, no bucket and no look-up.
  const useCache = options.cache !== false;
  const context = useCache ? contextKey(config, fileCtx.today, `${fileCtx.baseline?.hash ?? ''}\u0002${evaluationKey(options.evaluation)}`) : '';
  // Neither the file's names nor the workspace's are in the key: a cached tool records what its rules asked of
  // them (nameView.ts) and is reused while they answer the same.
  // A lint that records the workspace questions its rules ask (RecordingIndex) runs every rule: cached findings
  // would skip the questions, and the record would miss them (the cached tool may even come from another file).
  const recording = options.workspace instanceof RecordingIndex;
  let namesKey: string | undefined;
  const sameNames = (e: CachedTool) => {
    if (!workspace.answers(e.workspace)) return false;
    if (e.names.all || e.namespaces.all) return e.namesKey === (namesKey ??= hash53([...names].join('\u0003')));
    return fileCtx.names.answers(e.names) && fileCtx.namespaces.answers(e.namespaces);
  };
  // The bucket of the last tool is the next one's when they agree on what the key holds (the tools of a file
  // usually do): no key string to build and hash per tool.
  let last: { tool: ToolInfo; bucket: Bucket } | undefined;
  const bucketOf = (tool: ToolInfo): Bucket => {
    const l = last?.tool;
    if (l && l.dialect === tool.dialect && l.profile === tool.profile && l.strict === tool.strict && l.draft === tool.draft) return last!.bucket;
    const bucket = cacheBucket(`${context}|${tool.dialect}|${tool.profile}|${tool.strict}|${tool.draft}`);
    last = { tool, bucket };
    return bucket;
  };
  const lintTool = (tool: ToolInfo) => {
    current = tool;
    const base = tool.outer.offset;
    const toolText = useCache ? doc.text.slice(base, base + tool.outer.length) : '';
    const bucket = useCache ? bucketOf(tool) : undefined;
    const prefix = bucket ? pointerOf(tool.outer) : '';
    // The text's hash once per tool, for the look-up and for the store after a miss.
    const hash = bucket ? sampleHash(toolText) : 0;
    const entry = bucket && !recording ? cachedTool(bucket, hash, toolText) : undefined;
    const hit = entry && sameNames(entry) ? entry.findings : undefined;
    if (hit) {
      for (const f of hit) {
        const offset = base + f.relOffset;
        findings.push({ rule: f.rule, messageId: f.messageId, message: f.message, severity: f.severity, tool: f.tool, pointer: prefix + f.pointerSuffix, range: doc.rangeOf(offset, f.length), offset, length: f.length, ...(f.data ? { data: f.data } : {}) });
      }
    } else {
      const start = findings.length;
      if (bucket) {
        fileCtx.names.record();
        fileCtx.namespaces.record();
        workspace.record();
      }
      const skipsBefore = regexBudgetSkips();
      runTool(tool, cached);
      // A pattern left unanalysed by this lint's budget: the findings may change in a later lint, so none are kept.
      const complete = regexBudgetSkips() === skipsBefore;
      const asked = bucket ? { names: fileCtx.names.recorded()!, namespaces: fileCtx.namespaces.recorded()!, workspace: workspace.recorded()! } : undefined;
      const mine = bucket ? findings.slice(start) : [];
      // Cache only when every finding lies inside the tool (offsets and pointers can be re-based).
      if (bucket && asked && complete && mine.every((f) => f.offset >= base && f.offset + f.length <= base + tool.outer.length && f.pointer.startsWith(prefix))) {
        storeTool(bucket, hash, toolText, () => ({
          findings: mine.map((f) => ({ rule: f.rule, messageId: f.messageId, message: f.message, severity: f.severity, tool: f.tool, pointerSuffix: f.pointer.slice(prefix.length), relOffset: f.offset - base, length: f.length, data: f.data })),
          ...asked,
          namesKey: asked.names.all || asked.namespaces.all ? (namesKey ??= hash53([...names].join('\u0003'))) : undefined,
        }));
      }
    }
    if (hasAlways) runTool(tool, always);
  };
  let next = 0;
  let result: FileLint | undefined;
  const advance = (pause?: () => boolean): boolean => {
    resumeRegexBudget(budget);
    const skipsBefore = regexBudgetSkips();
    try {
      while (next < found.tools.length) {
        lintTool(found.tools[next++]!);
        if (pause?.() && next < found.tools.length) return false;
      }
      return true;
    } finally {
      skipped += regexBudgetSkips() - skipsBefore;
      budget = pauseRegexBudget();
    }
  };
  return {
    advance,
    finish() {
      if (result) return result;
      while (!advance());
      resumeRegexBudget(budget);
      const skipsBefore = regexBudgetSkips();
      current = undefined;
      for (const a of active) if (a.visitor.fileEnd) guard(a.rule, () => a.visitor.fileEnd!(found.tools));
      skipped += regexBudgetSkips() - skipsBefore;
      findings.sort(byPosition);
      return (result = { uri: doc.uri, findings, doc, discovery: found, ...(options.baseline ? { baseline: options.baseline } : {}), ...(skipped > 0 ? { deferred: true } : {}) });
    },
  };
}

const VISITOR_METHODS = ['tool', 'schema', 'property', 'resultSchema', 'toolEnd', 'fileEnd'] as const;

/** The rule's visitor with `create` and each method timed into `timings` (TIMING=1). */
function timedVisitor(rule: RuleModule, ctx: RuleContext, timings: Map<string, number>): RuleVisitor {
  const visitor = timed(() => rule.create(ctx), rule.id, timings)();
  const out: RuleVisitor = { ...visitor, cachePerTool: visitor.cachePerTool };
  for (const key of VISITOR_METHODS) {
    const fn = visitor[key] as ((...args: never[]) => unknown) | undefined;
    if (fn) (out as Record<string, unknown>)[key] = timed(fn.bind(visitor), rule.id, timings);
  }
  return out;
}

/**
 * A rule's context: the file's, plus its own report. A class with every field assigned in one place, not
 * `{ ...fileCtx, report }`: that spread was about 40% of a cached lint of a one-tool file (once per rule per lint).
 */
class Context implements RuleContext {
  readonly doc: ToolDocument;
  readonly config: Config;
  readonly tools: readonly ToolInfo[];
  readonly names: NameView;
  readonly namespaces: NameView;
  readonly extraVerbs: ReadonlyMap<string, VerbKind>;
  readonly workspace: WorkspaceIndex;
  readonly today: string;
  readonly baseline: FileContext['baseline'];
  readonly evaluation: FileContext['evaluation'];
  constructor(
    f: FileContext,
    readonly report: (r: Report) => void,
  ) {
    this.doc = f.doc;
    this.config = f.config;
    this.tools = f.tools;
    this.names = f.names;
    this.namespaces = f.namespaces;
    this.extraVerbs = f.extraVerbs;
    this.workspace = f.workspace;
    this.today = f.today;
    this.baseline = f.baseline;
    this.evaluation = f.evaluation;
  }
}

// Every field of FileContext is a field of Context (a new one must be copied in the constructor too).
const contextHasEveryField: [Exclude<keyof FileContext, keyof Context>] extends [never] ? true : never = true;
void contextHasEveryField;

/** What an evaluation set is checked against. */
export interface EvalLintOptions {
  config?: Config;
  /**
   * The tool file the set tests, with its tools; null when that file does not exist; undefined when the caller
   * did not look (the rules that need it report nothing).
   */
  target?: { uri: string; tools: readonly ToolInfo[] } | null;
  /** The set's recorded results, when a results file exists. */
  results?: EvalResults;
  /** The set as already read from this document (EvaluationModel keeps it), to save a second reading. */
  set?: EvalSetInfo;
  onRuleError?(ruleId: string, error: unknown): void;
}

export interface EvalLint extends LintResult {
  doc: ToolDocument;
  set: EvalSetInfo;
}

/** The parse-error message of a document refused before linting (one source for tool files and evaluation sets). */
function refusalMessage(refused: NonNullable<ToolDocument['refused']>): 'tooLarge' | 'tooDeep' | 'tooManyValues' {
  return refused === 'size' ? 'tooLarge' : refused === 'depth' ? 'tooDeep' : 'tooManyValues';
}

/** Lints an evaluation set (`*.eval.json`) with the Evaluation rules' evalSet visitors. */
export function lintEvalSet(doc: ToolDocument, options: EvalLintOptions = {}): EvalLint {
  const config = options.config ?? defaultConfig();
  const findings: Finding[] = [];
  const push = findingPusher(doc, config, findings);
  const set = options.set ?? parseEvalSet(doc);
  const parseRule = RULES_BY_ID.get('parse-error')!;
  if (doc.refused) push(parseRule, undefined, refusalMessage(doc.refused), undefined, null, undefined, { offset: 0, length: 0 });
  for (const p of doc.syntaxProblems) push(parseRule, undefined, 'syntax', { detail: p.message }, null, undefined, { offset: p.offset, length: p.length });
  pushDuplicateKeys(doc, push);
  if (!doc.tree && !doc.refused && doc.syntaxProblems.length === 0) {
    const invalid = RULES_BY_ID.get('eval-set-invalid');
    if (invalid) push(invalid, undefined, 'invalid', { detail: 'The evaluation set is empty: write {"tools": "./<name>.tool.json", "cases": [...]} with 5 to 10 cases.' }, null, undefined, { offset: 0, length: 0 });
  }
  if (doc.tree && !doc.refused && doc.syntaxProblems.length === 0) {
    const fileCtx: FileContext = { doc, config, tools: [], names: new NameView(new Set()), namespaces: new NameView(new Set()), extraVerbs: new Map(), workspace: EMPTY_INDEX, today: new Date().toISOString().slice(0, 10) };
    const view = { set, target: options.target, results: options.results };
    for (const rule of RULES) {
      if (config.rules[rule.id] === 'off') continue;
      const visitor = rule.create(new Context(fileCtx, (r: Report) => push(rule, r.node, r.messageId, r.data, r.tool ? (r.tool.name ?? null) : null, r.severity, r.span)));
      if (!visitor.evalSet) continue;
      try {
        visitor.evalSet(view);
      } catch (e) {
        options.onRuleError?.(rule.id, e);
      }
    }
  }
  findings.sort(byPosition);
  return { uri: doc.uri, findings, doc, set };
}

/**
 * A `parse-error` warning on each member that a later member of its object repeats (ToolDocument.duplicateKeys):
 * JSON.parse keeps the last, other parsers the first, so readers of the file disagree. It names the line of the
 * member JSON.parse keeps, the one every rule reads.
 */
function pushDuplicateKeys(doc: ToolDocument, push: Push): void {
  if (doc.duplicateKeys.length === 0) return;
  const parseRule = RULES_BY_ID.get('parse-error')!;
  for (const key of doc.duplicateKeys.length > MAX_DUPLICATE_KEYS ? doc.duplicateKeys.slice(0, MAX_DUPLICATE_KEYS) : doc.duplicateKeys) {
    const kept = keptKeyOf(key);
    const at = doc.positionAt(kept.offset);
    const where = at.line === doc.positionAt(key.offset).line ? `line ${at.line + 1}, column ${at.character + 1}` : `line ${at.line + 1}`;
    push(parseRule, key, 'duplicateKey', { key: String(key.value), where }, null, 'warning');
  }
}

type Push = (rule: RuleModule, node: Node | undefined, messageId: string, data: Record<string, string | number> | undefined, tool: string | null, requested?: Severity, at?: { offset: number; length: number }) => void;

/** The one place a report becomes a finding: configured severity, message, pointer and range. */
function findingPusher(doc: ToolDocument, config: Config, findings: Finding[]): Push {
  return (rule, node, messageId, data, tool, requested, at) => {
    const configured = config.rules[rule.id];
    if (configured === 'off') return;
    const severity = configured ?? requested ?? rule.meta.defaultSeverity;
    const template = rule.meta.messages[messageId] ?? messageId;
    const offset = at?.offset ?? node?.offset ?? 0;
    const length = at?.length ?? node?.length ?? 0;
    findings.push({
      rule: rule.id,
      messageId,
      message: interpolate(template, data),
      severity,
      tool,
      pointer: node ? pointerOf(node) : '',
      range: doc.rangeOf(offset, length),
      offset,
      length,
      ...(data ? { data } : {}),
    });
  };
}

interface CachedFinding {
  rule: string;
  messageId: string;
  message: string;
  severity: Severity;
  tool: string | null;
  pointerSuffix: string;
  relOffset: number;
  length: number;
  data: Record<string, string | number> | undefined;
}

/**
 * Findings of the per-tool rules, by context (configuration, the file's tool names and namespaces, the
 * workspace's names, the tool's dialect and profile) and then by the tool's text. On a keystroke only the
 * edited tool is linted again; the others are re-based to their current offsets. Bounded: everything is
 * dropped when the texts and findings held exceed the budget (entryChars).
 */
/**
 * A bucket maps a cheap hash of a tool's text (its length, its first 256 characters, and 64 more spread over the
 * rest) to the texts seen with it: hashing the whole text as a Map key (V8 hashes a new string character by
 * character) cost more than the rest of a cached tool's look-up. The full text is then compared (===). Tools
 * that differ only past their first 256 characters and between the samples share a slot; a slot of more than 4
 * texts becomes a Map on the whole text, so such a file costs what a whole-text hash costs, never more.
 */
/** A tool's cached findings, with what its rules asked of the file's names (and, when they read them all, which names). */
interface CachedTool {
  findings: CachedFinding[];
  names: NameQuestions;
  namespaces: NameQuestions;
  workspace: WorkspaceQuestions;
  namesKey: string | undefined;
}
type Slot = { text: string; entry: CachedTool }[] | Map<string, CachedTool>;
type Bucket = Map<number, Slot>;
const toolCache = new Map<string, Bucket>();
let toolCacheChars = 0;
const TOOL_CACHE_MAX_CHARS = 64_000_000;

/** Drops the per-tool cache (tests compare cached and uncached results). */
export function clearToolCache(): void {
  toolCache.clear();
  toolCacheChars = 0;
}

/**
 * Empties every cache of the engine that holds results computed from a document's text (the per-tool cache, the
 * text analyses' StringCaches, pattern verdicts, schema validation), so that the next lint costs what a first
 * lint of that text costs: the long fuzz profile measures an input over its time bound again this way.
 */
export function clearEngineCaches(): void {
  clearToolCache();
  clearStringCaches();
  clearSchemaCaches();
}

/** What the per-tool cache holds against its budget, in characters (entryChars; for tests). */
export function toolCacheSize(): number {
  return toolCacheChars;
}

function cacheBucket(context: string): Bucket {
  let b = toolCache.get(context);
  if (!b) toolCache.set(context, (b = new Map()));
  return b;
}

/** FNV-1a over the length, the first 256 characters and 64 characters spread over the rest. */
function sampleHash(text: string): number {
  let h = 2166136261 ^ text.length;
  const head = Math.min(256, text.length);
  for (let i = 0; i < head; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  const step = Math.max(1, (text.length - head) >> 6);
  for (let i = head; i < text.length; i += step) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h;
}

function cachedTool(bucket: Bucket, hash: number, toolText: string): CachedTool | undefined {
  const slot = bucket.get(hash);
  if (!slot) return undefined;
  if (slot instanceof Map) return slot.get(toolText);
  for (const s of slot) if (s.text === toolText) return s.entry;
  return undefined;
}

/** The cache's own copies of a finding's strings (see ownString): names and pointers are pieces of the document. */
function ownFinding(f: CachedFinding): CachedFinding {
  return { ...f, message: ownString(f.message), tool: f.tool === null ? null : ownString(f.tool), pointerSuffix: ownString(f.pointerSuffix), data: f.data && ownRecord(f.data) };
}

/** The cache's own copies of the names a tool's rules asked about (they can be pieces of the document too). */
function ownEntry(e: CachedTool): CachedTool {
  const copy = <V>(m: ReadonlyMap<string, V>): ReadonlyMap<string, V> => {
    if (m.size === 0) return NO_QUESTIONS;
    const out = new Map<string, V>();
    for (const [k, v] of m) out.set(ownString(k), v);
    return out;
  };
  const names = (q: NameQuestions): NameQuestions => ({
    has: copy(q.has),
    versions: copy(q.versions),
    derived: q.derived.length === 0 ? q.derived : q.derived.map(([derive, member, answer]) => [derive, ownString(member), answer] as const),
    all: q.all,
  });
  return {
    findings: e.findings.map(ownFinding),
    names: names(e.names),
    namespaces: names(e.namespaces),
    workspace: e.workspace.length === 0 ? e.workspace : e.workspace.map(([name, profile, answer]) => [ownString(name), profile, ownString(answer)]),
    namesKey: e.namesKey,
  };
}

/**
 * What an entry costs against the budget, in characters: its text, and per finding its strings and about 64
 * characters' worth of object. Counting the text alone let one hostile tool (5 MB, 200,000 findings) keep
 * about 80 MB of findings per edited version, eleven versions deep.
 */
function entryChars(text: string, findings: readonly CachedFinding[]): number {
  let n = text.length;
  for (const f of findings) n += 64 + f.message.length + f.pointerSuffix.length;
  return n;
}

/** Stores a tool's findings; `hash` is sampleHash(toolText). */
function storeTool(bucket: Bucket, hash: number, toolText: string, found: () => CachedTool): void {
  if (toolText.length > TOOL_CACHE_MAX_CHARS / 8) return;
  const uncopied = found();
  const cost = entryChars(toolText, uncopied.findings);
  if (cost > TOOL_CACHE_MAX_CHARS / 8) return;
  const entry = ownEntry(uncopied);
  if (toolCacheChars + cost > TOOL_CACHE_MAX_CHARS) {
    toolCache.clear();
    toolCacheChars = 0;
  }
  // A copy of the tool's text: the slice itself would keep the whole document's text alive as long as the entry.
  const text = (' ' + toolText).slice(1);
  const h = hash;
  let slot = bucket.get(h);
  if (!slot) bucket.set(h, (slot = []));
  if (slot instanceof Map) {
    if (!slot.has(text)) toolCacheChars += cost;
    slot.set(text, entry);
    return;
  }
  const same = slot.find((s) => s.text === toolText);
  if (same) {
    same.entry = entry;
    return;
  }
  toolCacheChars += cost;
  if (slot.length < 4) {
    slot.push({ text, entry });
    return;
  }
  const map = new Map(slot.map((s) => [s.text, s.entry] as const));
  map.set(text, entry);
  bucket.set(h, map);
}

let lastNamespaces: { key: string; value: Set<string> } | undefined;

/** sharedPrefixes of the file's names, remembered for the last set of names (unchanged by most keystrokes). */
function namespacesOf(names: ReadonlySet<string>): Set<string> {
  const key = [...names].join('\u0003');
  if (lastNamespaces?.key !== key) lastNamespaces = { key: ownString(key), value: new Set([...sharedPrefixes([...names])].map(ownString)) };
  return lastNamespaces.value;
}

/**
 * A short key for everything outside a tool that per-tool rules may read (hashed once per lint), but the tool
 * names of the file and of the workspace, which each cached tool checks by what its rules asked of them.
 */
function contextKey(config: Config, today: string, baseline: string): string {
  return hash53(`${JSON.stringify(config)}\u0002${today}\u0002${baseline}`);
}

/** What per-tool rules read of the evaluation state (eval-stale: the recorded hashes), as cache-key text. */
function evaluationKey(e: EvaluationState | undefined): string {
  if (!e) return '-';
  const parts = [e.sets.join('\u0003')];
  for (const r of e.results) {
    parts.push(r.uri, r.date ?? '');
    for (const [name, h] of r.toolHashes) parts.push(name, h.description ?? '', h.parameters ?? '');
  }
  return hash53(parts.join('\u0001'));
}

export { hash53 } from './text';

export interface WorkspaceFile {
  uri: string;
  text: string;
  /** This file at the git baseline (overrides `options.baseline`); null: none. */
  baseline?: BaselineInput | null;
  /** The evaluation sets testing this file and their results (overrides `options.evaluation`). */
  evaluation?: EvaluationState;
}

/** A NameIndex as plain data: its version, and per name the files defining it with their profiles. */
export interface NameSnapshot {
  version: number;
  names: [name: string, files: [uri: string, profiles: Profile[]][]][];
}

/** A name index over several files, for the cross-file parts of name-duplicate and description-sibling-unknown. */
export class NameIndex {
  private byName = new Map<string, Map<string, Set<Profile>>>();
  private byUri = new Map<string, string[]>();
  /** Per file: a hash of the names and profiles it defines (a file of 8,000 tools would otherwise keep 400 kB here). */
  private signatures = new Map<string, string>();
  /**
   * Per name and profile ('' for any): how many files define it, and the first two in path order (the first other
   * than the asking file is one of them). Computed on the first question, dropped when a file defining the name
   * changes: a question costs O(1), not a sort of every file defining the name.
   */
  private summaries = new Map<string, Map<string, { count: number; firsts: string[] }>>();
  /** Bumped whenever some file's names change. */
  version = 0;

  /** Records the tools a file defines (replacing what it defined before). */
  set(uri: string, tools: Iterable<{ name: string | undefined; profile: Profile }>): void {
    const list = [...tools];
    const signature = hash53(list.map((t) => `${t.name ?? ''}\u0000${t.profile}`).join('\u0001'));
    if (this.signatures.get(uri) === signature) return;
    this.remove(uri);
    this.signatures.set(uri, signature);
    this.version++;
    const names: string[] = [];
    for (const t of list) {
      if (t.name === undefined) continue;
      // Own copies (see ownString): a name read from an open document would keep that version's text alive for
      // as long as the name is defined (the index keeps the names until they change).
      const name = ownString(t.name);
      let files = this.byName.get(name);
      if (!files) this.byName.set(name, (files = new Map()));
      this.summaries.delete(name);
      let profiles = files.get(uri);
      if (!profiles) files.set(uri, (profiles = new Set()));
      profiles.add(t.profile);
      names.push(name);
    }
    this.byUri.set(uri, names);
  }

  remove(uri: string): void {
    if (this.signatures.delete(uri)) this.version++;
    for (const n of this.byUri.get(uri) ?? []) {
      const files = this.byName.get(n);
      files?.delete(uri);
      this.summaries.delete(n);
      if (files?.size === 0) this.byName.delete(n);
    }
    this.byUri.delete(uri);
  }

  /**
   * Every name with the files defining it and their profiles, as plain data (sent to the language server's
   * worker, which lints files that are not open against it: `NameIndex.fromSnapshot`).
   */
  snapshot(): NameSnapshot {
    const names: NameSnapshot['names'] = [];
    for (const [name, files] of this.byName) names.push([name, [...files].map(([uri, profiles]) => [uri, [...profiles]])]);
    return { version: this.version, names };
  }

  /** A name index holding a snapshot's names (answers `viewFrom` like the index it was taken from). */
  static fromSnapshot(s: NameSnapshot): NameIndex {
    const index = new NameIndex();
    index.version = s.version;
    for (const [name, files] of s.names) index.byName.set(name, new Map(files.map(([uri, profiles]) => [uri, new Set(profiles)])));
    return index;
  }

  /** URIs of every file defining `name` (this file included). */
  filesDefining(name: string): string[] {
    return [...(this.byName.get(name)?.keys() ?? [])];
  }

  /** The index as seen from one file: definitions in the other files. */
  viewFrom(uri: string): WorkspaceIndex {
    const index = this;
    return {
      get version() {
        return index.version;
      },
      definitions: (name: string, profile?: Profile): Definitions => {
        const files = this.byName.get(name);
        if (!files) return NO_DEFINITIONS;
        const summary = this.summary(name, files, profile);
        const self = files.get(uri);
        const selfCounts = self !== undefined && (!profile || self.has(profile));
        const count = summary.count - (selfCounts ? 1 : 0);
        if (count === 0) return NO_DEFINITIONS;
        return { count, first: summary.firsts[0] === uri ? summary.firsts[1] : summary.firsts[0] };
      },
    };
  }

  private summary(name: string, files: ReadonlyMap<string, ReadonlySet<Profile>>, profile: Profile | undefined): { count: number; firsts: string[] } {
    let byProfile = this.summaries.get(name);
    if (!byProfile) this.summaries.set(name, (byProfile = new Map()));
    const key = profile ?? '';
    let summary = byProfile.get(key);
    if (!summary) {
      let count = 0;
      // The two smallest in path order, in one pass.
      let a: [string, string] | undefined;
      let b: [string, string] | undefined;
      for (const [u, profiles] of files) {
        if (profile && !profiles.has(profile)) continue;
        count++;
        const k: [string, string] = [decodedUri(u), u];
        if (!a || pathBefore(k, a)) [a, b] = [k, a];
        else if (!b || pathBefore(k, b)) b = k;
      }
      summary = { count, firsts: [a, b].filter((x) => x !== undefined).map((x) => x[1]) };
      byProfile.set(key, summary);
    }
    return summary;
  }
}

/**
 * Files are listed in the order of their decoded URIs (or paths), then of the URIs: the file name-duplicate names
 * first is the same whichever order they were indexed in, in the editor as in the CLI (paths in path order).
 */
function decodedUri(u: string): string {
  if (!u.includes('%')) return u;
  try {
    return decodeURIComponent(u);
  } catch {
    return u;
  }
}

function pathBefore(x: readonly [decoded: string, uri: string], y: readonly [decoded: string, uri: string]): boolean {
  return x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);
}

/** A question a lint asked the workspace index: a tool name, and the profile when the rule gave one. */
export type WorkspaceQuery = readonly [name: string, profile: Profile | null];

/**
 * A workspace index that records what the cross-file rules asked it (`definitions(name, profile)`) and what it
 * answered, answering from `inner` (default: no other file defines anything). A lint's findings depend on the
 * workspace only through these answers, so a lint done against one index stays exact for another index that
 * gives the same answers to the same questions (`answersKey`): a workspace can be linted in one pass before all
 * its names are known, and only the files whose answers change linted again. A lint against it runs every rule
 * (no per-tool findings from the cache), so every question is asked.
 */
export class RecordingIndex implements WorkspaceIndex {
  private readonly asked = new Map<string, WorkspaceQuery>();
  private readonly answers: string[] = [];
  constructor(private readonly inner: WorkspaceIndex = EMPTY_INDEX) {}

  get version(): number | undefined {
    return this.inner.version;
  }

  definitions(name: string, profile?: Profile): Definitions {
    const answer = this.inner.definitions(name, profile);
    const key = `${name}\u0000${profile ?? ''}`;
    if (!this.asked.has(key)) {
      this.asked.set(key, [name, profile ?? null]);
      this.answers.push(definitionsKey(answer));
    }
    return answer;
  }

  /** Each distinct question asked, in the order first asked. */
  queries(): WorkspaceQuery[] {
    return [...this.asked.values()];
  }

  /** A key of the answers given (compare with `answersKey(queries, other)`). */
  answered(): string {
    return hash53(this.answers.join('\u0002'));
  }
}

/** The key of the answers `index` gives to `queries` (equal to `RecordingIndex.answered` when they are the same). */
export function answersKey(queries: readonly WorkspaceQuery[], index: WorkspaceIndex): string {
  return hash53(queries.map(([name, profile]) => definitionsKey(index.definitions(name, profile ?? undefined))).join('\u0002'));
}

/** One file's lint with the questions it asked the workspace index and a key of the answers it got. */
export interface RecordedLint {
  result: FileLint;
  queries: WorkspaceQuery[];
  answered: string;
}

/** Lints one file of a workspace against `options.workspace` (default: no other file), recording its questions. */
export function lintRecorded(file: WorkspaceFile, options: LintOptions = {}): RecordedLint {
  const index = new RecordingIndex(options.workspace);
  const result = lintDocument(new ToolDocument(file.uri, file.text), { ...options, workspace: index, baseline: file.baseline !== undefined ? file.baseline : options.baseline, evaluation: file.evaluation ?? options.evaluation });
  return { result, queries: index.queries(), answered: index.answered() };
}

/** Lints several files as one workspace: each file sees the tools the others define. */
export function lintWorkspace(files: readonly WorkspaceFile[], options: Omit<LintOptions, 'workspace'> = {}): FileLint[] {
  const config = options.config ?? defaultConfig();
  const docs = files.map((f) => new ToolDocument(f.uri, f.text));
  const discoveries = docs.map((d) => (d.tree && !d.refused ? discoverTools(d.tree, config.profile) : { tools: [], problems: [] }));
  const index = new NameIndex();
  docs.forEach((d, i) => index.set(d.uri, discoveries[i]!.tools));
  return docs.map((d, i) => {
    const f = files[i]!;
    return lintDocument(d, { ...options, config, workspace: index.viewFrom(d.uri), baseline: f.baseline !== undefined ? f.baseline : options.baseline, evaluation: f.evaluation ?? options.evaluation }, discoveries[i]);
  });
}
