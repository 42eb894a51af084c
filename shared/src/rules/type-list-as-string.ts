import { defineRule } from '../rule';
import { descriptionOf } from '../schemaWalk';
import { identWords } from '../text';
import { closedSetValues, describesList, describesObject, hasKeyword, isRestricted, listLike, onlyType, typeSlots } from '../analysis/params';

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
      fix: 'Set `"type": "array"` with `"items": {"type": "string"}`.',
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
        const str = onlyType(typeSlots(s), 'string');
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
});
