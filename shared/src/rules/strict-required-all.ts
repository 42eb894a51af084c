import { defineRule } from '../rule';
import { allowsNull, primaryType, typeNames } from '../schemaWalk';
import { isObject } from '../document';
import { SOURCES } from '../profiles';
import { strictInfo, strictLabel, strictSeverity } from '../analysis/strict';

export default defineRule<'notRequired' | 'notRequiredNullable'>({
  id: 'strict-required-all',
  meta: {
    section: 'Required and strict mode',
    defaultSeverity: 'error',
    fixable: 'safe',
    docs: {
      description: 'In OpenAI strict mode, a property (at any depth) that its object does not list in `required`.',
      why: 'OpenAI strict mode (Structured Outputs) requires every property of every object to be listed in `required`; a truly optional field stays listed and uses a type that includes null (SPEC "Required versus optional" 2). A schema that leaves a property out is rejected when `strict` is true, and an OpenAI Responses tool that omits `strict` silently falls back to non-strict, best-effort calls. Anthropic strict tool use allows optional parameters, so this rule follows the active provider profile and only applies to the OpenAI family (SPEC "Required versus optional" 3).',
      spec: 'Required versus optional 2-3; Versioning 1',
      bad: '{ "type": "function", "function": { "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": true, "parameters": { "type": "object", "properties": { "query": { "type": "string", "description": "Search words." }, "max_price": { "type": "number", "description": "Upper price limit in EUR; omit for no limit." } }, "required": ["query"], "additionalProperties": false } } }',
      good: '{ "type": "function", "function": { "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": true, "parameters": { "type": "object", "properties": { "query": { "type": "string", "description": "Search words." }, "max_price": { "type": ["number", "null"], "description": "Upper price limit in EUR; null for no limit." } }, "required": ["query", "max_price"], "additionalProperties": false } } }',
      fix: 'Adds the property to its object\'s `required` list and, unless its type already allows null, adds "null" to its type.',
      sources: [SOURCES.openaiStructuredOutputs, SOURCES.openaiResponsesFunctionTool, SOURCES.anthropicStrict],
    },
    messages: {
      notRequired: '"{{name}}" is not in "required": {{mode}} requires every property to be listed. Add it to "required" and, since it is optional, make its type nullable ("type": ["{{type}}", "null"]) so the model can send null to leave it out.',
      notRequiredNullable: '"{{name}}" is not in "required": {{mode}} requires every property to be listed. Add it to "required"; its type already allows null, so the model can still send null to leave it out.',
    },
  },
  create(ctx) {
    return {
      property(p, t) {
        if (p.required) return;
        const info = strictInfo(t);
        if (!info || info.family !== 'openai') return;
        const nullable = isObject(p.schema) && allowsNull(p.schema);
        const type = (isObject(p.schema) && primaryType(typeNames(p.schema))) || 'string';
        ctx.report({
          node: p.keyNode,
          messageId: nullable ? 'notRequiredNullable' : 'notRequired',
          data: { name: p.name, mode: strictLabel(info), type },
          severity: strictSeverity(info, 'error'),
        });
      },
    };
  },
});
