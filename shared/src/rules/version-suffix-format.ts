import { defineRule } from '../rule';
import { versionSuffixProblem, versionedName } from '../analysis/versions';
import { latestVersion } from '../fixes/versioning';
import { toSnakeCase } from '../text';

export default defineRule<'style' | 'bareNumber' | 'word' | 'number'>({
  id: 'version-suffix-format',
  meta: {
    section: 'Versioning',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'A versioned tool name not of the form `<tool_name>_v<N>`: `getWeatherV2`, `get_weather-v2`, `v2_get_weather`, `get_weather2`, `get_weather_new` or `get_weather_v1` beside `get_weather` (the new version of a tool is 2).',
      why: 'SPEC "Versioning" 2: a tool whose parameter changes meaning ships under a new name that carries a version suffix, pattern `<tool_name>_v2`. One pattern lets people, the model and tooling see at a glance which tools are versions of which (this linter pairs `x_v2` with `x` to check that `x` is deprecated), and a word such as `_new` stops meaning anything at the next change.',
      spec: 'Versioning 2',
      bad: '[\n  { "name": "get_weather", "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "getWeatherV2", "description": "Use this when the user asks for the current weather at a place, by city or coordinates.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
      good: '[\n  { "name": "get_weather", "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "get_weather_v2", "description": "Use this when the user asks for the current weather at a place, by city or coordinates.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
      fix: 'Rename the tool to `<tool_name>_v<N>` (a word such as `_new` becomes the next free version number). Only the name changes: update the host code and other references (the rename refactor of the workspace issue updates references).',
    },
    messages: {
      style: 'Versioned name "{{name}}" does not follow the pattern <tool_name>_v<N>: name it "{{suggestion}}".',
      bareNumber: '"{{name}}" looks like version {{version}} of "{{base}}" without the "_v" marker: name it "{{suggestion}}" so the version is unambiguous.',
      word: '"{{name}}" marks a new version with a word ("{{word}}") that stops meaning anything at the next change: name it "{{suggestion}}".',
      number: 'Version suffix of "{{name}}" is not a plain number from 2 up: name it "{{suggestion}}".',
    },
  },
  create(ctx) {
    const exists = (n: string) => ctx.names.has(n) || ctx.workspace.definitions(n).count > 0;
    return {
      tool(tool) {
        if (!tool.name || !tool.nameNode) return;
        const p = versionSuffixProblem(tool.name, exists);
        if (!p) return;
        // Pair with an existing predecessor as it is spelled; otherwise write the base in snake_case.
        const base = exists(p.base) ? p.base : toSnakeCase(p.base) || p.base;
        const version = p.version ?? latestVersion(base, ctx.names, ctx.workspace) + 1;
        let suggestion = versionedName(base, version);
        if (exists(suggestion) && suggestion !== tool.name) suggestion = versionedName(base, latestVersion(base, ctx.names, ctx.workspace) + 1);
        const word = p.kind === 'word' ? tool.name.slice(p.base.length + 1) : '';
        ctx.report({ node: tool.nameNode, messageId: p.kind, data: { name: tool.name, base, version: p.version ?? '', suggestion, word } });
      },
    };
  },
  fix({ finding, tool, edit }) {
    const to = String(finding.data?.suggestion ?? '');
    if (!tool?.nameNode || tool.nameNode.type !== 'string' || !to) return [];
    return [{ title: `Rename "${tool.name}" to "${to}"`, kind: 'suggestion', edits: [edit.replaceString(tool.nameNode, to)] }];
  },
});
