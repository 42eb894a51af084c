import { defineRule } from '../rule';
import { quickMetaValid } from '../analysis/quickMeta';
import { child, entries, nodeAtPointer, str, valueOf, type Node } from '../document';
import type { ToolInfo } from '../discover';
import { type SchemaVisit } from '../schemaWalk';
import { clipValue } from '../text';
import {
  classifyPointer,
  describeType,
  isGeminiSubset,
  isLegacyDraft,
  metaErrors,
  regexProblem,
  shortJson,
  type Draft,
  type MetaError,
  type PointerRole,
} from '../analysis/jsonSchema';

type MessageId = 'notSchema' | 'keywordValue' | 'duplicate' | 'regex' | 'regexUnicode' | 'refUnresolved';

const TYPE_WORDS = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const COUNT_KEYWORDS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains']);
const NUMBER_KEYWORDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);
const STRING_KEYWORDS = new Set(['format', 'title', 'description', '$comment', '$ref', '$id', '$schema', '$anchor', '$dynamicAnchor', '$dynamicRef', '$recursiveRef', 'contentMediaType', 'contentEncoding']);
const BOOLEAN_KEYWORDS = new Set(['uniqueItems', 'readOnly', 'writeOnly', 'deprecated', '$recursiveAnchor']);
const SCHEMA_VALUED = new Set(['additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema']);

function expected(keyword: string, draft: Draft, value: Node | undefined): { text: string; hint: string } {
  let hint = '';
  let text: string;
  if (keyword === 'required') {
    text = 'an array of property names';
    if (value?.type === 'boolean') hint = ' ("required": true on a property is draft-03 syntax: list the property\'s name in the "required" array of the object that holds it)';
    else if (value?.type === 'string') hint = `: write ${JSON.stringify([String(value.value)])}`;
    else hint = ', for example ["city"]';
  } else if (keyword === 'type') text = 'a type name ("string", "number", "integer", "boolean", "array", "object", "null") or an array of them';
  else if (keyword === 'enum') text = 'an array of the allowed values';
  else if (keyword === 'properties') text = 'an object mapping each property name to its schema';
  else if (keyword === 'patternProperties') text = 'an object mapping regular expressions to schemas';
  else if (keyword === '$defs' || keyword === 'definitions' || keyword === 'dependentSchemas') text = 'an object mapping names to schemas';
  else if (keyword === 'items') {
    text = draft === '2020' ? 'a schema object' : 'a schema object (or an array of schemas)';
    if (draft === '2020' && value?.type === 'array') hint = ' (in JSON Schema 2020-12 a tuple is written with "prefixItems")';
  } else if (keyword === 'allOf' || keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'prefixItems') text = 'a non-empty array of schemas';
  else if (SCHEMA_VALUED.has(keyword)) text = 'a schema object, true or false';
  else if (COUNT_KEYWORDS.has(keyword)) text = 'a whole number, 0 or more';
  else if (NUMBER_KEYWORDS.has(keyword)) {
    text = 'a number';
    if (value?.type === 'boolean' && keyword.startsWith('exclusive')) hint = ` (the boolean form is draft-04: since draft-06 the bound itself goes here, for example "${keyword}": 0, in place of "${keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum'}")`;
  } else if (keyword === 'multipleOf') text = 'a number greater than 0';
  else if (keyword === 'pattern') text = 'a regular expression string';
  else if (STRING_KEYWORDS.has(keyword)) text = 'a string';
  else if (BOOLEAN_KEYWORDS.has(keyword)) text = 'true or false';
  else if (keyword === 'examples') text = 'an array of example values';
  else if (keyword === 'dependencies') text = 'an object whose values are schemas or arrays of property names';
  else if (keyword === 'dependentRequired') text = 'an object whose values are arrays of property names';
  else if (keyword === '$vocabulary') text = 'an object mapping vocabulary URIs to true or false';
  else text = 'valid';
  return { text, hint };
}

function whereOf(role: Extract<PointerRole, { kind: 'schema' }>): string {
  if (role.keyword === '') return 'the schema';
  if (role.keyword === 'properties' && role.name !== undefined) return `property "${role.name}"`;
  if (role.name !== undefined) return `"${role.keyword}" entry "${role.name}"`;
  if (role.index !== undefined && !Number.isNaN(role.index)) return `item ${role.index + 1} of "${role.keyword}"`;
  return `"${role.keyword}"`;
}

