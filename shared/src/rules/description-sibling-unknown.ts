import { closest, distance } from 'fastest-levenshtein';
import { defineRule } from '../rule';
import { looksLikeToolName, mentionBase, schemaVocabulary, subStringNode, toolMentions } from '../analysis/descriptions';

export default defineRule<'unknownSibling' | 'unknownSiblingSuggest'>({
  id: 'description-sibling-unknown',
  meta: {
    section: 'Descriptions',
    defaultSeverity: 'error',
    fixable: 'suggestion',
    docs: {
      description: 'A tool description redirects to another tool (a tool-shaped name in backticks or quotes, or a snake_case name, after "use", "call", "instead of"… or before "tool", "instead", "first") that no tool file in the workspace defines.',
      why: 'A description may name sibling tools to redirect the model ("do not use for forecasts, use get_forecast instead", SPEC Service rule 3). The model takes that name literally: if no tool has it (a typo, a renamed or removed tool, a tool of another server), it calls a tool that does not exist or gives up. Names are checked against the tools of this file and of every other tool file of the workspace; the tool\'s own name, its parameter names and enum values are not treated as tool names.',
      spec: 'Service rule 3',
      bad: '[ { "name": "get_current_weather", "description": "Use this when the user asks about the weather right now. Do not use for forecasts; use `get_forecst` instead.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } }, { "name": "get_forecast", "description": "Use this when the user asks about the weather in the coming days.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } } ]',
      good: '[ { "name": "get_current_weather", "description": "Use this when the user asks about the weather right now. Do not use for forecasts; use `get_forecast` instead.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } }, { "name": "get_forecast", "description": "Use this when the user asks about the weather in the coming days.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } } ]',
      fix: 'Renames the mention to the closest tool name defined in the file.',
    },
    messages: {
      unknownSiblingSuggest: 'The description refers to "{{mention}}", which no tool defines: did you mean "{{suggestion}}"?',
      unknownSibling: 'The description refers to "{{mention}}", which no tool in this file or workspace defines: define that tool or remove the mention (the model would call a tool that does not exist).',
    },
  },
  create(ctx) {
    const names = [...ctx.names];
    const defined = (n: string) => ctx.names.has(n) || ctx.workspace.definitions(n).length > 0;
    return {
      tool(t) {
        const d = t.descriptionNode;
        if (!d || d.type !== 'string') return;
        const text = d.value as string;
        if (text.length < 8) return;
        const mentions = toolMentions(text);
        if (mentions.length === 0) return;
        let vocabulary: Set<string> | undefined;
        for (const m of mentions) {
          const base = mentionBase(m.name);
          if (m.name === t.name || base === t.name || defined(m.name) || defined(base)) continue;
          if (!looksLikeToolName(m, ctx.extraVerbs, ctx.namespaces)) continue;
          vocabulary ??= schemaVocabulary(t.params);
          if (vocabulary.has(m.name) || vocabulary.has(base)) continue;
          const suggestion = suggest(base, names, t.name);
          const node = subStringNode(ctx.doc.text, d, text, m.index, m.name.length) ?? d;
          if (suggestion) ctx.report({ node, messageId: 'unknownSiblingSuggest', data: { mention: m.name, suggestion } });
          else ctx.report({ node, messageId: 'unknownSibling', data: { mention: m.name } });
        }
      },
    };
  },
});

/** A defined name that ends with the mention (a namespaced tool), else the closest one within 3 edits. */
function suggest(mention: string, names: readonly string[], self: string | undefined): string | undefined {
  const lower = mention.toLowerCase();
  // Only names within three characters of the mention's length can be within three edits: filter before
  // computing distances, so a file of thousands of tools costs one pass per unknown mention.
  const candidates: string[] = [];
  for (const n of names) {
    if (n === self) continue;
    const l = n.toLowerCase();
    if (l.length > lower.length && l.endsWith(lower) && /[_.\-]/.test(l[l.length - lower.length - 1]!)) return n;
    if (Math.abs(n.length - mention.length) <= 3 && candidates.length < 500) candidates.push(n);
  }
  if (candidates.length === 0) return undefined;
  const best = closest(mention, candidates);
  return best !== undefined && distance(mention, best) <= 3 ? best : undefined;
}
