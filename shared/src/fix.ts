/**
 * Fixes: computed on demand from a finding (its rule, pointer and data) and the parsed document, never during
 * the lint pass, so the keystroke path pays nothing for them and the per-tool findings cache stays valid.
 *
 * Two kinds, as ESLint separates `fix` from `suggest`. A *safe* fix is a mechanical correction with one right
 * answer (a Python type name, an unambiguous keyword typo, the strict-mode shape a provider requires): it is
 * applied by fix-all, on save and by `toolschema lint --fix`. A *suggestion* changes the contract between the
 * model and the host (types, enums, bounds, `required`, names, splits, versions) and is only ever applied one
 * at a time by the user.
 */
import { ToolDocument, nodeAtPointer, pointerOf, type Node } from './document';
import { defaultConfig, type Config } from './config';
import type { ToolInfo } from './discover';
import type { Finding } from './types';
import { EMPTY_INDEX, type WorkspaceIndex } from './rule';
import { RULES_BY_ID } from './rules';
import { lintDocument, type FileLint, type LintOptions } from './linter';
import { EditBuilder, applyEdits, type TextEdit } from './fixes/edits';
import { parseBaseline, type Baseline, type BaselineInput } from './analysis/baseline';

export type { TextEdit } from './fixes/edits';
export type FixKind = 'safe' | 'suggestion';

export interface Fix {
  /** What the fix does, as a code action title ("Replace \"int\" with \"integer\""). */
  title: string;
  kind: FixKind;
  /** Edits against the linted text, non-overlapping. */
  edits: TextEdit[];
  /** The rule whose finding the fix resolves. */
  rule: string;
  /** A new file the fix creates, with its whole text (its `edits` may then be empty); never overwrites. */
  createFile?: { uri: string; text: string };
}

export interface FixContext {
  doc: ToolDocument;
  finding: Finding;
  /** The node at the finding's pointer (a value node). */
  node: Node | undefined;
  /** The tool the finding is about, when it is inside one. */
  tool: ToolInfo | undefined;
  tools: readonly ToolInfo[];
  config: Config;
  workspace: WorkspaceIndex;
  /** Today's date, YYYY-MM-DD (deprecation markers). */
  today: string;
  edit: EditBuilder;
  /** The file at the git baseline, when the lint had one (the breaking-change fix restores tools from it). */
  baseline?: Baseline;
}

/** What a rule's `fix` returns: the rule id is filled in by the engine. */
export type FixProposal = Omit<Fix, 'rule'>;