function exampleFor(node: Node): string {
  if (node.type === 'string') {
    const v = String(node.value).toLowerCase();
    if (TYPE_WORDS.has(v)) return `{"type": "${v}"}`;
  }
  return '{"type": "string"}';
}

/** The pointer `levels` segments above `pointer`. */
function up(pointer: string, levels: number): string {
  let p = pointer;
  for (let i = 0; i < levels; i++) p = p.slice(0, p.lastIndexOf('/'));
  return p;
}

function isStringOrStrings(n: Node | undefined): boolean {
  if (!n) return false;
  if (n.type === 'string') return true;
  return n.type === 'array' && (n.children ?? []).every((c) => c.type === 'string');
}

export default defineRule<MessageId>({
  id: 'schema-invalid',
  meta: {
    section: 'Schema validity',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'The parameter schema (or declared result schema) is not a valid JSON Schema: meta-schema errors, regular expressions that do not compile, local `$ref`s that point nowhere; reported at the exact position.',
      why: 'The parameter schema is a JSON Schema object (SPEC "Tool definition"), and its keywords have fixed shapes ("Parameter schema keywords": `required` is a list of property names, `items` a schema, `minimum` a number). Providers and validators reject a schema that breaks the meta-schema, or silently ignore the broken keyword, so the constraint the author meant never reaches the model or the program. The schema is checked against the JSON Schema meta-schema (draft-07, or 2020-12 for MCP and schemas that declare it) with ajv, each `pattern` must compile as an ECMA-262 regular expression in Unicode mode (as ajv compiles it; the pattern is never run), and each local `$ref` must resolve. Type names such as `int` or `STRING` are reported by type-unknown instead.',
      spec: 'Parameter schema keywords; Resources and their fields: Tool definition',
      bad: '{\n  "type": "function",\n  "function": {\n    "name": "get_weather",\n    "description": "Use this when the user asks for the current weather in a city. Returns temperature and conditions.",\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "city": { "type": "string", "description": "City name, for example Paris." }\n      },\n      "required": "city"\n    }\n  }\n}',
      good: '{\n  "type": "function",\n  "function": {\n    "name": "get_weather",\n    "description": "Use this when the user asks for the current weather in a city. Returns temperature and conditions.",\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "city": { "type": "string", "description": "City name, for example Paris." }\n      },\n      "required": ["city"]\n    }\n  }\n}',
    },
    messages: {
      notSchema: 'Invalid JSON Schema: {{where}} must be a schema object such as {{example}}, not {{found}}.',
      keywordValue: 'Invalid JSON Schema: "{{keyword}}" must be {{expected}}{{hint}}.',
      duplicate: 'Invalid JSON Schema: "{{keyword}}" lists {{value}} twice: remove the duplicate.',
      regex: 'Invalid JSON Schema: {{what}} {{pattern}} is not a valid regular expression ({{reason}}): fix it, or validators reject the whole schema.',
      regexUnicode: 'Invalid JSON Schema: {{what}} {{pattern}} is not valid in Unicode mode, which JSON Schema validators such as ajv use ({{reason}}): remove escapes of characters that need none, such as \\- outside a character class.',
      refUnresolved: 'Invalid JSON Schema: "$ref" {{ref}} points to nothing in this schema: add the definition (under "$defs" or "definitions") or fix the reference.',
    },
  },
  create(ctx) {
    const checkMeta = (root: Node, t: ToolInfo) => {
      const draft = t.draft;
      const gemini = isGeminiSubset(t);
      const legacy = isLegacyDraft(root);
      // Valid by the keywords quickMeta reads: the meta-schema validator would find nothing. (A repeated key is
      // read as JSON.parse reads it, the last one, by the validator only.)
      if (ctx.doc.duplicateKeys.length === 0 && quickMetaValid(root, draft)) return;
      const text = ctx.doc.text.slice(root.offset, root.offset + root.length);
      const errs = metaErrors(text, draft, () => valueOf(root));
      if (errs.length === 0) return;
      const reported = new Set<Node>();
      // Specific errors first: a node gets one message, and `anyOf` summaries lose to what they summarise.
      const ordered = [...errs].sort((a, b) => rank(a) - rank(b));
      // Every path that has an error below it (one pass over the errors, not one per error: a schema with
      // 10,000 bad properties has 10,000 errors).
      const hasErrorBelow = new Set<string>();
      for (const o of errs) {
        for (let i = o.instancePath.lastIndexOf('/'); i >= 0; i = o.instancePath.lastIndexOf('/', i - 1)) {
          const prefix = o.instancePath.slice(0, i);
          if (hasErrorBelow.has(prefix)) break;
          hasErrorBelow.add(prefix);
          if (i === 0) break;
        }
      }
      for (const e of ordered) {
        // A union's summary (`items` is neither a schema nor an array...) explains an error found deeper
        // down: that one is reported (or deliberately left to type-unknown), not the summary.
        if ((e.keyword === 'type' || e.keyword === 'anyOf' || e.keyword === 'oneOf') && hasErrorBelow.has(e.instancePath)) continue;
        const role = classifyPointer(e.instancePath);
        const node = nodeAtPointer(root, e.instancePath);
        if (!node) continue;
        if (role.kind === 'keyword') {
          const valueNode = role.depth === 0 ? node : nodeAtPointer(root, up(e.instancePath, role.depth));
          if (role.keyword === 'type' && e.keyword !== 'uniqueItems' && (gemini || isStringOrStrings(valueNode))) continue;
          if (gemini && role.keyword === 'nullable') continue;
          if (legacy && (role.keyword === 'exclusiveMinimum' || role.keyword === 'exclusiveMaximum') && valueNode?.type === 'boolean') continue;
          if (e.keyword === 'uniqueItems' && typeof e.params.i === 'number' && typeof e.params.j === 'number') {
            // The later of the two equal items is the duplicate.
            const dup = nodeAtPointer(root, `${e.instancePath}/${Math.max(e.params.i, e.params.j)}`);
            if (!dup || reported.has(dup)) continue;
            reported.add(dup);
            // A number as written: 1e400 (read as Infinity) was quoted as null, JSON's text for it (an independent fuzzer).
            const value = dup.type === 'number' ? clipValue(ctx.doc.text.slice(dup.offset, dup.offset + dup.length)) : shortJson(valueOf(dup, 4));
            ctx.report({ node: dup, messageId: 'duplicate', data: { keyword: role.keyword, value } });
            continue;
          }
          if (reported.has(node) || (valueNode && reported.has(valueNode))) continue;
          reported.add(node);
          const exp = expected(role.keyword, draft, valueNode);
          ctx.report({ node, messageId: 'keywordValue', data: { keyword: role.keyword, expected: exp.text, hint: exp.hint } });
        } else {
          if (reported.has(node)) continue;
          reported.add(node);
          ctx.report({ node, messageId: 'notSchema', data: { where: whereOf(role), example: exampleFor(node), found: describeType(node) } });
        }
      }
    };

    const checkCompile = (s: SchemaVisit, root: Node) => {
      const pattern = child(s.node, 'pattern');
      if (pattern && pattern.type === 'string') reportRegex(pattern, String(pattern.value), '"pattern"');
      const pp = child(s.node, 'patternProperties');
      for (const [key, keyNode] of entries(pp)) reportRegex(keyNode, key, 'the "patternProperties" key');
      const refNode = child(s.node, '$ref');
      const ref = str(refNode);
      if (refNode && ref !== undefined && ref.startsWith('#') && ref !== '#' && !underNestedId(s)) {
        if (ref.startsWith('#/')) {
          let pointer: string | undefined;
          try {
            pointer = decodeURIComponent(ref.slice(1));
          } catch {
            pointer = undefined;
          }
          if (pointer === undefined || !nodeAtPointer(root, pointer)) ctx.report({ node: refNode, messageId: 'refUnresolved', data: { ref: JSON.stringify(ref) } });
        }
      }
    };

    const reportRegex = (node: Node, pattern: string, what: string) => {
      const p = regexProblem(pattern);
      if (!p) return;
      ctx.report({ node, messageId: p.onlyUnicode ? 'regexUnicode' : 'regex', data: { what, pattern: shortJson(pattern, 60), reason: p.reason } });
    };

    return {
      tool(t) {
        if (t.params && t.params.type === 'object') checkMeta(t.params, t);
      },
      resultSchema(s, t, root) {
        if (s.isRoot) checkMeta(root, t);
        checkCompile(s, root);
      },
      schema(s, t) {
        if (t.params) checkCompile(s, t.params);
      },
    };
  },
});

function rank(e: MetaError): number {
  if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') return 2;
  return e.keyword === 'type' ? 1 : 0;
}

/** A `$ref` below a nested `$id` resolves against that `$id`, not the root: not checked. */
function underNestedId(s: SchemaVisit): boolean {
  for (let p: SchemaVisit | undefined = s; p && !p.isRoot; p = p.parent) if (child(p.node, '$id')) return true;
  return false;
}
