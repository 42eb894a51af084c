/**
 * Hover content, computed from a finished lint (no re-parse): over a flagged range, the rule's documentation;
 * over a tool's name, a summary of the tool; over a JSON Schema keyword or a tool field, its meaning as the
 * specification gives it.
 */
import { findNodeAtOffset } from 'jsonc-parser';
import { child, entries, isObject, str, type Node } from './document';
import type { FileLint } from './linter';
import type { ToolInfo } from './discover';
import { ruleHoverMarkdown, escapeMd } from './docs';
import { RULES_BY_ID } from './rules';
import { DIALECT_LABEL, PROFILE_LABEL } from './profiles';
import { nameParts, sharedPrefixes, type VerbKind } from './text';
import { allowsNull, typeNames } from './schemaWalk';
import type { Range } from './types';

export interface HoverResult {
  markdown: string;
  range: Range;
}

/** Meanings of JSON Schema keywords, from SPEC.md "Parameter schema keywords used" where it gives one. */
export const KEYWORD_DOCS: Record<string, string> = {
  type: 'Use the narrowest fitting type: `integer`, `boolean`, `string`, `array` (SPEC, Parameter schema keywords). A count is an `integer`, a flag a `boolean`, a list an `array` — not a `string` the model has to format.',
  enum: 'Replaces free strings where the value set is closed (SPEC, Parameter schema keywords): `unit` as enum `celsius`, `fahrenheit`; `priority` as enum `low`, `medium`, `high`.',
  items: 'For arrays, gives the element type, for example `{"type": "string"}` (SPEC, Parameter schema keywords).',
  minimum: 'Numeric lower bound. Numeric bounds on a parameter are expressed with `minimum` and `maximum` on the parameter schema (SPEC, Limits 2); a bounded integer count is the illustrated case.',
  maximum: 'Numeric upper bound. Numeric bounds on a parameter are expressed with `minimum` and `maximum` on the parameter schema (SPEC, Limits 2); a bounded integer count is the illustrated case.',
  default: 'Documents a default value. **The provider does not necessarily apply it; the program applies defaults explicitly** (SPEC, Parameter schema keywords). In ordinary schemas a parameter with a default is optional: do not list it in `required`.',
  required: 'Lists the properties without which execution cannot proceed (SPEC, Parameter schema keywords). In ordinary schemas list only those: a field listed but not really needed makes the model invent a value. In OpenAI strict mode every property is listed and optional ones are nullable (SPEC, Required versus optional 1-2).',
  additionalProperties: 'Set to `false` in strict mode (SPEC, Parameter schema keywords), on every object at every depth.',
  description: 'Per-property explanation, written for the model (SPEC, Parameter schema keywords): what the value means, its format and limits.',
  properties: 'The parameters (or fields) of an object schema, each with its own schema.',
  anyOf: 'The value must match at least one of these schemas. Supported by OpenAI strict mode (not at the root).',
  oneOf: 'The value must match exactly one of these schemas.',
  allOf: 'The value must match all of these schemas. Not supported by OpenAI strict mode.',
  const: 'The value must be exactly this.',
  format: 'A predefined string format (`date-time`, `email`, `uuid`...). Strict modes accept only a documented list of formats.',
  pattern: 'A regular expression the string must match. Keep it simple: a pattern that backtracks catastrophically can hang a validator.',
  minLength: 'Minimum string length (not supported by Anthropic strict mode).',
  maxLength: 'Maximum string length (not supported by Anthropic strict mode).',
  minItems: 'Minimum number of array items (Anthropic strict mode accepts only 0 or 1).',
  maxItems: 'Maximum number of array items (not supported by Anthropic strict mode).',
  nullable: 'Gemini (OpenAPI subset): the value may be null. In JSON Schema use a type array with `"null"` instead.',
  $ref: 'A reference to another schema, usually under `$defs` / `definitions` of the same document.',
  $defs: 'Reusable schema definitions, referenced with `$ref`.',
  definitions: 'Reusable schema definitions (draft-07 name of `$defs`), referenced with `$ref`.',
  examples: 'Example values, for documentation.',
  title: 'A short label for the schema (documentation only).',
  exclusiveMinimum: 'Numeric lower bound, exclusive.',
  exclusiveMaximum: 'Numeric upper bound, exclusive.',
  multipleOf: 'The number must be a multiple of this value.',
  uniqueItems: 'Array items must be unique.',
  propertyOrdering: 'Gemini: the order in which the model should produce properties.',
};

