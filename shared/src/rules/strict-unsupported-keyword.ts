import { defineRule } from '../rule';
import { child, elements, entries, isArray, isObject, propertyNode, type Node } from '../document';
import type { SchemaVisit } from '../schemaWalk';
import { SOURCES, STRICT_FORMATS, STRICT_UNSUPPORTED } from '../profiles';
import { keyOfSchema, strictInfo, strictLabel, strictSeverity } from '../analysis/strict';
import { replaceWithDescription, describeIn } from '../fixes/schemaEdits';
import { removeMembers, type TextEdit } from '../fixes/edits';
import type { FixProposal } from '../fix';

/** How to keep a removed keyword's meaning. */
const ADVICE: Record<string, string> = {
  allOf: 'merge its branches into one schema',
  oneOf: 'use "anyOf" instead',
  not: 'state the exclusion in the description and check it in the host',
  if: 'state the condition in the description and check it in the host',
  then: 'state the condition in the description and check it in the host',
  else: 'state the condition in the description and check it in the host',
  dependentRequired: 'state the dependency in the description and check it in the host',
  dependentSchemas: 'state the dependency in the description and check it in the host',
  minimum: 'state the bounds in the description ("Between 1 and 100.") and check them in the host',
  maximum: 'state the bounds in the description ("Between 1 and 100.") and check them in the host',
  exclusiveMinimum: 'state the bounds in the description and check them in the host',
  exclusiveMaximum: 'state the bounds in the description and check them in the host',
  multipleOf: 'state the step in the description and check it in the host',
  minLength: 'state the length limit in the description ("At most 280 characters.") and check it in the host',
  maxLength: 'state the length limit in the description ("At most 280 characters.") and check it in the host',
  maxItems: 'state the limit in the description ("At most 10 items.") and check it in the host',
  uniqueItems: 'say "no duplicates" in the description and de-duplicate in the host',
};

function has(obj: Record<string, string>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** The first regex feature Anthropic strict mode rejects: backreferences, lookaround, word boundaries. */
export function unsupportedRegexFeature(p: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      const n = p[i + 1] ?? '';
      if (!inClass) {
        if (n >= '1' && n <= '9') return `a backreference (\\${n})`;
        if (n === 'k' && p[i + 2] === '<') return 'a named backreference (\\k<…>)';
        if (n === 'b' || n === 'B') return `a word boundary (\\${n})`;
      }
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(' && p[i + 1] === '?') {
      const a = p[i + 2];
      const b = p[i + 3];
      if (a === '=' || a === '!') return `a lookahead (${p.slice(i, i + 3)})`;
      if (a === '<' && (b === '=' || b === '!')) return `a lookbehind (${p.slice(i, i + 4)})`;
    }
  }
  return undefined;
}

const DEF_REF = /^#\/(?:\$defs|definitions)\/([^/]+)$/;