export interface FixOptions {
  config?: Config;
  workspace?: WorkspaceIndex;
  today?: string;
  onRuleError?(ruleId: string, error: unknown): void;
  /** The file at the git baseline; default: the one the lint was run with (FileLint.baseline); null: none. */
  baseline?: BaselineInput | null;
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The tool whose entry contains `offset` (the innermost, should tools ever nest). */
export function toolAt(tools: readonly ToolInfo[], offset: number): ToolInfo | undefined {
  let best: ToolInfo | undefined;
  for (const t of tools) {
    if (offset >= t.outer.offset && offset <= t.outer.offset + t.outer.length) {
      if (!best || t.outer.length < best.outer.length) best = t;
    }
  }
  return best;
}

/**
 * The fixes a rule offers for one finding. None when the file does not parse cleanly (an edit computed on a
 * broken tree could land in the wrong place), and none when the rule has no fix or throws.
 */
export function fixesFor(lint: FileLint, finding: Finding, options: FixOptions = {}): Fix[] {
  const rule = RULES_BY_ID.get(finding.rule);
  if (!rule?.fix || !lint.doc.tree || lint.doc.syntaxProblems.length > 0 || lint.doc.refused) return [];
  const config = options.config ?? defaultConfig();
  const baseline = options.baseline !== undefined ? options.baseline : lint.baseline;
  const ctx: FixContext = {
    doc: lint.doc,
    finding,
    node: nodeOfFinding(lint.doc.tree, finding),
    tool: finding.tool === null && finding.pointer === '' ? undefined : toolAt(lint.discovery.tools, finding.offset),
    tools: lint.discovery.tools,
    config,
    workspace: options.workspace ?? EMPTY_INDEX,
    today: options.today ?? todayIso(),
    edit: new EditBuilder(lint.doc),
    ...(baseline ? { baseline: parseBaseline(baseline, config.profile) } : {}),
  };
  try {
    const proposals = rule.fix(ctx) ?? [];
    return proposals.filter((p) => (p.edits.length > 0 || p.createFile) && wellFormed(p.edits, lint.doc.text.length)).map((p) => ({ ...p, rule: rule.id }));
  } catch (e) {
    options.onRuleError?.(rule.id, e);
    return [];
  }
}

/**
 * The value node a finding is about: the node at the finding's own range (a key node stands for its value), so
 * that with duplicate keys the fix edits the member the finding is on, not the last one of that name (which is
 * where the pointer resolves, as JSON.parse keeps the last). Falls back to the pointer.
 */
export function nodeOfFinding(tree: Node, finding: Finding): Node | undefined {
  let n: Node | undefined = tree;
  let found: Node | undefined;
  while (n) {
    if (n.offset === finding.offset && n.length === finding.length && n.type !== 'property') found = n;
    n = n.children ? childContaining(n.children, finding.offset, finding.offset + finding.length) : undefined;
  }
  if (found && found.parent?.type === 'property' && found.parent.children?.[0] === found) found = found.parent.children?.[1];
  if (found && pointerOf(found) === finding.pointer) return found;
  return nodeAtPointer(tree, finding.pointer);
}

/**
 * The first of `children` (in text order, as the parser gives them) whose range contains [start, end], found by
 * binary search: an object of 200,000 properties with a finding on each made a linear scan per finding quadratic
 * (code actions over the whole file took minutes).
 */
export function childContaining(children: readonly Node[], start: number, end: number): Node | undefined {
  let lo = 0;
  let hi = children.length - 1;
  let last = -1; // the last child starting at or before `start`
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (children[mid]!.offset <= start) {
      last = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  // Siblings may touch at a boundary (an empty range there, or a tolerant parse): the earliest one wins, as the
  // linear scan did. Siblings do not overlap, so this goes back one or two steps.
  let found: Node | undefined;
  for (let i = last; i >= 0 && children[i]!.offset + children[i]!.length >= start; i--) {
    if (end <= children[i]!.offset + children[i]!.length) found = children[i];
  }
  return found;
}

/**
 * Whether the edits lie inside the text and do not overlap. Remembered per edit list: a rule may hand the same
 * proposal to each of its findings (one fix adding every unlisted property to "required"), and sorting its
 * thousands of edits once per finding made fix-all quadratic.
 */
const wellFormedSeen = new WeakMap<readonly TextEdit[], { size: number; ok: boolean }>();

function wellFormed(edits: readonly TextEdit[], size: number): boolean {
  const seen = wellFormedSeen.get(edits);
  if (seen && seen.size === size) return seen.ok;
  const ok = wellFormedNow(edits, size);
  wellFormedSeen.set(edits, { size, ok });
  return ok;
}

function wellFormedNow(edits: readonly TextEdit[], size: number): boolean {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  let end = 0;
  for (const e of sorted) {
    if (e.offset < end || e.offset < 0 || e.offset + e.length > size) return false;
    end = e.offset + e.length;
  }
  return true;
}

/** The safe fix of a finding, if its rule has one for it. */
export function safeFixFor(lint: FileLint, finding: Finding, options: FixOptions = {}): Fix | undefined {
  const rule = RULES_BY_ID.get(finding.rule);
  if (!rule || rule.meta.fixable !== 'safe') return undefined;
  return fixesFor(lint, finding, options).find((f) => f.kind === 'safe');
}

export interface FixAllResult {
  /** The text after every pass. */
  output: string;
  /** The findings fixed (as reported before their fix), in order. */
  fixed: Finding[];
  /** The lint of the final text. */
  remaining: FileLint;
  /** Lint passes run (at most 10, as ESLint). */
  passes: number;
}

const MAX_PASSES = 10;

/**
 * Applies every safe fix, ESLint style: lint, apply the non-overlapping safe fixes, lint again, until nothing
 * changes (a fix may uncover another, such as a type fixed inside a schema whose object then needs
 * `additionalProperties`). Suggestions are never applied. The text is returned, never written.
 */
export function fixAll(uri: string, text: string, options: LintOptions & FixOptions = {}, only?: (f: Finding) => boolean): FixAllResult {
  let current = text;
  // The findings each pass fixed, in the text that pass started from (`pass`: its place in `applied`).
  const fixedInPass: { finding: Finding; pass: number }[] = [];
  let lint = lintDocument(new ToolDocument(uri, current), options);
  const original = lint.doc;
  // The edits of each pass applied so far (in the text that pass started from): a finding fixed in a later pass is
  // reported where it was in the file as given, not in the text of the pass that found it.
  const applied: PassEdits[] = [];
  let passes = 1;
  for (; passes <= MAX_PASSES; passes++) {
    const pass = new FixPass();
    let chosen: Chosen[] = [];
    const toolOf = toolIndexer(lint);
    const carriers = new Map<readonly TextEdit[], Chosen>();
    for (const f of inFixOrder(lint.findings)) {
      if (only && !only(f)) continue;
      const fix = safeFixFor(lint, f, options);
      if (!fix) continue;
      // A fix already taken for another finding resolves this one too: listed as fixed, its edits applied once,
      // and dropped with the finding that carries them.
      const carrier = carriers.get(fix.edits);
      if (carrier) chosen.push({ finding: f, edits: [], tool: toolOf(f.offset), carrier });
      else if (pass.take(fix.edits)) {
        const c: Chosen = { finding: f, edits: fix.edits, tool: toolOf(f.offset) };
        carriers.set(fix.edits, c);
        chosen.push(c);
      }
    }
    if (chosen.length === 0) break;
    // A fix can uncover an error (a corrected type makes a bad default visible). Fix-all may trade one error
    // for another but never adds one: the fixes of a tool whose error count grew are dropped and the pass is
    // applied again without them (errors are counted per tool, so one lint tells which tools to drop).
    let accepted: { next: string; nextLint: FileLint } | undefined;
    for (let attempt = 0; attempt < 3 && chosen.length > 0; attempt++) {
      const next = applyEdits(current, chosen.flatMap((c) => c.edits));
      if (next === current) break;
      const nextLint = lintDocument(new ToolDocument(uri, next), options);
      if (sound(lint, nextLint)) {
        accepted = { next, nextLint };
        break;
      }
      if (nextLint.doc.syntaxProblems.length > lint.doc.syntaxProblems.length) break;
      const before = errorsPerTool(lint, toolOf);
      const after = errorsPerTool(nextLint, toolIndexer(nextLint));
      const worse = new Set<number>();
      for (const [t, n] of after) if (n > (before.get(t) ?? 0)) worse.add(t);
      if (worse.size === 0) break;
      chosen = withCarriers(chosen.filter((c) => !worse.has(c.tool)));
    }
    // A pass that adds no error in total can still hide one: a fix of a warning that writes an invalid schema
    // ("maxLenght": -1 renamed to "maxLength") beside a fix of an error in the same tool, which pays for it. When a
    // tool has more errors of a rule than before and its fixes mix fixes of errors with fixes of other findings,
    // the latter wait for the next pass, where each tool's count judges them without the others' help.
    if (accepted) {
      const fresh = newErrorTools(lint, toolOf, accepted.nextLint);
      // Also every fix of a tool whose error count grew: another tool's fixes paid for it ("enums": [] renamed to an
      // invalid empty "enum" in one tool beside a type fixed in another; it depended on whether that other fix could
      // be taken in the same pass, so on key order, found by an independent fuzzer).
      const fixesErrors = new Set(chosen.filter((c) => c.finding.severity === 'error').map((c) => c.tool));
      const before = errorsPerTool(lint, toolOf);
      const grew = new Set<number>();
      for (const [t, n] of errorsPerTool(accepted.nextLint, toolIndexer(accepted.nextLint))) if (n > (before.get(t) ?? 0)) grew.add(t);
      const suspects = chosen.filter((c) => grew.has(c.tool) || (fresh.has(c.tool) && fixesErrors.has(c.tool) && c.finding.severity !== 'error'));
      if (suspects.length > 0) {
        const waiting = new Set(suspects);
        const kept = withCarriers(chosen.filter((c) => !waiting.has(c)));
        const next = kept.length > 0 ? applyEdits(current, kept.flatMap((c) => c.edits)) : current;
        const nextLint = next === current ? undefined : lintDocument(new ToolDocument(uri, next), options);
        accepted = nextLint && sound(lint, nextLint) && newErrorTools(lint, toolOf, nextLint).size === 0 ? { next, nextLint } : undefined;
        chosen = kept;
      }
    }
    if (!accepted) break;
    const passEdits = new PassEdits(chosen.flatMap((c) => c.edits));
    // The findings the pass fixed, in the order of the lint: those whose fix it applied, and those its edits
    // resolved on the way (renaming "additional_properties" also ends strict-additional-properties on that object).
    const resolved = new Set(chosen.map((c) => c.finding));
    for (const f of resolvedOnTheWay(lint, accepted.nextLint, chosen, passEdits, toolOf, only)) resolved.add(f);
    const inPass = lint.findings.filter((f) => resolved.has(f));
    current = accepted.next;
    lint = accepted.nextLint;
    for (const f of inPass) fixedInPass.push({ finding: f, pass: applied.length });
    applied.push(passEdits);
  }
  // A finding a pass resolved can come back in a later one: a default that could not be checked while a misspelt
  // keyword held an unknown type ("additionalproperties": {"type": "str"}) is checked, and wrong, once both are
  // fixed. It stays where it is, so it is not listed as fixed (an independent fuzzer found it in both lists).
  const still = new Set(lint.findings.map((f) => `${f.rule}\u0000${f.offset}`));
  const fixed: Finding[] = [];
  for (const { finding, pass } of fixedInPass) {
    let at: number | undefined = finding.offset;
    for (let p = pass; p < applied.length && at !== undefined; p++) at = applied[p]!.offsetAfter(at);
    if (at !== undefined && still.has(`${finding.rule}\u0000${at}`)) continue;
    fixed.push(pass === 0 ? finding : inOriginal(finding, applied.slice(0, pass), original));
  }
  return { output: current, fixed, remaining: lint, passes: Math.min(passes, MAX_PASSES) };
}

/**
 * Rules whose fixes go first in a pass: a misspelt keyword renamed restores what the author wrote, and the next pass
 * judges the rest with it ("requried": [every name] in strict mode was left beside an added "required" listing the
 * same names, with every property made nullable: optional, not required as written).
 */
const FIRST_RULES: ReadonlySet<string> = new Set(['keyword-unknown']);

function inFixOrder(findings: readonly Finding[]): Finding[] {
  // Each pointer split once (a pass over 150,000 findings compares them some 2.5 million times).
  const keyed = findings.map((f) => ({ f, first: FIRST_RULES.has(f.rule), segments: f.pointer.split('/') }));
  keyed.sort((a, b) => (a.first !== b.first ? (a.first ? -1 : 1) : bySegments(a.segments, b.segments)));
  return keyed.map((k) => k.f);
}

/**
 * Two JSON pointers split at "/", segment by segment: array positions by value, keys by code units. inFixOrder sorts
 * a pass's findings so (the first rules' first), so that when two fixes would edit the same text the one taken does
 * not depend on the order the keys were written in ("Description" and "descripton" in one tool, either renamed to
 * "description" by the first fix taken; `type` before or after `properties` decided whether a strict parameter
 * was made nullable; an independent fuzzer).
 */
function bySegments(pa: readonly string[], pb: readonly string[]): number {
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    if (INDEX.test(x) && INDEX.test(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}
const INDEX = /^(?:0|[1-9]\d{0,14})$/;

/**
 * Findings of a tool the pass edited (not among those it chose) that are gone after it: no finding of the rule at
 * their place in the new text nor at their pointer. Not a place inside text the pass replaced (it may be reported
 * again elsewhere).
 */
function resolvedOnTheWay(before: FileLint, after: FileLint, chosen: readonly Chosen[], edits: PassEdits, toolOf: (offset: number) => number, only?: (f: Finding) => boolean): Finding[] {
  const taken = new Set(chosen.map((c) => c.finding));
  const touched = new Set(chosen.map((c) => c.tool));
  const still = new Set<string>();
  for (const f of after.findings) {
    still.add(`${f.rule}\u0000@${f.offset}`);
    still.add(`${f.rule}\u0000${f.pointer}`);
  }
  const out: Finding[] = [];
  for (const f of before.findings) {
    if (taken.has(f) || (only && !only(f)) || f.rule === 'parse-error') continue;
    const tool = toolOf(f.offset);
    if (tool < 0 || !touched.has(tool)) continue;
    const at = edits.offsetAfter(f.offset);
    if (at === undefined || still.has(`${f.rule}\u0000@${at}`) || still.has(`${f.rule}\u0000${f.pointer}`)) continue;
    out.push(f);
  }
  return out;
}

/** A finding whose fix a pass applies; `carrier`: the finding whose identical fix carries the edits. */
interface Chosen {
  finding: Finding;
  edits: readonly TextEdit[];
  tool: number;
  carrier?: Chosen;
}

/** The chosen fixes whose carrier, if any, is still chosen. */
function withCarriers(chosen: Chosen[]): Chosen[] {
  const kept = new Set(chosen);
  return chosen.filter((c) => !c.carrier || kept.has(c.carrier));
}

/**
 * A finding of a later pass, placed in the file as given: its offset taken back through the earlier passes' edits
 * (a place inside text a fix wrote goes to where that fix's edit began), its range computed in the original text.
 */
function inOriginal(f: Finding, passes: readonly PassEdits[], original: ToolDocument): Finding {
  let offset = f.offset;
  let end = f.offset + f.length;
  for (let p = passes.length - 1; p >= 0; p--) {
    offset = passes[p]!.offsetBefore(offset);
    end = Math.max(offset, passes[p]!.endBefore(end));
  }
  return { ...f, offset, length: end - offset, range: original.rangeOf(offset, end - offset), pointer: pointerInOriginal(original.tree, f.pointer, offset, end) };
}

/**
 * The pointer of a later pass's finding in the file as given: its own when that names a node there around the
 * range, else the innermost node around the range ("type": "flaot" made nullable in a first pass is reported by
 * the second at /type/0, which the file as given does not have; it is /type there).
 */
function pointerInOriginal(tree: Node | undefined, pointer: string, offset: number, end: number): string {
  if (!tree) return pointer;
  const own = nodeAtPointer(tree, pointer);
  const around = (n: Node) => n.offset <= offset && end <= n.offset + n.length;
  if (own && around(own)) return pointer;
  let n: Node | undefined = tree;
  let inner: Node = tree;
  while (n) {
    inner = n;
    n = n.children ? childContaining(n.children, offset, end) : undefined;
  }
  return pointerOf(inner);
}

/**
 * The edits of one applied pass, sorted once, with where each began in the text after the pass: mapping an
 * offset back is a binary search (sorting the pass's edits for each finding of a later pass made fix-all
 * quadratic: 18,000 fixes over 3,000 tools took 7 s in this step alone).
 */
export class PassEdits {
  private readonly edits: TextEdit[];
  /** Where each edit's text starts in the text after the pass. */
  private readonly after: number[];
  /** The length added before each edit by the edits before it. */
  private readonly delta: number[];

  constructor(edits: readonly TextEdit[]) {
    this.edits = [...edits].sort((a, b) => a.offset - b.offset);
    this.after = new Array<number>(this.edits.length);
    this.delta = new Array<number>(this.edits.length);
    let delta = 0;
    for (let i = 0; i < this.edits.length; i++) {
      const e = this.edits[i]!;
      this.after[i] = e.offset + delta;
      this.delta[i] = delta;
      delta += e.content.length - e.length;
    }
  }

  /** Where `offset` of the text after the edits was in the text before them (inside an edit's text: where it began). */
  offsetBefore(offset: number): number {
    const last = this.lastBefore(offset, 0);
    if (last < 0) return offset;
    const e = this.edits[last]!;
    if (offset < this.after[last]! + e.content.length) return e.offset;
    return offset - (this.delta[last]! + e.content.length - e.length);
  }

  /**
   * Where the end of a range, `end` in the text after the edits, was in the text before them: inside (or at the end
   * of) an edit's text, the end of the text that edit replaced, so that a range within written text covers it.
   */
  endBefore(end: number): number {
    const last = this.lastBefore(end, 1);
    if (last < 0) return end;
    const e = this.edits[last]!;
    if (end <= this.after[last]! + e.content.length) return e.offset + e.length;
    return end - (this.delta[last]! + e.content.length - e.length);
  }

  /** Where `offset` of the text before the edits is after them; undefined inside text an edit replaced. */
  offsetAfter(offset: number): number | undefined {
    let lo = 0;
    let hi = this.edits.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.edits[mid]!.offset <= offset) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (last < 0) return offset;
    const e = this.edits[last]!;
    if (offset < e.offset + e.length) return undefined;
    return offset + this.delta[last]! + e.content.length - e.length;
  }

  /** The last edit whose text starts at or before `offset - strict` in the text after (the starts never decrease). */
  private lastBefore(offset: number, strict: 0 | 1): number {
    let lo = 0;
    let hi = this.after.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.after[mid]! <= offset - strict) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return last;
  }
}

/** Offset → index of the tool containing it (-1 outside every tool), by binary search over the tools. */
function toolIndexer(lint: FileLint): (offset: number) => number {
  const tools = [...lint.discovery.tools].sort((a, b) => a.outer.offset - b.outer.offset);
  return (offset) => {
    let lo = 0;
    let hi = tools.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = tools[mid]!;
      if (t.outer.offset <= offset) {
        if (offset <= t.outer.offset + t.outer.length) found = t.index;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/** The tools (by index) with more errors of some rule in `after` than in `before` (a rule's error reworded is not new). */
function newErrorTools(before: FileLint, toolOf: (offset: number) => number, after: FileLint): Set<number> {
  const had = new Map<string, number>();
  const key = (t: number, f: Finding) => `${t}\u0000${f.rule}`;
  for (const f of before.findings) if (f.severity === 'error') had.set(key(toolOf(f.offset), f), (had.get(key(toolOf(f.offset), f)) ?? 0) + 1);
  const out = new Set<number>();
  const afterTool = toolIndexer(after);
  for (const f of after.findings) {
    if (f.severity !== 'error') continue;
    const t = afterTool(f.offset);
    const k = key(t, f);
    const n = had.get(k) ?? 0;
    if (n > 0) had.set(k, n - 1);
    else out.add(t);
  }
  return out;
}

function errorsPerTool(lint: FileLint, toolOf: (offset: number) => number): Map<number, number> {
  const m = new Map<number, number>();
  for (const f of lint.findings) if (f.severity === 'error') m.set(toolOf(f.offset), (m.get(toolOf(f.offset)) ?? 0) + 1);
  return m;
}

/**
 * The fixes one fix-all pass applies: a fix is taken when none of its edits touch the text of a fix taken before,
 * and none writes a key of an object that a fix taken before writes (two fixes putting "additionalProperties" in
 * one object by different text, a rename and an insertion, would leave the key twice). The other waits for the
 * next pass, which sees the first one's result.
 */
export class FixPass {
  private readonly taken = new IntervalSet();
  private readonly written = new Set<string>();

  /**
   * The edit lists offered, by identity, and whether each was taken: a rule may hand one fix to several findings
   * (every unlisted property of an object added to "required" at once), and checking its thousands of edits
   * again for each finding made fix-all quadratic. A list refused once stays refused, as the pass only grows.
   */
  private readonly offered = new Map<readonly TextEdit[], boolean>();

  take(edits: readonly TextEdit[]): boolean {
    if (this.offered.has(edits)) return false;
    const ok = this.check(edits);
    this.offered.set(edits, ok);
    return ok;
  }

  private check(edits: readonly TextEdit[]): boolean {
    const writes = edits.flatMap((e) => (e.writes ? [`${e.writes.object}\u0000${e.writes.key}`] : []));
    if (writes.some((w) => this.written.has(w)) || !this.taken.addAll(edits)) return false;
    for (const w of writes) this.written.add(w);
    return true;
  }
}

/** Edits already taken in a pass, kept sorted: a new fix is accepted only if none of its edits touch them. */
class IntervalSet {
  private starts: number[] = [];
  private ends: number[] = [];

  /** Adds every edit's span, or none when one of them overlaps or touches a taken span. */
  addAll(edits: readonly TextEdit[]): boolean {
    for (const e of edits) if (this.hits(e.offset, e.offset + e.length)) return false;
    for (const e of edits) this.insert(e.offset, e.offset + e.length);
    return true;
  }

  private hits(start: number, end: number): boolean {
    // The first taken span whose end is >= start; it touches when its start <= end.
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ends[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.starts.length && this.starts[lo]! <= end;
  }

  private insert(start: number, end: number): void {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    this.starts.splice(lo, 0, start);
    this.ends.splice(lo, 0, end);
  }
}

function errorCount(l: FileLint): number {
  let n = 0;
  for (const f of l.findings) if (f.severity === 'error') n++;
  return n;
}

/** A fix-all step is kept only when the text still parses, is still linted (under the size bounds) and has no more errors than before. */
function sound(before: FileLint, after: FileLint): boolean {
  if (after.doc.syntaxProblems.length > before.doc.syntaxProblems.length) return false;
  // Fixes that take a file over a size bound (a description just under 32 MB made longer) would leave it unlinted,
  // every finding "fixed" (an independent fuzzer): such a pass is not applied.
  if (after.doc.refused && !before.doc.refused) return false;
  return errorCount(after) <= errorCount(before);
}

/**
 * Edits that turn `before` into `after`: one per changed region, found by comparing lines (so fix-all over a
 * whole file still sends small edits and keeps the cursor and folding where they were).
 */
export function diffEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before.charCodeAt(endB - 1) === after.charCodeAt(endA - 1)) {
    endB--;
    endA--;
  }
  return splitByLines(before, after, start, endB, endA);
}

/** Splits one changed span into per-line-block edits where unchanged lines separate them (bounded effort). */
function splitByLines(before: string, after: string, start: number, endB: number, endA: number): TextEdit[] {
  const single = [{ offset: start, length: endB - start, content: after.slice(start, endA) }];
  const a = before.slice(start, endB).split('\n');
  const b = after.slice(start, endA).split('\n');
  if (a.length * b.length > 4_000_000) return single;
  // Longest common subsequence of lines (classic DP over the changed span only).
  const n = a.length;
  const m = b.length;
  const dp: Uint32Array[] = [];
  for (let i = 0; i <= n; i++) dp.push(new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const edits: TextEdit[] = [];
  let i = 0;
  let j = 0;
  let offB = start; // offset in `before` of line a[i]
  let pendingStart = -1;
  let pendingContent = '';
  const flush = () => {
    if (pendingStart >= 0) {
      edits.push({ offset: pendingStart, length: offB - pendingStart, content: pendingContent });
      pendingStart = -1;
      pendingContent = '';
    }
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      flush();
      offB += a[i]!.length + (i < n - 1 ? 1 : 0);
      i++;
      j++;
    } else if (j < m && (i >= n || dp[i]![j + 1]! >= dp[i + 1]![j]!)) {
      if (pendingStart < 0) pendingStart = offB;
      pendingContent += b[j]! + (j < m - 1 ? '\n' : '');
      j++;
    } else {
      if (pendingStart < 0) pendingStart = offB;
      offB += a[i]!.length + (i < n - 1 ? 1 : 0);
      i++;
    }
  }
  flush();
  // Verify; fall back to one edit if the line split does not reproduce the text exactly.
  return applyEdits(before, edits) === after ? edits : single;
}
