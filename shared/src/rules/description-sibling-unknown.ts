import { distance } from 'fastest-levenshtein';
import { defineRule } from '../rule';
import type { Node } from '../document';
import type { FixContext } from '../fix';
import type { TextEdit } from '../fixes/edits';
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
      fix: 'Suggests replacing the mention by the tool name of the file it clearly means: the only tool whose name ends with it (a missing namespace prefix), else the only closest name within 3 edits (and a quarter of its length). Every occurrence of the mention in the description changes; only those characters are edited, unless escapes in the string\'s JSON text hide them (then the whole string is rewritten). No fix when two names are as close.',
    },
    messages: {
      unknownSiblingSuggest: 'The description refers to "{{mention}}", which no tool defines: did you mean "{{suggestion}}"?',
      unknownSibling: 'The description refers to "{{mention}}", which no tool in this file or workspace defines: define that tool or remove the mention (the model would call a tool that does not exist).',
    },
  },
  create(ctx) {
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
          // Every name is a candidate: this tool's findings then depend on all of them (nameView.ts).
          const suggestion = suggest(base, [...ctx.names], t.name);
          const node = subStringNode(ctx.doc.text, d, text, m.index, m.name.length) ?? d;
          if (suggestion) ctx.report({ node, messageId: 'unknownSiblingSuggest', data: { mention: m.name, suggestion } });
          else ctx.report({ node, messageId: 'unknownSibling', data: { mention: m.name } });
        }
      },
    };
  },
  fix(ctx) {
    const mention = ctx.finding.data?.mention;
    const suggestion = ctx.finding.data?.suggestion;
    const d = ctx.node;
    if (ctx.finding.messageId !== 'unknownSiblingSuggest' || typeof mention !== 'string' || typeof suggestion !== 'string') return [];
    if (!d || d.type !== 'string' || !ctx.tools.some((t) => t.name === suggestion)) return [];
    const base = mentionBase(mention);
    const renamed = mention.slice(0, mention.length - base.length) + suggestion;
    const edits = mentionEdits(ctx, d, mention, suggestion);
    return edits.length > 0 ? [{ title: `Replace "${mention}" with "${renamed}"`, kind: 'suggestion', edits }] : [];
  },
});

/**
 * The tool the mention clearly means: the only defined name that ends with it after a separator (a namespaced
 * tool), else the one defined name closest to it, when no other is as close and it is within 3 edits and a
 * quarter of the mention's length.
 */
function suggest(mention: string, names: readonly string[], self: string | undefined): string | undefined {
  const lower = mention.toLowerCase();
  // Only names within three characters of the mention's length can be within three edits: filter before
  // computing distances, so a file of thousands of tools costs one pass per unknown mention.
  const candidates: string[] = [];
  const suffixed = new Set<string>();
  for (const n of names) {
    if (n === self) continue;
    const l = n.toLowerCase();
    if (l.length > lower.length && l.endsWith(lower) && /[_.\-]/.test(l[l.length - lower.length - 1]!)) suffixed.add(n);
    if (Math.abs(n.length - mention.length) <= 3 && candidates.length < 500) candidates.push(n);
  }
  if (suffixed.size > 0) return suffixed.size === 1 ? [...suffixed][0] : undefined;
  if (candidates.length === 0) return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(mention.length / 4)));
  let best: string | undefined;
  let bestDistance = Infinity;
  let tie = false;
  for (const c of new Set(candidates)) {
    const d = distance(mention, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return best !== undefined && !tie && bestDistance <= limit ? best : undefined;
}

const IDENT_CHAR = /[A-Za-z0-9_]/;

/** Start offsets of `word` in `text` where it is not part of a longer identifier. */
function wordOccurrences(text: string, word: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + word.length)) {
    const before = i > 0 ? text[i - 1]! : ' ';
    const after = i + word.length < text.length ? text[i + word.length]! : ' ';
    if (!IDENT_CHAR.test(before) && !IDENT_CHAR.test(after)) out.push(i);
  }
  return out;
}

/**
 * For each index of the decoded value of a JSON string (and one past the end), the index of the raw text
 * between its quotes where that character's text starts.
 */
function decodedToRaw(raw: string): number[] {
  const out: number[] = [];
  for (let r = 0; r < raw.length; ) {
    out.push(r);
    if (raw[r] === '\\') r += raw[r + 1] === 'u' ? 6 : 2;
    else r += 1;
  }
  out.push(raw.length);
  return out;
}

/**
 * Edits replacing every occurrence of `mention` in a description string by the mention with its tool-name part
 * (`mentionBase`) changed to `suggestion`. When every occurrence is written verbatim in the string's JSON text
 * (escapes elsewhere do not matter), only those characters change; otherwise the whole string is rewritten.
 */
function mentionEdits(ctx: FixContext, d: Node, mention: string, suggestion: string): TextEdit[] {
  const decoded = d.value as string;
  const base = mentionBase(mention);
  const keep = mention.length - base.length;
  const found = wordOccurrences(decoded, mention);
  if (found.length === 0) return [];
  const rawStart = d.offset + 1;
  const raw = ctx.doc.text.slice(rawStart, d.offset + d.length - 1);
  const map = decodedToRaw(raw);
  const inRaw = found.map((i) => map[i]).filter((r): r is number => r !== undefined && raw.slice(r, r + mention.length) === mention);
  if (map.length === decoded.length + 1 && inRaw.length === found.length) {
    const content = JSON.stringify(suggestion).slice(1, -1);
    return inRaw.map((r) => ({ offset: rawStart + r + keep, length: base.length, content }));
  }
  let out = '';
  let from = 0;
  for (const i of found) {
    out += decoded.slice(from, i + keep) + suggestion;
    from = i + mention.length;
  }
  out += decoded.slice(from);
  return [ctx.edit.replaceString(d, out)];
}
