import { defineRule } from '../rule';
import { child, elements, isObject, propertyNode, type Node } from '../document';
import { descriptionOf, typeNames, type PropertyVisit, type SchemaVisit } from '../schemaWalk';
import { isBlank } from '../analysis/descriptions';
import { keyOf } from '../fixes/nodes';

/**
 * What the fix writes as the description: an ellipsis to replace. An empty string would only turn the
 * "missing" finding into an "empty" one.
 */
const PLACEHOLDER = '…';

export default defineRule<'missing' | 'empty'>({
  id: 'param-description-missing',
  meta: {
    section: 'Descriptions',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'A property of the parameter schema (at any depth) has no description.',
      why: 'The model fills every property from what the schema tells it: the name, the type and the per-property `description` (SPEC "Parameter schema keywords": description, per-property explanation). Without one it has to guess the meaning, the format, the unit or what an identifier refers to, and guesses become invalid arguments. Nested properties are checked too, because the model fills them as well; a nested property whose enclosing property\'s description already names it is accepted. A `$ref` property is skipped (its description lives in the referenced definition), as is a `const` property (there is nothing to choose).',
      spec: 'Parameter schema keywords (description)',
      bad: '{ "name": "create_event", "description": "Use this when the user wants to add an event to their calendar. Returns the created event with its id.", "input_schema": { "type": "object", "properties": { "title": { "type": "string", "description": "Short title shown in the calendar." }, "start": { "type": "string", "format": "date-time" }, "duration_minutes": { "type": "integer", "minimum": 5, "maximum": 1440, "description": "Length of the event in minutes." } }, "required": ["title", "start"] } }',
      good: '{ "name": "create_event", "description": "Use this when the user wants to add an event to their calendar. Returns the created event with its id.", "input_schema": { "type": "object", "properties": { "title": { "type": "string", "description": "Short title shown in the calendar." }, "start": { "type": "string", "format": "date-time", "description": "Start time in ISO 8601 with a time zone offset, for example 2025-03-14T09:30:00+01:00." }, "duration_minutes": { "type": "integer", "minimum": 5, "maximum": 1440, "description": "Length of the event in minutes." } }, "required": ["title", "start"] } }',
      fix: 'Suggests a `"description": "…"` placeholder for you to fill in, right after the property\'s `type` (or last when it has none); an empty description gets the same placeholder. The placeholder is an ellipsis rather than an empty string, because an empty description is still reported (as empty), and it makes no other rule report anything new.',
    },
    messages: {
      missing: 'Property "{{name}}" has no description: add one that tells the model what to put here (meaning, format, unit or an example).',
      empty: 'Property "{{name}}" has an empty description: say what the model should put here (meaning, format, unit or an example).',
    },
  },
  create(ctx) {
    return {
      property(p) {
        const s = p.schema;
        if (!isObject(s)) return;
        const d = child(s, 'description');
        if (d) {
          if (d.type === 'string' && isBlank(d.value as string)) ctx.report({ node: p.keyNode, messageId: 'empty', data: { name: p.name } });
          return; // a non-string description is a schema problem, reported elsewhere
        }
        if (isReference(s) || propertyNode(s, 'const')) return;
        if (branchDescribed(s)) return;
        if (!p.topLevel && namedByEnclosing(p)) return;
        ctx.report({ node: p.keyNode, messageId: 'missing', data: { name: p.name } });
      },
    };
  },
  fix(ctx) {
    const s = ctx.node;
    const key = keyOf(s);
    if (!isObject(s) || !key) return [];
    const name = String(key.value);
    const d = child(s, 'description');
    if (ctx.finding.messageId === 'empty') {
      if (!d || d.type !== 'string' || !isBlank(d.value as string)) return [];
      return [{ title: `Put a placeholder in the empty description of "${name}"`, kind: 'suggestion', edits: [ctx.edit.replaceString(d, PLACEHOLDER)] }];
    }
    if (d) return [];
    const edit = propertyNode(s, 'type') ? ctx.edit.setProperty(s, 'description', PLACEHOLDER, { after: 'type' }) : ctx.edit.setProperty(s, 'description', PLACEHOLDER);
    return [{ title: `Add a "description" placeholder to "${name}"`, kind: 'suggestion', edits: [edit] }];
  },
});

/** A `$ref` schema, or one whose every branch is a `$ref` or null (`anyOf: [{$ref}, {type: null}]`). */
function isReference(s: Node): boolean {
  if (propertyNode(s, '$ref') || propertyNode(s, '$dynamicRef')) return true;
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    const branches = elements(child(s, k));
    if (branches.length === 0) continue;
    let refs = 0;
    let ok = true;
    for (const b of branches) {
      if (isObject(b) && propertyNode(b, '$ref')) refs++;
      else if (!(isObject(b) && typeNames(b).length === 1 && typeNames(b)[0] === 'null')) ok = false;
    }
    if (ok && refs > 0) return true;
  }
  return false;
}

/** A description on an `anyOf`/`oneOf`/`allOf` branch (some generators put it there). */
function branchDescribed(s: Node): boolean {
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    for (const b of elements(child(s, k))) if (!isBlank(descriptionOf(b))) return true;
  }
  return false;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** The description of the enclosing property (or object schema) names this nested property: "Page margins (top, bottom…)". */
function namedByEnclosing(p: PropertyVisit): boolean {
  for (let s: SchemaVisit | undefined = p.owner; s; s = s.parent) {
    const d = descriptionOf(s.node);
    if (!isBlank(d)) return mentionsWord(d, p.name);
    if (s.property || s.isRoot) return false;
  }
  return false;
}

function mentionsWord(text: string, word: string): boolean {
  if (!word) return false;
  const lower = text.toLowerCase();
  const w = word.toLowerCase();
  for (let i = lower.indexOf(w); i >= 0; i = lower.indexOf(w, i + 1)) {
    const before = i > 0 ? lower[i - 1]! : ' ';
    const after = i + w.length < lower.length ? lower[i + w.length]! : ' ';
    if (!WORD_CHAR.test(before) && !WORD_CHAR.test(after)) return true;
  }
  return false;
}
