import { defineRule } from '../rule';
import { child, elements, entries, isArray, isObject } from '../document';
import { allowsNull } from '../schemaWalk';
import { removeFromRequired } from '../fixes/schemaEdits';
import { ALL_REASONS, MEANING_REASONS, optionality, reasonText, strictInfo, type OptionalReason } from '../analysis/strict';

const ADVICE: Record<OptionalReason, string> = {
  default: 'remove it from "required" and have the host apply the default (providers do not apply it)',
  description: 'remove it from "required" so the model can leave it out, and have the host apply the fallback the description promises',
  null: 'remove it from "required" so the model can leave it out instead of sending null',
};

export default defineRule<'optionalRequired'>({
  id: 'required-optional-field',
  meta: {
    section: 'Required and strict mode',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'In a non-strict schema, `required` lists a field that is optional by its own schema: it has a `default`, its description says it may be omitted ("optional", "if omitted", "defaults to"), or its type allows null.',
      why: 'In ordinary (non-strict) JSON Schema, `required` lists only the fields without which execution cannot proceed. A field that is listed but not really needed forces the model to invent a value instead of leaving it out, so the default or fallback the schema promises is never used (SPEC "Required versus optional" 1). Providers do not apply `default` themselves: the host does (SPEC keyword table, `default`). Strict-mode tools are exempt: there every property is required and optional ones are nullable (see strict-required-all). A nullable field is not reported when the object lists every property as required: that is the strict-mode style (null means "left out"), only the `strict` flag is missing.',
      spec: 'Required versus optional 1; Parameter schema keywords (default, required)',
      bad: '{ "name": "get_forecast", "description": "Use this when the user asks for the weather forecast of a city for the coming days.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." }, "days": { "type": "integer", "minimum": 1, "maximum": 14, "default": 3, "description": "Number of days to forecast. Defaults to 3." } }, "required": ["city", "days"] } }',
      good: '{ "name": "get_forecast", "description": "Use this when the user asks for the weather forecast of a city for the coming days.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." }, "days": { "type": "integer", "minimum": 1, "maximum": 14, "default": 3, "description": "Number of days to forecast. Defaults to 3." } }, "required": ["city"] } }',
      fix: 'Removes the field from `required` (every entry of it, when listed twice); the host then applies the default when the model leaves the field out. A suggestion: it changes what the model must send.',
    },
    messages: {
      optionalRequired: '"{{name}}" is listed in "required", but {{reason}}: a required field makes the model invent a value. {{advice}}.',
    },
  },
  create(ctx) {
    return {
      schema(s, t) {
        if (strictInfo(t)) return;
        const required = child(s.node, 'required');
        const properties = child(s.node, 'properties');
        if (!isArray(required) || !isObject(properties)) return;
        // Every property required: the strict-mode style (nullable means "no value"), so null alone is no sign.
        let allRequired = true;
        let count = 0;
        for (const [name] of entries(properties)) {
          count++;
          if (!s.required.has(name)) allRequired = false;
        }
        const strictStyle = allRequired && count > 0;
        const reasons = strictStyle ? MEANING_REASONS : ALL_REASONS;
        const seen = new Set<string>();
        for (const el of elements(required)) {
          if (el.type !== 'string') continue;
          const name = el.value as string;
          if (seen.has(name)) continue;
          seen.add(name);
          const prop = child(properties, name);
          if (!prop || !isObject(prop)) continue;
          // Strict style without the flag: a nullable field is already "optional" the strict way.
          if (strictStyle && allowsNull(prop)) continue;
          const o = optionality(prop, reasons);
          if (!o) continue;
          const advice = ADVICE[o.reason];
          ctx.report({
            node: el,
            messageId: 'optionalRequired',
            data: { name, reason: reasonText(o), advice: advice.charAt(0).toUpperCase() + advice.slice(1) },
          });
        }
      },
    };
  },
  fix({ node, edit }) {
    if (node?.type !== 'string' || node.parent?.type !== 'array') return [];
    const name = node.value as string;
    const e = removeFromRequired(edit, node.parent, name);
    return e ? [{ title: `Remove "${name}" from "required"`, kind: 'suggestion', edits: [e] }] : [];
  },
});
