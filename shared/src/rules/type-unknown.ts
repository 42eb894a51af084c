import { defineRule } from '../rule';
import { child, elements, isArray, type Node } from '../document';
import { correctType, correctedTypeName as correctedName } from '../analysis/params';
import { owningObject } from '../fixes/nodes';
import { removeMembers, type TextEdit } from '../fixes/edits';
import { appendAll } from '../text';

export default defineRule<'alias' | 'arrayOf' | 'format' | 'upper' | 'any' | 'unknown'>({
  id: 'type-unknown',
  meta: {
    section: 'Types',
    defaultSeverity: 'error',
    fixable: 'safe',
    docs: {
      description: 'A `type` that is not a JSON Schema type name: Python or Java names (`int`, `str`, `float`, `bool`, `dict`, `list`, `tuple`, `any`, `String`), or upper-case `STRING` outside a Gemini tool.',
      why: 'The parameter schema is JSON Schema (SPEC "Parameter schema keywords used"), whose only type names are string, number, integer, boolean, object, array and null. A provider that validates the schema rejects the whole request on an unknown name; one that does not passes the model a type it has to guess. Upper-case names (`STRING`, `OBJECT`) are Gemini\'s OpenAPI subset: only Gemini accepts them.',
      spec: 'Parameter schema keywords used: type; Type tightening table',
      bad: '{\n  "name": "calculate_bmi",\n  "description": "Use this when the user asks for their body mass index from weight and height.",\n  "parameters": {\n    "type": "dict",\n    "properties": {\n      "weight_kg": { "type": "float", "description": "Body weight in kilograms." },\n      "height_cm": { "type": "int", "description": "Height in centimetres." }\n    },\n    "required": ["weight_kg", "height_cm"]\n  }\n}',
      good: '{\n  "name": "calculate_bmi",\n  "description": "Use this when the user asks for their body mass index from weight and height.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "weight_kg": { "type": "number", "description": "Body weight in kilograms." },\n      "height_cm": { "type": "integer", "description": "Height in centimetres." }\n    },\n    "required": ["weight_kg", "height_cm"]\n  }\n}',
      fix: 'Replace the name with its JSON Schema type (`int` → `integer`, `float` → `number`, `str` → `string`, `bool` → `boolean`, `dict` → `object`, `list`/`tuple` → `array`, `STRING` → `string`); for `any`, remove `type`.',
    },
    messages: {
      alias: '"{{type}}" is not a JSON Schema type: use "{{suggestion}}".',
      arrayOf: '"{{type}}" is not a JSON Schema type: use "array" with "items": {"type": "{{items}}"}.',
      format: '"{{type}}" is not a JSON Schema type: use "type": "string" with "format": "{{format}}".',
      upper: '"{{type}}" is upper case: JSON Schema type names are lower case, use "{{suggestion}}" (only Gemini accepts upper-case names).',
      any: '"{{type}}" is not a JSON Schema type: remove "type" to accept any value, or list the accepted types, for example ["string", "number"].',
      unknown: '"{{type}}" is not a JSON Schema type: use one of "string", "number", "integer", "boolean", "object", "array" or "null".',
    },
  },
  create(ctx) {
    return {
      schema(s, tool) {
        const t = child(s.node, 'type');
        if (!t) return;
        const gemini = tool.dialect === 'gemini' || tool.profile === 'gemini';
        const check = (n: Node) => {
          if (n.type !== 'string') return;
          const raw = n.value as string;
          const c = correctType(raw);
          if (!c) return;
          if (c.kind === 'upper') {
            if (gemini) return;
            ctx.report({ node: n, messageId: 'upper', data: { type: raw, suggestion: c.type } });
          } else if (c.kind === 'alias') {
            if (c.items) ctx.report({ node: n, messageId: 'arrayOf', data: { type: raw, suggestion: c.type, items: c.items } });
            else ctx.report({ node: n, messageId: 'alias', data: { type: raw, suggestion: c.type } });
          } else if (c.kind === 'format') {
            ctx.report({ node: n, messageId: 'format', data: { type: raw, format: c.format } });
          } else if (c.kind === 'any') {
            ctx.report({ node: n, messageId: 'any', data: { type: raw } });
          } else {
            if (gemini && raw === 'TYPE_UNSPECIFIED') return;
            ctx.report({ node: n, messageId: 'unknown', data: { type: raw } });
          }
        };
        if (isArray(t)) for (const e of elements(t)) check(e);
        else check(t);
      },
    };
  },
  fix({ finding, node, edit }) {
    const schema = owningObject(node);
    if (!node || node.type !== 'string' || !schema) return [];
    const raw = node.value as string;
    const inArray = node.parent?.type === 'array';
    // In a list of types the fix writes no name twice (["str", "string"] became ["string", "string"], which the
    // meta-schema rejects): the later entries that are or become the same name are removed with this one (when an
    // earlier entry already covers it) or beside its correction, so no entry before them moves.
    const becomes = correctedName(raw);
    let later: Node[] = [];
    if (inArray && becomes !== undefined && finding.messageId !== 'any') {
      const items = elements(node.parent);
      const at = items.indexOf(node);
      const same = (e: Node) => e.type === 'string' && (e.value === becomes || correctedName(e.value as string) === becomes);
      later = items.slice(at + 1).filter(same);
      if (items.slice(0, at).some(same)) return [{ title: `Remove "${raw}" (the list already has "${becomes}")`, kind: 'safe', edits: removeMembers([node, ...later]) }];
    }
    let title: string;
    let edits: TextEdit[];
    switch (finding.messageId) {
      case 'alias':
      case 'upper': {
        const to = String(finding.data?.suggestion);
        title = `Replace "${raw}" with "${to}"`;
        edits = [edit.replaceString(node, to)];
        break;
      }
      case 'arrayOf': {
        const items = String(finding.data?.items);
        title = `Replace "${raw}" with "array" of "${items}"`;
        edits = [edit.replaceString(node, 'array')];
        if (!child(schema, 'items')) edits.push(edit.setProperty(schema, 'items', { type: items }));
        break;
      }
      case 'format': {
        const format = String(finding.data?.format);
        title = `Replace "${raw}" with "string" and "format": "${format}"`;
        edits = [edit.replaceString(node, 'string')];
        if (!child(schema, 'format') && !inArray) edits.push(edit.setProperty(schema, 'format', format));
        break;
      }
      case 'any': {
        // Without `type` any value is accepted (in a list, "any" already accepts everything the list names).
        const prop = inArray ? node.parent!.parent! : node.parent!;
        return [{ title: `Remove "type": "${raw}" (any value is accepted without a type)`, kind: 'safe', edits: [edit.removeMember(prop)] }];
      }
      default:
        return [];
    }
    if (later.length > 0) {
      title += ` (and remove the later ${later.map((e) => `"${String(e.value)}"`).join(', ')})`;
      appendAll(edits, removeMembers(later));
    }
    return [{ title, kind: 'safe', edits }];
  },
});
