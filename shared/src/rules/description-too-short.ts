import { defineRule } from '../rule';
import { wordCountUpTo } from '../text';
import { isBlank, restatedNameWords } from '../analysis/descriptions';

export default defineRule<'tooShort' | 'restatesName'>({
  id: 'description-too-short',
  meta: {
    section: 'Descriptions',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'A tool description has fewer than 8 words (`budgets.descriptionMinWords`), or only restates the tool name ("Gets the weather" for get_weather).',
      why: 'The description is written for the model: it states when to call the tool and what it does (SPEC Service rule 2). A few words, or the name repeated as a sentence, add nothing the name did not already say, so the model cannot tell this tool from its siblings or know what it returns. Words are counted so that Chinese, Japanese and Korean text (written without spaces) is not called short. Missing and empty descriptions are reported by description-missing.',
      spec: 'Service rule 2',
      bad: '{ "name": "get_weather", "description": "Gets the weather.", "inputSchema": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } }',
      good: '{ "name": "get_weather", "description": "Use this when the user asks about the current weather in a city. Returns the temperature, conditions and wind speed.", "inputSchema": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } }',
    },
    messages: {
      tooShort: 'The description has {{count}} word(s), fewer than {{min}}: say when to call the tool, what it does and what it returns.',
      restatesName: 'The description only restates the tool name "{{name}}": say when to call the tool, what it does and what it returns.',
    },
  },
  create(ctx) {
    const min = ctx.config.budgets.descriptionMinWords;
    return {
      tool(t) {
        const d = t.descriptionNode;
        if (!d || d.type !== 'string') return;
        const text = d.value as string;
        if (isBlank(text)) return; // description-missing
        if (t.name !== undefined && restatedNameWords(text, t.name)) {
          ctx.report({ node: d, messageId: 'restatesName', data: { name: t.name } });
          return;
        }
        const count = wordCountUpTo(text, min);
        if (count < min) ctx.report({ node: d, messageId: 'tooShort', data: { count, min } });
      },
    };
  },
});
