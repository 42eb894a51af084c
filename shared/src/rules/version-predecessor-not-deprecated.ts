import { defineRule } from '../rule';
import { deprecationOf, parseVersioned, versionedName } from '../analysis/versions';
import { latestVersion, markDeprecatedEdits } from '../fixes/versioning';

export default defineRule<'notDeprecated'>({
  id: 'version-predecessor-not-deprecated',
  meta: {
    section: 'Versioning',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'A newer version `<name>_v<N>` exists, but the tool it replaces is not marked deprecated.',
      why: 'SPEC "Versioning" 2: when a parameter changes meaning, the new tool carries a version suffix and the old tool is marked deprecated, then removed after a period. Until it is marked, the model sees two tools that do nearly the same thing with nothing telling it which to pick, and nobody knows the old one is due for removal.',
      spec: 'Versioning 2',
      bad: '[\n  { "name": "get_weather", "description": "Use this when the user asks for the current weather in a city.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "get_weather_v2", "description": "Use this when the user asks for the current weather at a place, by city or coordinates.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
      good: '[\n  { "name": "get_weather", "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "get_weather_v2", "description": "Use this when the user asks for the current weather at a place, by city or coordinates.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
      fix: '**Mark deprecated**: adds the deprecation marker (`"deprecated": {"since": <today>, "replacedBy": ["<name>_v<N>"]}`, or MCP `_meta["io.github.toolschema/deprecated"]`) and opens the description with "Deprecated: use <name>_v<N> instead."',
    },
    messages: {
      notDeprecated: '"{{successor}}" replaces "{{name}}", but "{{name}}" is not marked deprecated: mark it deprecated (with "{{successor}}" as its successor) and remove it after the deprecation period.',
    },
  },
  create(ctx) {
    return {
      tool(tool) {
        if (!tool.name || !tool.nameNode || deprecationOf(tool)) return;
        const parsed = parseVersioned(tool.name);
        const base = parsed?.base ?? tool.name;
        const own = parsed?.version ?? 1;
        // ctx.names, not a map built at create: the per-tool cache records the question (nameView.ts).
        const latest = latestVersion(base, ctx.names, ctx.workspace);
        if (latest <= own) return;
        // `get_ip_v4` beside `get_ip_v6` is not a version chain: a versioned tool needs its direct successor.
        const defined = (n: string) => ctx.names.has(n) || ctx.workspace.definitions(n).count > 0;
        if (parsed && !defined(versionedName(base, own + 1))) return;
        ctx.report({ node: tool.nameNode, messageId: 'notDeprecated', data: { name: tool.name, successor: versionedName(base, latest) } });
      },
    };
  },
  fix({ finding, tool, edit, today }) {
    const successor = String(finding.data?.successor ?? '');
    if (!tool || !successor) return [];
    return [{ title: `Mark "${tool.name}" deprecated in favour of "${successor}"`, kind: 'suggestion', edits: markDeprecatedEdits(edit, tool, [successor], today) }];
  },
});
