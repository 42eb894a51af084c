import { defineRule } from '../rule';
import { hasUsageCue, isBlank } from '../analysis/descriptions';

export default defineRule<'noUsageCue'>({
  id: 'description-when-missing',
  meta: {
    section: 'Descriptions',
    defaultSeverity: 'info',
    fixable: false,
    docs: {
      description: 'Nothing in the tool description says when to call the tool (no usage cue such as "Use when", "Use this to", "Call when the user", "Do not use for").',
      why: 'SPEC Service rule 2: the description states when to call the tool and what it does. A description that only says what the tool does leaves the model to infer the situations it fits, which is where wrong tool choices come from when sibling tools overlap. A usage cue ("Use this when the user asks…", "Do not use for forecasts; use get_forecast instead") tells it directly. Recognised cues include "use this/it when/to/for/if", "use when", "call this when", "do not use", "only use", "should be used", "useful for", "when the user", "if you need", "whenever", "before/after calling", "instead of", "prefer this".',
      spec: 'Service rules 2 and 3',
      bad: '{ "name": "get_current_weather", "description": "Returns the current temperature, conditions and wind speed for a city.", "input_schema": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } }',
      good: '{ "name": "get_current_weather", "description": "Use this when the user asks about the weather right now in a city. Returns the current temperature, conditions and wind speed. Do not use for forecasts; use get_forecast instead.", "input_schema": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } }',
    },
    messages: {
      noUsageCue: 'The description does not say when to call the tool: add a usage cue such as "Use this when the user …" (and "Do not use for …" if a sibling tool fits better).',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        const d = t.descriptionNode;
        if (!d || d.type !== 'string') return;
        const text = d.value as string;
        if (isBlank(text) || hasUsageCue(text)) return;
        ctx.report({ node: d, messageId: 'noUsageCue' });
      },
    };
  },
});
