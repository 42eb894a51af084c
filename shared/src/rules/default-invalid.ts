import { defineRule } from '../rule';
import type { ErrorObject } from 'ajv';
import { child, keyNodeOf, num, valueOf, type Node } from '../document';
import type { ToolInfo } from '../discover';
import { type SchemaVisit } from '../schemaWalk';
import { prepareValueCheck, isGeminiSubset, shortJson, type ValueCheckOptions } from '../analysis/jsonSchema';
import { StringCache, clipValue, hash53, ownRecord } from '../text';

type MessageId = 'defaultInvalid' | 'enumInvalid' | 'enumOnArray' | 'rangeInverted' | 'rangeEmpty';

const WITHOUT_ENUM: ReadonlySet<string> = new Set(['enum']);
const PAIRS: readonly [string, string, 'inclusive' | 'exclusive'][] = [
  ['minimum', 'maximum', 'inclusive'],
  ['exclusiveMinimum', 'exclusiveMaximum', 'exclusive'],
  ['minLength', 'maxLength', 'inclusive'],
  ['minItems', 'maxItems', 'inclusive'],
  ['minProperties', 'maxProperties', 'inclusive'],
];
/** Large defaults and enums are not copied on every keystroke. */
const MAX_VALUE_CHARS = 20_000;
const MAX_ENUM_VALUES = 200;

/** A short reason from ajv's errors, in plain words. */
function reasonOf(errors: readonly ErrorObject[]): { reason: string; typeProblem: boolean } {
  const first = errors.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'allOf' && e.keyword !== 'if') ?? errors[0];
  if (!first) return { reason: 'it does not match the schema', typeProblem: false };
  const at = first.instancePath ? `${first.instancePath.slice(1).replace(/\//g, '.')} ` : '';
  const p = first.params as Record<string, unknown>;
  switch (first.keyword) {
    case 'type': {
      const types = errors.filter((e) => e.keyword === 'type' && e.instancePath === first.instancePath).flatMap((e) => String((e.params as { type: string }).type).split(','));
      return { reason: `${at}must be ${[...new Set(types)].join(' or ')}`, typeProblem: first.instancePath === '' };
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[] | undefined) ?? [];
      const shown = allowed.slice(0, 6).map((v) => shortJson(v as never, 24)).join(', ');
      return { reason: `${at}must be one of ${shown}${allowed.length > 6 ? ', …' : ''}`, typeProblem: false };
    }
    case 'const':
      return { reason: `${at}must be ${shortJson(p.allowedValue as never, 30)}`, typeProblem: false };
    case 'format':
      return { reason: `${at}must be a valid "${String(p.format)}"`, typeProblem: false };
    case 'pattern':
      return { reason: `${at}must match the pattern ${shortJson(String(p.pattern), 40)}`, typeProblem: false };
    case 'required':
      return { reason: `${at ? at : ''}is missing the required property "${String(p.missingProperty)}"`, typeProblem: false };
    case 'uniqueItems': {
      // ajv's own text is "must NOT have duplicate items (items ## 1 and 0 are identical)".
      const i = Number(p.i);
      const j = Number(p.j);
      return { reason: Number.isInteger(i) && Number.isInteger(j) ? `${at}has the same item twice (items ${Math.min(i, j) + 1} and ${Math.max(i, j) + 1})` : `${at}has the same item twice`, typeProblem: false };
    }
    case 'additionalProperties':
      return { reason: `${at ? at : ''}has the property "${String(p.additionalProperty)}", which the schema does not allow`, typeProblem: false };
    default:
      return { reason: `${at}${first.message ?? 'does not match the schema'}`, typeProblem: false };
  }
}

function isNumber(n: Node | undefined): n is Node {
  return !!n && n.type === 'number';
}