/** Meanings of tool-definition fields (SPEC, Resources and their fields: Tool definition). */
export const TOOL_FIELD_DOCS: Record<string, string> = {
  name: 'Self-describing, verb-first identifier (SPEC Service rule 4): `get_<thing>(<thing>_id)`, `query_<things>`, `create_<thing>`, `update_<thing>`. The verb shows whether the tool is a query, a mutation or an action.',
  description: 'When and what, written for the model (SPEC Service rule 2): when to call the tool and what it does, not implementation details. It may name sibling tools to redirect the model (rule 3). Rerun the evaluation set after every change (rule 6).',
  modelDescription: 'VS Code language model tools: the description the model reads (when and what, SPEC Service rule 2).',
  parameters: 'The parameter schema: a JSON Schema object that declares properties, required and constraints (SPEC, Tool definition).',
  input_schema: 'Anthropic: the parameter schema, a JSON Schema object that declares properties, required and constraints.',
  inputSchema: 'MCP: the parameter schema, a JSON Schema object with root `type: "object"` (draft 2020-12 by default).',
  parametersJsonSchema: 'Gemini: the parameter schema in full JSON Schema (instead of the OpenAPI subset of `parameters`).',
  outputSchema: 'MCP: the schema of the structured result. Results should carry an explicit status: a structured error (`error`, `code`, `retry_hint`) or an envelope (`success`, `data` / `error`, `retry_hint`) (SPEC, Tool result shapes; Errors 1-3).',
  strict: 'Strict mode: the provider constrains the model\'s arguments to the schema. OpenAI: every property in `required`, optional ones nullable, `additionalProperties: false` everywhere, a documented keyword subset. The Responses API defaults `strict` to true. One provider\'s rule is not a universal rule (SPEC, Required versus optional 2-3).',
  annotations: 'MCP tool hints (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`): untrusted hints that clients use to decide on confirmation. They should agree with the name\'s verb.',
  readOnlyHint: 'MCP: the tool does not modify its environment (default false). A query verb (`get_`, `list_`...) should say true.',
  destructiveHint: 'MCP: the tool may perform destructive updates (default true; meaningful only when readOnlyHint is false).',
  idempotentHint: 'MCP: calling the tool again with the same arguments has no further effect (default false; meaningful only when readOnlyHint is false).',
  openWorldHint: 'MCP: the tool interacts with an open world of external entities (default true).',
};

const KIND_LABEL: Record<VerbKind, string> = { query: 'query (reads, changes nothing)', mutation: 'mutation (changes stored data)', action: 'action (does something in the world)' };

export function getHover(lint: FileLint, offset: number, extraVerbs?: ReadonlyMap<string, VerbKind>): HoverResult | undefined {
  const { doc } = lint;
  if (!doc.tree) return undefined;
  const parts: string[] = [];
  let range: Range | undefined;

  // 1. Findings under the cursor: their rules' documentation.
  const here = lint.findings.filter((f) => f.offset <= offset && offset <= f.offset + f.length && f.length > 0);
  const seen = new Set<string>();
  for (const f of here) {
    if (seen.has(f.rule)) continue;
    seen.add(f.rule);
    const rule = RULES_BY_ID.get(f.rule);
    if (rule) parts.push(ruleHoverMarkdown(rule, f.message));
    range ??= f.range;
  }

  const node = findNodeAtOffset(doc.tree, offset, true);
  const tool = node ? toolAt(lint, node) : undefined;
  // 2. A tool's name: the tool summary.
  if (node && tool && (node === tool.nameNode)) {
    parts.push(toolSummary(tool, lint, extraVerbs));
    range ??= doc.nodeRange(node);
  } else if (node && tool && isKeyNode(node) && parts.length === 0) {
    // 3. A key: a tool field or a JSON Schema keyword.
    const key = String(node.value);
    const container = node.parent!.parent!;
    const text = container === tool.node || container === tool.outer ? TOOL_FIELD_DOCS[key] : container === tool.annotations ? TOOL_FIELD_DOCS[key] : isSchemaObject(container, tool) ? KEYWORD_DOCS[key] : undefined;
    if (text) {
      parts.push(`**\`${key}\`**\n\n${text}`);
      range = doc.nodeRange(node);
    }
  }
  if (parts.length === 0 || !range) return undefined;
  return { markdown: parts.join('\n\n---\n\n'), range };
}

