import { defineRule } from '../rule';
import { child, valueOf, type JsonValue, type Node } from '../document';
import { descriptionOf, propertySlots } from '../schemaWalk';
import { insertProperties, mergeEdits, scopes, titleJson, typeListHasNull, typeSite } from '../fixes/typeTightening';
import { booleanValues, closedSetName, type NameLookup, closedSetValues, describesList, hasKeyword, isRestricted, onlyType, propertyNames, queryName, quotedValues } from '../analysis/params';

/** "status": "The status text to show" is free text, not a state. */
const FREE_TEXT = /\b(?:message|text|note|comment|emoji|free[- ]form|custom|sentence|title|caption|label)\b/i;

export default defineRule<'describedValues' | 'closedName'>({
  id: 'type-closed-set-as-string',
  meta: {
    section: 'Types',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'A string with no `enum` whose description lists the allowed values ("celsius or fahrenheit", "one of: low, medium, high", quoted alternatives), or whose name is a closed set by itself (unit, priority, status, level, sort_order, direction).',
      why: 'The specification says `enum` replaces free strings where the value set is closed, and its type tightening table turns "unit as string" into an enum of celsius and fahrenheit. Values listed only in prose are a hint the model may ignore ("Celsius", "C", "metric"); an `enum` is a constraint the provider can enforce and the host can rely on.',
      spec: 'Parameter schema keywords used: enum; Type tightening table (unit as string → enum celsius, fahrenheit; priority as string → enum low, medium, high)',
      bad: '{\n  "type": "function",\n  "function": {\n    "name": "get_weather",\n    "description": "Use this when the user asks for the current weather in a city.",\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "city": { "type": "string", "description": "City name, for example Paris." },\n        "unit": { "type": "string", "description": "The unit of temperature, celsius or fahrenheit." }\n      },\n      "required": ["city"]\n    }\n  }\n}',
      good: '{\n  "type": "function",\n  "function": {\n    "name": "get_weather",\n    "description": "Use this when the user asks for the current weather in a city.",\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "city": { "type": "string", "description": "City name, for example Paris." },\n        "unit": { "type": "string", "enum": ["celsius", "fahrenheit"], "description": "The unit of temperature." }\n      },\n      "required": ["city"]\n    }\n  }\n}',
      fix: 'Add `enum` with the values taken from the description, spelled as there (with `null` too when the type list admits null). Not offered when the `default` or an example is not one of those values (a null default is kept as it is), nor for a closed-set name whose description lists no values.',
    },
    messages: {
      describedValues: 'Parameter "{{name}}" lists its values in the description: declare them as "enum": {{enum}}.',
      closedName: 'Parameter "{{name}}" takes one of a fixed set of values but is a free string: list the accepted values in "enum".',
    },
  },
  create(ctx) {
    const siblingsOf = new Map<Node, NameLookup>();
    return {
      property(p) {
        const s = p.schema;
        const slots = propertySlots(p);
        const str = onlyType(slots, 'string');
        const typed = slots.some((x) => x.name !== 'null');
        if (typed && !str) return;
        if (isRestricted(s) || hasKeyword(s, 'format') || hasKeyword(s, 'pattern')) return;
        const desc = descriptionOf(s);
        if (describesList(desc, p.name) || queryName(p.name)) return;
        let siblings = siblingsOf.get(p.owner.node);
        if (!siblings) {
          // Parameter names of this object and the file's tool names (looked up, never copied: a file can hold
          // thousands of tools). `size` only tells closedSetValues whether there are any: `own` holds this
          // property, so it is never 0 and the tool names' count is never read (that would tie this tool's cached
          // findings to every name of the file, nameView.ts). A plain value, not a getter: an object literal with
          // an accessor is built on V8's slow path, and one per schema object made a one-character edit at 10
          // tools cost 2.3× (1.2 against 0.52 ms of CPU, most of it garbage collection).
          const own = propertyNames(p.owner.node);
          siblings = { has: (n: string) => own.has(n) || ctx.names.has(n), size: own.size };
          siblingsOf.set(p.owner.node, siblings);
        }
        const set = desc ? closedSetValues(desc, siblings) : undefined;
        if (set) {
          if (booleanValues(set.values)) return; // type-flag-as-string
          ctx.report({
            node: str?.node ?? p.keyNode,
            messageId: 'describedValues',
            data: { name: p.name, enum: enumText(set.values), values: set.values.join(','), valuesJson: JSON.stringify(set.values) },
          });
          return;
        }
        if (str && closedSetName(p.name) && !FREE_TEXT.test(desc) && !freeTextShape(s, desc)) {
          ctx.report({ node: str.node, messageId: 'closedName', data: { name: p.name } });
        }
      },
    };
  },
  fix({ finding, node, edit, doc }) {
    if (finding.messageId !== 'describedValues') return [];
    const values = parseValues(finding.data?.valuesJson);
    const site = typeSite(node);
    if (!site || values.length < 2) return [];
    // The enum goes beside the string type (into the string branch of a nullable anyOf, which keeps null allowed).
    const withNull = typeListHasNull(site);
    // Values the schema already documents must stay valid: the default and the examples. A null default
    // ("optional, default None") is left as it is: the enum does not change whether it is accepted.
    for (const obj of scopes(site)) {
      for (const key of ['default', 'example', 'examples'] as const) {
        const n = child(obj, key);
        if (!n) continue;
        const v = valueOf(n, 8);
        const list: JsonValue[] = key === 'examples' && Array.isArray(v) ? v : v === undefined ? [] : [v];
        for (const x of list) {
          if (x !== null && (typeof x !== 'string' || !values.includes(x))) return [];
        }
      }
    }
    const en: JsonValue[] = withNull ? [...values, null] : [...values];
    const edits = insertProperties(edit, site.holder, [['enum', en]], 'type');
    return [{ title: `Add "enum": ${titleJson(en)}`, kind: 'suggestion', edits: mergeEdits(doc.text, edits) }];
  },
});

/** The values a finding carries, as JSON text (undefined or malformed: none). */
function parseValues(json: string | number | undefined): string[] {
  if (typeof json !== 'string') return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) && v.every((x): x is string => typeof x === 'string') ? v : [];
  } catch {
    return [];
  }
}

/**
 * A closed-set name used for free text: a length limit (an enum needs none), or example values that are phrases
 * or codes rather than tokens ("for example \"Out sick\"", "such as \"Apt 4B\"").
 */
function freeTextShape(s: Node, desc: string): boolean {
  if (hasKeyword(s, 'maxLength') || hasKeyword(s, 'minLength')) return true;
  return quotedValues(desc).some((v) => /\s/.test(v));
}

/** The enum for the message: `["low", "medium", "high"]`, shortened after a dozen values. */
function enumText(values: readonly string[]): string {
  const shown = values.slice(0, 12).map((v) => JSON.stringify(v));
  return `[${shown.join(', ')}${values.length > 12 ? ', …' : ''}]`;
}
