import { defineRule } from '../rule';
import { explicitHint } from '../analysis/names';
import { SOURCES } from '../profiles';

export default defineRule<'readOnlyDestructive'>({
  id: 'annotation-contradiction',
  meta: {
    section: 'Names',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'MCP annotations that contradict each other: `readOnlyHint: true` with `destructiveHint: true`.',
      why: 'Annotations tell the client what kind of tool this is, the same thing the name tells the model (query, mutation or action, Service rule 4). A read-only tool does not modify its environment, so it cannot perform destructive updates; MCP says `destructiveHint` only means something when `readOnlyHint` is false. Saying both leaves clients to pick one: some skip the confirmation a destructive tool needs, others ask for confirmation on a harmless read. (`idempotentHint` beside `readOnlyHint: true` is merely ignored, not a contradiction.)',
      spec: 'Service rule 4',
      bad: '{\n  "name": "list_backups",\n  "description": "Use this when the user asks which database backups exist and when they were taken.",\n  "inputSchema": { "type": "object", "properties": {}, "additionalProperties": false },\n  "annotations": { "readOnlyHint": true, "destructiveHint": true }\n}',
      good: '{\n  "name": "list_backups",\n  "description": "Use this when the user asks which database backups exist and when they were taken.",\n  "inputSchema": { "type": "object", "properties": {}, "additionalProperties": false },\n  "annotations": { "readOnlyHint": true }\n}',
      sources: [SOURCES.mcpTools],
    },
    messages: {
      readOnlyDestructive: 'Tool "{{name}}" is annotated both "readOnlyHint": true and "destructiveHint": true, which contradict each other (destructiveHint only applies to tools that modify their environment). If the tool only reads, remove "destructiveHint"; if it can delete or overwrite, set "readOnlyHint": false.',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        if (!t.annotations) return;
        const readOnly = explicitHint(t, 'readOnlyHint');
        const destructive = explicitHint(t, 'destructiveHint');
        if (readOnly?.value === true && destructive?.value === true) {
          ctx.report({ node: destructive.node, messageId: 'readOnlyDestructive', data: { name: t.name ?? '(unnamed)' } });
        }
      },
    };
  },
});
