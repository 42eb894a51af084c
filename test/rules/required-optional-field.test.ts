import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/required-optional-field';

const openaiChat = (params: string, extra = '') => `{
  "type": "function",
  "function": {
    "name": "search_flights",
    "description": "Use this when the user wants to find flights between two airports on a given date.",
    "parameters": ${params}${extra}
  }
}`;

const anthropic = (params: string) => `{
  "name": "get_forecast",
  "description": "Use this when the user asks for the weather forecast of a city for the coming days.",
  "input_schema": ${params}
}`;

const mcp = (params: string) => `{
  "name": "list_issues",
  "description": "Use this to list the open issues of a repository, newest first.",
  "inputSchema": ${params}
}`;

const issues = mcp(`{
      "type": "object",
      "properties": {
        "repository": { "type": "string", "description": "Repository as owner/name." },
        "page_size": { "type": "integer", "minimum": 1, "maximum": 100, "description": "Issues per page (optional, default 20)." },
        "label": { "type": "string", "description": "Only issues with this label. Omit to list issues with any label." },
        "assignee": { "type": "string", "description": "Only issues assigned to this login; every assignee when absent." }
      },
      "required": ["repository", "page_size", "label", "assignee"]
    }`);

const forecast = anthropic(`{
      "type": "object",
      "properties": {
        "city": { "type": "string", "description": "City name, for example Paris." },
        "days": { "type": "integer", "minimum": 1, "maximum": 14, "default": 3, "description": "Number of days to forecast." }
      },
      "required": ["city", "days"]
    }`);

const invoice = `{
  "name": "create_invoice",
  "description": "Use this to create a draft invoice for a customer with one or more line items.",
  "parameters": {
    "type": "object",
    "properties": {
      "customer_id": { "type": "string", "description": "Customer to bill." },
      "lines": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "sku": { "type": "string", "description": "Product SKU." },
            "note": { "type": "string", "description": "(optional) Free text printed under the line." }
          },
          "required": ["sku", "note"]
        }
      }
    },
    "required": ["customer_id", "lines"]
  }
}`;

const twice = `{
\t"type": "function",
\t"function": {
\t\t"name": "search_docs",
\t\t"description": "Use this when the user asks a question the product documentation can answer.",
\t\t"parameters": {
\t\t\t"type": "object",
\t\t\t"properties": {
\t\t\t\t"query": { "type": "string", "description": "Words to search for." },
\t\t\t\t"limit": { "type": "integer", "minimum": 1, "maximum": 50, "description": "Results to return. Defaults to 10." }
\t\t\t},
\t\t\t"required": [
\t\t\t\t"limit",
\t\t\t\t"query",
\t\t\t\t"limit"
\t\t\t]
\t\t}
\t}
}`;

const gemini = `{ "functionDeclarations": [{ "name": "get_weather", "description": "Use this when the user asks for the current weather in a city.", "parameters": { "type": "OBJECT", "properties": { "city": { "type": "STRING", "description": "City name." }, "units": { "type": "STRING", "enum": ["metric", "imperial"], "description": "Unit system. Defaults to metric." } }, "required": ["units", "city"] } }] }`;

