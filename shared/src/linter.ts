/**
 * The lint pass: parse once, discover tools, walk each tool's schema once while every enabled rule's
 * visitors run, then map reports to findings (range, pointer, severity, message) in one place.
 */
import { ToolDocument, pointerOf, type Node } from './document';
import { defaultConfig, type Config } from './config';
import { discoverTools, type Discovery, type ToolInfo } from './discover';
import { EMPTY_INDEX, type FileContext, type Report, type RuleModule, type RuleVisitor, type WorkspaceIndex } from './rule';
import { walkSchema, type PropertyVisit, type SchemaVisit } from './schemaWalk';
import { interpolate, sharedPrefixes, type VerbKind } from './text';
import type { Finding, LintResult, Profile, Severity } from './types';
import { RULES, RULES_BY_ID } from './rules';

export interface LintOptions {
  config?: Config;
  /** Tools defined in other files of the workspace. */
  workspace?: WorkspaceIndex;
  /** Called when a rule throws; the lint goes on without that rule's report. */
  onRuleError?(ruleId: string, error: unknown): void;
}

export interface FileLint extends LintResult {
  doc: ToolDocument;
  discovery: Discovery;
}

export function lintText(uri: string, text: string, options: LintOptions = {}): FileLint {
  return lintDocument(new ToolDocument(uri, text), options);
}

export function lintDocument(doc: ToolDocument, options: LintOptions = {}, discovery?: Discovery): FileLint {
  const config = options.config ?? defaultConfig();
  const findings: Finding[] = [];
  const severityOf = (rule: RuleModule, requested?: Severity): Severity | undefined => {
    const configured = config.rules[rule.id];
    if (configured === 'off') return undefined;
    return configured ?? requested ?? rule.meta.defaultSeverity;
  };
  const push = (rule: RuleModule, node: Node | undefined, messageId: string, data: Record<string, string | number> | undefined, tool: string | null, requested?: Severity, at?: { offset: number; length: number }) => {
    const severity = severityOf(rule, requested);
    if (!severity) return;
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

  if (doc.refused) {
    const rule = RULES_BY_ID.get('parse-error')!;
    push(rule, undefined, doc.refused === 'size' ? 'tooLarge' : 'tooDeep', undefined, null, undefined, { offset: 0, length: 0 });
    return { uri: doc.uri, findings, doc, discovery: { tools: [], problems: [] } };
  }
  const parseRule = RULES_BY_ID.get('parse-error')!;
  for (const p of doc.syntaxProblems) {
    push(parseRule, undefined, 'syntax', { detail: p.message }, null, undefined, { offset: p.offset, length: p.length });
  }
  if (!doc.tree) {
    if (doc.syntaxProblems.length === 0) push(RULES_BY_ID.get('shape-unknown')!, undefined, 'emptyFile', undefined, null, undefined, { offset: 0, length: 0 });
    return { uri: doc.uri, findings, doc, discovery: { tools: [], problems: [] } };
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
  const fileCtx: FileContext = {
    doc,
    config,
    tools: found.tools,
    names,
    namespaces: sharedPrefixes([...names]),
    extraVerbs,
    workspace: options.workspace ?? EMPTY_INDEX,
  };

  let current: ToolInfo | undefined;
  const active: { rule: RuleModule; visitor: RuleVisitor }[] = [];
  for (const rule of RULES) {
    if (rule.id === 'parse-error' || rule.id === 'shape-unknown' || config.rules[rule.id] === 'off') continue;
    const ctx = {
      ...fileCtx,
      report(r: Report) {
        const tool = r.tool === undefined ? current : r.tool;
        push(rule, r.node, r.messageId, r.data, tool ? (tool.name ?? null) : null, r.severity);
      },
    };
    active.push({ rule, visitor: rule.create(ctx) });
  }
  const guard = (rule: RuleModule, fn: () => void) => {
    try {
      fn();
    } catch (e) {
      options.onRuleError?.(rule.id, e);
    }
  };
  const toolVisitors = active.filter((a) => a.visitor.tool);
  const schemaVisitors = active.filter((a) => a.visitor.schema);
  const propertyVisitors = active.filter((a) => a.visitor.property);
  const walkHandlers = {
    schema(s: SchemaVisit) {
      for (const a of schemaVisitors) guard(a.rule, () => a.visitor.schema!(s, current!));
    },
    property(p: PropertyVisit) {
      for (const a of propertyVisitors) guard(a.rule, () => a.visitor.property!(p, current!));
    },
  };
  for (const tool of found.tools) {
    current = tool;
    for (const a of toolVisitors) guard(a.rule, () => a.visitor.tool!(tool));
    if (tool.params && tool.params.type === 'object' && (schemaVisitors.length || propertyVisitors.length)) {
      walkSchema(tool.params, walkHandlers);
    }
  }
  current = undefined;
  for (const a of active) if (a.visitor.fileEnd) guard(a.rule, () => a.visitor.fileEnd!(found.tools));

  findings.sort((a, b) => a.offset - b.offset || a.rule.localeCompare(b.rule));
  return { uri: doc.uri, findings, doc, discovery: found };
}

export interface WorkspaceFile {
  uri: string;
  text: string;
}

/** A name index over several files, for the cross-file parts of name-duplicate and description-sibling-unknown. */
export class NameIndex {
  private byName = new Map<string, Map<string, Set<Profile>>>();
  private byUri = new Map<string, string[]>();

  /** Records the tools a file defines (replacing what it defined before). */
  set(uri: string, tools: Iterable<{ name: string | undefined; profile: Profile }>): void {
    this.remove(uri);
    const names: string[] = [];
    for (const t of tools) {
      if (t.name === undefined) continue;
      let files = this.byName.get(t.name);
      if (!files) this.byName.set(t.name, (files = new Map()));
      let profiles = files.get(uri);
      if (!profiles) files.set(uri, (profiles = new Set()));
      profiles.add(t.profile);
      names.push(t.name);
    }
    this.byUri.set(uri, names);
  }

  remove(uri: string): void {
    for (const n of this.byUri.get(uri) ?? []) {
      const files = this.byName.get(n);
      files?.delete(uri);
      if (files?.size === 0) this.byName.delete(n);
    }
    this.byUri.delete(uri);
  }

  /** The index as seen from one file: definitions in the other files. */
  viewFrom(uri: string): WorkspaceIndex {
    return {
      definitions: (name: string, profile?: Profile) => {
        const files = this.byName.get(name);
        if (!files) return [];
        const out: string[] = [];
        for (const [u, profiles] of files) if (u !== uri && (!profile || profiles.has(profile))) out.push(u);
        return out;
      },
    };
  }
}

/** Lints several files as one workspace: each file sees the tools the others define. */
export function lintWorkspace(files: readonly WorkspaceFile[], options: Omit<LintOptions, 'workspace'> = {}): FileLint[] {
  const config = options.config ?? defaultConfig();
  const docs = files.map((f) => new ToolDocument(f.uri, f.text));
  const discoveries = docs.map((d) => (d.tree && !d.refused ? discoverTools(d.tree, config.profile) : { tools: [], problems: [] }));
  const index = new NameIndex();
  docs.forEach((d, i) => index.set(d.uri, discoveries[i]!.tools));
  return docs.map((d, i) => lintDocument(d, { ...options, config, workspace: index.viewFrom(d.uri) }, discoveries[i]));
}
