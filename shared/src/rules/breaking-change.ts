import { parseTree, type ParseError } from 'jsonc-parser';
import { defineRule } from '../rule';
import { MAX_NESTING, MAX_TOKENS } from '../document';
import { parseStrictJson } from '../fastParse';
import { baselineToolOf, compareTools, onlyCommentsAndCommas } from '../analysis/baseline';
import { addDays, daysBetween, deprecationOf, parseVersioned, sinceDay, versionedName } from '../analysis/versions';
import { latestVersion } from '../fixes/versioning';
import { moveChangeToVersionEdits, restoreParametersEdits, restoreToolEdits } from '../fixes/baselineFixes';
import { nodeAtPointer, pointerOf, type Node } from '../document';
import type { ToolInfo } from '../discover';

const KEEP = ' Keep "{{tool}}" as it was (deprecated) and ship the change as a new tool "{{successor}}" (SPEC Versioning 2).';

/**
 * The messages about a whole tool gone since the baseline (reported on its list, fixed by restoring it; the
 * language server lints the file again when another file starts defining the tool).
 */
export const GONE_TOOL_MESSAGES: ReadonlySet<string> = new Set(['toolRemoved', 'toolReplaced', 'toolRemovedEarly']);

/**
 * A newer version of `name` among the file's tools that the baseline did not have (`get_weather` gone and
 * `get_weather_v2` new: a rename into a version), the highest; undefined when none.
 */
function newVersionOf(name: string, tools: readonly ToolInfo[], baseline: ReadonlyMap<string, ToolInfo>): string | undefined {
  const parsed = parseVersioned(name);
  const stem = parsed?.base ?? name;
  let best: { name: string; version: number } | undefined;
  for (const t of tools) {
    if (t.name === undefined || baseline.has(t.name)) continue;
    const v = parseVersioned(t.name);
    if (v && v.base === stem && v.version > (parsed?.version ?? 1) && v.version > (best?.version ?? 0)) best = { name: t.name, version: v.version };
  }
  return best?.name;
}

/** The JSON pointer of the list holding a tool ('' for a file that is one tool). */
function listPointer(tool: ToolInfo): string {
  const list = listNodeOf(tool);
  return list ? pointerOf(list) : '';
}

/** Up to this size, a file with syntax errors is parsed once more to tell comments and trailing commas from real errors. */
const RELAXED_PARSE_MAX_CHARS = 1_000_000;

/** The list holding a tool: its array, or the object of a map keyed by name; undefined for a file that is one tool. */
function listNodeOf(tool: ToolInfo): Node | undefined {
  const p = tool.outer.parent;
  return p ? (p.type === 'property' ? p.parent : p) : undefined;
}

/** Whether a tool's own text parses (a tool being typed, with a half-written property, is not compared). */
function parsesAlone(text: string): boolean {
  if (parseStrictJson(text, MAX_NESTING, MAX_TOKENS)) return true;
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return errors.length === 0;
}

