import { defineRule } from '../rule';
import { propertyNode, type Node } from '../document';
import { descriptionSkeleton, isBlank, toolLabel } from '../analysis/descriptions';
import type { VerbKind } from '../text';

/** Keys of a VS Code `languageModelTools` contribution, whose description for the model is `modelDescription`. */
const VSCODE_KEYS = ['displayName', 'userDescription', 'toolReferenceName', 'canBeReferencedInPrompt'];

export default defineRule<'missing' | 'empty'>({
  id: 'description-missing',
  meta: {
    section: 'Descriptions',
    defaultSeverity: 'error',
    fixable: 'suggestion',
    docs: {
      description: 'A tool has no description, or its description is empty.',
      why: 'The model decides whether to call a tool from its name, its description, its parameter schema and the conversation. The description is where the tool says, for the model, when to call it and what it does (SPEC Service rule 2; the tool definition table lists `description` as required). Without one the model guesses from the name alone. A description that is not a string is left to the shape rules.',
      spec: 'Service rule 2; Resources and their fields, Tool definition (description: required)',
      bad: '{ "type": "function", "function": { "name": "get_forecast", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } } }',
      good: '{ "type": "function", "function": { "name": "get_forecast", "description": "Use this when the user asks about the weather in the coming days. Returns a daily forecast (temperatures, rain chance) for up to 7 days.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } } }',
      fix: 'Suggests a description skeleton made from the tool name, for you to complete: `get_weather` → "Use this when the user asks to get the weather. Returns …" (a name without a verb: "Use this when the user asks about the …"). It goes right after `name` (as `modelDescription` in a VS Code `languageModelTools` entry), or replaces an empty description.',
    },
    messages: {
      missing: 'Tool "{{name}}" has no description: add one written for the model that says when to call it and what it returns ("Use this when … . Returns …").',
      empty: 'The description of "{{name}}" is empty: say when to call the tool and what it returns ("Use this when … . Returns …").',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        const name = toolLabel(t);
        const d = t.descriptionNode;
        if (d) {
          if (d.type === 'string' && isBlank(d.value as string)) ctx.report({ node: d, messageId: 'empty', data: { name } });
          return; // any other non-string value is a shape problem, reported elsewhere
        }
        // The name, else the parameter schema's key, else the object: never "the first key", which would move with
        // the order of the members.
        const paramsKey = t.params?.parent?.type === 'property' ? t.params.parent.children?.[0] : undefined;
        const node: Node | undefined = t.nameNode ?? paramsKey ?? t.node;
        ctx.report({ node, messageId: 'missing', data: { name } });
      },
    };
  },
  fix(ctx) {
    const t = ctx.tool;
    if (!t) return [];
    const extra = new Map<string, VerbKind>();
    for (const kind of ['query', 'mutation', 'action'] as const) for (const v of ctx.config.verbs[kind]) extra.set(v.toLowerCase(), kind);
    const text = descriptionSkeleton(t.name, extra);
    if (ctx.finding.messageId === 'empty') {
      const d = t.descriptionNode;
      if (!d || d.type !== 'string' || !isBlank(d.value as string)) return [];
      return [{ title: `Fill the empty ${t.descriptionKey ?? 'description'} with a skeleton to complete`, kind: 'suggestion', edits: [ctx.edit.replaceString(d, text)] }];
    }
    if (t.descriptionNode) return [];
    const key = VSCODE_KEYS.some((k) => propertyNode(t.node, k)) ? 'modelDescription' : 'description';
    const edit = propertyNode(t.node, 'name') ? ctx.edit.setProperty(t.node, key, text, { after: 'name' }) : ctx.edit.setProperty(t.node, key, text, { first: true });
    return [{ title: `Add a "${key}" skeleton to complete`, kind: 'suggestion', edits: [edit] }];
  },
});