export default defineRule<MessageId>({
  id: 'default-invalid',
  meta: {
    section: 'Schema validity',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'A `default` or an `enum` value that is not valid against its own schema, or bounds that exclude every value (`minimum` > `maximum`, `minLength` > `maxLength`...).',
      why: '`default` documents the value the program applies when the argument is omitted, and `enum` lists the only values the model may send (SPEC "Parameter schema keywords"). A default of the wrong type (`"ten"` for an integer), outside the enum or the bounds, or an enum value the type rejects tells the model one thing and the validator another: the model copies the documented value and the call is rejected, or the program applies a default its own schema forbids. Inverted bounds (SPEC Limits 2) make every value invalid. Values are checked with ajv against the schema without its annotations (compiled validators are cached per schema shape); a pattern is never run on a value it could hang on. `"default": null` is read as "no default" and not reported.',
      spec: 'Parameter schema keywords (default, enum, minimum, maximum); Limits 2',
      bad: '{\n  "name": "list_orders",\n  "description": "Use this when the user asks to see their recent orders. Returns orders, newest first.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "limit": { "type": "integer", "minimum": 1, "maximum": 50, "default": "ten", "description": "How many orders to return." },\n      "status": { "type": "string", "enum": ["open", "shipped", "delivered"], "default": "pending", "description": "Only orders in this state." }\n    }\n  }\n}',
      good: '{\n  "name": "list_orders",\n  "description": "Use this when the user asks to see their recent orders. Returns orders, newest first.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "limit": { "type": "integer", "minimum": 1, "maximum": 50, "default": 10, "description": "How many orders to return." },\n      "status": { "type": "string", "enum": ["open", "shipped", "delivered"], "default": "open", "description": "Only orders in this state." }\n    }\n  }\n}',
    },
    messages: {
      defaultInvalid: 'Default {{value}} is not valid for this parameter ({{reason}}): fix the default or the {{what}}.',
      enumOnArray: 'This parameter is an array, but its "enum" lists single values ({{values}}), so no array is valid: move "enum" into "items", as in {"type": "array", "items": {"type": "string", "enum": [...]}}.',
      enumInvalid: 'Enum value {{value}} is not valid for this parameter ({{reason}}): fix the value or the {{what}}.',
      rangeInverted: '"{{min}}" ({{minValue}}) is greater than "{{max}}" ({{maxValue}}), so no value is valid: swap or fix the bounds.',
      rangeEmpty: '"{{min}}" ({{minValue}}) is not below "{{max}}" ({{maxValue}}), so no value is valid: fix the bounds.',
    },
  },
  create(ctx) {
    const check = (s: SchemaVisit, root: Node, t: ToolInfo) => {
      const node = s.node;
      // Bounds. When they exclude every value, that is the one finding: every default and enum value fails too.
      let inverted = false;
      for (const [lo, hi, kind] of PAIRS) {
        const a = child(node, lo);
        const b = child(node, hi);
        if (!isNumber(a) || !isNumber(b)) continue;
        const av = num(a)!;
        const bv = num(b)!;
        if (kind === 'inclusive' ? av > bv : av >= bv) {
          inverted = true;
          ctx.report({ node: keyNodeOf(node, lo) ?? a, messageId: kind === 'inclusive' ? 'rangeInverted' : 'rangeEmpty', data: { min: lo, max: hi, minValue: av, maxValue: bv } });
        }
      }
      if (inverted) return;
      for (const v of valueVerdicts(s, root, t, ctx.doc.text)) {
        const target = v.enumIndex === undefined ? child(node, 'default') : v.enumIndex === -1 ? keyNodeOf(node, 'enum') : child(node, 'enum')?.children?.[v.enumIndex];
        if (target) ctx.report({ node: target, messageId: v.messageId, data: v.data });
      }
    };
    return {
      resultSchema(s, t, root) {
        check(s, root, t);
      },
      schema(s, t) {
        if (t.params) check(s, t.params, t);
      },
    };
  },
});

interface Verdict {
  /** undefined: the default; -1: the enum keyword; n: the n-th enum value. */
  enumIndex: number | undefined;
  messageId: 'defaultInvalid' | 'enumInvalid' | 'enumOnArray';
  data: Record<string, string>;
}

/**
 * Verdicts on a subschema's default and enum values, cached by the subschema's source text (and, when it
 * uses $ref, the root's): on a keystroke only the edited subschema is validated again.
 */
