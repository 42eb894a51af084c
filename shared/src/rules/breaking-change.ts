import { parseTree, type ParseError } from 'jsonc-parser';
import { defineRule } from '../rule';
import { MAX_NESTING, MAX_TOKENS } from '../document';
import { parseStrictJson } from '../fastParse';
import { baselineToolOf, compareTools } from '../analysis/baseline';
import { deprecationOf, parseVersioned, versionedName } from '../analysis/versions';
import { latestVersion } from '../fixes/versioning';
import { moveChangeToVersionEdits, restoreParametersEdits } from '../fixes/baselineFixes';

const KEEP = ' Keep "{{tool}}" as it was (deprecated) and ship the change as a new tool "{{successor}}" (SPEC Versioning 2).';

/** Whether a tool's own text parses (a tool being typed, with a half-written property, is not compared). */
function parsesAlone(text: string): boolean {
  if (parseStrictJson(text, MAX_NESTING, MAX_TOKENS)) return true;
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return errors.length === 0;
}

export default defineRule<'removed' | 'renamed' | 'typeChanged' | 'typeNarrowed' | 'enumValueRemoved' | 'madeRequired' | 'tightened' | 'defaultChanged'>({
  id: 'breaking-change',
  meta: {
    section: 'Versioning',
    defaultSeverity: 'error',
    fixable: 'suggestion',
    docs: {
      description: 'Against the git baseline (HEAD by default), an existing tool changed the meaning of a parameter: removed, renamed, type changed or narrowed, enum value removed, made required, a bound tightened, or its default changed.',
      why: 'SPEC "Versioning" 2: changing the meaning of a parameter means shipping a new tool whose name carries a version suffix (`<tool_name>_v2`), marking the old one deprecated and removing it only after a period. Hosts, stored prompts, few-shot examples and evaluation cases were written against the old schema, and the model keeps sending what worked: a removed or renamed parameter, a value of the old type or an enum value that is gone now fails validation, in production, with no warning. The baseline is the file as committed at `HEAD` (configurable with `baseline`, or `toolschema lint --base <ref>`); widening changes (a type or enum value added, a bound relaxed, a parameter made optional), description edits and new optional parameters are not breaking. The example below was `{"city": string, "units": "metric" | "imperial"}` at HEAD.',
      spec: 'Versioning 2',
      bad: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather; returns temperature and conditions.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "location": { "type": "string", "description": "City name." },\n      "units": { "type": "string", "enum": ["metric"], "description": "Unit system." }\n    },\n    "required": ["location"]\n  }\n}',
      good: '[\n  {\n    "name": "get_weather",\n    "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the current weather; returns temperature and conditions.",\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "city": { "type": "string", "description": "City name." },\n        "units": { "type": "string", "enum": ["metric", "imperial"], "description": "Unit system." }\n      },\n      "required": ["city"]\n    },\n    "deprecated": { "since": "2026-11-22", "replacedBy": ["get_weather_v2"] }\n  },\n  {\n    "name": "get_weather_v2",\n    "description": "Use this when the user asks for the current weather; returns temperature and conditions.",\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "location": { "type": "string", "description": "City name." },\n        "units": { "type": "string", "enum": ["metric"], "description": "Unit system." }\n      },\n      "required": ["location"]\n    }\n  }\n]',
      exampleBaseline: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather; returns temperature and conditions.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "city": { "type": "string", "description": "City name." },\n      "units": { "type": "string", "enum": ["metric", "imperial"], "description": "Unit system." }\n    },\n    "required": ["city"]\n  }\n}',
      fix: '**Move this change into `<name>_v2`**: the tool is restored as it is in the baseline and marked deprecated (`"deprecated": {"since": <today>, "replacedBy": ["<name>_v2"]}`, or MCP `_meta`, and "Deprecated: use <name>_v2 instead." opening its description); the changed tool follows it, renamed `<name>_v2` (or the next free version). On a tool that is already deprecated, the fix is **Restore the parameters as at <ref>** instead: only its parameter schema goes back to the baseline\'s, and its marker (the date the deprecation period counts from, its successor) and description stay; the change belongs in its successor.',
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
    },
  },
  create(ctx) {
    const baseline = ctx.baseline;
    if (!baseline || baseline.tools.size === 0) return {};
    return {
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
  fix({ tool, baseline, edit, tools, workspace, today }) {
    if (!tool || !baseline) return [];
    if (deprecationOf(tool) !== undefined) {
      const edits = restoreParametersEdits(edit, tool, baseline);
      return edits ? [{ title: `Restore the parameters of ${tool.name} as at ${baseline.ref} (it is deprecated: make the change in its successor)`, kind: 'suggestion', edits }] : [];
    }
    const r = moveChangeToVersionEdits(edit, tool, baseline, tools, workspace, today);
    if (!r) return [];
    return [{ title: `Move this change into ${r.name}`, kind: 'suggestion', edits: r.edits }];
  },
});