function isKeyNode(n: Node): boolean {
  return n.parent?.type === 'property' && n.parent.children?.[0] === n;
}

function toolAt(lint: FileLint, node: Node): ToolInfo | undefined {
  let best: ToolInfo | undefined;
  for (const t of lint.discovery.tools) {
    const o = t.outer;
    if (o.offset <= node.offset && node.offset + node.length <= o.offset + o.length) {
      if (!best || o.length < best.outer.length) best = t;
    }
  }
  return best;
}

const MAP_KEYWORDS = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);
const VALUE_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required']);

/** Whether an object node is a schema (not a `properties` map of names, not a default value) in the tool's schemas. */
function isSchemaObject(obj: Node, tool: ToolInfo): boolean {
  const roots = [tool.params, tool.result].filter((r): r is Node => !!r);
  if (roots.includes(obj)) return true;
  if (!roots.some((r) => r.offset <= obj.offset && obj.offset + obj.length <= r.offset + r.length)) return false;
  const holder = obj.parent;
  if (holder?.type === 'array') {
    const key = holder.parent?.type === 'property' ? String(holder.parent.children?.[0]?.value) : '';
    return ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'].includes(key);
  }
  if (holder?.type !== 'property') return false;
  const key = String(holder.children?.[0]?.value);
  const owner = holder.parent; // the object holding `key`
  const ownerKey = owner?.parent?.type === 'property' ? String(owner.parent.children?.[0]?.value) : '';
  if (MAP_KEYWORDS.has(ownerKey)) return true; // a property's schema
  if (MAP_KEYWORDS.has(key) || VALUE_KEYWORDS.has(key)) return false;
  return true; // items, additionalProperties, not, if/then/else...
}

