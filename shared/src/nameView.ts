/**
 * The file's tool names (and namespaces), and the workspace's, as the per-tool rules read them, recording what
 * each tool's rules asked.
 *
 * The per-tool cache reuses a tool's findings while its text and its context are unchanged. The names of the
 * file's other tools are part of that context, but a keystroke in a tool's name changes them, and a context key
 * holding every name made that keystroke re-lint every tool of the file (1,000 tools: twice the CPU of a
 * keystroke in a description). A view records, while one tool is linted, the questions its rules ask: whether a
 * name is defined, the highest version of a base name; a cached result is reused when the file's current names
 * give the same answers. A rule that reads the whole set (iterates it, asks its size) makes that tool's result
 * depend on every name: it is then reused only with exactly the same names. The workspace index is read through
 * a WorkspaceView that records its questions the same way (in the language server the index changes with every
 * keystroke in a name too: the edited file's own names are in it).
 */
import { versionsByBase } from './analysis/versions';
import type { Definitions, WorkspaceIndex } from './rule';
import type { Profile } from './types';

/**
 * What one tool's rules asked: `has` answers by name, highest versions by base name, or every name. A map nothing
 * was asked of is NO_QUESTIONS (shared, never written): most tools ask nothing, and two maps per view per tool
 * were made for each of them.
 */
export interface NameQuestions {
  has: ReadonlyMap<string, boolean>;
  versions: ReadonlyMap<string, number>;
  /** Memberships in sets derived from the names (NameView.inDerived): the derivation, the member, the answer. */
  derived: readonly DerivedQuestion[];
  all: boolean;
}

/** A set computed from the names; one function per kind of set (its identity keys the set within a view). */
export type NameDerivation = (names: ReadonlySet<string>) => ReadonlySet<string>;

export type DerivedQuestion = readonly [derive: NameDerivation, member: string, answer: boolean];

export const NO_QUESTIONS: ReadonlyMap<string, never> = new Map<string, never>();

/** No derived question asked (shared and frozen: a view makes a new list at the first question). */
export const NO_DERIVED_QUESTIONS: readonly DerivedQuestion[] = Object.freeze([]);

export class NameView implements ReadonlySet<string> {
  private questions: NameQuestions | undefined;
  private versions: Map<string, number> | undefined;
  private derivedSets: Map<NameDerivation, ReadonlySet<string>> | undefined;

  private set: ReadonlySet<string> | undefined;

  /** `names`, or a function that computes them on the first question (the file's namespaces: most lints ask none). */
  constructor(private readonly source: ReadonlySet<string> | (() => ReadonlySet<string>)) {}

  private get names(): ReadonlySet<string> {
    return (this.set ??= typeof this.source === 'function' ? this.source() : this.source);
  }

  /** Starts recording the questions of one tool's rules. */
  record(): void {
    this.questions = { has: NO_QUESTIONS, versions: NO_QUESTIONS, derived: NO_DERIVED_QUESTIONS, all: false };
  }

  /** Stops recording; what was asked since `record()`. */
  recorded(): NameQuestions | undefined {
    const q = this.questions;
    this.questions = undefined;
    return q;
  }

  /** Whether these names answer every question as the names they were recorded on did. */
  answers(q: NameQuestions): boolean {
    if (q.all) return false;
    for (const [name, defined] of q.has) if (this.names.has(name) !== defined) return false;
    for (const [base, version] of q.versions) if (this.maxVersion(base) !== version) return false;
    for (const [derive, member, answer] of q.derived) if (this.derivedSet(derive).has(member) !== answer) return false;
    return true;
  }

  has(name: string): boolean {
    const r = this.names.has(name);
    const q = this.questions;
    if (q) (q.has === NO_QUESTIONS ? (q.has = new Map()) : (q.has as Map<string, boolean>)).set(name, r);
    return r;
  }

  /** The highest `<base>_v<N>` among the names (1 when there is none). */
  maxVersion(base: string): number {
    this.versions ??= versionsByBase(this.names);
    const r = this.versions.get(base) ?? 1;
    const q = this.questions;
    if (q) (q.versions === NO_QUESTIONS ? (q.versions = new Map()) : (q.versions as Map<string, number>)).set(base, r);
    return r;
  }

  /**
   * Whether `member` is in the set `derive` computes from the names (once per view), recorded as one question: a
   * tool's result then depends on that answer, not on every name (name-verb-first asks whether another tool puts
   * a word prefix before a verb; reading every name for it made each keystroke in a name re-lint every tool
   * with a shared prefix: 18 of 100 BFCL tools, 14 ms against 4 ms for a keystroke in a description).
   */
  inDerived(derive: NameDerivation, member: string): boolean {
    const r = this.derivedSet(derive).has(member);
    const q = this.questions;
    if (q) (q.derived === NO_DERIVED_QUESTIONS ? (q.derived = []) : (q.derived as DerivedQuestion[])).push([derive, member, r]);
    return r;
  }

  private derivedSet(derive: NameDerivation): ReadonlySet<string> {
    let set = this.derivedSets?.get(derive);
    if (!set) (this.derivedSets ??= new Map()).set(derive, (set = derive(this.names)));
    return set;
  }

  /** The whole set: whatever is derived from it depends on every name. */
  readAll(): ReadonlySet<string> {
    if (this.questions) this.questions.all = true;
    return this.names;
  }

  get size(): number {
    return this.readAll().size;
  }

  forEach(fn: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const n of this.readAll()) fn.call(thisArg, n, n, this);
  }

  entries(): IterableIterator<[string, string]> {
    return this.readAll().entries();
  }

  keys(): IterableIterator<string> {
    return this.readAll().keys();
  }

  values(): IterableIterator<string> {
    return this.readAll().values();
  }

  [Symbol.iterator](): IterableIterator<string> {
    return this.readAll()[Symbol.iterator]();
  }
}

/** What one tool's rules asked the workspace index: name, profile, and the answer (definitionsKey). */
export type WorkspaceQuestions = [name: string, profile: Profile | undefined, answer: string][];

/** Nothing asked (shared and frozen: WorkspaceView makes a new list at the first question). */
const NO_WORKSPACE_QUESTIONS: WorkspaceQuestions = Object.freeze([]) as unknown as WorkspaceQuestions;

export class WorkspaceView implements WorkspaceIndex {
  private questions: WorkspaceQuestions | undefined;

  constructor(private readonly inner: WorkspaceIndex) {}

  get version(): number | undefined {
    return this.inner.version;
  }

  record(): void {
    this.questions = NO_WORKSPACE_QUESTIONS;
  }

  recorded(): WorkspaceQuestions | undefined {
    const q = this.questions;
    this.questions = undefined;
    return q;
  }

  /** Whether this index answers every question as the index they were recorded on did. */
  answers(q: WorkspaceQuestions): boolean {
    for (const [name, profile, answer] of q) if (definitionsKey(this.inner.definitions(name, profile)) !== answer) return false;
    return true;
  }

  definitions(name: string, profile?: Profile): Definitions {
    const r = this.inner.definitions(name, profile);
    if (this.questions) {
      if (this.questions === NO_WORKSPACE_QUESTIONS) this.questions = [];
      this.questions.push([name, profile, definitionsKey(r)]);
    }
    return r;
  }
}

/** An answer of WorkspaceIndex.definitions as a string, to record and compare. */
export function definitionsKey(d: Definitions): string {
  return d.count === 0 ? '' : `${d.count}\u0001${d.first ?? ''}`;
}
