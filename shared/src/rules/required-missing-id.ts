import { defineRule } from '../rule';
import { child, entries, isObject, propertyNode, type Node } from '../document';
import { identWords, nameParts, singular } from '../text';
import { descriptionOf } from '../schemaWalk';
import { optionality, strictInfo } from '../analysis/strict';
import { addToRequired, ownerOfProperty, propertyNameOf } from '../fixes/schemaEdits';

/** Verbs whose tool acts on one existing thing, named by its identifier: get_<thing>(<thing>_id). */
const SINGLE_THING_VERBS = new Set([
  'get', 'read', 'fetch', 'retrieve', 'describe', 'update', 'modify', 'patch', 'edit', 'delete', 'remove', 'cancel', 'archive', 'unarchive', 'restore',
]);
/** Words that split a name's object: get_status_of_order, get_comment_for_issue. */
const PREPOSITIONS = new Set(['for', 'of', 'from', 'in', 'on', 'to', 'with', 'at']);
/** The name says how the thing is found (get_user_by_email): no identifier is expected. */
const LOOKUP_WORDS = new Set(['by', 'or', 'and', 'all', 'many', 'multiple', 'batch', 'bulk', 'current', 'my', 'me', 'self', 'latest', 'last', 'first', 'next', 'default']);
/** Another required parameter that identifies the thing: the id is then an alternative, not the key. */
const OTHER_IDENTIFIER = /(?:^|_)(?:id|uuid|guid|key|slug|number|num|no|url|uri|path|name|email|handle|username|login|sha|ref|code|arn|urn)$/;
/** The description offers alternatives ("either user_id or email"). */
const ALTERNATIVES = /\b(?:either|alternatively|instead of|one of|or by)\b/i;
const CONDITIONAL_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'dependentRequired', 'dependencies', 'if'];

function norm(name: string): string {
  return identWords(name).join('_');
}

export default defineRule<'idNotRequired'>({
  id: 'required-missing-id',
  meta: {
    section: 'Required and strict mode',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'The identifier a tool cannot run without (`<thing>_id` of get_/update_/delete_<thing>) is declared but not listed in `required`.',
      why: 'A tool that reads, changes or deletes one existing thing cannot proceed without the identifier of that thing (SPEC Service rule 4: get_<thing>(<thing>_id)). When the identifier is not in `required`, the model may call the tool without it, and the host either fails or, worse, acts on a default target. `required` lists exactly the fields without which execution cannot proceed (SPEC "Required versus optional" 1). The rule stays silent when the id is optional on purpose: it has a default, its description says when it may be omitted or offers an alternative, or another identifier is required instead.',
      spec: 'Service rule 4; Required versus optional 1',
      bad: '{ "name": "delete_webhook", "description": "Use this to delete one webhook of the current project when the user asks to stop notifications.", "parameters": { "type": "object", "properties": { "webhook_id": { "type": "string", "description": "ID of the webhook to delete, as returned by list_webhooks." } } } }',
      good: '{ "name": "delete_webhook", "description": "Use this to delete one webhook of the current project when the user asks to stop notifications.", "parameters": { "type": "object", "properties": { "webhook_id": { "type": "string", "description": "ID of the webhook to delete, as returned by list_webhooks." } }, "required": ["webhook_id"] } }',
      fix: 'Adds the identifier to the root `required` list (creating the list after `properties` when absent). A suggestion: it changes what the model must send.',
    },
    messages: {
      idNotRequired: '"{{property}}" identifies the {{thing}} that "{{tool}}" acts on, but it is not in "required": add it to "required" so the model always supplies it.',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        if (t.name === undefined || !isObject(t.params)) return;
        const info = strictInfo(t);
        if (info && info.family === 'openai') return; // strict-required-all covers every property there
        const parts = nameParts(t.name, ctx.extraVerbs, ctx.namespaces);
        if (!parts.verb || !SINGLE_THING_VERBS.has(parts.verb) || parts.object.length === 0) return;
        if (parts.object.some((w) => LOOKUP_WORDS.has(w))) return;
        const params = t.params;
        for (const k of CONDITIONAL_KEYWORDS) if (propertyNode(params, k)) return;
        const properties = child(params, 'properties');
        if (!isObject(properties)) return;

        // The thing: the object words, split at a preposition (get_status_of_order → status, order).
        const segments: string[][] = [];
        let current: string[] = [];
        for (const w of parts.object) {
          if (PREPOSITIONS.has(w)) {
            if (current.length) segments.push(current);
            current = [];
          } else current.push(w);
        }
        if (current.length) segments.push(current);
        const wanted: string[] = [];
        const thingOf = new Map<string, string>();
        const things: string[] = [];
        for (const seg of segments) {
          const last = seg[seg.length - 1]!;
          if (singular(last) !== last || /^\d+$/.test(last)) continue; // plural: a list or batch tool
          things.push(seg.join(' '));
          for (const w of seg.length > 1 ? [[...seg, 'id'].join('_'), `${last}_id`] : [`${last}_id`]) {
            wanted.push(w);
            if (!thingOf.has(w)) thingOf.set(w, seg.join(' '));
          }
        }
        if (wanted.length === 0) return;
        wanted.push('id');
        thingOf.set('id', things[things.length - 1]!);

        const byNorm = new Map<string, [string, Node, Node]>();
        for (const e of entries(properties)) {
          const n = norm(e[0]);
          if (!byNorm.has(n)) byNorm.set(n, e);
        }
        let candidate: [string, Node, Node] | undefined;
        let thing = '';
        for (const w of wanted) {
          const e = byNorm.get(w);
          if (e && !candidate) {
            candidate = e;
            thing = thingOf.get(w) ?? '';
          }
        }
        if (!candidate) return;
        const required = child(params, 'required');
        const requiredNames = new Set<string>();
        if (required && required.type === 'array') for (const el of required.children ?? []) if (el.type === 'string') requiredNames.add(el.value as string);
        for (const w of wanted) {
          const e = byNorm.get(w);
          if (e && requiredNames.has(e[0])) return;
        }
        // Another identifier of the same thing is required instead (get_user(username), get_issue(issue_number)).
        const thingLast = new Set(segments.map((s) => s[s.length - 1]!));
        for (const r of requiredNames) {
          const words = identWords(r);
          if (words.length === 0 || !OTHER_IDENTIFIER.test(words.join('_'))) continue;
          if (words.length === 1 || words.slice(0, -1).some((w) => thingLast.has(singular(w)))) return;
        }
        const [propName, keyNode, schema] = candidate;
        if (isObject(schema) && optionality(schema)) return;
        if (ALTERNATIVES.test(descriptionOf(schema))) return;
        if (t.description && ALTERNATIVES.test(t.description) && /\bid\b|_id\b|identifier/i.test(t.description)) return;
        ctx.report({ node: keyNode, messageId: 'idNotRequired', data: { property: propName, thing, tool: t.name } });
      },
    };
  },
  fix({ node, edit }) {
    const owner = ownerOfProperty(node);
    const name = propertyNameOf(node);
    if (!owner || name === undefined) return [];
    const e = addToRequired(edit, owner, name);
    return e && e !== 'present' ? [{ title: `Add "${name}" to "required"`, kind: 'suggestion', edits: [e] }] : [];
  },
});