runRuleTests(rule, {
  valid: [
    {
      name: 'optional fields left out of required (OpenAI chat)',
      code: openaiChat(`{
      "type": "object",
      "properties": {
        "origin": { "type": "string", "description": "IATA code of the departure airport, e.g. CDG." },
        "destination": { "type": "string", "description": "IATA code of the arrival airport, e.g. JFK." },
        "cabin": { "type": "string", "enum": ["economy", "business"], "default": "economy", "description": "Cabin class. Defaults to economy." }
      },
      "required": ["origin", "destination"]
    }`),
    },
    {
      name: 'strict tool: every property required, optional ones nullable',
      code: openaiChat(`{
      "type": "object",
      "properties": {
        "origin": { "type": "string", "description": "IATA code of the departure airport." },
        "cabin": { "type": ["string", "null"], "description": "Cabin class, optional; null means economy." }
      },
      "required": ["origin", "cabin"],
      "additionalProperties": false
    }`, `,
    "strict": true`),
    },
    {
      name: 'every property required and one nullable (strict style without the flag): null alone is no sign',
      code: anthropic(`{
      "type": "object",
      "properties": {
        "city": { "type": "string", "description": "City name, for example Paris." },
        "country": { "type": ["string", "null"], "description": "Optional ISO country code to disambiguate the city." }
      },
      "required": ["city", "country"]
    }`),
    },
    {
      name: 'null has its own meaning ("null to remove the current type")',
      code: mcp(`{
      "type": "object",
      "properties": {
        "owner": { "type": "string", "description": "Repository owner." },
        "issue_type": { "anyOf": [{ "type": "string" }, { "type": "null" }], "description": "The issue type to set, or null to remove the current type." },
        "label": { "type": "string", "description": "Label to filter by." }
      },
      "required": ["owner", "issue_type"]
    }`),
    },
    {
      name: '"optional" about something else, and "not optional"',
      code: mcp(`{
      "type": "object",
      "properties": {
        "repo": { "type": "string", "description": "Repository name. Not optional: the server has no default repository." },
        "features": { "type": "array", "items": { "type": "string" }, "description": "List of the optional features to report on." },
        "state": { "type": "string", "enum": ["open", "closed"], "description": "Issue state to list." }
      },
      "required": ["repo", "features"]
    }`),
    },
    {
      name: 'an object property whose description documents nested defaults',
      code: mcp(`{
      "type": "object",
      "properties": {
        "policy": {
          "type": "object",
          "description": "The policy: name (str, required), status (str, optional, default: ACTIVE).",
          "properties": { "name": { "type": "string" }, "status": { "type": "string" } },
          "required": ["name"]
        }
      },
      "required": ["policy"]
    }`),
    },
    {
      name: 'description tells the model to ask the user when the value is missing: the field is needed (Anthropic)',
      code: anthropic(`{
      "type": "object",
      "properties": {
        "city": { "type": "string", "description": "City to forecast. Ask the user for it if it is not provided in the conversation." },
        "days": { "type": "integer", "minimum": 1, "maximum": 7, "description": "Number of days to forecast." }
      },
      "required": ["city", "days"]
    }`),
    },
    {
      name: '"must be provided" outweighs the "if not provided" clause that follows it (MCP)',
      code: mcp(`{
      "type": "object",
      "properties": {
        "repository": { "type": "string", "description": "Repository as owner/name. Must be provided; if not provided, the call fails." }
      },
      "required": ["repository"]
    }`),
    },
  ],
  invalid: [
    {
      name: '"(optional, default 20)" and "omit to ..." mark optional fields (MCP)',
      code: issues,
      errors: [
        {
          messageId: 'optionalRequired',
          at: '"page_size"',
          occurrence: 2,
          messageIncludes: 'optional',
          fixes: [{ title: 'Remove "page_size" from "required"', kind: 'suggestion', output: issues.replace('["repository", "page_size", "label", "assignee"]', '["repository", "label", "assignee"]') }],
        },
        { messageId: 'optionalRequired', at: '"label"', occurrence: 2, messageIncludes: 'Omit to list issues with any label' },
        {
          messageId: 'optionalRequired',
          at: '"assignee"',
          occurrence: 2,
          messageIncludes: 'when absent',
          fixes: [{ kind: 'suggestion', output: issues.replace('["repository", "page_size", "label", "assignee"]', '["repository", "page_size", "label"]') }],
        },
      ],
    },
    {
      name: 'required field with a default (Anthropic)',
      code: forecast,
      errors: [
        {
          messageId: 'optionalRequired',
          at: '"days"',
          occurrence: 2,
          data: { name: 'days', reason: 'it has a default (3)' },
          fixes: [{ title: 'Remove "days" from "required"', kind: 'suggestion', output: forecast.replace('"required": ["city", "days"]', '"required": ["city"]') }],
        },
      ],
    },
    {
      name: 'description says "Defaults to" and "If not provided" (OpenAI chat)',
      code: openaiChat(`{
      "type": "object",
      "properties": {
        "origin": { "type": "string", "description": "IATA code of the departure airport." },
        "date": { "type": "string", "format": "date", "description": "Departure date. If not provided, today is used." },
        "cabin": { "type": "string", "enum": ["economy", "business"], "description": "Cabin class. Defaults to economy." }
      },
      "required": ["origin", "date", "cabin"]
    }`),
      errors: [
        { messageId: 'optionalRequired', at: '"date"', occurrence: 3, data: { reason: 'its description says "If not provided"' } },
        { messageId: 'optionalRequired', at: '"cabin"', occurrence: 2, data: { reason: 'its description says "Defaults to economy"' } },
      ],
    },
    {
      name: 'nullable field required while another field is optional (MCP)',
      code: mcp(`{
      "type": "object",
      "properties": {
        "repo": { "type": "string", "description": "Repository in owner/name form." },
        "milestone": { "type": ["string", "null"], "description": "Milestone title to filter by." },
        "per_page": { "type": "integer", "minimum": 1, "maximum": 100, "description": "Page size." }
      },
      "required": ["repo", "milestone"]
    }`),
      errors: [{ messageId: 'optionalRequired', at: '"milestone"', occurrence: 2, messageIncludes: 'its type allows null' }],
    },
    {
      name: 'nested object: "(optional)" marker inside an array item schema (bare tool)',
      code: invoice,
      errors: [
        {
          messageId: 'optionalRequired',
          at: '"note"',
          occurrence: 2,
          data: { reason: 'its description says "optional"' },
          fixes: [{ kind: 'suggestion', output: invoice.replace('"required": ["sku", "note"]', '"required": ["sku"]') }],
        },
      ],
    },
    {
      name: 'listed twice, multi-line required array (OpenAI chat, tab indentation)',
      code: twice,
      errors: [
        {
          messageId: 'optionalRequired',
          at: '"limit"',
          occurrence: 2,
          fixes: [{ kind: 'suggestion', output: twice.replace('[\n\t\t\t\t"limit",\n\t\t\t\t"query",\n\t\t\t\t"limit"\n\t\t\t]', '["query"]') }],
        },
      ],
    },
    {
      name: 'first entry of a one-line required list (Gemini)',
      code: gemini,
      errors: [{ messageId: 'optionalRequired', at: '"units"', occurrence: 2, fixes: [{ output: gemini.replace('"required": ["units", "city"]', '"required": ["city"]') }] }],
    },
  ],
});
