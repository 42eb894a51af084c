import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/strict-limits';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** An OpenAI strict Chat Completions tool around a parameter schema. */
const chat = (name: string, params: string) =>
  `{ "type": "function", "function": { "name": "${name}", "description": "Use this when the user asks to look up ${name.replace(/_/g, ' ')}.", "strict": true, "parameters": ${params} } }`;

/** An object schema with the given properties, all required and closed. */
const obj = (props: Record<string, string>) => {
  const keys = Object.keys(props);
  return `{ "type": "object", "properties": { ${keys.map((k) => `"${k}": ${props[k]}`).join(', ')} }, "required": [${keys.map((k) => `"${k}"`).join(', ')}], "additionalProperties": false }`;
};

/** Objects nested `levels` deep (the root counts as level 1). */
const nested = (levels: number): string => (levels === 1 ? obj({ leaf: '{ "type": "string" }' }) : obj({ [`level_${levels}`]: nested(levels - 1) }));

const enumOf = (values: string[]) => `{ "type": "string", "enum": [${values.map((v) => JSON.stringify(v)).join(', ')}] }`;

const anthropicTool = (i: number, props = '{}', required = '[]', strict = true) =>
  `{ "name": "get_metric_${i}", "description": "Use this when the user asks for the current value of dashboard metric ${i}.",${strict ? ' "strict": true,' : ''} "input_schema": { "type": "object", "properties": ${props}, "required": ${required}, "additionalProperties": false } }`;

const optionalProps = (prefix: string, n: number) => `{ ${range(n).map((i) => `"${prefix}_${i}": { "type": "string" }`).join(', ')} }`;
const unionProps = (prefix: string, n: number) => `{ ${range(n).map((i) => `"${prefix}_${i}": { "type": ["string", "null"] }`).join(', ')} }`;
const requiredOf = (prefix: string, n: number) => `[${range(n).map((i) => `"${prefix}_${i}"`).join(', ')}]`;

runRuleTests(rule, {
  valid: [
    { name: 'OpenAI: 10 levels of object nesting', code: chat('get_nested_config', nested(10)) },
    {
      name: 'OpenAI: 1000 enum values, and a 250-value enum of long strings (the 15,000 limit starts above 250 values)',
      code: chat('get_airport_info', obj({
        code: enumOf(range(750).map((i) => `A${i}`)),
        name: enumOf(range(250).map((i) => `Airport number ${i} with a rather long descriptive name, terminal ${i}`)),
      })),
    },
    {
      name: 'Anthropic: 20 strict tools, 24 optional and 16 union parameters; non-strict tools do not count',
      code: `[${[
        ...range(20).map((i) => (i === 0 ? anthropicTool(i, optionalProps('opt', 24)) : i === 1 ? anthropicTool(i, unionProps('u', 16), requiredOf('u', 16)) : anthropicTool(i))),
        anthropicTool(99, optionalProps('extra', 10), '[]', false),
      ].join(', ')}]`,
    },
    {
      name: 'non-strict OpenAI tool with a huge enum',
      code: `{ "type": "function", "function": { "name": "get_city", "description": "Use this to look up a city.", "parameters": ${obj({ city: enumOf(range(1500).map((i) => `City ${i}`)) })} } }`,
    },
  ],
  invalid: [
    {
      name: 'OpenAI: nesting deeper than 10 levels',
      code: chat('get_nested_config', nested(12)),
      errors: [{ messageId: 'depth', at: '"level_3"', data: { level: 11 } }],
    },
    {
      name: 'OpenAI: more than 1000 enum values in one schema',
      code: chat('get_airport_info', obj({ code: enumOf(range(600).map((i) => `A${i}`)), alt: enumOf(range(401).map((i) => `B${i}`)) })),
      errors: [{ messageId: 'enumValues', at: '"parameters"', data: { count: 1001 } }],
    },
    {
      name: 'OpenAI: a string enum over 250 values and 15,000 characters',
      code: chat('get_airport_info', obj({ name: enumOf(range(300).map((i) => `Airport number ${i} with a rather long descriptive name, terminal ${i}`)) })),
      errors: [{ messageId: 'bigEnum', at: '"enum"', data: { count: 300 } }],
    },
    {
      name: 'OpenAI: more than 120,000 characters of names and enum values',
      code: chat('get_document', obj({ section: enumOf(range(100).map((i) => `${i}:` + 'x'.repeat(1250))) })),
      errors: [{ messageId: 'stringChars', at: '"parameters"' }],
    },
    {
      name: 'OpenAI: more than 5000 properties',
      code: chat('get_wide_record', obj(Object.fromEntries(range(5001).map((i) => [`f${i}`, '{ "type": "string" }'])))),
      errors: [{ messageId: 'properties', at: '"parameters"', data: { count: 5001 } }],
    },
    {
      name: 'Anthropic: 21 strict tools in one file',
      code: `[${range(21).map((i) => anthropicTool(i)).join(', ')}]`,
      errors: [{ messageId: 'strictTools', at: '"get_metric_20"', tool: 'get_metric_20' }],
    },
    {
      name: 'Anthropic: 25 optional and 17 union-typed parameters across strict tools',
      code: `[${[anthropicTool(1, optionalProps('opt', 20)), anthropicTool(2, optionalProps('more', 5)), anthropicTool(3, unionProps('u', 17), requiredOf('u', 17))].join(', ')}]`,
      errors: [
        { messageId: 'optionalParams', at: '"more_4"', data: { count: 25 } },
        { messageId: 'unionParams', at: '"u_16"', data: { count: 17 } },
      ],
    },
  ],
});
