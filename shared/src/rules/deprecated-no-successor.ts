import { defineRule } from '../rule';
import { elements, type Node } from '../document';
import { deprecationOf } from '../analysis/versions';

export default defineRule<'unknownSuccessor' | 'selfSuccessor' | 'notAName'>({
  id: 'deprecated-no-successor',
  meta: {
    section: 'Versioning',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'A deprecated tool whose marker names a successor that no tool file defines, names the tool itself, or gives one that is not a name (`42`, an object).',
      why: 'SPEC "Versioning" 2: the old tool is deprecated because a new one replaces it. A successor that does not exist (a typo, a tool renamed again, a file not yet written) sends the model and the people migrating to nothing, and the old tool cannot be removed. Successors named only in the description are checked by description-sibling-unknown.',
      spec: 'Versioning 2',
      bad: '[\n  { "name": "get_weather", "description": "Deprecated: use get_forecast instead. Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "get_forecast", "description": "Use this when the user asks for the weather today or in the next days at a place.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
      good: '[\n  { "name": "get_weather", "description": "Deprecated: use get_forecast instead. Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_forecast"] }, "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "get_forecast", "description": "Use this when the user asks for the weather today or in the next days at a place.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
    },
    messages: {
      unknownSuccessor: '"{{name}}" is deprecated in favour of "{{successor}}", which no tool file defines: add "{{successor}}", or name the tool that really replaces it.',
      selfSuccessor: '"{{name}}" is deprecated in favour of itself: name the tool that replaces it (its versioned successor, such as "{{name}}_v2").',
      notAName: 'The successor of "{{name}}" must be a tool name (a string), not {{what}}: name the tool that replaces it.',
    },
  },
  create(ctx) {
    return {
      tool(tool) {
        const d = deprecationOf(tool);
        if (!d || d.via === 'description' || !d.replacedByNode || !tool.name) return;
        const nodes: readonly Node[] = d.replacedByNode.type === 'array' ? elements(d.replacedByNode) : [d.replacedByNode];
        for (const n of nodes) {
          if (n.type !== 'string') {
            // null: no successor, as an absent one.
            if (n.type !== 'null') ctx.report({ node: n, messageId: 'notAName', data: { name: tool.name, what: n.type === 'object' ? 'an object' : n.type === 'array' ? 'a list' : `a ${n.type}` } });
            continue;
          }
          const successor = (n.value as string).trim();
          if (successor === tool.name) {
            ctx.report({ node: n, messageId: 'selfSuccessor', data: { name: tool.name } });
            continue;
          }
          if (!successor || ctx.names.has(successor) || ctx.workspace.definitions(successor).count > 0) continue;
          ctx.report({ node: n, messageId: 'unknownSuccessor', data: { name: tool.name, successor } });
        }
      },
    };
  },
});