export function toolSummary(tool: ToolInfo, lint: FileLint, extraVerbs?: ReadonlyMap<string, VerbKind>): string {
  const name = tool.name ?? '(unnamed)';
  const names = lint.discovery.tools.flatMap((t) => (t.name ? [t.name] : []));
  const parts = nameParts(name, extraVerbs, sharedPrefixes(names));
  const kind = parts.kind ? KIND_LABEL[parts.kind] : 'unknown (the name does not start with a known verb)';
  const strict = tool.strict ? (tool.dialect === 'openai-responses' && !tool.strictNode ? 'yes (the Responses API defaults `strict` to true)' : 'yes') : 'no';
  const lines = [
    `**${codeSpan(name)}** — ${kind}`,
    '',
    `Dialect: ${DIALECT_LABEL[tool.dialect]} · profile: ${PROFILE_LABEL[tool.profile]} · strict mode: ${strict}`,
  ];
  const params = tool.params;
  const text = lint.doc.text;
  const props = child(params, 'properties');
  if (isObject(props) && (props.children?.length ?? 0) > 0) {
    const required = new Set<string>();
    for (const r of child(params, 'required')?.children ?? []) if (r.type === 'string') required.add(r.value as string);
    lines.push('', '| parameter | type | required | default | bounds |', '|---|---|---|---|---|');
    let n = 0;
    for (const [pname, , schema] of entries(props)) {
      if (++n > 40) {
        lines.push(`| … | | | | |`);
        break;
      }
      const types = typeNames(schema);
      let type = types.join(' \\| ') || (child(schema, 'enum') ? 'enum' : child(schema, '$ref') ? 'ref' : '—');
      if (type === 'array') {
        const it = typeNames(child(schema, 'items') ?? schema).join(' \\| ');
        if (child(schema, 'items')) type = `array of ${it || 'any'}`;
      }
      const en = child(schema, 'enum');
      if (en && en.type === 'array') type += ` (${(en.children ?? []).slice(0, 6).map((e) => cell(e, text)).join(', ')}${(en.children?.length ?? 0) > 6 ? ', …' : ''})`;
      const def = child(schema, 'default');
      const bounds = [
        child(schema, 'minimum') ? `≥ ${cell(child(schema, 'minimum')!, text)}` : '',
        child(schema, 'exclusiveMinimum') ? `> ${cell(child(schema, 'exclusiveMinimum')!, text)}` : '',
        child(schema, 'maximum') ? `≤ ${cell(child(schema, 'maximum')!, text)}` : '',
        child(schema, 'exclusiveMaximum') ? `< ${cell(child(schema, 'exclusiveMaximum')!, text)}` : '',
        child(schema, 'minLength') ? `length ≥ ${cell(child(schema, 'minLength')!, text)}` : '',
        child(schema, 'maxLength') ? `length ≤ ${cell(child(schema, 'maxLength')!, text)}` : '',
        child(schema, 'minItems') ? `items ≥ ${cell(child(schema, 'minItems')!, text)}` : '',
        child(schema, 'maxItems') ? `items ≤ ${cell(child(schema, 'maxItems')!, text)}` : '',
      ].filter(Boolean);
      const req = required.has(pname) ? (allowsNull(schema) ? 'yes (nullable)' : 'yes') : 'no';
      lines.push(`| ${codeSpan(pname, true)} | ${type} | ${req} | ${def ? cell(def, text) : ''} | ${bounds.join(', ')} |`);
    }
  } else if (params) {
    lines.push('', 'No parameters.');
  } else {
    lines.push('', 'No parameter schema.');
  }
  const desc = tool.description ?? str(tool.descriptionNode);
  if (desc) lines.push('', `> ${escapeMd(desc.length > 300 ? desc.slice(0, 299) + '…' : desc).replace(/\n/g, ' ')}`);
  return lines.join('\n');
}

/**
 * A value for a table cell: a number as written (1e400 is not "Infinity", 1.0 not "1"), a string as JSON, at most
 * 40 characters.
 */
function cell(n: Node, text: string): string {
  let s: string;
  switch (n.type) {
    case 'string':
      s = JSON.stringify(n.value);
      break;
    case 'number':
      s = text.slice(n.offset, n.offset + n.length);
      break;
    case 'boolean':
      s = String(n.value);
      break;
    case 'null':
      s = 'null';
      break;
    default:
      s = n.type === 'array' ? '[…]' : '{…}';
  }
  if (s.length > 40) s = s.slice(0, 39) + '…';
  return escapeMd(s).replace(/\n/g, ' ');
}

/**
 * `s` as one Markdown code span: line breaks and other control characters shown as JSON escapes (a line break
 * ended the table row; an independent tester), fenced by one backtick more than its longest run of backticks (a
 * backtick inside ended the span), and, in a table cell, "|" escaped (GFM splits the cells before it reads code
 * spans). Backslash escapes are not read inside a code span, so nothing else is escaped.
 */
export function codeSpan(s: string, inTable = false): string {
  let t = s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => CONTROL_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (inTable) t = t.replace(/\|/g, '\\|');
  let longest = 0;
  for (const m of t.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(longest + 1);
  // A span starting or ending with a backtick needs a space inside its fence; CommonMark strips one space from each side.
  const pad = t.startsWith('`') || t.endsWith('`') || (t.length > 1 && t.startsWith(' ') && t.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${t}${pad}${fence}`;
}

const CONTROL_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
