import { defineRule } from '../rule';
import { child, elements, isArray, type Node } from '../document';

export default defineRule<'itemsMissing' | 'itemsMissingProperty'>({
  id: 'array-items-missing',
  meta: {
    section: 'Types',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: '`type: array` without `items`, so the element type is left open.',
      why: 'An array without `items` accepts a list of anything: the model has to guess whether to send strings, numbers or objects, and the host has to cope with all of them. The specification names `items` as the keyword that gives an array its element type (SPEC "Parameter schema keywords used": items). Some providers (Gemini, OpenAI strict mode) reject an array schema without `items` outright.',
      spec: 'Parameter schema keywords used: items',
      bad: '{\n  "type": "function",\n  "function": {\n    "name": "add_issue_labels",\n    "description": "Use this when the user wants to label an existing issue.",\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "issue_number": { "type": "integer", "description": "Number of the issue to label." },\n        "labels": { "type": "array", "description": "Label names to add." }\n      },\n      "required": ["issue_number", "labels"]\n    }\n  }\n}',
      good: '{\n  "type": "function",\n  "function": {\n    "name": "add_issue_labels",\n    "description": "Use this when the user wants to label an existing issue.",\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "issue_number": { "type": "integer", "description": "Number of the issue to label." },\n        "labels": { "type": "array", "items": { "type": "string" }, "description": "Label names to add." }\n      },\n      "required": ["issue_number", "labels"]\n    }\n  }\n}',
      fix: 'Add `"items": {"type": "string"}` (adjust the element type if the list holds something else).',
    },
    messages: {
      itemsMissing: 'This array has no "items": declare the element type, for example "items": {"type": "string"}.',
      itemsMissingProperty: 'Array "{{name}}" has no "items": declare the element type, for example "items": {"type": "string"}.',
    },
  },
  create(ctx) {
    return {
      schema(s) {
        const t = child(s.node, 'type');
        if (!t) return;
        let arrayNode: Node | undefined;
        if (t.type === 'string' && (t.value as string).toLowerCase() === 'array') arrayNode = t;
        else if (isArray(t)) arrayNode = elements(t).find((e) => e.type === 'string' && (e.value as string).toLowerCase() === 'array');
        if (!arrayNode) return;
        if (child(s.node, 'items') !== undefined || child(s.node, 'prefixItems') !== undefined) return;
        if (s.property) ctx.report({ node: arrayNode, messageId: 'itemsMissingProperty', data: { name: s.property.name } });
        else ctx.report({ node: arrayNode, messageId: 'itemsMissing' });
      },
    };
  },
});
