import { defineRule } from '../rule';
import { child, elements, isArray, valueOf, type JsonValue, type Node } from '../document';
import { descriptionOf } from '../schemaWalk';
import { commonType, describedItemType } from '../analysis/params';
import { insertProperties, mergeEdits, objectOf, sameCase, scopes, titleJson, typeSite, type TypeSite } from '../fixes/typeTightening';

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
      fix: 'Add `items` with the element type the schema makes evident: the type of the elements of an existing `default`, `examples`, `enum` or `const` array, else the type the name or description states ("list of integers", `*_ids` described as integers, coordinates as numbers), else `{"type": "string"}`. Not offered for object elements in a strict tool (they need a full object schema).',
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
  fix({ finding, node, edit, doc, tool }) {
    const site = typeSite(node);
    if (!site?.typeNode || child(site.holder, 'items') !== undefined) return [];
    const raw = String(site.typeNode.value);
    const name = typeof finding.data?.name === 'string' ? finding.data.name : propertyNameOf(site);
    const values = documentedElements(site);
    // Elements the schema already documents decide; when they disagree ([1, "a"]), no one type keeps them valid.
    const fromValues = schemaOf(values, raw, 0);
    if (values.length > 0 && fromValues === undefined) return [];
    const items = fromValues ?? itemsFromWords(name, `${descriptionOf(site.schema)} ${site.holder === site.schema ? '' : descriptionOf(site.holder)}`, raw);
    if (hasObject(items) && tool?.strict) return [];
    const edits = insertProperties(edit, site.holder, [['items', items]], 'type');
    return [{ title: `Add "items": ${titleJson(items)}`, kind: 'suggestion', edits: mergeEdits(doc.text, edits) }];
  },
});

/** The key of the property whose schema holds the site (for an array nested in `items`: ''). */
function propertyNameOf(site: TypeSite): string {
  const p = site.schema.parent;
  const k = p?.type === 'property' ? p.children?.[0]?.value : undefined;
  return typeof k === 'string' && p?.parent?.parent?.children?.[0]?.value === 'properties' ? k : '';
}

/** The elements of the arrays the schema already holds (default, examples, enum, const). */
function documentedElements(site: TypeSite): JsonValue[] {
  const lists: JsonValue[][] = [];
  for (const obj of scopes(site)) {
    for (const key of ['default', 'const', 'example']) {
      const v = valueOf(child(obj, key), 16);
      if (Array.isArray(v)) lists.push(v);
    }
    for (const key of ['examples', 'enum']) {
      const v = valueOf(child(obj, key), 16);
      if (Array.isArray(v)) for (const x of v) if (Array.isArray(x)) lists.push(x);
    }
  }
  return lists.flat();
}

/** `{type: T}` for values of one type T; arrays of arrays nest (`[[1, 2]]` → array of integer). */
function schemaOf(values: readonly JsonValue[], raw: string, depth: number): JsonValue | undefined {
  if (values.length === 0 || depth > 3) return undefined;
  const t = commonType(values);
  if (!t) return undefined;
  if (t !== 'array') return objectOf([['type', sameCase(raw, t)]]);
  const inner = schemaOf(values.flatMap((v) => (Array.isArray(v) ? v : [])), raw, depth + 1);
  return inner === undefined ? undefined : objectOf([['type', sameCase(raw, 'array')], ['items', inner]]);
}

function itemsFromWords(name: string, desc: string, raw: string): JsonValue {
  return objectOf([['type', sameCase(raw, describedItemType(name, desc) ?? 'string')]]);
}

function hasObject(schema: JsonValue): boolean {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return false;
  const t = schema.type;
  return (typeof t === 'string' && t.toLowerCase() === 'object') || (schema.items !== undefined && hasObject(schema.items));
}
