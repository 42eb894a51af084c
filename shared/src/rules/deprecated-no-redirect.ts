import { defineRule } from '../rule';
import { deprecationOf, withRedirect } from '../analysis/versions';
import { propertyNode } from '../document';

export default defineRule<'noRedirect' | 'noSuccessorInText'>({
  id: 'deprecated-no-redirect',
  meta: {
    section: 'Versioning',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'A tool marked deprecated whose description does not tell the model so, or does not name the tool to use instead.',
      why: 'The model never sees the machine-readable marker: it chooses tools by name and description (SPEC service rules 2-3). Until the old tool is removed (SPEC "Versioning" 2), its description must redirect the model, "Deprecated: use get_weather_v2 instead.", or the model keeps calling the old tool.',
      spec: 'Versioning 2; Service rule 3',
      bad: '[\n  { "name": "get_weather", "description": "Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "get_weather_v2", "description": "Use this when the user asks for the current weather at a place, by city or coordinates.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
      good: '[\n  { "name": "get_weather", "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "get_weather_v2", "description": "Use this when the user asks for the current weather at a place, by city or coordinates.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
      fix: 'Prepend "Deprecated: use <successor> instead." to the description (the marker\'s successors; "Deprecated: do not use this tool; it will be removed." when it names none), replacing an existing leading "Deprecated…" sentence.',
    },
    messages: {
      noRedirect: '"{{name}}" is marked deprecated but its description does not say so: start it with "{{redirect}}" so the model stops choosing it.',
      noSuccessorInText: 'The description of deprecated "{{name}}" does not name its successor: start it with "{{redirect}}".',
    },
  },
  create(ctx) {
    return {
      tool(tool) {
        const d = deprecationOf(tool);
        if (!d || d.via === 'description' || !tool.name) return;
        const text = tool.description ?? '';
        const redirect = withRedirect(undefined, d.markerReplacedBy);
        const node = tool.descriptionNode ?? tool.nameNode;
        if (!node) return;
        if (!/\bdeprecated\b/i.test(text)) {
          ctx.report({ node, messageId: 'noRedirect', data: { name: tool.name, redirect } });
        } else if (d.markerReplacedBy.length > 0 && !d.markerReplacedBy.some((s) => text.includes(s))) {
          ctx.report({ node, messageId: 'noSuccessorInText', data: { name: tool.name, redirect } });
        }
      },
    };
  },
  fix({ tool, edit }) {
    const d = tool && deprecationOf(tool);
    if (!tool || !d) return [];
    const description = withRedirect(tool.description, d.markerReplacedBy);
    const title = `Start the description with "${withRedirect(undefined, d.markerReplacedBy)}"`;
    if (tool.descriptionNode) return [{ title, kind: 'suggestion', edits: [edit.replaceValue(tool.descriptionNode, description)] }];
    return [{ title, kind: 'suggestion', edits: [edit.setProperty(tool.node, 'description', description, { after: propertyNode(tool.node, 'name') ? 'name' : undefined })] }];
  },
});
