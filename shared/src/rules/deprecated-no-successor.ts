import { defineRule } from '../rule';
import { elements, type Node } from '../document';
import { deprecationOf } from '../analysis/versions';

export default defineRule<'unknownSuccessor'>({
  id: 'deprecated-no-successor',
  meta: {
    section: 'Versioning',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'A deprecated tool whose marker names a successor that no tool file defines.',
      why: 'SPEC "Versioning" 2: the old tool is deprecated because a new one replaces it. A successor that does not exist (a typo, a tool renamed again, a file not yet written) sends the model and the people migrating to nothing, and the old tool cannot be removed. Successors named only in the description are checked by description-sibling-unknown.',
      spec: 'Versioning 2',
      bad: '[\n  { "name": "get_weather", "description": "Deprecated: use get_forecast instead. Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "get_forecast", "description": "Use this when the user asks for the weather today or in the next days at a place.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
      good: '[\n  { "name": "get_weather", "description": "Deprecated: use get_forecast instead. Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_forecast"] }, "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "get_forecast", "description": "Use this when the user asks for the weather today or in the next days at a place.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
    },
    messages: {
      unknownSuccessor: '"{{name}}" is deprecated in favour of "{{successor}}", which no tool file defines: add "{{successor}}", or name the tool that really replaces it.',
    },
  },
  create(ctx) {
    return {
      tool(tool) {
        const d = deprecationOf(tool);
        if (!d || d.via === 'description' || !d.replacedByNode || !tool.name) return;
        const nodes: readonly Node[] = d.replacedByNode.type === 'array' ? elements(d.replacedByNode) : [d.replacedByNode];
        for (const n of nodes) {
          if (n.type !== 'string') continue;
          const successor = (n.value as string).trim();
          if (!successor || ctx.names.has(successor) || ctx.workspace.definitions(successor).count > 0) continue;
          ctx.report({ node: n, messageId: 'unknownSuccessor', data: { name: tool.name, successor } });
        }
      },
    };
  },
});
