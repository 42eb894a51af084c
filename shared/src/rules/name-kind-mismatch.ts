import { defineRule } from '../rule';
import { DESTRUCTIVE_VERBS, nameParts } from '../text';
import { AMBIGUOUS_WRITE_VERBS, READ_ONLY_VERBS, WRITE_VERBS, endsWithReadVerb, explicitHint, isNounPhraseName, joinsAnotherVerb } from '../analysis/names';
import { SOURCES } from '../profiles';

export default defineRule<'queryNotReadOnly' | 'writeReadOnly' | 'destructiveNotDestructive'>({
  id: 'name-kind-mismatch',
  meta: {
    section: 'Names',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'The verb\'s kind (query: get/list/search/find...; mutation: create/update/delete...; action: send/deploy/cancel...) contradicts the tool\'s explicit MCP annotations, e.g. `get_x` with `readOnlyHint: false`, `delete_x` with `destructiveHint: false`.',
      why: 'A name shows whether the tool is a query, a mutation or an action (Service rule 4), and MCP annotations say the same thing to the client: `readOnlyHint` (does not modify its environment) and `destructiveHint` (may delete or overwrite, meaningful only when `readOnlyHint` is false). When they disagree, either the model is misled by the name or the client asks for confirmation on a harmless read, or skips it on a destructive call. Only hints that are explicitly set count; verbs that can be read both ways (`run`, `execute`, `take`, `check`) are not judged.',
      spec: 'Service rule 4',
      bad: '{\n  "name": "get_order",\n  "description": "Use this when the user asks about the status or contents of one order.",\n  "inputSchema": {\n    "type": "object",\n    "properties": { "order_id": { "type": "string", "description": "Order number, e.g. A-1042." } },\n    "required": ["order_id"]\n  },\n  "annotations": { "readOnlyHint": false }\n}',
      good: '{\n  "name": "get_order",\n  "description": "Use this when the user asks about the status or contents of one order.",\n  "inputSchema": {\n    "type": "object",\n    "properties": { "order_id": { "type": "string", "description": "Order number, e.g. A-1042." } },\n    "required": ["order_id"]\n  },\n  "annotations": { "readOnlyHint": true }\n}',
      sources: [SOURCES.mcpTools],
    },
    messages: {
      queryNotReadOnly: 'Tool "{{name}}" starts with the query verb "{{verb}}", but its annotations say {{hint}}. If it only reads, set "readOnlyHint": true{{dropDestructive}}; if it changes something, rename it with a verb that says what it changes.',
      writeReadOnly: 'Tool "{{name}}" starts with "{{verb}}", which changes something, but its annotations say "readOnlyHint": true (does not modify its environment). If it changes something, set "readOnlyHint": false; if it only reads, rename it with a query verb (get_, list_, search_...).',
      destructiveNotDestructive: 'Tool "{{name}}" starts with the destructive verb "{{verb}}", but its annotations say "destructiveHint": false (only additive updates). If it deletes or overwrites, set "destructiveHint": true so clients ask for confirmation; if it only adds, rename it with a verb that says so.',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        if (t.name === undefined || !t.nameNode || !t.annotations) return;
        const parts = nameParts(t.name, ctx.extraVerbs, ctx.namespaces);
        const verb = parts.verb;
        if (verb === undefined || joinsAnotherVerb(parts, ctx.extraVerbs)) return;
        const readOnly = explicitHint(t, 'readOnlyHint');
        const destructive = explicitHint(t, 'destructiveHint');
        const data = { name: t.name, verb };
        if (READ_ONLY_VERBS.has(verb)) {
          if (readOnly?.value === false) {
            const alsoDestructive = destructive?.value === true;
            ctx.report({
              node: t.nameNode,
              messageId: 'queryNotReadOnly',
              data: { ...data, hint: alsoDestructive ? '"readOnlyHint": false and "destructiveHint": true' : '"readOnlyHint": false', dropDestructive: alsoDestructive ? ' and remove "destructiveHint"' : '' },
            });
          } else if (readOnly === undefined && destructive?.value === true) {
            ctx.report({ node: t.nameNode, messageId: 'queryNotReadOnly', data: { ...data, hint: '"destructiveHint": true', dropDestructive: ' and remove "destructiveHint"' } });
          }
          return;
        }
        if (endsWithReadVerb(parts)) return;
        const writes = WRITE_VERBS.has(verb) || (AMBIGUOUS_WRITE_VERBS.has(verb) && parts.object.length > 0 && !isNounPhraseName(parts));
        if (writes && readOnly?.value === true) {
          ctx.report({ node: t.nameNode, messageId: 'writeReadOnly', data });
          return;
        }
        if (DESTRUCTIVE_VERBS.has(verb) && readOnly?.value !== true && destructive?.value === false) {
          ctx.report({ node: t.nameNode, messageId: 'destructiveNotDestructive', data });
        }
      },
    };
  },
});
