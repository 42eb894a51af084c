/** Shared types of the engine. LSP-compatible shapes (Position, Range) without importing any LSP package. */

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'info' | 'hint';
export type SeveritySetting = Severity | 'off';
export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['off', 'hint', 'info', 'warning', 'error'];

/** Where a tool came from: the provider format its shape matches. */
export type Dialect = 'openai-chat' | 'openai-responses' | 'anthropic' | 'mcp' | 'gemini' | 'generic';
/** A provider profile: whose name patterns, strict subset and limits apply. */
export type Profile = 'generic' | 'openai' | 'anthropic' | 'gemini' | 'mcp';
export const PROFILES: readonly Profile[] = ['generic', 'openai', 'anthropic', 'gemini', 'mcp'];

export type Section =
  | 'File'
  | 'Names'
  | 'Descriptions'
  | 'One purpose'
  | 'Types'
  | 'Schema validity'
  | 'Required and strict mode'
  | 'Results'
  | 'Versioning'
  | 'Evaluation';

export interface Source {
  title: string;
  url: string;
  /** Date the page was read (YYYY-MM-DD). */
  checked: string;
}

export interface RuleDocs {
  /** One sentence: what the rule detects (README table, --list-rules). */
  description: string;
  /** Why it matters, citing the specification. */
  why: string;
  /** The SPEC.md point(s) it derives from, e.g. "Service rule 4". */
  spec: string;
  /** A realistic bad tool (JSON); the meta test checks the rule reports on it. */
  bad: string;
  /** The corrected tool (JSON); the meta test checks the rule is silent on it. */
  good: string;
  /** Settings for the examples (for example a provider profile). */
  exampleConfig?: Partial<import('./config').Config>;
  /** The file at the git baseline the examples are compared with (breaking-change, param-added-required). */
  exampleBaseline?: string;
  /**
   * Evaluation rules: what surrounds the examples. With `toolFile`, the examples are evaluation sets testing that
   * tool file (linted with lintEvalSet); otherwise they are tool files, with `hasSet` telling whether an
   * evaluation set tests the bad / good example. `results` is the recorded results file beside them.
   */
  exampleEvaluation?: { toolFile?: string; results?: string; hasSet?: { bad: boolean; good: boolean } };
  /** What the quick fix does (quick fixes come with issue #3). */
  fix?: string;
  /** Provider pages a provider-specific rule relies on. */
  sources?: Source[];
}

export interface RuleMeta {
  section: Section;
  defaultSeverity: Severity;
  /** 'safe': a mechanical correction applied by fix-all; 'suggestion': offered one by one; false: none. */
  fixable: 'safe' | 'suggestion' | false;
  docs: RuleDocs;
  messages: Record<string, string>;
}

/** One problem found by a rule. */
export interface Finding {
  rule: string;
  messageId: string;
  message: string;
  severity: Severity;
  /** Tool name, or null for a file-level finding. */
  tool: string | null;
  /** RFC 6901 pointer of the reported node. */
  pointer: string;
  range: Range;
  /** Offsets of the range in the text (for fixes and hover). */
  offset: number;
  length: number;
  data?: Record<string, string | number>;
}

export interface LintResult {
  uri: string;
  findings: Finding[];
}
