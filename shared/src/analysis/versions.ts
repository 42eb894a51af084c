/**
 * Versioning (SPEC "Versioning" 1-5): versioned names `<tool_name>_v<N>`, and the deprecation marker.
 *
 * The marker is machine-readable and has one shape per dialect:
 * - MCP tools carry it in `_meta`, the field the MCP specification reserves for metadata and that clients
 *   pass through: `"_meta": { "io.github.toolschema/deprecated": { "since": "2026-11-22", "replacedBy": ["get_weather_v2"] } }`.
 * - Every other dialect carries a top-level `"deprecated": { "since": ..., "replacedBy": [...] }` on the tool
 *   object (the `function` object in Chat Completions). OpenAI and Anthropic validate tool objects, so the
 *   host removes this key before sending the tools (README "Deprecation marker").
 * Also read, for files written by hand: `"deprecated": true`, a string (the successor's name), and
 * `successor`/`replacement` instead of `replacedBy`.
 */
import { child, entries, isObject, str, stringItems, type Node } from '../document';
import type { ToolInfo } from '../discover';

export const MCP_META_KEY = 'io.github.toolschema/deprecated';
/** Keys of a deprecation marker object that name successors. */
export const SUCCESSOR_KEYS: readonly string[] = ['replacedBy', 'successor', 'successors', 'replacement', 'use'];

/** `get_weather_v2` → { base: 'get_weather', version: 2 }. */
export function parseVersioned(name: string): { base: string; version: number } | undefined {
  const m = /^(.+?)_v(\d{1,4})$/.exec(name);
  if (!m) return undefined;
  return { base: m[1]!, version: Number(m[2]) };
}

/** Highest version per base name among `names` (`get_weather_v3` → get_weather: 3; 1 is never stored). */
export function versionsByBase(names: Iterable<string | undefined>): Map<string, number> {
  const m = new Map<string, number>();
  for (const n of names) {
    if (!n) continue;
    const v = parseVersioned(n);
    if (v && v.version > (m.get(v.base) ?? 1)) m.set(v.base, v.version);
  }
  return m;
}

export function versionedName(base: string, version: number): string {
  return `${base}_v${version}`;
}

export interface Deprecation {
  /** The marker's value node (or the description, when only the description says so). */
  node: Node;
  /** Where the marker lives. */
  via: 'deprecated' | '_meta' | 'description';
  /** Successors named by the marker, then by the description's redirect. */
  replacedBy: string[];
  /** Successors named by the marker alone. */
  markerReplacedBy: string[];
  /** The node naming the successor(s) in the marker, if any. */
  replacedByNode: Node | undefined;
  since: string | undefined;
  sinceNode: Node | undefined;
}

/** The marker's value node: `deprecated` on the tool (or the Chat Completions wrapper), or MCP `_meta`. */
export function markerNode(tool: ToolInfo): { node: Node; via: 'deprecated' | '_meta' } | undefined {
  const own = child(tool.node, 'deprecated') ?? (tool.outer !== tool.node ? child(tool.outer, 'deprecated') : undefined);
  if (own) return { node: own, via: 'deprecated' };
  const meta = child(tool.node, '_meta');
  const m = isObject(meta) ? child(meta, MCP_META_KEY) : undefined;
  if (m) return { node: m, via: '_meta' };
  return undefined;
}

const REDIRECT_RE = /\b(?:use|call|switch to|migrate to|replaced by|superseded by|in favou?r of)\s+[`'"]?([A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9])[`'"]?(?:\s*(?:,|or|and)\s*[`'"]?([A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9])[`'"]?)*/gi;

