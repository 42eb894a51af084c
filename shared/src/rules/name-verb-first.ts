import { defineRule } from '../rule';
import { nameParts, isVerb } from '../text';
import { isNounPhraseName, isNounVerbName } from '../analysis/names';

export default defineRule<'notVerbFirst'>({
  id: 'name-verb-first',
  meta: {
    section: 'Names',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'Tool name does not start with a verb (`weather`, `user_info`, `temperature_get`).',
      why: 'The model reads the name before anything else. A verb first says what calling the tool does and whether it is a query, a mutation or an action; a noun leaves the model to guess. A noun that could also be a verb does not make a verb-first name when only attribute nouns or a verb follow it (`order_status`, `email_history`, `file_search`, `order_create`). A namespace prefix shared by the file\'s tools (`github_create_issue`, `browser_navigate`) is accepted. Extra verbs can be added with the `verbs` setting.',
      spec: 'Service rule 4',
      bad: '{ "name": "weather", "description": "Use this when the user asks for the current weather in a city.", "parameters": { "type": "object", "properties": {} } }',
      good: '{ "name": "get_weather", "description": "Use this when the user asks for the current weather in a city.", "parameters": { "type": "object", "properties": {} } }',
      fix: 'Rename suggestions such as `get_<thing>`, or the trailing verb moved to the front (`temperature_get` → `get_temperature`).',
    },
    messages: {
      notVerbFirst: 'Tool name "{{name}}" does not start with a verb: name it verb-first, for example {{suggestion}}.',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        if (t.name === undefined || !t.nameNode) return;
        const parts = nameParts(t.name, ctx.extraVerbs, ctx.namespaces);
        if (parts.words.length === 0) return;
        if (parts.verbIndex >= 0) {
          // A noun that the lexicon also knows as a verb, followed only by attribute nouns (`order_status`,
          // `email_history`, `file_search`): the name is a noun phrase.
          if (!isNounPhraseName(parts) && !isNounVerbName(parts, ctx.extraVerbs)) return;
          ctx.report({ node: t.nameNode, messageId: 'notVerbFirst', data: { name: t.name, suggestion: suggest(parts.words, ctx.extraVerbs) } });
          return;
        }
        ctx.report({ node: t.nameNode, messageId: 'notVerbFirst', data: { name: t.name, suggestion: suggest(parts.words, ctx.extraVerbs) } });
      },
    };
  },
});

function suggest(words: string[], extra: ReadonlyMap<string, import('../text').VerbKind>): string {
  const last = words[words.length - 1]!;
  if (words.length > 1 && isVerb(last, extra)) return `"${[last, ...words.slice(0, -1)].join('_')}"`;
  return `"get_${words.join('_')}" or "query_${words.join('_')}"`;
}