export default defineRule<'removed' | 'renamed' | 'typeChanged' | 'typeNarrowed' | 'enumValueRemoved' | 'madeRequired' | 'tightened' | 'defaultChanged' | 'toolRemoved' | 'toolReplaced' | 'toolRemovedEarly'>({
  id: 'breaking-change',
  meta: {
    section: 'Versioning',
    defaultSeverity: 'error',
    fixable: 'suggestion',
    docs: {
      description: 'Against the git baseline (HEAD by default), an existing tool changed the meaning of a parameter: removed, renamed, type changed or narrowed, enum value removed, made required, a bound tightened, or its default changed; or a tool was removed or renamed without being deprecated first, or before its deprecation period ended.',
      why: 'SPEC "Versioning" 2: changing the meaning of a parameter means shipping a new tool whose name carries a version suffix (`<tool_name>_v2`), marking the old one deprecated and removing it only after a period. Hosts, stored prompts, few-shot examples and evaluation cases were written against the old schema, and the model keeps sending what worked: a removed or renamed parameter, a value of the old type or an enum value that is gone now fails validation, in production, with no warning. The baseline is the file as committed at `HEAD` (configurable with `baseline`, or `toolschema lint --base <ref>`); widening changes (a type or enum value added, a bound relaxed, a parameter made optional), description edits and new optional parameters are not breaking. A tool removed from the file (or renamed: its old name is gone) breaks every caller of it at once: it stays, marked deprecated, until its deprecation period (`deprecationPeriodDays`) is over, unless another file of the workspace now defines it. The example below was `{"city": string, "units": "metric" | "imperial"}` at HEAD.',
      spec: 'Versioning 2',
      bad: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather; returns temperature and conditions.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "location": { "type": "string", "description": "City name." },\n      "units": { "type": "string", "enum": ["metric"], "description": "Unit system." }\n    },\n    "required": ["location"]\n  }\n}',
      good: '[\n  {\n    "name": "get_weather",\n    "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the current weather; returns temperature and conditions.",\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "city": { "type": "string", "description": "City name." },\n        "units": { "type": "string", "enum": ["metric", "imperial"], "description": "Unit system." }\n      },\n      "required": ["city"]\n    },\n    "deprecated": { "since": "2026-11-22", "replacedBy": ["get_weather_v2"] }\n  },\n  {\n    "name": "get_weather_v2",\n    "description": "Use this when the user asks for the current weather; returns temperature and conditions.",\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "location": { "type": "string", "description": "City name." },\n        "units": { "type": "string", "enum": ["metric"], "description": "Unit system." }\n      },\n      "required": ["location"]\n    }\n  }\n]',
      exampleBaseline: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather; returns temperature and conditions.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "city": { "type": "string", "description": "City name." },\n      "units": { "type": "string", "enum": ["metric", "imperial"], "description": "Unit system." }\n    },\n    "required": ["city"]\n  }\n}',
      fix: '**Move this change into `<name>_v2`**: the tool is restored as it is in the baseline and marked deprecated (`"deprecated": {"since": <today>, "replacedBy": ["<name>_v2"]}`, or MCP `_meta`, and "Deprecated: use <name>_v2 instead." opening its description); the changed tool follows it, renamed `<name>_v2` (or the next free version). On a tool that is already deprecated, the fix is **Restore the parameters as at <ref>** instead: only its parameter schema goes back to the baseline\'s, and its marker (the date the deprecation period counts from, its successor) and description stay; the change belongs in its successor. For a tool gone from the file, **Restore <name> as at <ref>** puts it back into its list where it was (before the version that replaced it, else after the tool that preceded it; under its old key in a map keyed by name), marked deprecated with that version as its successor, or as it was if it already was deprecated; it is not offered when the list\'s tools are now written in another dialect or the map already has the key.',
    },
    messages: {
      removed: 'Parameter "{{param}}" of "{{tool}}" was removed since {{base}}: hosts, prompts and evaluation cases written for "{{tool}}" still send it, and the call now fails.' + KEEP,
      renamed: 'Parameter "{{param}}" of "{{tool}}" was renamed to "{{newParam}}" since {{base}}: callers written for "{{tool}}" still send "{{param}}" and leave "{{newParam}}" out.' + KEEP,
      typeChanged: 'The type of "{{param}}" in "{{tool}}" changed since {{base}} ({{detail}}): values of the old type, which the model and existing callers send, are now rejected.' + KEEP,
      typeNarrowed: '"{{param}}" in "{{tool}}" accepts fewer types than at {{base}} ({{detail}}): values that were valid are now rejected.' + KEEP,
      enumValueRemoved: '"{{param}}" in "{{tool}}" no longer accepts {{detail}} (in its enum at {{base}}): callers that send it now fail.' + KEEP,
      madeRequired: '"{{param}}" in "{{tool}}" was optional at {{base}} and is now required: callers that leave it out now fail.' + KEEP,
      tightened: '"{{param}}" in "{{tool}}" accepts fewer values than at {{base}} ({{detail}}): values that were valid are now rejected.' + KEEP,
      defaultChanged: 'The default of "{{param}}" in "{{tool}}" changed since {{base}} ({{detail}}): calls that leave it out, as existing callers and prompts do, now mean something else.' + KEEP,
      toolRemoved: 'Tool "{{tool}}" was removed or renamed since {{base}} without being deprecated first: hosts, stored prompts and evaluation cases that call "{{tool}}" now fail. Restore it, mark it deprecated (naming its successor, if any) and remove it only after the deprecation period (SPEC Versioning 2).',
      toolReplaced: 'Tool "{{tool}}" was replaced by "{{successor}}" since {{base}}: callers written for "{{tool}}" still call it, and the call now fails. Keep "{{tool}}" as it was, marked deprecated with "{{successor}}" as its successor, and remove it only after the deprecation period (SPEC Versioning 2).',
      toolRemovedEarly: 'Tool "{{tool}}" was removed since {{base}}, within its {{period}}-day deprecation period (deprecated on {{since}}, {{ago}}): callers not yet moved to its successor now fail. Keep it until {{until}} (SPEC Versioning 2).',
    },
  },
  create(ctx) {
    const baseline = ctx.baseline;
    if (!baseline || baseline.tools.size === 0) return {};
    /** The list a baseline tool was in, in the current file (its opening bracket is highlighted), else undefined. */
    const listOf = (base: ToolInfo): Node | undefined => {
      const list = listNodeOf(base);
      const here = list ? nodeAtPointer(ctx.doc.tree, pointerOf(list)) : undefined;
      return here && (here.type === 'array' || here.type === 'object') ? here : undefined;
    };
    return {
      // fileEnd reads only the tools' summaries: the per-tool visitor stays cached.
      cachePerTool: true,
      fileEnd(tools) {
        // A file being typed in (a syntax error can hide its tools) or with no tool left (a file emptied or replaced
        // by something else) is not read as removals; comments, trailing commas and a byte-order mark are no such
        // error (the tree is the file as written).
        if (tools.length === 0 || !ctx.doc.tree || (ctx.doc.syntaxProblems.length > 0 && (ctx.doc.text.length > RELAXED_PARSE_MAX_CHARS || !onlyCommentsAndCommas(ctx.doc.text)))) return;
        // Names by list: a catalog's servers are separate lists, and a name in another one does not stand in for it.
        const inFile = new Set<string>();
        const byList = new Map<Node, Set<string>>();
        for (const t of tools) {
          if (t.name === undefined) continue;
          inFile.add(t.name);
          const list = listNodeOf(t);
          if (!list) continue;
          let names = byList.get(list);
          if (!names) byList.set(list, (names = new Set()));
          names.add(t.name);
        }
        // The baseline's tools by list (a name twice in one list is ambiguous, as name-duplicate says: skipped).
        const seen = new Map<string, number>();
        const key = (t: ToolInfo) => `${listPointer(t)}\u0000${t.name}`;
        for (const b of baseline.all) seen.set(key(b), (seen.get(key(b)) ?? 0) + 1);
        for (const base of baseline.all) {
          const name = base.name!;
          if (seen.get(key(base)) !== 1) continue;
          const list = listOf(base);
          // Still in its list (or in the file, when its list is gone), or moved into another file of the workspace.
          if ((list && byList.has(list) ? byList.get(list)!.has(name) : inFile.has(name)) || ctx.workspace.definitions(name).count > 0) continue;
          const node = list ?? ctx.doc.tree;
          const span = { offset: node.offset, length: 1 };
          const where = { tool: name, base: baseline.ref, list: listPointer(base) };
          const d = deprecationOf(base);
          if (d) {
            // Deprecated at the baseline: removable once its period is over. Without a date (a description saying
            // so, a marker without one) the period cannot be checked, and the removal is not reported.
            const day = d.since !== undefined ? sinceDay(d.since) : undefined;
            const days = day !== undefined ? daysBetween(day, ctx.today) : undefined;
            const period = ctx.config.deprecationPeriodDays;
            if (day === undefined || days === undefined || days >= period) continue;
            const ago = days < 0 ? 'a date still to come' : days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`;
            ctx.report({ node, span, tool: null, messageId: 'toolRemovedEarly', data: { ...where, since: day, days, ago, period, until: addDays(day, period) } });
            continue;
          }
          const successor = newVersionOf(name, tools, baseline.tools);
          if (successor) ctx.report({ node, span, tool: null, messageId: 'toolReplaced', data: { ...where, successor } });
          else ctx.report({ node, span, tool: null, messageId: 'toolRemoved', data: where });
        }
      },
      tool(tool) {
        const base = baselineToolOf(baseline, tool);
        if (!base || !tool.name) return;
        const changes = compareTools(base, tool).filter((c) => c.kind !== 'addedRequired');
        if (changes.length === 0) return;
        if (!parsesAlone(ctx.doc.text.slice(tool.outer.offset, tool.outer.offset + tool.outer.length))) return;
        const parsed = parseVersioned(tool.name);
        const stem = parsed?.base ?? tool.name;
        const successor = versionedName(stem, Math.max(parsed?.version ?? 1, latestVersion(stem, ctx.names, ctx.workspace)) + 1);
        for (const c of changes) {
          ctx.report({
            node: c.node,
            messageId: c.kind as Exclude<typeof c.kind, 'addedRequired'>,
            data: { tool: tool.name, param: c.path, detail: c.detail, base: baseline.ref, successor, ...(c.newPath !== undefined ? { newParam: c.newPath } : {}) },
          });
        }
      },
    };
  },
  fix({ finding, tool, baseline, edit, tools, workspace, today, node }) {
    if (!baseline) return [];
    if (GONE_TOOL_MESSAGES.has(finding.messageId)) {
      const name = finding.data?.tool;
      const successor = finding.data?.successor;
      const base = baseline.all.find((t) => t.name === name && listPointer(t) === finding.data?.list);
      if (typeof name !== 'string' || !base) return [];
      const edits = restoreToolEdits(edit, base, baseline, tools, today, typeof successor === 'string' ? [successor] : [], node);
      if (!edits) return [];
      const title =
        finding.messageId === 'toolRemovedEarly'
          ? `Restore ${name} as at ${baseline.ref} (deprecated: remove it from ${String(finding.data?.until)})`
          : `Restore ${name} as at ${baseline.ref}, marked deprecated${typeof successor === 'string' ? ` in favour of ${successor}` : ''}`;
      return [{ title, kind: 'suggestion', edits }];
    }
    if (!tool) return [];
    if (deprecationOf(tool) !== undefined) {
      const edits = restoreParametersEdits(edit, tool, baseline);
      return edits ? [{ title: `Restore the parameters of ${tool.name} as at ${baseline.ref} (it is deprecated: make the change in its successor)`, kind: 'suggestion', edits }] : [];
    }
    const r = moveChangeToVersionEdits(edit, tool, baseline, tools, workspace, today);
    if (!r) return [];
    return [{ title: `Move this change into ${r.name}`, kind: 'suggestion', edits: r.edits }];
  },
});
