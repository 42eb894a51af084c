import { defineRule } from '../rule';
import { child, entries, isObject, isShadowed, propertyNode, type Node } from '../document';
import { RESULT_KEYS } from '../discover';
import { type SchemaVisit } from '../schemaWalk';
import { closestKey, isKnownKeyword, isLegacyDraft, isSafeRename, suggestKeyword } from '../analysis/jsonSchema';
import { JSON_TYPES } from '../analysis/params';
import { keyOf } from '../fixes/nodes';

type MessageId = 'typo' | 'unknown' | 'misplacedProperty' | 'toolKeyTypo';

/** Well-known non-keywords and what to write instead. */
const HINTS: ReadonlyMap<string, string> = new Map([
  ['optional', 'to make a parameter optional, leave it out of the "required" list of the object that holds it'],
  ['example_value', 'put sample values in "examples": [...]'],
  ['sample', 'put sample values in "examples": [...]'],
  ['min', 'use "minimum"'],
  ['max', 'use "maximum"'],
  ['minvalue', 'use "minimum"'],
  ['maxvalue', 'use "maximum"'],
  ['min_value', 'use "minimum"'],
  ['max_value', 'use "maximum"'],
  ['regex', 'use "pattern"'],
  ['options', 'list closed value sets in "enum"'],
  ['choices', 'list closed value sets in "enum"'],
  ['allowed_values', 'list closed value sets in "enum"'],
  ['allowedvalues', 'list closed value sets in "enum"'],
  ['values', 'list closed value sets in "enum"'],
  ['id', 'draft-04 called it "id"; since draft-06 it is "$id"'],
  ['name', 'a property is named by its key in "properties"'],
  ['default_value', 'use "default"'],
  ['defaultvalue', 'use "default"'],
  ['is_required', 'list required parameters in the "required" array of the object that holds them'],
  ['isrequired', 'list required parameters in the "required" array of the object that holds them'],
  ['mandatory', 'list required parameters in the "required" array of the object that holds them'],
]);
const DEFAULT_HINT = 'remove it, or move its meaning into "description" (or prefix it with "x-" if your own code reads it)';

const TOOL_KEYS = ['name', 'description', 'parameters', 'input_schema', 'inputSchema', 'strict', 'annotations', 'outputSchema'] as const;
const PARAMS_KEYS = new Set(['parameters', 'input_schema', 'inputSchema']);
const TOOL_KEY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['descripton', 'description'],
  ['desciption', 'description'],
  ['paramters', 'parameters'],
  ['parmeters', 'parameters'],
  ['input_shema', 'input_schema'],
  ['inputschema', 'inputSchema'],
]);
/** Real fields of some tool format: never taken for typos. */
const OTHER_TOOL_FIELDS = new Set<string>([
  ...RESULT_KEYS, 'title', 'type', 'function', 'icons', '_meta', 'cache_control', 'input_examples', 'modelDescription', 'displayName',
  'userDescription', 'tags', 'when', 'toolReferenceName', 'canBeReferencedInPrompt', 'parametersJsonSchema', 'behavior', 'defer_loading',
  'examples', 'version', 'id', 'category', 'script', 'names',
]);

const PROPERTY_SHAPE_KEYS = ['type', 'description', 'enum', 'properties', 'items', '$ref', 'anyOf', 'oneOf'];

/** Same letters in another order or case (`nmae`, `Name`). */
function sameLetters(a: string, b: string): boolean {
  const sort = (x: string) => [...x.toLowerCase()].sort().join('');
  return a.length === b.length && sort(a) === sort(b);
}

function looksLikePropertySchema(v: Node): boolean {
  if (!isObject(v)) return false;
  let hits = 0;
  for (const k of PROPERTY_SHAPE_KEYS) if (child(v, k) !== undefined) hits++;
  return hits > 0 && child(v, 'type') !== undefined;
}

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null';
/** JSON kinds a keyword's value may have; a renamed key whose value does not fit would create an error, so the rename is not safe. */
const VALUE_KINDS: Record<string, readonly Kind[]> = {
  type: ['string', 'array'], enum: ['array'], required: ['array'], description: ['string'], title: ['string'], pattern: ['string'],
  format: ['string'], $ref: ['string'], properties: ['object'], patternProperties: ['object'], $defs: ['object'], definitions: ['object'],
  dependentRequired: ['object'], dependencies: ['object'], items: ['object', 'array', 'boolean'], additionalProperties: ['object', 'boolean'],
  additionalItems: ['object', 'boolean'], propertyNames: ['object', 'boolean'], contains: ['object', 'boolean'],
  minimum: ['number'], maximum: ['number'], exclusiveMinimum: ['number', 'boolean'], exclusiveMaximum: ['number', 'boolean'], multipleOf: ['number'],
  minLength: ['number'], maxLength: ['number'], minItems: ['number'], maxItems: ['number'], minProperties: ['number'], maxProperties: ['number'],
  uniqueItems: ['boolean'], nullable: ['boolean'], deprecated: ['boolean'], readOnly: ['boolean'], writeOnly: ['boolean'],
  anyOf: ['array'], oneOf: ['array'], allOf: ['array'], prefixItems: ['array'], examples: ['array'], propertyOrdering: ['array'],
  name: ['string'], parameters: ['object'], input_schema: ['object'], inputSchema: ['object'], strict: ['boolean'], annotations: ['object'], outputSchema: ['object'],
};

