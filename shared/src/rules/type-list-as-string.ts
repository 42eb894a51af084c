import { defineRule } from '../rule';
import { child, str, valueOf, type JsonValue } from '../document';
import { descriptionOf, propertySlots } from '../schemaWalk';
import { appendAll, identWords } from '../text';
import { elementPattern, splitListString } from '../analysis/params';
import { convertValues, insertProperties, keywordProps, mergeEdits, objectOf, removeMembers, sameCase, setType, typeSite } from '../fixes/typeTightening';
import { closedSetValues, describesList, describesObject, hasKeyword, isRestricted, listLike, onlyType } from '../analysis/params';

const SINGLE = /\b(?:a single|only one|exactly one|a particular|one specific)\b/i;
/** Google-style `fields` masks and other mini-languages are strings on purpose. */
const MINI_LANGUAGE = /\b(?:field\s*mask|mask|partial response|selector|syntax|expression)\b/i;
const NAMES_A_LIST = /\b(?:name|id|identifier|title|address|url|handle)\s+of\s+(?:the|a|an)\b/i;

export default defineRule<'listName' | 'describedList'>({
  id: 'type-list-as-string',
  meta: {
    section: 'Types',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'A list carried in a string: a list-like name (tags, labels, *_ids, *_list, recipients...) or a description saying "comma-separated", "separated by commas", "list of" on a string parameter.',
      why: 'The type tightening table of the specification turns "tags as comma-joined string" into "tags as array of string". In a string the model has to guess the separator, the quoting and the escaping of values that contain a comma, and the host has to split it again; an array carries each value on its own and lets the schema constrain the items.',
      spec: 'Type tightening table (tags as comma-joined string → tags as array of string); Parameter schema keywords used: items',
      bad: '{\n  "name": "create_note",\n  "description": "Use this when the user wants to save a note for later.",\n  "input_schema": {\n    "type": "object",\n    "properties": {\n      "text": { "type": "string", "description": "Body of the note." },\n      "tags": { "type": "string", "description": "Comma-separated tags, for example work,urgent." }\n    },\n    "required": ["text"]\n  }\n}',
      good: '{\n  "name": "create_note",\n  "description": "Use this when the user wants to save a note for later.",\n  "input_schema": {\n    "type": "object",\n    "properties": {\n      "text": { "type": "string", "description": "Body of the note." },\n      "tags": { "type": "array", "items": { "type": "string" }, "description": "Tags, for example work and urgent." }\n    },\n    "required": ["text"]\n  }\n}',
      fix: 'Set `"type": "array"` with `"items": {"type": "string"}`: `enum`, `pattern` (a "^X(,X)*$" list pattern becomes "^X$"), `format`, `minLength` and `maxLength` move into `items`, and a string `default` or example "a,b" becomes ["a", "b"] (split at the separator the description names, comma otherwise).',
    },
    messages: {
      listName: 'Parameter "{{name}}" holds a list but is typed "string": use "type": "array" with "items": {"type": "string"} so each value arrives on its own.',
      describedList: 'Parameter "{{name}}" is described as a list but typed "string": use "type": "array" with "items": {"type": "string"} instead of joining the values.',
    },
  },
  create(ctx) {
    return {
      property(p) {
        const s = p.schema;
        const str = onlyType(propertySlots(p), 'string');
        if (!str || isRestricted(s) || hasKeyword(s, 'format')) return;
        const desc = descriptionOf(s);
        if (describesList(desc, p.name)) {
          ctx.report({ node: str.node, messageId: 'describedList', data: { name: p.name } });
          return;
        }
        if (!listLike(p.name) || describesObject(desc) || SINGLE.test(desc) || MINI_LANGUAGE.test(desc)) return;
        const words = identWords(p.name);
        if (words[words.length - 1] === 'list' && NAMES_A_LIST.test(desc)) return;
        // "Who receives it. Valid values: ALL_USERS, ADMINS_ONLY": one choice among a closed set, not a list.
        if (closedSetValues(desc)) return;
        ctx.report({ node: str.node, messageId: 'listName', data: { name: p.name } });
      },
    };
  },
  fix({ finding, node, edit, doc }) {
    const site = typeSite(node);
    if (!site?.typeNode || String(site.typeNode.value).toLowerCase() !== 'string') return [];
    const raw = String(site.typeNode.value);
    const desc = descriptionOf(site.schema) || descriptionOf(site.holder);
    const converted = convertValues(edit, site, (v) => toList(v, desc), new Set(['enum']));
    if (!converted) return [];
    // Keywords about one value move into `items`.
    const moved = keywordProps(site, ['enum', 'pattern', 'format', 'minLength', 'maxLength']);
    const itemPairs: [string, JsonValue][] = [['type', sameCase(raw, 'string')]];
    for (const k of moved) {
      if (itemPairs.some(([key]) => key === k.key)) return [];
      const pattern = str(k.value);
      if (k.key === 'pattern' && pattern === undefined) return [];
      const v = pattern !== undefined && k.key === 'pattern' ? elementPattern(pattern) : valueOf(k.value, 32);
      if (v === undefined) return [];
      itemPairs.push([k.key, v]);
    }
    const edits = [setType(edit, site, 'array'), ...converted];
    if (child(site.holder, 'items') !== undefined) {
      // A string with `items` already: only the type changes, unless keywords would have to be merged into it.
      if (moved.length > 0) return [];
    } else {
      edits.push(...insertProperties(edit, site.holder, [['items', objectOf(itemPairs)]], 'type'));
    }
    appendAll(edits, removeMembers(moved.map((k) => k.prop)));
    const name = String(finding.data?.name ?? '');
    const keys = moved.map((k) => `"${k.key}"`);
    const title = `Change the type of "${name}" to an array of strings${keys.length > 0 ? ` (moving ${keys.join(', ')} into "items")` : ''}`;
    return [{ title, kind: 'suggestion', edits: mergeEdits(doc.text, edits) }];
  },
});

/** "a,b" → ["a", "b"]; an array of strings stays; anything else cannot be converted. */
function toList(v: JsonValue, desc: string): JsonValue | undefined {
  if (typeof v === 'string') return splitListString(v, desc);
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined;
}
