import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/type-closed-set-as-string';

const gemini = `{ "functionDeclarations": [{ "name": "set_lights", "description": "Use this to switch the lights.", "parameters": { "type": "OBJECT", "properties": { "mode": { "type": "STRING", "description": "on or off" }, "level": { "type": "STRING", "description": "low, medium or high." } } } }] }`;

const openai = `{ "type": "function", "function": { "name": "create_ticket", "description": "Use this to open a support ticket.", "parameters": { "type": "object", "properties": { "unit": { "type": "string", "description": "The unit of temperature, celsius or fahrenheit." }, "priority": { "type": "string", "description": "Ticket priority, one of: low, medium, high." } } } } }`;

const bare = `{ "name": "get_forecast", "description": "Use this to get a forecast.", "parameters": { "type": "object", "properties": { "scale": { "type": "string", "description": "The scale to use, either Celsius (C) or Fahrenheit (F)." }, "units": { "description": "Choose between 'metric' and 'imperial'." } } } }`;

// MCP, two-space indentation: a nullable type list (null joins the enum) and a default among the values.
const mcpBlock = `{
  "name": "list_pull_requests",
  "description": "Use this when the user asks for the pull requests of a repository.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "state": {
        "type": ["string", "null"],
        "default": "open",
        "description": "Filter by state: open, closed or merged."
      }
    }
  }
}`;
const mcpBlockFixed = mcpBlock.replace(`"type": ["string", "null"],
        "default": "open",`, `"type": ["string", "null"],
        "enum": ["open", "closed", "merged", null],
        "default": "open",`);

// BFCL: a list of tools, a Python-style null default on a plain string (the enum leaves it as it was).
const bfcl = `[{ "name": "list_exports", "description": "Use this to list bot exports.", "parameters": { "type": "dict", "properties": { "filterName": { "type": "string", "description": "The field to filter by. Possible values are 'Bot', 'BotLocale', or 'CustomVocabulary'.", "default": null } } } }]`;

// Anthropic: a nullable anyOf (the enum goes into the string branch) in a nested object, and a default that
// is not one of the listed values (no fix).
const anthropic = `{ "name": "export_report", "description": "Use this to export a report.", "input_schema": { "type": "object", "properties": { "options": { "type": "object", "properties": { "format": { "anyOf": [{ "type": "string" }, { "type": "null" }], "default": null, "description": "Output format, either 'pdf' or 'csv'." }, "orientation": { "type": "string", "default": "Portrait", "description": "Page orientation: portrait or landscape." } } } } } }`;