/**
 * Whether the key's value is what the keyword expects, so the renamed key creates no new error (a `type` of
 * known names, a `required` whose names are all defined); otherwise the rename is not offered.
 */
function valueFits(keyword: string, value: Node, holder: Node): boolean {
  const kinds = Object.prototype.hasOwnProperty.call(VALUE_KINDS, keyword) ? VALUE_KINDS[keyword]! : undefined;
  if (kinds && !kinds.includes(value.type as Kind)) return false;
  if (keyword === 'type') {
    const names = value.type === 'string' ? [value] : value.children ?? [];
    return names.length > 0 && names.every((n) => n.type === 'string' && JSON_TYPES.has(String(n.value).toLowerCase()));
  }
  if (keyword === 'required') {
    // Every listed name must be defined, or the renamed list creates required-unknown errors.
    const props = child(holder, 'properties');
    return isObject(props) && (value.children ?? []).every((e) => e.type === 'string' && propertyNode(props, e.value as string) !== undefined);
  }
  return true;
}

function holdsProperties(s: SchemaVisit): boolean {
  return child(s.node, 'properties') !== undefined || s.types.some((t) => t.toLowerCase() === 'object');
}

export default defineRule<MessageId>({
  id: 'keyword-unknown',
  meta: {
    section: 'Schema validity',
    defaultSeverity: 'warning',
    fixable: 'safe',
    docs: {
      description: 'A key in a schema object that is not a JSON Schema keyword, usually a typo (`requried`, `enums`, `minimun`, `descripton`, `additional_properties`), or a misspelt tool field (`paramters`).',
      why: 'The parameter schema uses a fixed set of keywords (SPEC "Parameter schema keywords": type, enum, items, minimum, maximum, default, required, additionalProperties, description). JSON Schema ignores keys it does not know, so a misspelt keyword is not an error anywhere: the constraint silently disappears, and the model and the validator never see it (`"requried": ["city"]` makes every parameter optional). Known keywords of draft-07, 2019-09 and 2020-12 are accepted, with the OpenAPI/Gemini extras (`nullable`, `example`, `propertyOrdering`, `discriminator`), `x-*` extensions and VS Code\'s settings annotations (`enumDescriptions`, `markdownDescription`...). Property names inside `properties` and `$defs` are names, not keywords, and are never reported.',
      spec: 'Parameter schema keywords',
      bad: '{\n  "name": "search_issues",\n  "description": "Use this when the user wants to find issues in the tracker by text. Returns matching issues, newest first.",\n  "input_schema": {\n    "type": "object",\n    "properties": {\n      "query": { "type": "string", "description": "Words to search for in titles and bodies." },\n      "state": { "type": "string", "enums": ["open", "closed"], "description": "Only issues in this state." }\n    },\n    "requried": ["query"]\n  }\n}',
      good: '{\n  "name": "search_issues",\n  "description": "Use this when the user wants to find issues in the tracker by text. Returns matching issues, newest first.",\n  "input_schema": {\n    "type": "object",\n    "properties": {\n      "query": { "type": "string", "description": "Words to search for in titles and bodies." },\n      "state": { "type": "string", "enum": ["open", "closed"], "description": "Only issues in this state." }\n    },\n    "required": ["query"]\n  }\n}',
      fix: 'Renames the key to the keyword it misspells (only the key text changes). Safe (applied by fix-all and `--fix`) when unambiguous: one closest keyword, not already in the object, found in the table of known misspellings, as the same word in another case or style (`Type`, `max_length`), or one edit away (two for long keys), otherwise a suggestion. No rename is offered when the value does not fit the keyword (a `required` naming undefined properties, a non-string `description`, an unknown type name), since the renamed key would then be an error.',
    },
    messages: {
      typo: '"{{key}}" is not a JSON Schema keyword: did you mean "{{suggestion}}"? As written, providers and validators ignore it.',
      unknown: '"{{key}}" is not a JSON Schema keyword, so providers and validators ignore it: {{hint}}.',
      misplacedProperty: '"{{key}}" is not a JSON Schema keyword but looks like a property schema: move it into "properties" (as written it is ignored and the model never sees the parameter).',
      toolKeyTypo: '"{{key}}" is not a tool field: did you mean "{{suggestion}}"? As written, providers ignore it{{consequence}}.',
    },
  },
  create(ctx) {
    const checkSchema = (s: SchemaVisit, legacy: boolean) => {
      // The members as entries() lists them, without its array of triples: this runs on every schema node, and
      // those triples were a twentieth of what a lint of new tools allocated.
      const members = s.node.type === 'object' ? s.node.children : undefined;
      if (!members) return;
      for (let i = 0; i < members.length; i++) {
        const member = members[i]!;
        const keyNode = member.children?.[0];
        const value = member.children?.[1];
        if (!keyNode || !value || typeof keyNode.value !== 'string' || isShadowed(member)) continue;
        const key = keyNode.value;
        if (isKnownKeyword(key)) continue;
        if (legacy && key === 'id') continue;
        const sug = suggestKeyword(key);
        if (sug && !propertyNode(s.node, sug.keyword)) {
          const fix = !valueFits(sug.keyword, value, s.node) ? 'none' : isSafeRename(key, sug) ? 'safe' : 'suggestion';
          ctx.report({ node: keyNode, messageId: 'typo', data: { key, suggestion: sug.keyword, fix } });
          continue;
        }
        if (holdsProperties(s) && looksLikePropertySchema(value)) {
          ctx.report({ node: keyNode, messageId: 'misplacedProperty', data: { key } });
          continue;
        }
        const hint = HINTS.get(key.toLowerCase()) ?? DEFAULT_HINT;
        ctx.report({ node: keyNode, messageId: 'unknown', data: { key, hint } });
      }
    };
    let legacyParams = false;

    return {
      tool(t) {
        legacyParams = isObject(t.params) && isLegacyDraft(t.params);
        // Misspelt tool fields.
        for (const [key, keyNode, value] of entries(t.node)) {
          if ((TOOL_KEYS as readonly string[]).includes(key) || OTHER_TOOL_FIELDS.has(key) || key.startsWith('x-') || key.startsWith('$')) continue;
          // Tool objects carry many format-specific fields: only close misspellings count (a four-letter key
          // only by swapped letters or case, up to six letters one edit, longer ones two).
          const sug = closestKey(key, TOOL_KEYS, TOOL_KEY_ALIASES, 2, 7);
          if (!sug) continue;
          if (key.length <= 4 && !sameLetters(key, sug.keyword)) continue;
          if (propertyNode(t.node, sug.keyword)) continue;
          if (PARAMS_KEYS.has(sug.keyword) && t.paramsKey !== undefined) continue;
          if (sug.keyword === 'description' && t.descriptionKey !== undefined) continue;
          const consequence =
            PARAMS_KEYS.has(sug.keyword) ? ', so the tool has no parameter schema' : sug.keyword === 'description' ? ', so the model sees no description' : sug.keyword === 'name' ? ', so the tool has no name' : '';
          const fix = !valueFits(sug.keyword, value, t.node) ? 'none' : isSafeRename(key, sug) ? 'safe' : 'suggestion';
          ctx.report({ node: keyNode, messageId: 'toolKeyTypo', data: { key, suggestion: sug.keyword, consequence, fix } });
        }
      },
      resultSchema(s, _t, root) {
        checkSchema(s, isLegacyDraft(root));
      },
      schema(s) {
        checkSchema(s, legacyParams);
      },
    };
  },
  fix({ finding, node, edit }) {
    if ((finding.messageId !== 'typo' && finding.messageId !== 'toolKeyTypo') || finding.data?.fix === 'none') return [];
    const keyNode = keyOf(node);
    const holder = keyNode?.parent?.parent;
    const key = finding.data?.key;
    const to = finding.data?.suggestion;
    if (!keyNode || !isObject(holder) || typeof to !== 'string' || keyNode.value !== key || propertyNode(holder, to)) return [];
    return [{ title: `Rename "${key}" to "${to}"`, kind: finding.data?.fix === 'safe' ? 'safe' : 'suggestion', edits: edit.renameKeyAll(keyNode, to) }];
  },
});