/** A `$ref` to "#" or to a definition that contains this schema: recursion. */
function isRecursiveRef(ref: string, s: SchemaVisit): boolean {
  if (ref === '#') return true;
  const m = DEF_REF.exec(ref);
  if (!m) return false;
  const name = m[1]!.replace(/~1/g, '/').replace(/~0/g, '~');
  for (let a: SchemaVisit | undefined = s; a; a = a.parent) {
    if ((a.via === '$defs' || a.via === 'definitions') && a.parent?.isRoot) {
      const key = keyOfSchema(a.node);
      if (key !== a.node && key.value === name) return true;
    }
  }
  return false;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function primitive(n: Node): boolean {
  return n.type === 'string' || n.type === 'number' || n.type === 'boolean' || n.type === 'null';
}

function shown(n: Node): string {
  return n.type === 'null' ? 'null' : JSON.stringify(n.value);
}

/**
 * The sentence that keeps a removed keyword's meaning in the description ('' when the keyword means nothing,
 * such as `uniqueItems: false`), or undefined when there is no faithful short sentence.
 */
function sentenceFor(key: string, value: Node, schema: Node): string | undefined {
  const n = value.type === 'number' ? (value.value as number) : undefined;
  switch (key) {
    case 'minimum':
      return n !== undefined ? `Minimum ${n}.` : undefined;
    case 'maximum':
      return n !== undefined ? `Maximum ${n}.` : undefined;
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const word = key === 'exclusiveMinimum' ? 'Greater than' : 'Less than';
      if (n !== undefined) return `${word} ${n}.`;
      if (value.type !== 'boolean') return undefined;
      if (value.value === false) return '';
      // Draft-04 style: the bound itself is in minimum / maximum.
      const bound = child(schema, key === 'exclusiveMinimum' ? 'minimum' : 'maximum');
      return bound?.type === 'number' ? `${word} ${bound.value as number} (not equal).` : undefined;
    }
    case 'multipleOf':
      return n !== undefined ? `A multiple of ${n}.` : undefined;
    case 'minLength':
      return n !== undefined && Number.isInteger(n) ? `At least ${plural(n, 'character')}.` : undefined;
    case 'maxLength':
      return n !== undefined && Number.isInteger(n) ? `At most ${plural(n, 'character')}.` : undefined;
    case 'maxItems':
      return n !== undefined && Number.isInteger(n) ? `At most ${plural(n, 'item')}.` : undefined;
    case 'uniqueItems':
      if (value.type !== 'boolean') return undefined;
      return value.value ? 'No duplicate items.' : '';
    case 'not': {
      const c = child(value, 'const');
      if (c && primitive(c) && (value.children?.length ?? 0) === 1) return `Must not be ${shown(c)}.`;
      const en = child(value, 'enum');
      if (isArray(en) && (value.children?.length ?? 0) === 1 && elements(en).length > 0 && elements(en).every(primitive)) {
        return `Must not be any of ${elements(en).map(shown).join(', ')}.`;
      }
      return undefined;
    }
    case 'dependentRequired': {
      if (!isObject(value)) return undefined;
      const parts: string[] = [];
      for (const [name, , deps] of entries(value)) {
        if (!isArray(deps) || !elements(deps).every((d) => d.type === 'string')) return undefined;
        const names = elements(deps).map((d) => `"${d.value as string}"`);
        if (names.length === 0) continue;
        parts.push(`When "${name}" is given, ${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} required too.`);
      }
      return parts.join(' ');
    }
    default:
      return undefined;
  }
}

type Msg = 'unsupported' | 'format' | 'rootAnyOf' | 'minItems' | 'externalRef' | 'recursiveRef' | 'complexEnum' | 'pattern' | 'allOfRef';

