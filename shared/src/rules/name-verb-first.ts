import { defineRule } from '../rule';
import { nameParts, sharedPrefixes, type VerbKind } from '../text';
import { isVerbFirst, toolVerbFirstNames } from '../analysis/names';
import { toolRenames } from '../fixes/renames';

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
      fix: 'Suggests up to three verb-first names (only the `name` value changes): the trailing verb moved to the front (`temperature_get` → `get_temperature`), else a verb the description opens with ("Calculates…" → `calculate_<thing>`), `list_<things>` for a plural, and `get_<thing>` (`weather` → `get_weather`, `user_info` → `get_user`), in the name\'s case style; none a read verb when the MCP annotations say the tool writes. No rename is offered to a name another tool has, or while a description mentions the current name.',
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
        // A noun that the lexicon also knows as a verb, followed only by attribute nouns (`order_status`,
        // `email_history`, `file_search`), still makes a noun phrase.
        if (isVerbFirst(parts, ctx.extraVerbs)) return;
        const names = toolVerbFirstNames(t, ctx.extraVerbs, ctx.namespaces, ctx.names);
        const suggestion = names.length > 0 ? names.map((n) => `"${n}"`).join(' or ') : `"<verb>_${parts.words.join('_')}" with a verb that says what calling it does`;
        ctx.report({ node: t.nameNode, messageId: 'notVerbFirst', data: { name: t.name, suggestion } });
      },
    };
  },
  fix(ctx) {
    const t = ctx.tool;
    if (!t || t.name === undefined || !ctx.node || ctx.node.offset !== t.nameNode?.offset) return [];
    const extra = new Map<string, VerbKind>();
    for (const kind of ['query', 'mutation', 'action'] as const) for (const v of ctx.config.verbs[kind]) extra.set(v.toLowerCase(), kind);
    // The same context as the lint pass (linter.ts): distinct names, their shared prefixes.
    const names = new Set<string>();
    for (const o of ctx.tools) if (o.name !== undefined) names.add(o.name);
    return toolRenames(ctx, toolVerbFirstNames(t, extra, sharedPrefixes([...names]), names));
  },
});
