import { defineRule } from '../rule';
import { child, isObject } from '../document';
import { primaryType, typeNames } from '../schemaWalk';
import { baselineToolOf, compareTools } from '../analysis/baseline';
import { strictInfo, strictLabel } from '../analysis/strict';
import { makeNullable } from '../fixes/nullable';
import { ownerOfProperty, propertyNameOf, removeFromRequired } from '../fixes/schemaEdits';
import { statedDefault } from '../fixes/baselineFixes';
import { inlineJson, type TextEdit } from '../fixes/edits';
import type { FixProposal } from '../fix';

export default defineRule<'ordinary' | 'strict'>({
  id: 'param-added-required',
  meta: {
    section: 'Versioning',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'Against the git baseline, a parameter was added to an existing tool as required: in an ordinary schema it should be optional with a default; in strict mode, required and nullable.',
      why: 'SPEC "Versioning" 1: a parameter added to an existing tool is added as optional with a default in an ordinary schema, and in strict mode added to `required` with a type that includes null (null meaning "omitted"). Hosts, stored prompts and evaluation cases written for the tool before the change do not send the new parameter; if it is required, every one of those calls now fails validation. The baseline is the file as committed at `HEAD` (configurable with `baseline`, or `toolschema lint --base <ref>`). The example below had only `query` at HEAD.',
      spec: 'Versioning 1',
      bad: '{\n  "name": "search_orders",\n  "description": "Use this when the user asks about their past orders; returns matching orders, newest first.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "query": { "type": "string", "description": "Words to search for in order items." },\n      "limit": { "type": "integer", "description": "Maximum orders to return. Defaults to 20." }\n    },\n    "required": ["query", "limit"]\n  }\n}',
      good: '{\n  "name": "search_orders",\n  "description": "Use this when the user asks about their past orders; returns matching orders, newest first.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "query": { "type": "string", "description": "Words to search for in order items." },\n      "limit": { "type": "integer", "description": "Maximum orders to return. Defaults to 20.", "default": 20 }\n    },\n    "required": ["query"]\n  }\n}',
      exampleBaseline: '{\n  "name": "search_orders",\n  "description": "Use this when the user asks about their past orders; returns matching orders, newest first.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "query": { "type": "string", "description": "Words to search for in order items." }\n    },\n    "required": ["query"]\n  }\n}',
      fix: 'Ordinary schema: **make it optional**: removes the parameter from `required`, and adds its `default` when its description states one that fits its type ("Defaults to 20"). Strict mode: **make it nullable**: adds "null" to its `type` (null to its `enum`, a null branch to its `anyOf`), so callers that do not know it can send null.',
    },
    messages: {
      ordinary: 'New parameter "{{param}}" of "{{tool}}" is required, but it is not in {{base}}: callers written for "{{tool}}" do not send it, and every such call now fails. Add it as optional with a default (SPEC Versioning 1).',
      strict: 'New parameter "{{param}}" of "{{tool}}" is required and does not accept null, but it is not in {{base}}: callers written for "{{tool}}" cannot leave it out. In {{mode}}, add it as required with a type that includes null ("type": ["{{type}}", "null"]) and treat null as "omitted" (SPEC Versioning 1).',
    },
  },
  create(ctx) {
    const baseline = ctx.baseline;
    if (!baseline || baseline.tools.size === 0) return {};
    return {
      tool(tool) {
        const base = baselineToolOf(baseline, tool);
        if (!base || !tool.name) return;
        const info = strictInfo(tool);
        for (const c of compareTools(base, tool)) {
          if (c.kind !== 'addedRequired') continue;
          const type = (isObject(c.schema) && primaryType(typeNames(c.schema))) || 'string';
          ctx.report({
            node: c.node,
            messageId: info ? 'strict' : 'ordinary',
            data: { tool: tool.name, param: c.path, base: baseline.ref, type, ...(info ? { mode: strictLabel(info) } : {}) },
          });
        }
      },
    };
  },
  fix({ node, edit, finding }) {
    // Reported on the property's key: the node at the pointer is its schema.
    const name = propertyNameOf(node);
    const owner = ownerOfProperty(node);
    if (!node || name === undefined || !owner) return [];
    if (finding.messageId === 'strict') {
      const change = makeNullable(edit, node);
      if (!change || change.edits.length === 0) return [];
      return [{ title: `Make "${name}" nullable (${change.summary})`, kind: 'suggestion', edits: change.edits }];
    }
    const list = child(owner, 'required');
    const req = list ? removeFromRequired(edit, list, name) : undefined;
    if (!req) return [];
    const edits: TextEdit[] = [req];
    const value = statedDefault(node);
    if (value !== undefined) edits.push(edit.setProperty(node, 'default', value));
    const out: FixProposal[] = [{ title: value !== undefined ? `Make "${name}" optional with "default": ${inlineJson(value)}` : `Make "${name}" optional`, kind: 'suggestion', edits }];
    return out;
  },
});
