import { defineRule } from '../rule';
import { child, entries, isObject, propertyNode, type Node } from '../document';
import { RESULT_KEYS } from '../discover';
import { type SchemaVisit } from '../schemaWalk';
import { closestKey, isKnownKeyword, isLegacyDraft, suggestKeyword } from '../analysis/jsonSchema';

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
      fix: 'Rename the key to the keyword it misspells (applied automatically when there is exactly one candidate).',
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
      for (const [key, keyNode, value] of entries(s.node)) {
        if (isKnownKeyword(key)) continue;
        if (legacy && key === 'id') continue;
        const sug = suggestKeyword(key);
        if (sug && !propertyNode(s.node, sug.keyword)) {
          ctx.report({ node: keyNode, messageId: 'typo', data: { key, suggestion: sug.keyword, fix: sug.unambiguous ? 'safe' : 'suggestion' } });
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
        for (const [key, keyNode] of entries(t.node)) {
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
          ctx.report({ node: keyNode, messageId: 'toolKeyTypo', data: { key, suggestion: sug.keyword, consequence, fix: sug.unambiguous ? 'safe' : 'suggestion' } });
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
});
