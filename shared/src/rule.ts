/**
 * The rule module shape: metadata (section, default severity, docs, fixability, messages) beside a `create`
 * that returns visitors. The engine walks each tool once and calls the visitors; rules report nodes, and the
 * engine turns nodes into ranges and pointers in one place (document.ts).
 */
import type { Node, ToolDocument } from './document';
import type { Config } from './config';
import type { ToolInfo } from './discover';
import type { Profile, RuleMeta, Severity } from './types';
import type { SchemaVisit, PropertyVisit } from './schemaWalk';
import type { VerbKind } from './text';
import type { FixContext, FixProposal } from './fix';
import type { Baseline } from './analysis/baseline';
import type { EvaluationState } from './linter';
import type { EvalSetInfo } from './evaluation/evalSet';
import type { EvalResults } from './evaluation/results';
import type { NameView } from './nameView';

export interface Report {
  /** The offending node: a key node (the key is highlighted) or a value node. */
  node: Node;
  messageId: string;
  data?: Record<string, string | number>;
  /** Severity for this report when the user has not configured the rule (a rule may report two levels). */
  severity?: Severity;
  /** The tool the report is about; defaults to the tool being visited, null for file-level reports. */
  tool?: ToolInfo | null;
  /**
   * The range to highlight when it is not the node's (the pointer is still the node's): a list's opening bracket
   * for a report about the whole list, whose own range would cover the file.
   */
  span?: { offset: number; length: number };
}

/** What other files of the workspace define (empty when linting one file alone). */
/** The other files defining a tool name: how many, and the first in path order (undefined when none). */
export interface Definitions {
  readonly count: number;
  readonly first: string | undefined;
}

export const NO_DEFINITIONS: Definitions = Object.freeze({ count: 0, first: undefined });

export interface WorkspaceIndex {
  /**
   * The other files defining a tool with this name; with `profile`, only definitions under that provider profile
   * (a project may keep one copy of a tool per provider, in separate files). A count and the first file, not the
   * list: a name defined in every file of a large workspace would otherwise cost each file's lint (and its
   * recorded answer) the whole list.
   */
  definitions(name: string, profile?: Profile): Definitions;
  /** Changes whenever the names other files define change. (Not in the per-tool cache key: cached tools record what they asked, nameView.ts.) */
  readonly version?: number;
}

export const EMPTY_INDEX: WorkspaceIndex = { definitions: () => NO_DEFINITIONS };

export interface FileContext {
  doc: ToolDocument;
  config: Config;
  tools: readonly ToolInfo[];
  /**
   * Tool names defined in this file. While a tool is linted, what its rules ask of this set is recorded for the
   * per-tool cache (nameView.ts): ask `has` and `maxVersion`; iterating the set makes the tool's findings depend
   * on every name.
   */
  names: NameView;
  /** Name prefixes shared by several tools of the file (namespaces such as `github_`), recorded likewise. */
  namespaces: NameView;
  /** Verbs added by configuration. */
  extraVerbs: ReadonlyMap<string, VerbKind>;
  workspace: WorkspaceIndex;
  /** Today's date, YYYY-MM-DD (deprecation-expired); part of the per-tool cache key. */
  today: string;
  /** The file at the git baseline (breaking-change, param-added-required); undefined when there is none. Part of the per-tool cache key. */
  baseline?: Baseline;
  /** The evaluation sets that test this file and their results (eval-missing, eval-stale); undefined: unknown. Part of the per-tool cache key. */
  evaluation?: EvaluationState | undefined;
}

/** What the evalSet visitor sees: an evaluation set, the tool file it tests, and its recorded results. */
export interface EvalSetView {
  set: EvalSetInfo;
  /** The tested tool file; null: it does not exist; undefined: not looked up. */
  target: { uri: string; tools: readonly ToolInfo[] } | null | undefined;
  results: EvalResults | undefined;
}

export interface RuleContext extends FileContext {
  report(r: Report): void;
}

/**
 * Per-tool visitors (tool, schema, property, resultSchema, toolEnd) are cached by the tool's text and context:
 * they may read only the tool, the configuration, and the file's names / namespaces / workspace index, and on a
 * cache hit they do not run. Cross-tool checks go in fileEnd, which runs on every lint over the tools'
 * summaries (ToolInfo). A rule with both is cached only with `cachePerTool` (its fileEnd does not depend on
 * state gathered by its per-tool visitors); otherwise its per-tool visitors run on every lint
 * (docs/writing-rules.md).
 */
export interface RuleVisitor {
  /** Once per tool, before its schema is walked. */
  tool?(tool: ToolInfo): void;
  /** Every schema object of the tool's parameter schema, the root first. */
  schema?(s: SchemaVisit, tool: ToolInfo): void;
  /** Every entry of every `properties` map of the parameter schema. */
  property?(p: PropertyVisit, tool: ToolInfo): void;
  /** Every schema object of the tool's declared result schema (MCP `outputSchema`...), `root` first. */
  resultSchema?(s: SchemaVisit, tool: ToolInfo, root: Node): void;
  /** Once per tool, after its schemas are walked (per-tool totals). */
  toolEnd?(tool: ToolInfo): void;
  /** Once per file, after every tool, on every lint (never cached): cross-tool checks over the tools' summaries. */
  fileEnd?(tools: readonly ToolInfo[]): void;
  /** Once per evaluation set (`*.eval.json`, linted by lintEvalSet); reports are nodes of the set. */
  evalSet?(view: EvalSetView): void;
  /**
   * With fileEnd: the per-tool visitors do not feed it (fileEnd reads only its `tools`), so they are cached like any
   * other rule's. Without this flag, a rule with both runs its per-tool visitors on every tool on every lint.
   */
  cachePerTool?: boolean;
}

export interface RuleModule {
  id: string;
  meta: RuleMeta;
  create(ctx: RuleContext): RuleVisitor;
  /**
   * The fixes for one of this rule's findings, computed on demand (code action, fix-all, `--fix`), never
   * during linting. Reads the finding's pointer and data and the parsed document; returns edits.
   */
  fix?(ctx: FixContext): FixProposal[] | undefined;
}

/** Typed helper: the message ids used by `report` must exist in `meta.messages`. */
export function defineRule<M extends string>(rule: {
  id: string;
  meta: Omit<RuleMeta, 'messages'> & { messages: Record<M, string> };
  create(ctx: Omit<RuleContext, 'report'> & { report(r: Report & { messageId: M }): void }): RuleVisitor;
  fix?(ctx: FixContext & { finding: { messageId: M } }): FixProposal[] | undefined;
}): RuleModule {
  return rule as unknown as RuleModule;
}
