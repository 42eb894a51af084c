import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/required-unknown';

const DESC = 'Use this when the user asks for the current weather in a city. Returns temperature and conditions.';

const invoice = `{ "name": "get_invoice", "description": "Use this when the user asks about one invoice by its number. Returns the invoice.", "inputSchema": { "type": "object", "properties": { "invoice_id": { "type": "string", "description": "Invoice number." } }, "required": ["invoice_id"] }, "outputSchema": { "type": "object", "properties": { "success": { "type": "boolean" }, "invoice": { "type": "object" } }, "required": ["success", "total_amount"] } }`;

const citty = `{"name": "get_weather", "description": "${DESC}", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string"}}, "required": ["citty"]}}`;

const wolfram = `[{"name": "wolfram_alpha", "description": "A tool that allows querying the Wolfram Alpha knowledge base.", "input_schema": {"type": "object", "properties": {"search_query": {"type": "string", "description": "The query to send to the Wolfram Alpha API."}}, "required": ["query"]}}]`;

const waste = `[{"name": "waste_calculation.calculate", "description": "Calculates the estimated waste.", "parameters": {"type": "dict", "properties": {"population": {"type": "dict", "description": "Household sizes.", "required": ["adults", "children"]}}, "required": ["population"]}}]`;

const userId = `{"name": "get_user", "description": "Use this to get one user.", "inputSchema": {"type": "object", "properties": {"user_id": {"type": "string"}}, "required": ["userId"]}}`;

const multi = `{
  "type": "function",
  "function": {
    "name": "create_payment",
    "description": "Use this to charge the customer once they confirm the amount.",
    "parameters": {
      "type": "object",
      "properties": {
        "cart": { "type": "string", "description": "Cart to pay for." },
        "cars": { "type": "string", "description": "Vehicles to rent with it." },
        "region": { "type": "string", "description": "Billing region." }
      },
      "required": [
        "region",
        "card",
        "regon"
      ]
    }
  }
}`;

runRuleTests(rule, {
  valid: [
    {
      name: 'every required name is defined (OpenAI chat, nested object)',
      code: `{"type": "function", "function": {"name": "get_weather", "description": "${DESC}", "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "options": {"type": "object", "properties": {"unit": {"type": "string"}}, "required": ["unit"]}}, "required": ["city"]}}}`,
    },
    {
      name: '"at least one of" anyOf branches that only list required names',
      code: `{"name": "find_user", "description": "Use this to look up a user by e-mail or id.", "inputSchema": {"type": "object", "properties": {"email": {"type": "string"}, "user_id": {"type": "string"}}, "anyOf": [{"required": ["email"]}, {"required": ["user_id"]}]}}`,
    },
    {
      name: 'names defined through allOf and a $ref to $defs',
      code: `{"name": "create_invoice", "description": "Use this to create an invoice.", "input_schema": {"type": "object", "allOf": [{"$ref": "#/$defs/base"}, {"properties": {"amount": {"type": "number"}}}], "required": ["customer_id", "amount"], "$defs": {"base": {"type": "object", "properties": {"customer_id": {"type": "string"}}}}}}`,
    },
    {
      name: 'patternProperties may define any name',
      code: `{"name": "set_labels", "description": "Use this to set labels on a resource.", "inputSchema": {"type": "object", "patternProperties": {"^label_": {"type": "string"}}, "required": ["label_env"]}}`,
    },
    {
      name: 'a map object (additionalProperties schema) may require keys it does not list',
      code: `{"name": "set_headers", "description": "Use this to set HTTP headers for later requests.", "inputSchema": {"type": "object", "properties": {"headers": {"type": "object", "additionalProperties": {"type": "string"}, "required": ["Authorization"]}}}}`,
    },
  ],
  invalid: [
    {
      name: 'an unknown required name in the MCP result schema',
      code: invoice,
      errors: [{ messageId: 'unknown', at: '"total_amount"', fixes: [{ title: 'Remove "total_amount" from "required"', kind: 'suggestion', output: invoice.replace('"required": ["success", "total_amount"]', '"required": ["success"]') }] }],
    },
    {
      name: 'typo of a property name (Anthropic)',
      code: citty,
      errors: [
        {
          messageId: 'unknownClose',
          at: '"citty"',
          data: { suggestion: 'city' },
          fixes: [
            { title: 'Rename "citty" to "city" in "required"', kind: 'suggestion', output: citty.replace('["citty"]', '["city"]') },
            { title: 'Remove "citty" from "required"', kind: 'suggestion', output: citty.replace('["citty"]', '[]') },
          ],
        },
      ],
    },
    {
      name: 'leftover after a rename (real Anthropic cookbook tool)',
      code: wolfram,
      errors: [{ messageId: 'unknown', at: '"query"', fixes: [{ output: wolfram.replace('"required": ["query"]', '"required": []') }] }],
    },
    {
      name: 'required names of a nested object with no properties (BFCL)',
      code: waste,
      errors: [
        { messageId: 'noProperties', at: '"adults"', fixes: [{ output: waste.replace('["adults", "children"]', '["children"]') }] },
        { messageId: 'noProperties', at: '"children"', fixes: [{ output: waste.replace('["adults", "children"]', '["adults"]') }] },
      ],
    },
    {
      name: 'case variant of the defined name (MCP)',
      code: userId,
      errors: [
        {
          messageId: 'unknownClose',
          at: '"userId"',
          data: { suggestion: 'user_id' },
          fixes: [{ title: 'Rename "userId" to "user_id"', output: userId.replace('["userId"]', '["user_id"]') }, { title: 'Remove "userId"', output: userId.replace('["userId"]', '[]') }],
        },
      ],
    },
    {
      name: 'two properties equally close: only removal; the closest one already required: only removal (multi-line OpenAI chat)',
      code: multi,
      errors: [
        {
          messageId: 'unknownClose',
          at: '"card"',
          data: { clear: 'no' },
          fixes: [{ title: 'Remove "card" from "required"', output: multi.replace('        "card",\n', '') }],
        },
        {
          messageId: 'unknownClose',
          at: '"regon"',
          data: { suggestion: 'region' },
          fixes: [{ title: 'Remove "regon" from "required"', output: multi.replace(',\n        "regon"\n', '\n') }],
        },
      ],
    },
  ],
});