/** Tool-shaped names the description redirects to ("use get_weather_v2 instead", "replaced by `x`"). */
export function redirectTargets(description: string | undefined): string[] {
  if (!description) return [];
  const out: string[] = [];
  REDIRECT_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = REDIRECT_RE.exec(description))) {
    // Re-scan the matched run for every name (the regex keeps only the last repetition).
    const run = m[0].replace(/^\S+(?:\s+(?:to|by|of))?\s+/i, '');
    for (const part of run.split(/\s*(?:,|\bor\b|\band\b)\s*/)) {
      const name = part.replace(/[`'"]/g, '').trim();
      if (/^[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+$/.test(name) || /^[a-z]+[A-Z]\w*$/.test(name)) out.push(name);
    }
  }
  return [...new Set(out)];
}

/**
 * True when the description opens by saying the tool is deprecated (the redirect the model reads): "DEPRECATED",
 * or "Deprecated" followed by punctuation ("Deprecated:", "[Deprecated]", "Deprecated -", "Deprecated.") or by
 * words that go on about the tool ("Deprecated in favour of…", "Deprecated since…", "Deprecated, use…", "Deprecated
 * tool…"). "Deprecated fields are omitted" describes what the tool returns, not the tool (an independent tester:
 * such a tool counted as deprecated, and its removal passed).
 */
export function descriptionSaysDeprecated(description: string | undefined): boolean {
  if (!description) return false;
  const text = description.trimStart();
  return DEPRECATED_BANNER.test(text) || DEPRECATED_LEAD.test(text);
}

const DEPRECATED_BANNER = /^\W{0,3}\[?DEPRECATED\b/;
const DEPRECATED_LEAD =
  /^\W{0,3}\[?deprecated(?:$|\s*[^\w\s]|\s+(?:in\s+favou?r|since|as\s+of|from|in|on|after|use|using|call|please|prefer|and|but|so|now|soon|will|tool|function|endpoint|method|api|alias|version|legacy|command|operation|action|for|do|don['’]?t|this|see|replaced|superseded|no\s+longer|to\s+be|v?\d)\b)/i;

/** The tool's deprecation, from its marker or, failing that, a description that opens with "Deprecated". */
export function deprecationOf(tool: ToolInfo): Deprecation | undefined {
  const m = markerNode(tool);
  // A marker that says nothing: null, 0, "" or [] (serialisers write null for an unset optional field; it made a
  // tool "deprecated", so its removal passed; an independent tester) counts as no marker.
  const unset = m && (m.node.type === 'null' || (m.node.type === 'number' && m.node.value === 0) || (m.node.type === 'string' && !(m.node.value as string).trim()) || (m.node.type === 'array' && !m.node.children?.length));
  if (m && !unset) {
    const v = m.node;
    if (v.type === 'boolean' && v.value === false) return undefined;
    let replacedByNode: Node | undefined;
    let replacedBy: string[] = [];
    let since: string | undefined;
    let sinceNode: Node | undefined;
    if (v.type === 'string') {
      replacedByNode = v;
      if ((v.value as string).trim()) replacedBy = [(v.value as string).trim()];
    } else if (isObject(v)) {
      for (const [k, , val] of entries(v)) {
        if (SUCCESSOR_KEYS.includes(k)) {
          replacedByNode = val;
          replacedBy = val.type === 'string' ? [val.value as string] : stringItems(val);
        } else if (k === 'since' || k === 'date' || k === 'deprecatedSince') {
          sinceNode = val;
          since = str(val);
        }
      }
    }
    const markerReplacedBy = [...replacedBy];
    for (const r of redirectTargets(tool.description)) if (!replacedBy.includes(r)) replacedBy.push(r);
    return { node: v, via: m.via, replacedBy, markerReplacedBy, replacedByNode, since, sinceNode };
  }
  if (descriptionSaysDeprecated(tool.description) && tool.descriptionNode) {
    return { node: tool.descriptionNode, via: 'description', replacedBy: redirectTargets(tool.description), markerReplacedBy: [], replacedByNode: undefined, since: undefined, sinceNode: undefined };
  }
  return undefined;
}

/** Days from `from` to `to` (YYYY-MM-DD), or undefined when either is not a date. */
export function daysBetween(from: string, to: string): number | undefined {
  const a = Date.parse(from.length === 10 ? `${from}T00:00:00Z` : from);
  const b = Date.parse(to.length === 10 ? `${to}T00:00:00Z` : to);
  if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
  // A day the month does not have ("2026-02-30") is no date: Date.parse rolled it over into the next month
  // (an independent tester).
  if ((from.length === 10 && new Date(a).toISOString().slice(0, 10) !== from) || (to.length === 10 && new Date(b).toISOString().slice(0, 10) !== to)) return undefined;
  return Math.floor((b - a) / 86_400_000);
}

/**
 * The UTC day of a deprecation date: `YYYY-MM-DD`, or an ISO date and time (`T` or a space, seconds optional)
 * with its offset applied (`2026-08-29T23:30:00-01:00` is 2026-08-30); surrounding white space is ignored. A
 * time that does not exist (`T25:00`) or any other text: undefined.
 */
export function sinceDay(since: string): string | undefined {
  const s = since.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(s);
  if (!m || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return undefined;
  if (!m[5] || m[5].toUpperCase() === 'Z') return m[1];
  const offset = m[5].length === 5 ? `${m[5].slice(0, 3)}:${m[5].slice(3)}` : m[5];
  if (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4)) > 59) return undefined;
  const t = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}${offset}`);
  return Number.isNaN(t) || daysBetween(m[1]!, m[1]!) === undefined ? undefined : new Date(t).toISOString().slice(0, 10);
}

/** The day `days` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The redirect sentence prepended to a deprecated tool's description. */
export function redirectSentence(successors: readonly string[]): string {
  if (successors.length === 0) return 'Deprecated: do not use this tool; it will be removed.';
  const list = successors.length === 1 ? successors[0]! : `${successors.slice(0, -1).join(', ')} or ${successors[successors.length - 1]}`;
  return `Deprecated: use ${list} instead.`;
}

/** A description with the redirect in front, replacing an existing leading "Deprecated…" sentence. */
export function withRedirect(description: string | undefined, successors: readonly string[]): string {
  const sentence = redirectSentence(successors);
  const rest = (description ?? '').replace(/^\s*\W{0,3}\[?deprecated\b[^.!?\n]*[.!?]?\s*/i, '').trimStart();
  return rest ? `${sentence} ${rest}` : sentence;
}

/** The description without the leading "Deprecated: …" redirect (for a versioned copy). */
export function withoutRedirect(description: string): string {
  // A description without the redirect is kept exactly (a copy is a copy: leading whitespace and all).
  const m = /^\s*\W{0,3}\[?deprecated\b[^.!?\n]*[.!?]?\s*/i.exec(description);
  return m ? description.slice(m[0].length).trimStart() : description;
}

export type SuffixProblem =
  /** `getWeatherV2`, `get_weather-v2`, `get_weather_V2`, `get_weather_version2`, `get_weatherv2`, `v2_get_weather` */
  | 'style'
  /** `get_weather2`, `get_weather_2` where `get_weather` exists */
  | 'bareNumber'
  /** `get_weather_new`, `get_weather_latest` */
  | 'word'
  /** `get_weather_v02`, `get_weather_v0` */
  | 'number';

/** Words that mean "a newer version"; `latest` and `next` also name data (`get_news_latest`), so they need the base to exist. */
const VERSION_WORDS = new Set(['new', 'newer', 'updated', 'improved', 'revised', 'latest', 'next']);
const DATA_WORDS = new Set(['latest', 'next']);

/**
 * A name that carries a version in a form other than `<tool_name>_v<N>`: returns the base name, the version
 * it means (undefined for `_new`, which means "the next one"), and the kind of problem. `exists` says whether
 * a tool of that name is defined (a trailing number or word only counts as a version when the base exists,
 * or for words, when the base has at least two words: `get_weather_new`, never `open_new`).
 */
export function versionSuffixProblem(name: string, exists: (n: string) => boolean): { base: string; version: number | undefined; kind: SuffixProblem } | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^(.+?)_v0*(\d{1,4})$/.exec(name)) && /_v0/.test(name)) {
    const v = Number(m[2]);
    return { base: m[1]!, version: v < 2 ? undefined : v, kind: 'number' };
  }
  // `_v1` beside the tool it would version: the new version of a tool is 2 (SPEC's `<tool_name>_v2`); alone,
  // `search_v1` is a name like any other.
  if ((m = /^(.+?)_v1$/.exec(name)) && exists(m[1]!)) return { base: m[1]!, version: undefined, kind: 'number' };
  if (parseVersioned(name)) return undefined;
  // camelCase / PascalCase: getWeatherV2, GetWeatherV2.
  if ((m = /^([A-Za-z][A-Za-z0-9]*[a-z0-9])V(\d{1,4})$/.exec(name)) && /[a-z]/.test(m[1]!)) return { base: m[1]!, version: Number(m[2]), kind: 'style' };
  // Other separators or spellings: get_weather-v2, get_weather.v2, get_weather_V2, get_weather_version_2, get_weather_ver2, get_weather_v_2.
  if ((m = /^(.+?)(?:[-.]v|_V|[_-](?:version|ver)_?|_v_)(\d{1,4})$/.exec(name))) return { base: m[1]!, version: Number(m[2]), kind: 'style' };
  // Glued: get_weatherv2 (only when get_weather exists).
  if ((m = /^(.+[a-z])v(\d{1,4})$/.exec(name)) && exists(m[1]!)) return { base: m[1]!, version: Number(m[2]), kind: 'style' };
  // Prefix: v2_get_weather.
  if ((m = /^v(\d{1,4})_(.+)$/.exec(name)) && Number(m[1]) >= 2 && !parseVersioned(m[2]!)) return { base: m[2]!, version: Number(m[1]), kind: 'style' };
  // A bare number: get_weather2, get_weather_2 (the base must exist: get_ec2, encode_base64 are not versions).
  if ((m = /^(.+?[A-Za-z])_?(\d{1,3})$/.exec(name)) && Number(m[2]) >= 2 && exists(m[1]!)) return { base: m[1]!, version: Number(m[2]), kind: 'bareNumber' };
  // A word: get_weather_new, get_weather_latest.
  if ((m = /^(.+?)[_-]([A-Za-z]+)$/.exec(name)) && VERSION_WORDS.has(m[2]!.toLowerCase())) {
    const base = m[1]!;
    if (exists(base) || (/[_-]/.test(base) && !DATA_WORDS.has(m[2]!.toLowerCase()))) return { base, version: undefined, kind: 'word' };
  }
  return undefined;
}