export default defineRule<Msg>({
  id: 'strict-unsupported-keyword',
  meta: {
    section: 'Required and strict mode',
    defaultSeverity: 'error',
    fixable: 'suggestion',
    docs: {
      description: 'In strict mode, a keyword or value the active provider\'s strict subset rejects (OpenAI: allOf, oneOf, not, if/then/else, dependentRequired/dependentSchemas, uniqueItems, unsupported formats such as uri, anyOf at the root; Anthropic: numeric and length bounds, maxItems, uniqueItems, minItems above 1, external or recursive $ref, allOf with $ref, non-primitive enum values, regex backreferences, lookaround and \\b).',
      why: 'Strict mode supports only a subset of JSON Schema, and the subset differs per provider (SPEC "Required versus optional" 2-3: one provider\'s rule is not a universal rule). A keyword outside the subset makes the request fail (OpenAI: "If you turn on Structured Outputs by supplying strict: true and call the API with an unsupported JSON Schema, you will receive an error"; Anthropic: a 400 error), or, for an OpenAI Responses tool that omits `strict`, silently turns strict mode off. The constraint can usually be kept as words in the description, where the model reads it, and checked by the host.',
      spec: 'Required versus optional 2-3',
      bad: '{ "name": "create_post", "description": "Use this to publish a short post on the team feed when the user asks to announce something.", "strict": true, "input_schema": { "type": "object", "properties": { "text": { "type": "string", "maxLength": 280, "description": "Post text." }, "pin_hours": { "type": "integer", "minimum": 1, "maximum": 72, "description": "Hours to pin the post." } }, "required": ["text", "pin_hours"], "additionalProperties": false } }',
      good: '{ "name": "create_post", "description": "Use this to publish a short post on the team feed when the user asks to announce something.", "strict": true, "input_schema": { "type": "object", "properties": { "text": { "type": "string", "description": "Post text, at most 280 characters." }, "pin_hours": { "type": "integer", "description": "Hours to pin the post, between 1 and 72." } }, "required": ["text", "pin_hours"], "additionalProperties": false } }',
      fix: 'Removes the keyword and appends its meaning to the schema\'s description, creating one if absent ("Minimum 1.", "At most 280 characters.", "No duplicate items.", "Format: uri.", "When \\"a\\" is given, \\"b\\" is required too."); lowers `minItems` to 1 and states the minimum; replaces a nested `oneOf` with `anyOf`. No fix for `allOf`, `if`/`then`/`else`, `$ref` problems, object enum values or a root `anyOf`, which need restructuring by hand.',
      sources: [SOURCES.openaiStructuredOutputs, SOURCES.openaiResponsesFunctionTool, SOURCES.openaiOneOfRejected, SOURCES.openaiUniqueItemsRejected, SOURCES.anthropicStrict, SOURCES.anthropicSchemaLimits],
    },
    messages: {
      unsupported: '"{{keyword}}" is rejected in {{mode}}: {{reason}}. Remove it, and {{advice}}.',
      format: '"format": "{{format}}" is not supported in {{mode}} (supported: {{allowed}}). Remove it and describe the expected form in the description.',
      rootAnyOf: 'The parameter schema uses "anyOf" at the root, but {{mode}} requires the root to be one plain object. Merge the cases into one object (nullable fields where they differ) and explain the cases in the description.',
      minItems: '"minItems": {{value}} is not supported in {{mode}} (only 0 or 1). Use 0 or 1 and state the minimum in the description.',
      externalRef: '"$ref": "{{ref}}" points outside the schema, which {{mode}} rejects. Inline the referenced schema, or copy it under "$defs".',
      recursiveRef: '"$ref": "{{ref}}" makes the schema recursive, which {{mode}} does not support. Unroll it to a fixed depth and describe the rest in the description.',
      complexEnum: 'This enum value is {{kind}}, but {{mode}} accepts only strings, numbers, booleans and null in "enum". Use primitive values and describe the structure in the description.',
      pattern: '"pattern" uses {{feature}}, which {{mode}} does not support. Rewrite the pattern without it, or remove it and describe the format in the description.',
      allOfRef: '"allOf" contains a "$ref", which {{mode}} does not support. Inline the referenced schema in the branch, or merge the branches into one schema.',
    },
  },
  create(ctx) {
    return {
      schema(s, t) {
        const info = strictInfo(t);
        if (!info) return;
        const family = info.family;
        const unsupported = STRICT_UNSUPPORTED[family];
        const formats = STRICT_FORMATS[family];
        const mode = strictLabel(info);
        const severity = strictSeverity(info, 'error');
        const stringish = s.types.length === 0 || s.types.some((x) => x.toLowerCase() === 'string');
        const report = (node: Node, messageId: Msg, data: Record<string, string | number>) => ctx.report({ node, messageId, data: { mode, ...data }, severity });
        for (const [key, keyNode, value] of entries(s.node)) {
          if (has(unsupported, key)) {
            if (family === 'openai' && s.isRoot && key === 'anyOf') continue; // reported as rootAnyOf below
            report(keyNode, 'unsupported', { keyword: key, reason: unsupported[key]!, advice: ADVICE[key] ?? 'keep its meaning in the description, checked by the host' });
            continue;
          }
          if (key === 'format' && value.type === 'string' && stringish && !formats.has(value.value as string)) {
            report(value, 'format', { format: value.value as string, allowed: [...formats].join(', ') });
            continue;
          }
          if (family === 'openai') {
            if (key === 'anyOf' && s.isRoot) report(keyNode, 'rootAnyOf', {});
            continue;
          }
          // Anthropic strict tool use.
          if (key === 'minItems' && value.type === 'number' && value.value !== 0 && value.value !== 1) {
            report(value, 'minItems', { value: value.value as number });
          } else if (key === '$ref' && value.type === 'string') {
            const ref = value.value as string;
            if (!ref.startsWith('#')) report(value, 'externalRef', { ref });
            else if (isRecursiveRef(ref, s)) report(value, 'recursiveRef', { ref });
          } else if (key === 'enum' && isArray(value)) {
            for (const el of elements(value)) {
              if (el.type === 'object' || el.type === 'array') report(el, 'complexEnum', { kind: el.type === 'object' ? 'an object' : 'an array' });
            }
          } else if (key === 'pattern' && value.type === 'string') {
            const feature = unsupportedRegexFeature(value.value as string);
            if (feature) report(value, 'pattern', { feature });
          } else if (key === 'allOf' && isArray(value)) {
            if (elements(value).some((b) => isObject(b) && propertyNode(b, '$ref'))) report(keyNode, 'allOfRef', {});
          }
        }
      },
    };
  },
  fix({ finding, node, edit, tool }) {
    const member = node?.parent;
    const schema = member?.parent;
    if (!node || member?.type !== 'property' || member.children?.[1] !== node || !isObject(schema)) return [];
    const key = member.children?.[0]?.value;
    if (typeof key !== 'string') return [];
    // Removes the keyword, its meaning kept as a sentence of the description ('' = nothing to keep).
    // A key the object repeats (JSON.parse keeps the last): every copy goes, or the next one takes its place and is
    // reported again; with a sentence to keep, no fix (the parse-error on the repeat asks to keep one first).
    const copies = (schema.children ?? []).filter((p) => p.children?.[0]?.value === key);
    const keep = (sentence: string, title: string): FixProposal[] => {
      if (copies.length > 1 && sentence) return [];
      const edits: TextEdit[] | undefined = copies.length > 1 ? removeMembers(copies) : sentence ? replaceWithDescription(edit, schema, member, sentence) : [edit.removeMember(member)];
      return edits ? [{ title, kind: 'suggestion', edits }] : [];
    };
    switch (finding.messageId) {
      case 'unsupported': {
        if (key === 'oneOf') {
          if (propertyNode(schema, 'anyOf') || schema === tool?.params) return [];
          return [{ title: 'Replace "oneOf" with "anyOf"', kind: 'suggestion', edits: edit.renameKeyAll(member.children![0]!, 'anyOf') }];
        }
        const sentence = sentenceFor(key, node, schema);
        if (sentence === undefined) return [];
        return keep(sentence, sentence ? `Remove "${key}" and add "${sentence}" to the description` : `Remove "${key}"`);
      }
      case 'format': {
        if (key !== 'format' || node.type !== 'string') return [];
        const sentence = `Format: ${node.value as string}.`;
        return keep(sentence, `Remove "format" and add "${sentence}" to the description`);
      }
      case 'pattern': {
        if (key !== 'pattern' || node.type !== 'string') return [];
        const sentence = `Must match the regular expression ${node.value as string} (checked by the host).`;
        return keep(sentence, 'Remove "pattern" and state it in the description');
      }
      case 'minItems': {
        if (node.type !== 'number' || !Number.isInteger(node.value)) return [];
        const n = node.value as number;
        const sentence = `At least ${plural(n, 'item')}.`;
        const desc = describeIn(edit, schema, sentence);
        if (!desc || n < 1) return [];
        return [{ title: `Set "minItems" to 1 and add "${sentence}" to the description`, kind: 'suggestion', edits: [edit.replaceValue(node, 1), desc] }];
      }
      default:
        return [];
    }
  },
});
