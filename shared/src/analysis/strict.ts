/**
 * Shared analysis for the "Required and strict mode" rules (SPEC "Required versus optional" 1-3): which
 * properties are optional by their own meaning, which tools are in which provider's strict mode, and how to
 * phrase strict-mode messages (the OpenAI Responses API applies strict mode implicitly).
 */
import { child, isObject, type Node } from '../document';
import type { ToolInfo } from '../discover';
import { allowsNull, descriptionOf, typeNames } from '../schemaWalk';
import { SOURCES, strictFamily, type StrictFamily } from '../profiles';
import type { Severity, Source } from '../types';

// ---------------------------------------------------------------------------------------------
// Optional by meaning

/**
 * Phrases by which a property's own description says the property may be left out. "optional" alone is too
 * loose ("a list of optional features", "sub-divisions are optional"), so it only counts as a marker: at the
 * start, in brackets, after a comma, or as "this/parameter/field is optional".
 */
export const OPTIONAL_PHRASES: readonly RegExp[] = [
  /^[\s\W]*optional(?:ly)?\b/i,
  /[([]\s*optional\s*[)\]]/i,
  /,\s*optional\s*(?:[.;)]|$)/i,
  /\b(?:this|it|parameter|param|field|argument|arg|value|input)\s+is\s+optional\b/i,
  /\boptional\s+(?:parameter|param|field|argument|arg|input|setting)\b/i,
  /\bif\s+(?:it\s+is\s+|this\s+is\s+|left\s+)?(?:omitted|not\s+(?:provided|specified|given|set|supplied|passed|present|included|defined))\b/i,
  /\bif\s+no\s+[\w\s'"`-]{1,40}?\s+(?:is|are)\s+(?:provided|specified|given|supplied|passed)\b/i,
  /\bwhen\s+(?:omitted|not\s+(?:provided|specified|given|set|supplied|passed))\b/i,
  /\bdefaults?\s+(?:to|is|value\s+is)\b(?!\s+(?:to\s+be|being)\b)/i,
  /\bdefaults?\s*:/i,
  /\(\s*defaults?\s*(?:[:=]|is\b|to\b|value\b)/i,
  /\bleave\s+(?:it\s+|this\s+)?(?:empty|blank|unset)\b/i,
  /\bif\s+left\s+(?:empty|blank)\b/i,
  /\bcan\s+be\s+(?:omitted|left\s+out|left\s+empty|left\s+blank)\b/i,
  /\bmay\s+be\s+(?:omitted|left\s+out|left\s+empty|left\s+blank)\b/i,
  /[([]\s*optional\s*[,;]/i,
  /\b(?:if|when)\s+(?:absent|unset|not\s+present)\b/i,
  /[(,]\s*defaults?\s+(?:value\s+)?[^\s,;()]+\s*\)/i,
  /(?:^|[.;:]\s*)omit\s+(?:it\s+|this\s+(?:\w+\s+)?)?(?:to|for|when|if|unless)\b[^.;:,()\n]{0,30}/i,
];
/** Whether any of OPTIONAL_PHRASES matches (they all have the flag i alone; the test below checks). */
export const ANY_OPTIONAL_PHRASE = new RegExp(OPTIONAL_PHRASES.map((r) => `(?:${r.source})`).join('|'), 'i');

/** The description insists the property is needed: its optional-sounding words are about something else. */
const SAYS_REQUIRED = /(?:^[\s\W]*required\b|[([]\s*required\s*[)\],]|\b(?:is|are)\s+(?:required|mandatory)\b|\bnon-?optional\b|\bnot\s+optional\b|\bmandatory\b|\bmust\s+(?:always\s+)?be\s+(?:provided|given|specified|supplied|set|included)\b|\bask\s+(?:the\s+)?(?:user|customer|caller|client|requester|them)\b)/i;

/** The words by which a description says its property is optional (see OPTIONAL_PHRASES), or undefined. */
export function optionalPhrase(description: string): string | undefined {
  if (!description) return undefined;
  // Most descriptions have none of the phrases: one scan for any of them first, not nineteen.
  if (!ANY_OPTIONAL_PHRASE.test(description)) return undefined;
  if (SAYS_REQUIRED.test(description)) return undefined;
  for (const re of OPTIONAL_PHRASES) {
    const m = re.exec(description);
    if (!m) continue;
    // The phrase with what follows it up to the end of the clause: "Defaults to 3", "If not provided".
    const rest = /^[^.;:,()\]\n]{0,30}/.exec(description.slice(m.index + m[0].length))?.[0] ?? '';
    const phrase = /[:=(]\s*$/.test(m[0]) || /\b(?:to|is)\s*$/i.test(m[0]) ? m[0] + rest : m[0];
    return phrase.replace(/[`*"']/g, '').replace(/^[\s\W]+|[\s\W]+$/g, '') || m[0].trim();
  }
  return undefined;
}

export function descriptionSaysOptional(description: string): boolean {
  return optionalPhrase(description) !== undefined;
}

/** A description that gives null its own meaning ("null to remove the current type"): null is a value, not "omitted". */
const NULL_HAS_MEANING = /\b(?:null|none|nil|clear|clears|remove|removes|unset|unsets|reset|resets|delete|deletes)\b/i;

export type OptionalReason = 'default' | 'description' | 'null';

export interface Optionality {
  reason: OptionalReason;
  /** For 'description': the words that say so; for 'default': the default as JSON (short). */
  detail: string;
}

/**
 * Why a property schema is optional by its own meaning, or undefined: it has a `default`, its description says
 * it may be omitted, or its type admits null (unless the description gives null a meaning of its own). Object
 * properties are not read for description phrases: their descriptions usually document nested fields.
 * `reasons` limits which reasons count.
 */
export function optionality(schema: Node, reasons: ReadonlySet<OptionalReason> = ALL_REASONS): Optionality | undefined {
  if (!isObject(schema)) return undefined;
  if (reasons.has('default')) {
    const d = child(schema, 'default');
    if (d) {
      const shown = d.type === 'string' || d.type === 'number' || d.type === 'boolean' || d.type === 'null' ? JSON.stringify(d.value ?? null) : d.type === 'array' ? '[…]' : '{…}';
      return { reason: 'default', detail: shown.length > 40 ? shown.slice(0, 39) + '…' : shown };
    }
  }
  const description = descriptionOf(schema);
  if (reasons.has('description') && !isObjectSchema(schema)) {
    const phrase = optionalPhrase(description);
    if (phrase) return { reason: 'description', detail: phrase.length > 40 ? phrase.slice(0, 39) + '…' : phrase };
  }
  if (reasons.has('null') && allowsNull(schema) && !NULL_HAS_MEANING.test(description)) return { reason: 'null', detail: 'null' };
  return undefined;
}

export const ALL_REASONS: ReadonlySet<OptionalReason> = new Set(['default', 'description', 'null']);
export const MEANING_REASONS: ReadonlySet<OptionalReason> = new Set(['default', 'description']);

/** Words for messages: why the property reads as optional. */
export function reasonText(o: Optionality): string {
  switch (o.reason) {
    case 'default':
      return `it has a default (${o.detail})`;
    case 'description':
      return `its description says "${o.detail}"`;
    case 'null':
      return 'its type allows null';
  }
}

// ---------------------------------------------------------------------------------------------
// Strict mode

export interface StrictInfo {
  family: StrictFamily;
  /** True for an OpenAI Responses tool that omits `strict` (the API defaults it to true). */
  implicit: boolean;
}

/** The strict mode a tool is in, or undefined when it is not strict (or its profile has no strict subset). */
export function strictInfo(tool: ToolInfo): StrictInfo | undefined {
  if (!tool.strict) return undefined;
  const family = strictFamily(tool.profile);
  if (!family) return undefined;
  const implicit = tool.dialect === 'openai-responses' && (!tool.strictNode || tool.strictNode.type !== 'boolean');
  return { family, implicit };
}

const FAMILY_LABEL: Record<StrictFamily, string> = { openai: 'OpenAI', anthropic: 'Anthropic' };

/** "OpenAI strict mode", with the implicit-default caveat for Responses tools that omit `strict`. */
export function strictLabel(info: StrictInfo): string {
  if (info.implicit) {
    return 'OpenAI strict mode (on by default for a Responses tool that omits "strict"; the API silently falls back to best-effort calls when the schema does not comply)';
  }
  return `${FAMILY_LABEL[info.family]} strict mode`;
}

/**
 * Severity for a strict-mode finding: an implicit strict tool does not fail (the API falls back to best-effort
 * calls), so errors are reported as warnings there. Undefined keeps the rule's default.
 */
export function strictSeverity(info: StrictInfo, ruleDefault: Severity): Severity | undefined {
  return info.implicit && ruleDefault === 'error' ? 'warning' : undefined;
}

/** The provider pages a strict rule relies on. */
export function strictSources(family?: StrictFamily): Source[] {
  if (family === 'openai') return [SOURCES.openaiStructuredOutputs, SOURCES.openaiResponsesFunctionTool];
  if (family === 'anthropic') return [SOURCES.anthropicStrict, SOURCES.anthropicSchemaLimits];
  return [SOURCES.openaiStructuredOutputs, SOURCES.openaiResponsesFunctionTool, SOURCES.anthropicStrict, SOURCES.anthropicSchemaLimits];
}

// ---------------------------------------------------------------------------------------------
// Schema shapes

/** An object schema: `type` includes object, or it declares `properties`. */
export function isObjectSchema(schema: Node, types: readonly string[] = typeNames(schema)): boolean {
  if (!isObject(schema)) return false;
  for (const t of types) if (t.toLowerCase() === 'object') return true;
  return isObject(child(schema, 'properties'));
}

/** The key node naming a schema in its parent (`"address": {...}`), or the schema itself at an array index. */
export function keyOfSchema(schema: Node): Node {
  const p = schema.parent;
  if (p && p.type === 'property' && p.children?.[1] === schema && p.children[0]) return p.children[0];
  return schema;
}