const VERDICT_CACHE_MAX = 20_000;
const verdictCache = new StringCache<Verdict[]>(VERDICT_CACHE_MAX);

/**
 * The root schema's part of a verdict key (a subschema with `$ref` depends on the definitions): its length and a
 * hash of its text, computed once per root node. The root's whole text in every such key made each look-up
 * compare (and first build) a string the size of the schema: 32,000 parameters that each refer to a definition
 * of a 2 MB schema took 105 s (an independent fuzzer), most of it in those comparisons.
 */
const rootKeys = new WeakMap<Node, string>();
function rootKey(root: Node, text: string): string {
  let k = rootKeys.get(root);
  if (k === undefined) rootKeys.set(root, (k = `${root.length}:${hash53(text.slice(root.offset, root.offset + root.length))}`));
  return k;
}

function valueVerdicts(s: SchemaVisit, root: Node, t: ToolInfo, text: string): Verdict[] {
  const node = s.node;
  if (!child(node, 'default') && !child(node, 'enum')) return [];
  const own = text.slice(node.offset, node.offset + node.length);
  const key = `${t.draft}|${isGeminiSubset(t) ? 'g' : ''}|${s.types.join(',')}|${own}${own.includes('$ref') ? '\u0000' + rootKey(root, text) : ''}`;
  // The data is read from the document's values: copies (see ownString), as the cache keeps them.
  return verdictCache.get(key, () => computeVerdicts(s, root, t, text).map((v) => ({ ...v, data: ownRecord(v.data) })));
}

/** A value for a message: a number as written (1e400 was quoted as null, JSON's text for Infinity), else short JSON. */
function shown(n: Node, text: string, max?: number): string {
  return n.type === 'number' ? clipValue(text.slice(n.offset, n.offset + n.length)) : shortJson(valueOf(n), max);
}

function computeVerdicts(s: SchemaVisit, root: Node, t: ToolInfo, text: string): Verdict[] {
  const node = s.node;
  const out: Verdict[] = [];
  const opts: ValueCheckOptions = { draft: t.draft, gemini: isGeminiSubset(t) };
  // Default.
  const def = child(node, 'default');
  if (def && def.type !== 'null' && def.length <= MAX_VALUE_CHARS) {
    const value = valueOf(def);
    if (value !== undefined) {
      const verdict = prepareValueCheck(node, root, opts)?.check(value);
      if (verdict && !verdict.valid) {
        const r = reasonOf(verdict.errors);
        out.push({ enumIndex: undefined, messageId: 'defaultInvalid', data: { value: shown(def, text), reason: r.reason, what: r.typeProblem ? 'type' : 'schema' } });
      }
    }
  }
  // Enum values, against the schema without the enum.
  const en = child(node, 'enum');
  if (en && en.type === 'array' && en.length <= MAX_VALUE_CHARS) {
    const items = (en.children ?? []).slice(0, MAX_ENUM_VALUES);
    const types = s.types.map((x) => x.toLowerCase()).filter((x) => x !== 'null');
    if (types.length === 1 && types[0] === 'array' && items.length > 0 && items.every((el) => el.type !== 'array')) {
      const values = items.slice(0, 3).map((el) => shortJson(valueOf(el, 2), 20)).join(', ') + (items.length > 3 ? ', …' : '');
      out.push({ enumIndex: -1, messageId: 'enumOnArray', data: { values } });
      return out;
    }
    const checker = items.length > 0 ? prepareValueCheck(node, root, { ...opts, without: WITHOUT_ENUM }) : undefined;
    for (const el of checker ? items : []) {
      const value = valueOf(el);
      if (value === undefined) continue;
      const verdict = checker!.check(value);
      if (!verdict) continue;
      if (!verdict.valid) {
        const r = reasonOf(verdict.errors);
        out.push({ enumIndex: items.indexOf(el), messageId: 'enumInvalid', data: { value: shown(el, text), reason: r.reason, what: r.typeProblem ? 'type' : 'schema' } });
      }
    }
  }
  return out;
}
