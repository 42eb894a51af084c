import { defineRule } from '../rule';
import { child, entries, type Node } from '../document';
import { describeType, isMisreadPropertyMap } from '../analysis/jsonSchema';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

export default defineRule<'nameNotString' | 'nameEmpty' | 'nameMissing' | 'fieldType' | 'hintType' | 'annotationsType'>({
  id: 'shape-invalid',
  meta: {
    section: 'File',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'A tool\'s own fields have the wrong JSON type: a name that is not a non-empty string, a description, title or `strict` of the wrong type, annotations that are not an object or hints that are not booleans.',
      why: 'The tool definition has a fixed shape (SPEC "Tool definition": name and description are strings). Providers validate it before the model ever sees the tool: a numeric name, `"strict": "true"` or `"readOnlyHint": "yes"` makes the request fail, or is silently ignored by clients that treat annotations as hints. Problems of the parameter schema itself are reported by parameters-not-object and schema-invalid.',
      spec: 'Resources and their fields: Tool definition',
      bad: '{\n  "name": "delete_file",\n  "description": "Use this when the user asks to delete a file from the workspace. Returns the deleted path.",\n  "inputSchema": { "type": "object", "properties": { "path": { "type": "string", "description": "Workspace-relative path of the file." } }, "required": ["path"] },\n  "annotations": { "readOnlyHint": "false", "destructiveHint": "true" }\n}',
      good: '{\n  "name": "delete_file",\n  "description": "Use this when the user asks to delete a file from the workspace. Returns the deleted path.",\n  "inputSchema": { "type": "object", "properties": { "path": { "type": "string", "description": "Workspace-relative path of the file." } }, "required": ["path"] },\n  "annotations": { "readOnlyHint": false, "destructiveHint": true }\n}',
    },
    messages: {
      nameMissing: 'This tool has no "name": add a verb-first snake_case name such as "get_weather".',
      nameNotString: 'The tool name must be a string, but it is {{found}}: write it as a verb-first snake_case string such as "get_weather".',
      nameEmpty: 'The tool name is empty: give the tool a verb-first snake_case name such as "get_weather".',
      fieldType: '"{{field}}" must be {{expected}}, but it is {{found}}: {{fix}}.',
      annotationsType: '"annotations" must be an object of hints such as {"readOnlyHint": true}, but it is {{found}}.',
      hintType: '"{{hint}}" must be a JSON boolean, but it is {{found}}: use {{suggestion}} (no quotes).',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        if (isMisreadPropertyMap(t)) return;
        // name
        if (!t.nameNode) {
          // At the description's key, else the parameter schema's, else the object: never "the first key", so the
          // finding does not move with the order of the members.
          const keyOf = (n: typeof t.node | undefined) => (n?.parent?.type === 'property' ? n.parent.children?.[0] : undefined);
          ctx.report({ node: keyOf(t.descriptionNode) ?? keyOf(t.params) ?? t.node, messageId: 'nameMissing' });
        } else if (t.nameNode.type !== 'string') {
          ctx.report({ node: t.nameNode, messageId: 'nameNotString', data: { found: describeType(t.nameNode) } });
        } else if ((t.nameNode.value as string).trim() === '') {
          ctx.report({ node: t.nameNode, messageId: 'nameEmpty' });
        }
        // description (null is left to description-missing)
        const d = t.descriptionNode;
        if (d && d.type !== 'string' && d.type !== 'null') {
          ctx.report({ node: d, messageId: 'fieldType', data: { field: t.descriptionKey ?? 'description', expected: 'a string', found: describeType(d), fix: 'write the description as one string' } });
        }
        // title (MCP display name)
        const title = child(t.node, 'title');
        if (title && title.type !== 'string' && title.type !== 'null') {
          ctx.report({ node: title, messageId: 'fieldType', data: { field: 'title', expected: 'a string', found: describeType(title), fix: 'write the display name as a string' } });
        }
        // strict
        const s = t.strictNode;
        if (s && s.type !== 'boolean' && s.type !== 'null') {
          const suggestion = s.type === 'string' && /^(true|false)$/i.test(String(s.value)) ? `write ${String(s.value).toLowerCase()} without quotes` : 'use true or false';
          ctx.report({ node: s, messageId: 'fieldType', data: { field: 'strict', expected: 'true or false', found: describeType(s), fix: suggestion } });
        }
        // annotations
        const ann = child(t.node, 'annotations');
        if (ann && ann.type !== 'object') {
          if (ann.type !== 'null') ctx.report({ node: ann, messageId: 'annotationsType', data: { found: describeType(ann) } });
          return;
        }
        if (!ann) return;
        for (const [key, , value] of entries(ann)) {
          if ((HINTS as readonly string[]).includes(key)) {
            if (value.type !== 'boolean' && value.type !== 'null') ctx.report({ node: value, messageId: 'hintType', data: { hint: key, found: describeType(value), suggestion: suggestBool(value) } });
          } else if (key === 'title' && value.type !== 'string' && value.type !== 'null') {
            ctx.report({ node: value, messageId: 'fieldType', data: { field: 'annotations.title', expected: 'a string', found: describeType(value), fix: 'write the display name as a string' } });
          }
        }
      },
    };
  },
});

function suggestBool(n: Node): string {
  if (n.type === 'string') {
    const v = String(n.value).trim().toLowerCase();
    if (v === 'true' || v === 'yes' || v === '1') return 'true';
    if (v === 'false' || v === 'no' || v === '0') return 'false';
  }
  if (n.type === 'number') return n.value ? 'true' : 'false';
  return 'true or false';
}
