import { defineRule } from '../rule';
import { allowsNull, primaryType, typeNames } from '../schemaWalk';
import { child, entries, isObject, stringItems, type Node } from '../document';
import { SOURCES } from '../profiles';
import { strictInfo, strictLabel, strictSeverity } from '../analysis/strict';
import { correctedTypeName } from '../analysis/params';
import { makeNullable } from '../fixes/nullable';
import { addAllToRequired, addToRequired, ownerOfProperty, propertyNameOf } from '../fixes/schemaEdits';
import type { EditBuilder, TextEdit } from '../fixes/edits';
import type { FixProposal } from '../fix';

export default defineRule<'notRequired' | 'notRequiredNullable'>({
  id: 'strict-required-all',
  meta: {
    section: 'Required and strict mode',
    defaultSeverity: 'error',
    fixable: 'safe',
    docs: {
      description: 'In OpenAI strict mode, a property (at any depth) that its object does not list in `required`.',
      why: 'OpenAI strict mode (Structured Outputs) requires every property of every object to be listed in `required`; a truly optional field stays listed and uses a type that includes null (SPEC "Required versus optional" 2). A schema that leaves a property out is rejected when `strict` is true, and an OpenAI Responses tool that omits `strict` silently falls back to non-strict, best-effort calls. Anthropic strict tool use allows optional parameters, so this rule follows the active provider profile and only applies to the OpenAI family (SPEC "Required versus optional" 3).',
      spec: 'Required versus optional 2-3; Versioning 1',
      bad: '{ "type": "function", "function": { "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": true, "parameters": { "type": "object", "properties": { "query": { "type": "string", "description": "Search words." }, "max_price": { "type": "number", "description": "Upper price limit in EUR; omit for no limit." } }, "required": ["query"], "additionalProperties": false } } }',
      good: '{ "type": "function", "function": { "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": true, "parameters": { "type": "object", "properties": { "query": { "type": "string", "description": "Search words." }, "max_price": { "type": ["number", "null"], "description": "Upper price limit in EUR; null for no limit." } }, "required": ["query", "max_price"], "additionalProperties": false } } }',
      fix: 'Adds the property to its object\'s `required` list (creating the list when absent; when several properties of the object are missing, a first fix adds them all at once) and, unless it already allows null, makes it nullable: "null" is added to its `type` (`"string"` → `["string", "null"]`), null to its `enum`, a `{"type": "null"}` branch to its `anyOf`, and a bare `$ref` becomes `anyOf` with a null branch. Safe: the provider rejects the schema otherwise.',
      sources: [SOURCES.openaiStructuredOutputs, SOURCES.openaiResponsesFunctionTool, SOURCES.anthropicStrict],
    },
    messages: {
      notRequired: '"{{name}}" is not in "required": {{mode}} requires every property to be listed. Add it to "required" and, since it is optional, make its type nullable ("type": ["{{type}}", "null"]) so the model can send null to leave it out.',
      notRequiredNullable: '"{{name}}" is not in "required": {{mode}} requires every property to be listed. Add it to "required"; its type already allows null, so the model can still send null to leave it out.',
    },
  },
  create(ctx) {
    return {
      property(p, t) {
        if (p.required) return;
        const info = strictInfo(t);
        if (!info || info.family !== 'openai') return;
        // The type named as JSON Schema names it ("str" → "string"); a Python None is null already once corrected.
        const raw = (isObject(p.schema) && primaryType(typeNames(p.schema))) || 'string';
        const type = correctedTypeName(raw) ?? raw;
        const nullable = (isObject(p.schema) && allowsNull(p.schema)) || type === 'null';
        ctx.report({
          node: p.keyNode,
          messageId: nullable ? 'notRequiredNullable' : 'notRequired',
          data: { name: p.name, mode: strictLabel(info), type },
          severity: strictSeverity(info, 'error'),
        });
      },
    };
  },
  fix({ node, edit }) {
    const owner = ownerOfProperty(node);
    const name = propertyNameOf(node);
    if (!owner || name === undefined || !node) return [];
    const req = addToRequired(edit, owner, name);
    if (!req || req === 'present') return [];
    const out: FixProposal[] = [];
    // Several unlisted properties: one fix adds them all, so fix-all (one edit of the list per pass) converges.
    const all = addAllProposal(edit, owner);
    if (all && all.names.has(name)) out.push(all.proposal);
    // A schema that accepts any value ({} or a description only) already admits null.
    const nullable = makeNullable(edit, node);
    if (!nullable) {
      // No clean nullable form (a const, an allOf): requiring it changes what the model must send, so only a suggestion.
      out.push({ title: `Add "${name}" to "required" (it stays non-nullable)`, kind: 'suggestion', edits: [req] });
      return out;
    }
    const title = nullable.edits.length > 0 ? `Add "${name}" to "required" and make it nullable (${nullable.summary})` : `Add "${name}" to "required"`;
    out.push({ title, kind: 'safe', edits: [req, ...nullable.edits] });
    return out;
  },
});

/**
 * The fix adding every property of `owner` not listed yet (what the rule reports for each) with its nullable
 * change, when there are several; computed once per object of a parsed document: fix-all asks for the fix of each
 * finding, and computing it anew each time made a schema of 2,000 optional properties quadratic.
 */
const addAllCache = new WeakMap<Node, { names: ReadonlySet<string>; proposal: FixProposal } | null>();

function addAllProposal(edit: EditBuilder, owner: Node): { names: ReadonlySet<string>; proposal: FixProposal } | null {
  const hit = addAllCache.get(owner);
  if (hit !== undefined) return hit;
  const listed = new Set(stringItems(child(owner, 'required')));
  const pending: { name: string; edits: TextEdit[] }[] = [];
  const seen = new Set<string>();
  for (const [n, , schema] of entries(child(owner, 'properties'))) {
    if (listed.has(n) || seen.has(n)) continue;
    seen.add(n);
    const c = makeNullable(edit, schema);
    if (c) pending.push({ name: n, edits: c.edits });
  }
  const all = pending.length > 1 ? addAllToRequired(edit, owner, pending.map((p) => p.name)) : undefined;
  const result = all
    ? {
        names: new Set(pending.map((p) => p.name)),
        proposal: { title: `Add all ${pending.length} unlisted properties to "required", made nullable where needed`, kind: 'safe' as const, edits: [all, ...pending.flatMap((p) => p.edits)] },
      }
    : null;
  addAllCache.set(owner, result);
  return result;
}