runRuleTests(rule, {
  valid: [
    {
      name: 'enum already declared (OpenAI chat)',
      code: `{ "type": "function", "function": { "name": "get_weather", "description": "Use this to get the weather.", "parameters": { "type": "object", "properties": { "city": { "type": "string" }, "unit": { "type": "string", "enum": ["celsius", "fahrenheit"], "description": "The unit of temperature, celsius or fahrenheit." } } } } }`,
    },
    {
      name: 'examples are not a closed set: e.g., such as, like, etc.',
      code: `{ "name": "convert_recipe_units", "description": "Use this to convert cooking units.", "input_schema": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, e.g. 'Paris' or 'London'." }, "cuisine": { "type": "string", "description": "Cuisine such as Italian, Thai or Mexican." }, "from_unit": { "type": "string", "description": "Unit to convert from. Supports 'teaspoon', 'tablespoon', 'cup', etc." } } } }`,
    },
    {
      name: 'prose that only looks like a list: either an ID or an email, absolute or relative paths, cross-references',
      code: `{ "name": "get_user", "description": "Use this to look up a user.", "inputSchema": { "type": "object", "properties": { "user": { "type": "string", "description": "Either the user ID or the email address." }, "path": { "type": "string", "description": "The path should be absolute or relative to the working directory." }, "date_start": { "type": "string", "format": "date", "description": "Start date. Use together with 'date_end' or 'date_range'." }, "date_end": { "type": "string", "description": "End date. Either use this parameter together with 'date_start', or use 'date_range'." }, "date_range": { "type": "string", "description": "A relative range such as 7d." } } } }`,
    },
    {
      name: 'a status message is free text; a format-constrained string',
      code: `{ "name": "set_profile_status", "description": "Use this to set the user's status.", "parameters": { "type": "object", "properties": { "status": { "type": "string", "description": "The status text to show, for example 'In a meeting'." }, "start": { "type": "string", "format": "date", "description": "Either today or tomorrow." } } } }`,
    },
    {
      name: 'closed-set names used for free text: phrase examples, a length limit, an address unit; a search query',
      code: `{ "type": "function", "function": { "name": "update_shipping_address", "description": "Use this to change a delivery address.", "parameters": { "type": "object", "properties": { "status": { "type": "string", "maxLength": 100, "description": "What teammates should see, for example \\"Out sick\\"." }, "unit": { "type": "string", "description": "Apartment, suite or floor, such as \\"Apt 4B\\"." }, "query": { "type": "string", "description": "Topic or keywords." } } } } }`,
    },
  ],
  invalid: [
    {
      name: 'the whole description is the list (Gemini)',
      code: gemini,
      errors: [
        {
          messageId: 'describedValues',
          at: '"STRING"',
          occurrence: 1,
          data: { name: 'mode', values: 'on,off' },
          fixes: [{ title: 'Add "enum": ["on", "off"]', kind: 'suggestion', output: gemini.replace('"mode": { "type": "STRING",', '"mode": { "type": "STRING", "enum": ["on", "off"],') }],
        },
        { messageId: 'describedValues', at: '"STRING"', occurrence: 2, data: { name: 'level', values: 'low,medium,high' } },
      ],
    },
    {
      name: 'values after a short phrase and after "one of" (OpenAI chat)',
      code: openai,
      errors: [
        {
          messageId: 'describedValues',
          at: '"string"',
          occurrence: 1,
          data: { name: 'unit', values: 'celsius,fahrenheit' },
          messageIncludes: '"enum": ["celsius", "fahrenheit"]',
          fixes: [{ title: 'Add "enum": ["celsius", "fahrenheit"]', output: openai.replace('"unit": { "type": "string",', '"unit": { "type": "string", "enum": ["celsius", "fahrenheit"],') }],
        },
        {
          messageId: 'describedValues',
          at: '"string"',
          occurrence: 2,
          data: { name: 'priority', values: 'low,medium,high' },
          fixes: [{ output: openai.replace('"priority": { "type": "string",', '"priority": { "type": "string", "enum": ["low", "medium", "high"],') }],
        },
      ],
    },
    {
      name: 'quoted alternatives with glosses, possible values, pipe list (MCP)',
      code: `{ "name": "list_repositories", "description": "Use this to list repositories.", "inputSchema": { "type": "object", "properties": { "sort": { "type": "string", "description": "Use 'asc' for ascending or 'desc' for descending order." }, "visibility_filter": { "type": "string", "description": "Possible values are 'public', 'private', and 'internal'." }, "interval": { "type": "string", "description": "The interval of the history. Allows one of following : 5m|1h|1d" } } } }`,
      errors: [
        { messageId: 'describedValues', at: '"string"', occurrence: 1, data: { values: 'asc,desc' } },
        { messageId: 'describedValues', at: '"string"', occurrence: 2, data: { values: 'public,private,internal' } },
        { messageId: 'describedValues', at: '"string"', occurrence: 3, data: { values: '5m,1h,1d' } },
      ],
    },
    {
      name: 'closed-set names with no values listed, nullable type (Anthropic)',
      code: `{ "name": "update_ticket", "description": "Use this to change a ticket.", "input_schema": { "type": "object", "properties": { "ticket_id": { "type": "string" }, "status": { "type": ["string", "null"], "description": "New status for the ticket." }, "sort_order": { "type": "string" } } } }`,
      errors: [
        { messageId: 'closedName', at: '"string"', occurrence: 2, data: { name: 'status' }, fixes: [] },
        { messageId: 'closedName', at: '"string"', occurrence: 3, data: { name: 'sort_order' }, fixes: [] },
      ],
    },
    {
      name: 'either X or Y with parenthesised glosses; untyped property reported at its key (bare)',
      code: bare,
      errors: [
        {
          messageId: 'describedValues',
          at: '"string"',
          data: { values: 'Celsius,Fahrenheit' },
          fixes: [{ title: 'Add "enum": ["Celsius", "Fahrenheit"]', output: bare.replace('"scale": { "type": "string",', '"scale": { "type": "string", "enum": ["Celsius", "Fahrenheit"],') }],
        },
        {
          messageId: 'describedValues',
          at: '"units"',
          data: { values: 'metric,imperial' },
          fixes: [{ output: bare.replace(`"Choose between 'metric' and 'imperial'." }`, `"Choose between 'metric' and 'imperial'.", "enum": ["metric", "imperial"] }`) }],
        },
      ],
    },
    {
      name: 'a weak cue made full by "one of", a lead-in phrase with a colon, a "Supported <things> are" cue (OpenAI chat)',
      code: `{ "type": "function", "function": { "name": "search_products", "description": "Use this to find products.", "parameters": { "type": "object", "properties": { "condition": { "type": "string", "description": "Cup size. Must be one of small, medium, large." }, "travel_mode": { "type": "string", "description": "How to travel: driving, walking, bicycling or transit." }, "size": { "type": "string", "description": "Image size in pixels. Supported sizes are 256x256, 512x512 and 1024x1024." } } } } }`,
      errors: [
        { messageId: 'describedValues', at: '"string"', occurrence: 1, data: { name: 'condition', values: 'small,medium,large' } },
        { messageId: 'describedValues', at: '"string"', occurrence: 2, data: { name: 'travel_mode', values: 'driving,walking,bicycling,transit' } },
        { messageId: 'describedValues', at: '"string"', occurrence: 3, data: { name: 'size', values: '256x256,512x512,1024x1024' } },
      ],
    },
      {
      name: 'multi-line MCP tool: null joins the enum of a nullable type list, the default is one of the values',
      code: mcpBlock,
      errors: [{ messageId: 'describedValues', at: '"string"', data: { name: 'state' }, fixes: [{ title: 'Add "enum": ["open", "closed", "merged", null]', output: mcpBlockFixed }] }],
    },
    {
      name: 'nullable anyOf in a nested object: the enum goes into the string branch; a default outside the values: no fix (Anthropic)',
      code: anthropic,
      errors: [
        { messageId: 'describedValues', at: '"string"', occurrence: 1, data: { name: 'format' }, fixes: [{ output: anthropic.replace('[{ "type": "string" },', '[{ "type": "string", "enum": ["pdf", "csv"] },') }] },
        { messageId: 'describedValues', at: '"string"', occurrence: 2, data: { name: 'orientation' }, fixes: [] },
      ],
    },
      {
      name: 'BFCL list with a null default: the enum is added, the default kept',
      code: bfcl,
      errors: [
        {
          messageId: 'describedValues',
          at: '"string"',
          data: { values: 'Bot,BotLocale,CustomVocabulary' },
          fixes: [{ title: 'Add "enum": ["Bot", "BotLocale", "CustomVocabulary"]', output: bfcl.replace('"filterName": { "type": "string",', '"filterName": { "type": "string", "enum": ["Bot", "BotLocale", "CustomVocabulary"],') }],
        },
      ],
    },
  ],
});
