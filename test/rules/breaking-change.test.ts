import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runRuleTests, lintOf } from '../ruleTester';
import rule from '../../shared/src/rules/breaking-change';
import { lintText, clearToolCache } from '../../shared/src/linter';
import { configWith } from '../ruleTester';
import { withoutCommentsAndTrailingCommas } from '../../shared/src/fixes/baselineFixes';

/** The committed version of the file (HEAD) most cases compare with. */
const BASE = `[
  {
    "name": "get_weather",
    "description": "Use this when the user asks for the current weather in a city; returns temperature and conditions.",
    "parameters": {
      "type": "object",
      "properties": {
        "city": { "type": "string", "description": "City name, e.g. Paris." },
        "units": { "type": "string", "enum": ["metric", "imperial"], "description": "Unit system for temperatures." },
        "days": { "type": "integer", "minimum": 1, "maximum": 10, "description": "Number of forecast days." },
        "note": { "type": ["string", "null"], "maxLength": 200, "description": "Free text shown with the result." },
        "ratio": { "type": "number", "description": "Share of rain to report, from 0 to 1." }
      },
      "required": ["city"]
    }
  }
]`;

/** A deprecated tool (its successor beside it) whose enum was narrowed since the baseline, and its description reworded. */
const DEP_BASE = `[
  {
    "name": "get_weather",
    "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the current weather in a city.",
    "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] },
    "parameters": {
      "type": "object",
      "properties": {
        "units": { "type": "string", "enum": ["metric", "imperial"], "description": "Unit system." }
      }
    }
  },
  {
    "name": "get_weather_v2",
    "description": "Use this when the user asks for the current weather in a city or at coordinates.",
    "parameters": { "type": "object", "properties": { "place": { "type": "string", "description": "City or coordinates." } }, "required": ["place"] }
  }
]`;
const DEP = DEP_BASE.replace('"enum": ["metric", "imperial"]', '"enum": ["metric"]').replace('weather in a city.",', 'weather in a city (old clients).",');
/** The fix's output: the parameters as at the baseline; the reworded description, the marker and its date kept. */
const DEP_FIXED = DEP_BASE.replace('weather in a city.",', 'weather in a city (old clients).",');

/** One tool whose parameter schema is `params` (JSON text), for the composition, map and tuple cases. */
function withParams(params: string): string {
  return `[{ "name": "get_weather", "description": "Use this when the user asks for the current weather; returns temperature.", "parameters": ${params} }]`;
}
const UNION = withParams('{ "type": "object", "properties": { "v": { "anyOf": [{ "type": "string", "enum": ["a", "b"] }, { "type": "integer" }], "description": "V." } } }');
const OBJECTS = withParams('{ "type": "object", "properties": { "w": { "oneOf": [{ "type": "object", "properties": { "a": { "type": "string" } } }, { "type": "object", "properties": { "b": { "type": "integer" } } }], "description": "W." } } }');
const PYDANTIC = withParams('{ "type": "object", "$defs": { "Unit": { "type": "string", "enum": ["metric", "imperial"] } }, "properties": { "units": { "allOf": [{ "$ref": "#/$defs/Unit" }], "description": "Units." } } }');
const MAPS = withParams('{ "type": "object", "properties": { "labels": { "type": "object", "additionalProperties": { "type": "string" }, "description": "Labels." }, "env": { "type": "object", "patternProperties": { "^[A-Z_]+$": { "type": "string" } }, "description": "Variables." }, "point": { "type": "array", "prefixItems": [{ "type": "number" }, { "type": "number" }], "description": "x, y." }, "pair": { "type": "array", "items": [{ "type": "string" }, { "type": "number" }], "description": "Name and value." } } }');

/** Two tools, for whole tools removed or renamed since the baseline. */
const TWO = `[
  { "name": "get_weather", "description": "Use this when the user asks for the weather in a city now.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City." } }, "required": ["city"] } },
  { "name": "get_forecast", "description": "Use this when the user asks for the forecast in a city.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City." } }, "required": ["city"] } }
]`;
const FORECAST_ONLY = `[
  { "name": "get_forecast", "description": "Use this when the user asks for the forecast in a city.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City." } }, "required": ["city"] } }
]`;
/** TWO with get_weather deprecated on `since` (the marker the tests remove it with). */
const twoDeprecated = (since: string) =>
  TWO.replace('"required": ["city"] } },', `"required": ["city"] }, "deprecated": { "since": "${since}" } },`).replace('"Use this when the user asks for the weather', '"Deprecated: do not use this tool; it will be removed. Use this when the user asks for the weather');
/** A catalog keyed by tool name. */
const KEYED = `{
  "tools": {
    "get_weather": { "name": "get_weather", "description": "Use this when the user asks for the weather in a city now.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City." } } } },
    "get_forecast": { "name": "get_forecast", "description": "Use this when the user asks for the forecast in a city.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City." } } } }
  }
}`;

/** A catalog of two MCP servers, each with a tool named "search" (names are per server). */
const mcpTool = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks to ${name} in the tracker; returns the result.", "inputSchema": { "type": "object", "properties": {} } }`;
const SERVERS = `{
  "github": { "tools": [
    ${mcpTool('search')},
    ${mcpTool('get_issue')}
  ] },
  "jira": { "tools": [
    ${mcpTool('search')},
    ${mcpTool('get_ticket')}
  ] }
}`;
/** One tool alone in its file. */
const SINGLE = `{ "name": "get_weather", "description": "Use this when the user asks for the weather in a city now.", "parameters": { "type": "object", "properties": {} } }`;

/** BASE with one substring replaced (the replaced text must be there). */
function edit(from: string, to: string, base = BASE): string {
  assert.ok(base.includes(from), `test error: ${from} is not in the base`);
  return base.replace(from, to);
}

/** A small file for the fix's exact output. */
const SMALL_BASE = `[
  {
    "name": "get_weather",
    "description": "Use this when the user asks for the current weather in a city.",
    "parameters": {
      "type": "object",
      "properties": {
        "city": { "type": "string", "description": "City name." }
      },
      "required": ["city"]
    }
  }
]`;

const SMALL = `[
  {
    "name": "get_weather",
    "description": "Use this when the user asks for the current weather in a city.",
    "parameters": {
      "type": "object",
      "properties": {
        "city": { "type": "integer", "description": "City name." }
      },
      "required": ["city"]
    }
  }
]`;

const SMALL_FIXED = `[
  {
    "name": "get_weather",
    "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the current weather in a city.",
    "parameters": {
      "type": "object",
      "properties": {
        "city": { "type": "string", "description": "City name." }
      },
      "required": ["city"]
    },
    "deprecated": { "since": "2026-11-22", "replacedBy": ["get_weather_v2"] }
  },
  {
    "name": "get_weather_v2",
    "description": "Use this when the user asks for the current weather in a city.",
    "parameters": {
      "type": "object",
      "properties": {
        "city": { "type": "integer", "description": "City name." }
      },
      "required": ["city"]
    }
  }
]`;

/** A single-tool MCP file: the fix turns it into a list, and the marker goes into `_meta`. */
const MCP_BASE = `{
  "name": "create_ticket",
  "description": "Use this to open a support ticket for the customer.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "title": { "type": "string", "description": "One-line summary." },
      "priority": { "type": "string", "enum": ["low", "normal", "high"], "description": "How urgent it is." }
    },
    "required": ["title"]
  }
}`;

const MCP = `{
  "name": "create_ticket",
  "description": "Use this to open a support ticket for the customer.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "title": { "type": "string", "description": "One-line summary." },
      "priority": { "type": "string", "enum": ["low", "high"], "description": "How urgent it is." }
    },
    "required": ["title"]
  }
}`;

const MCP_FIXED = `[
  {
    "name": "create_ticket",
    "description": "Deprecated: use create_ticket_v2 instead. Use this to open a support ticket for the customer.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "title": { "type": "string", "description": "One-line summary." },
        "priority": { "type": "string", "enum": ["low", "normal", "high"], "description": "How urgent it is." }
      },
      "required": ["title"]
    },
    "_meta": {
      "io.github.toolschema/deprecated": { "since": "2026-11-22", "replacedBy": ["create_ticket_v2"] }
    }
  },
  {
    "name": "create_ticket_v2",
    "description": "Use this to open a support ticket for the customer.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "title": { "type": "string", "description": "One-line summary." },
        "priority": { "type": "string", "enum": ["low", "high"], "description": "How urgent it is." }
      },
      "required": ["title"]
    }
  }
]`;

/** OpenAI strict mode (Chat Completions wrapper): every property required, optional ones nullable. */
const STRICT_BASE = `[
  {
    "type": "function",
    "function": {
      "name": "list_invoices",
      "description": "Use this when the user asks for their invoices, optionally filtered by status.",
      "strict": true,
      "parameters": {
        "type": "object",
        "properties": {
          "status": { "type": ["string", "null"], "enum": ["paid", "open", null], "description": "Status to filter by; null for all." },
          "filter": {
            "type": "object",
            "properties": {
              "customer": { "type": "string", "description": "Customer id." },
              "tags": { "type": "array", "items": { "type": "string" }, "description": "Tags to match." }
            },
            "required": ["customer", "tags"],
            "additionalProperties": false
          }
        },
        "required": ["status", "filter"],
        "additionalProperties": false
      }
    }
  }
]`;

/** The committed file was a request body with two-space indentation; the working copy is a list with four spaces and CRLF. */
const BODY_BASE = `{
  "tools": [
    {
      "name": "get_weather",
      "description": "Use this when the user asks for the weather.",
      "parameters": {
        "type": "object",
        "properties": { "city": { "type": "string" } }
      }
    }
  ]
}`;

const CRLF = ['[', '    {', '        "name": "get_weather",', '        "description": "Use this when the user asks for the weather.",', '        "parameters": {', '            "type": "object",', '            "properties": { "city": { "type": "integer" } }', '        }', '    }', ']'].join('\r\n');

const CRLF_FIXED = [
  '[',
  '    {',
  '        "name": "get_weather",',
  '        "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the weather.",',
  '        "parameters": {',
  '            "type": "object",',
  '            "properties": { "city": { "type": "string" } }',
  '        },',
  '        "deprecated": { "since": "2026-11-22", "replacedBy": ["get_weather_v2"] }',
  '    },',
  '    {',
  '        "name": "get_weather_v2",',
  '        "description": "Use this when the user asks for the weather.",',
  '        "parameters": {',
  '            "type": "object",',
  '            "properties": { "city": { "type": "integer" } }',
  '        }',
  '    }',
  ']',
].join('\r\n');

runRuleTests(rule, {
  valid: [
    {
      name: 'a default given where there was none, or the same default written otherwise (20 and 20.0)',
      code: withParams('{ "type": "object", "properties": { "units": { "type": "string", "default": "metric", "description": "U." }, "limit": { "type": "integer", "default": 20.0, "description": "L." } } }'),
      baseline: withParams('{ "type": "object", "properties": { "units": { "type": "string", "description": "U." }, "limit": { "type": "integer", "default": 20, "description": "L." } } }'),
    },
    {
      name: 'composition without a change of meaning: the root wrapped in a lone allOf, anyOf branches reordered, a branch widened',
      code: withParams('{ "allOf": [{ "type": "object", "properties": { "v": { "anyOf": [{ "type": "integer" }, { "type": "string", "enum": ["a", "b", "c"] }], "description": "V." } } }] }'),
      baseline: UNION,
    },
    {
      name: 'two branches of one type both changed: no pairing is guessed; a map value widened; a tuple slot added',
      code: withParams('{ "type": "object", "properties": { "w": { "oneOf": [{ "type": "object", "properties": { "a": { "type": "integer" } } }, { "type": "object", "properties": { "b": { "type": "string" } } }], "description": "W." }, "labels": { "type": "object", "additionalProperties": { "type": ["string", "null"] }, "description": "Labels." }, "point": { "type": "array", "prefixItems": [{ "type": "number" }, { "type": "number" }, { "type": "number" }], "description": "x, y." } } }'),
      baseline: withParams('{ "type": "object", "properties": { "w": { "oneOf": [{ "type": "object", "properties": { "a": { "type": "string" } } }, { "type": "object", "properties": { "b": { "type": "integer" } } }], "description": "W." }, "labels": { "type": "object", "additionalProperties": { "type": "string" }, "description": "Labels." }, "point": { "type": "array", "prefixItems": [{ "type": "number" }, { "type": "number" }], "description": "x, y." } } }'),
    },
    { name: 'unchanged since the baseline', code: BASE, baseline: BASE },
    {
      name: 'description-only edits (tool and parameters)',
      code: edit('"description": "City name, e.g. Paris."', '"description": "City or town name, e.g. Paris or Lyon."', edit('in a city; returns', 'in a city or town; returns')),
      baseline: BASE,
    },
    {
      name: 'an optional parameter added with a default',
      code: edit('"ratio": {', '"lang": { "type": "string", "default": "en", "description": "Language of the conditions text." },\n        "ratio": {'),
      baseline: BASE,
    },
    {
      name: 'widening: enum value added, bounds relaxed, integer → number, null allowed, made optional',
      code: BASE.replace('["metric", "imperial"]', '["metric", "imperial", "kelvin"]')
        .replace('"type": "integer", "minimum": 1, "maximum": 10', '"type": "number", "minimum": 0, "maximum": 16')
        .replace('"maxLength": 200', '"maxLength": 500')
        .replace('{ "type": "string", "description": "City name, e.g. Paris." }', '{ "type": ["string", "null"], "description": "City name, e.g. Paris." }')
        .replace('"required": ["city"]', '"required": []'),
      baseline: BASE,
    },
    {
      name: 'a tool removed after its deprecation period (90 days by default), or deprecated by its description alone (no date to count from)',
      code: FORECAST_ONLY,
      baseline: twoDeprecated('2026-08-24'),
    },
    {
      name: 'a tool deprecated only by its description, removed',
      code: FORECAST_ONLY,
      baseline: TWO.replace('"Use this when the user asks for the weather', '"Deprecated: use get_forecast instead. Use this when the user asks for the weather'),
    },
    {
      name: 'a file being typed in (a syntax error) or emptied is not read as removals',
      code: FORECAST_ONLY.replace('"City." }', '"City." ').replace(/\]\n$/, ''),
      baseline: TWO,
    },
    { name: 'a file emptied', code: '[]', baseline: TWO },
    { name: 'comments and trailing commas are no syntax error here: nothing removed, nothing reported', code: TWO.replace('[\n', '[\n  // tools\n').replace('}\n]', '},\n]'), baseline: TWO },
    {
      name: 'no baseline (no git, new file): nothing is compared',
      code: BASE.replace('"city": { "type": "string"', '"city": { "type": "integer"'),
    },
    {
      name: 'a baseline that does not parse is not compared',
      code: BASE.replace('"city": { "type": "string"', '"city": { "type": "integer"'),
      baseline: BASE.slice(0, 200),
    },
    {
      name: 'type aliases corrected by the safe fix ("int" → "integer") and a type given where there was none',
      code: BASE,
      baseline: BASE.replace('"type": "integer", "minimum": 1', '"type": "int", "minimum": 1').replace('{ "type": "number", "description": "Share of rain', '{ "description": "Share of rain'),
    },
    {
      name: 'a format type name corrected by the safe fix ("datetime" → "string" with format "date-time")',
      code: `{ "name": "list_events", "description": "Use this to list calendar events.", "parameters": { "type": "object", "properties": { "since": { "type": "string", "format": "date-time", "description": "Start." } } } }`,
      baseline: `{ "name": "list_events", "description": "Use this to list calendar events.", "parameters": { "type": "object", "properties": { "since": { "type": "datetime", "description": "Start." } } } }`,
    },
    {
      name: 'strict mode: an optional parameter made required and nullable (what strict-required-all asks)',
      code: STRICT_BASE,
      baseline: STRICT_BASE.replace('"required": ["status", "filter"]', '"required": ["filter"]'),
    },
    {
      name: 'a name defined twice in the baseline is ambiguous: not compared',
      code: SMALL,
      baseline: SMALL_BASE.replace(/^\[/, `[\n  { "name": "get_weather", "description": "Use this when the user asks for the weather.", "parameters": { "type": "object", "properties": {} } },`),
    },
    {
      name: 'a tool restored and its change moved into _v2 (the fix output)',
      code: SMALL_FIXED,
      baseline: SMALL_BASE,
    },
  ],
  invalid: [
    {
      name: 'a tool removed without being deprecated: reported on its list; the fix restores it where it was, marked deprecated',
      code: FORECAST_ONLY,
      baseline: TWO,
      errors: [
        {
          messageId: 'toolRemoved',
          range: '1:1-1:2',
          tool: null,
          data: { tool: 'get_weather', base: 'HEAD' },
          messageIncludes: 'Tool "get_weather" was removed or renamed since HEAD without being deprecated first',
          fixes: [
            {
              title: 'Restore get_weather as at HEAD, marked deprecated',
              kind: 'suggestion',
              output: `[
  { "name": "get_weather", "description": "Deprecated: do not use this tool; it will be removed. Use this when the user asks for the weather in a city now.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City." } }, "required": ["city"] }, "deprecated": { "since": "2026-11-22" } },
  { "name": "get_forecast", "description": "Use this when the user asks for the forecast in a city.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City." } }, "required": ["city"] } }
]`,
            },
          ],
        },
      ],
      fixOutsideTool: true,
    },
    {
      name: 'a tool renamed into a version (get_weather → get_weather_v2): the fix puts the old one back before it, deprecated in its favour',
      code: TWO.replace('"name": "get_weather"', '"name": "get_weather_v2"'),
      baseline: TWO,
      errors: [
        {
          messageId: 'toolReplaced',
          range: '1:1-1:2',
          data: { tool: 'get_weather', successor: 'get_weather_v2' },
          fixes: [
            {
              title: 'Restore get_weather as at HEAD, marked deprecated in favour of get_weather_v2',
              output: TWO.replace(
                '[\n',
                '[\n  { "name": "get_weather", "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the weather in a city now.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City." } }, "required": ["city"] }, "deprecated": { "since": "2026-11-22", "replacedBy": ["get_weather_v2"] } },\n',
              ).replace('{ "name": "get_weather", "description": "Use', '{ "name": "get_weather_v2", "description": "Use'),
            },
          ],
        },
      ],
      fixOutsideTool: true,
    },
    {
      name: 'a tool renamed (not into a version) while its parameter changed: the old name is reported as removed',
      code: edit('"name": "get_weather"', '"name": "get_current_weather"').replace('"city": { "type": "string"', '"city": { "type": "integer"'),
      baseline: BASE,
      errors: [{ messageId: 'toolRemoved', range: '1:1-1:2', data: { tool: 'get_weather' } }],
      fixOutsideTool: true,
    },
    {
      name: 'a deprecated tool removed within its period: the fix restores it as it was, its marker and date kept',
      code: FORECAST_ONLY,
      baseline: twoDeprecated('2026-11-01'),
      errors: [
        {
          messageId: 'toolRemovedEarly',
          range: '1:1-1:2',
          data: { tool: 'get_weather', since: '2026-11-01', days: 21, ago: '21 days ago', period: 90, until: '2027-01-30' },
          messageIncludes: 'Tool "get_weather" was removed since HEAD, within its 90-day deprecation period (deprecated on 2026-11-01, 21 days ago)',
          fixes: [{ title: 'Restore get_weather as at HEAD (deprecated: remove it from 2027-01-30)', output: twoDeprecated('2026-11-01') }],
        },
      ],
      fixOutsideTool: true,
    },
    {
      name: 'a catalog of servers: a tool removed from one server is reported on that server\'s list, though another server has a tool of its name; the fix puts it back there',
      code: SERVERS.replace(`    ${mcpTool('search')},\n    ${mcpTool('get_issue')}`, `    ${mcpTool('get_issue')}`),
      baseline: SERVERS,
      errors: [
        {
          messageId: 'toolRemoved',
          range: '2:24-2:25',
          data: { tool: 'search', list: '/github/tools' },
          fixes: [{ output: SERVERS.replace(`    ${mcpTool('search')},\n    ${mcpTool('get_issue')}`, `    ${mcpTool('search').replace('"Use this', '"Deprecated: do not use this tool; it will be removed. Use this').replace('"properties": {} } }', '"properties": {} }, "_meta": { "io.github.toolschema/deprecated": { "since": "2026-11-22" } } }')},\n    ${mcpTool('get_issue')}`) }],
        },
      ],
      fixOutsideTool: true,
    },
    {
      name: 'a tool alone in its file renamed into a version: the fix makes the file a list of the old one, deprecated, and the new one',
      code: SINGLE.replace('"get_weather"', '"get_weather_v2"'),
      baseline: SINGLE,
      errors: [
        {
          messageId: 'toolReplaced',
          range: '1:1-1:2',
          fixes: [
            {
              output: `[\n  ${SINGLE.replace('"Use this', '"Deprecated: use get_weather_v2 instead. Use this').replace('"properties": {} } }', '"properties": {} }, "deprecated": { "since": "2026-11-22", "replacedBy": ["get_weather_v2"] } }')},\n  ${SINGLE.replace('"get_weather"', '"get_weather_v2"')}\n]`,
            },
          ],
        },
      ],
      fixOutsideTool: true,
    },
    {
      name: '"deprecated": null is no marker: the removal is reported',
      code: FORECAST_ONLY,
      baseline: TWO.replace('"required": ["city"] } },', '"required": ["city"] }, "deprecated": null },'),
      errors: [{ messageId: 'toolRemoved', range: '1:1-1:2', data: { tool: 'get_weather' } }],
      fixOutsideTool: true,
    },
    {
      name: 'deprecated on a date still to come',
      code: FORECAST_ONLY,
      baseline: twoDeprecated('2026-12-02'),
      errors: [{ messageId: 'toolRemovedEarly', range: '1:1-1:2', data: { ago: 'a date still to come', until: '2027-03-02' }, messageIncludes: '(deprecated on 2026-12-02, a date still to come)' }],
      fixOutsideTool: true,
    },
    {
      name: 'a list now written in another dialect (OpenAI wrappers): reported, no fix (the baseline\'s text would not fit)',
      code: `[\n  { "type": "function", "function": { "name": "get_forecast", "description": "Use this when the user asks for the forecast in a city.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City." } }, "required": ["city"] } } }\n]`,
      baseline: TWO,
      errors: [{ messageId: 'toolRemoved', range: '1:1-1:2', data: { tool: 'get_weather' }, fixes: [] }],
      fixOutsideTool: true,
    },
    {
      name: 'a catalog keyed by name: reported on its map; the fix writes the key',
      code: KEYED.replace(/\n    "get_weather": .*\n/, '\n'),
      baseline: KEYED,
      errors: [
        {
          messageId: 'toolRemoved',
          range: '2:12-2:13',
          fixes: [
            {
              output: KEYED.replace(
                '"get_weather": { "name": "get_weather", "description": "Use',
                '"get_weather": { "name": "get_weather", "description": "Deprecated: do not use this tool; it will be removed. Use',
              ).replace('"description": "City." } } } },', '"description": "City." } } }, "deprecated": { "since": "2026-11-22" } },'),
            },
          ],
        },
      ],
      fixOutsideTool: true,
    },
    {
      name: 'a default changed: a call that leaves the parameter out now means something else',
      code: withParams('{ "type": "object", "properties": { "units": { "type": "string", "enum": ["metric", "imperial"], "default": "imperial", "description": "U." } } }'),
      baseline: withParams('{ "type": "object", "properties": { "units": { "type": "string", "enum": ["metric", "imperial"], "default": "metric", "description": "U." } } }'),
      errors: [{ messageId: 'defaultChanged', at: '"imperial"', occurrence: 2, data: { param: 'units', detail: '"metric" → "imperial"' }, messageIncludes: 'The default of "units" in "get_weather" changed since HEAD ("metric" → "imperial")' }],
    },
    {
      name: 'inside anyOf: a branch\'s enum value removed, and a bound added to another branch',
      code: UNION.replace('"enum": ["a", "b"]', '"enum": ["a"]').replace('{ "type": "integer" }', '{ "type": "integer", "maximum": 5 }'),
      baseline: UNION,
      errors: [
        { messageId: 'enumValueRemoved', at: '["a"]', data: { param: 'v', detail: '"b"' } },
        { messageId: 'tightened', at: '5', data: { param: 'v', detail: 'maximum none → <= 5' } },
      ],
    },
    {
      name: 'inside oneOf: an object branch removed while another object branch stays; a branch property retyped',
      code: OBJECTS.replace(', { "type": "object", "properties": { "b": { "type": "integer" } } }', ''),
      baseline: OBJECTS,
      errors: [{ messageId: 'tightened', at: '[{ "type": "object", "properties": { "a": { "type": "string" } } }]', data: { param: 'w' } }],
    },
    {
      name: 'inside oneOf: the property of one branch changes type (the branch is matched by its type)',
      code: OBJECTS.replace('"b": { "type": "integer" }', '"b": { "type": "string" }'),
      baseline: OBJECTS,
      errors: [{ messageId: 'typeChanged', at: '"string"', occurrence: 2, data: { param: 'w.b' } }],
    },
    {
      name: 'a field written as Pydantic does ({"allOf": [{"$ref"}]}): the referenced enum narrowed',
      code: PYDANTIC.replace('"enum": ["metric", "imperial"]', '"enum": ["metric"]'),
      baseline: PYDANTIC,
      errors: [{ messageId: 'enumValueRemoved', at: '["metric"]', data: { param: 'units', detail: '"imperial"' } }],
    },
    {
      name: 'maps and tuples: the values of a map, of a key pattern, and a tuple slot (prefixItems, draft-07 items list) narrowed',
      code: MAPS.replace('"additionalProperties": { "type": "string" }', '"additionalProperties": { "type": "integer" }')
        .replace('"^[A-Z_]+$": { "type": "string" }', '"^[A-Z_]+$": { "type": "string", "maxLength": 10 }')
        .replace('"prefixItems": [{ "type": "number" }, { "type": "number" }]', '"prefixItems": [{ "type": "number" }, { "type": "integer" }]')
        .replace('"items": [{ "type": "string" }, { "type": "number" }]', '"items": [{ "type": "string" }, { "type": "string" }]'),
      baseline: MAPS,
      errors: [
        { messageId: 'typeChanged', at: '"integer"', data: { param: 'labels.*' } },
        { messageId: 'tightened', at: '10', data: { param: 'env./^[A-Z_]+$/' } },
        { messageId: 'typeNarrowed', at: '"integer"', occurrence: 2, data: { param: 'point[1]' } },
        { messageId: 'typeChanged', at: '"string"', occurrence: 3, data: { param: 'pair[1]' } },
      ],
    },
    {
      name: 'a map whose other keys are refused now (additionalProperties: a schema, then false)',
      code: MAPS.replace('"additionalProperties": { "type": "string" }', '"additionalProperties": false'),
      baseline: MAPS,
      errors: [{ messageId: 'tightened', at: 'false', data: { param: 'labels' } }],
    },
    {
      name: 'a deprecated tool changed since the baseline: the fix restores its parameters only, keeping its marker (date, successor) and description',
      code: DEP,
      baseline: DEP_BASE,
      errors: [{ messageId: 'enumValueRemoved', at: '["metric"]', tool: 'get_weather', fixes: [{ title: 'Restore the parameters of get_weather as at HEAD (it is deprecated: make the change in its successor)', kind: 'suggestion', output: DEP_FIXED }] }],
    },
    {
      name: 'a baseline committed with comments and a trailing comma is compared (its tree is the file as written)',
      code: SMALL,
      baseline: SMALL_BASE.replace('"name": "get_weather",', '// the weather tool\n    "name": "get_weather", /* current */').replace('"required": ["city"]', '"required": ["city"],'),
      // Restored as plain JSON (the file is): without the comments and the trailing comma, the same output as from a plain baseline.
      errors: [{ messageId: 'typeChanged', at: '"integer"', fixes: [{ title: 'Move this change into get_weather_v2', output: SMALL_FIXED }] }],
    },
    {
      name: 'type changed (string → integer); the fix moves it into get_weather_v2',
      code: SMALL,
      baseline: SMALL_BASE,
      errors: [
        {
          messageId: 'typeChanged',
          at: '"integer"',
          tool: 'get_weather',
          data: { param: 'city', detail: '"string" → "integer"', successor: 'get_weather_v2', base: 'HEAD' },
          messageIncludes: 'The type of "city" in "get_weather" changed since HEAD ("string" → "integer")',
          fixes: [{ title: 'Move this change into get_weather_v2', kind: 'suggestion', output: SMALL_FIXED }],
        },
      ],
    },
    {
      name: 'enum value removed from a single-tool MCP file: the fix makes it a list, marker in _meta',
      code: MCP,
      baseline: MCP_BASE,
      errors: [{ messageId: 'enumValueRemoved', at: '["low", "high"]', data: { param: 'priority', detail: '"normal"' }, fixes: [{ title: 'Move this change into create_ticket_v2', output: MCP_FIXED }] }],
    },
    {
      name: 'the restored tool takes the file\'s layout (indentation unit, CRLF), not the baseline\'s',
      code: CRLF,
      baseline: BODY_BASE,
      errors: [{ messageId: 'typeChanged', at: '"integer"', fixes: [{ title: 'Move this change into get_weather_v2', output: CRLF_FIXED }] }],
    },
    {
      name: 'parameter removed (reported on "properties")',
      code: edit('        "ratio": { "type": "number", "description": "Share of rain to report, from 0 to 1." }\n', '').replace('"description": "Free text shown with the result." },', '"description": "Free text shown with the result." }'),
      baseline: BASE,
      errors: [{ messageId: 'removed', at: '"properties"', data: { param: 'ratio' }, messageIncludes: 'Parameter "ratio" of "get_weather" was removed since HEAD' }],
    },
    {
      name: 'parameter renamed (same type and description)',
      code: edit('"city": { "type": "string", "description": "City name, e.g. Paris." }', '"location": { "type": "string", "description": "City name, e.g. Paris." }').replace('"required": ["city"]', '"required": ["location"]'),
      baseline: BASE,
      errors: [{ messageId: 'renamed', at: '"location"', data: { param: 'city', newParam: 'location' } }],
    },
    {
      // Generative fuzzer: removed and added properties of the same shape were paired in property order.
      name: 'two renames of the same shape pair by name, whatever the order of the properties',
      code: `{"name": "list_issues", "description": "Use this when the user asks for issues.", "parameters": {"type": "object", "properties": {"unit": {"type": "string"}, "retries": {"type": "string"}}}}`,
      baseline: `{"name": "list_issues", "description": "Use this when the user asks for issues.", "parameters": {"type": "object", "properties": {"retries_old": {"type": "string"}, "unit_old": {"type": "string"}}}}`,
      errors: [
        { messageId: 'renamed', at: '"unit"', data: { param: 'unit_old', newParam: 'unit' } },
        { messageId: 'renamed', at: '"retries"', data: { param: 'retries_old', newParam: 'retries' } },
      ],
    },
    {
      name: 'type narrowed: null no longer accepted, number → integer',
      code: BASE.replace('"note": { "type": ["string", "null"]', '"note": { "type": "string"').replace('"ratio": { "type": "number"', '"ratio": { "type": "integer"'),
      baseline: BASE,
      errors: [
        { messageId: 'typeNarrowed', at: '"string"', occurrence: 3, data: { param: 'note', detail: '["string", "null"] → "string"' } },
        { messageId: 'typeNarrowed', at: '"integer"', occurrence: 2, data: { param: 'ratio', detail: '"number" → "integer"' } },
      ],
    },
    {
      name: 'made required',
      code: edit('"required": ["city"]', '"required": ["city", "units"]'),
      baseline: BASE,
      errors: [{ messageId: 'madeRequired', at: '"units"', occurrence: 2, data: { param: 'units' }, messageIncludes: 'was optional at HEAD and is now required' }],
    },
    {
      name: 'bounds tightened: maximum lowered, minimum raised, maxLength lowered, pattern added',
      code: BASE.replace('"minimum": 1, "maximum": 10', '"minimum": 2, "maximum": 7')
        .replace('"maxLength": 200', '"maxLength": 80')
        .replace('{ "type": "string", "description": "City name, e.g. Paris." }', '{ "type": "string", "pattern": "^[A-Z]", "description": "City name, e.g. Paris." }'),
      baseline: BASE,
      errors: [
        { messageId: 'tightened', at: '"^[A-Z]"', data: { param: 'city', detail: 'pattern "^[A-Z]" added' } },
        { messageId: 'tightened', at: '2', occurrence: 1, data: { param: 'days', detail: 'minimum >= 1 → >= 2' } },
        { messageId: 'tightened', at: '7', data: { param: 'days', detail: 'maximum <= 10 → <= 7' } },
        { messageId: 'tightened', at: '80', data: { param: 'note', detail: 'maxLength 200 → 80' } },
      ],
    },
    {
      name: 'strict mode, nested: a nested property removed, array items narrowed, null removed',
      code: STRICT_BASE.replace('"type": ["string", "null"], "enum": ["paid", "open", null]', '"type": "string", "enum": ["paid", "open"]')
        .replace('"items": { "type": "string" }', '"items": { "type": "integer" }')
        .replace('              "customer": { "type": "string", "description": "Customer id." },\n', '')
        .replace('"required": ["customer", "tags"]', '"required": ["tags"]'),
      baseline: STRICT_BASE,
      errors: [
        { messageId: 'typeNarrowed', at: '"string"', data: { param: 'status', detail: '["string", "null"] → "string"' } },
        { messageId: 'removed', at: '"properties"', occurrence: 2, data: { param: 'filter.customer' } },
        { messageId: 'typeChanged', at: '"integer"', data: { param: 'filter.tags[]', detail: '"string" → "integer"' } },
      ],
    },
  ],
});

describe('breaking-change: baseline and the per-tool cache', () => {
  it('the same tool text is compared again when the baseline changes', () => {
    clearToolCache();
    const code = SMALL;
    const config = configWith();
    const first = lintText('file:///a.tool.json', code, { config, baseline: { text: SMALL_BASE, ref: 'HEAD' } }).findings.filter((f) => f.rule === 'breaking-change');
    assert.equal(first.length, 1);
    const same = lintText('file:///a.tool.json', code, { config, baseline: { text: SMALL, ref: 'HEAD' } }).findings.filter((f) => f.rule === 'breaking-change');
    assert.equal(same.length, 0, 'baseline equal to the file: nothing breaking');
    const none = lintText('file:///a.tool.json', code, { config, baseline: null }).findings.filter((f) => f.rule === 'breaking-change');
    assert.equal(none.length, 0, 'no baseline: nothing reported');
    const again = lintText('file:///a.tool.json', code, { config, baseline: { text: SMALL_BASE, ref: 'HEAD' } }).findings.filter((f) => f.rule === 'breaking-change');
    assert.deepEqual(again, first);
  });

  it('a tool being typed (its own text does not parse) is not compared', () => {
    const broken = SMALL.replace('"city": { "type": "integer", "description": "City name." }', '"city": { "type": "integer", "description": "City name." }, "x');
    const found = lintOf(broken, undefined, SMALL_BASE).findings.filter((f) => f.rule === 'breaking-change');
    assert.deepEqual(found.map((f) => f.message), []);
  });
});

describe('withoutCommentsAndTrailingCommas (baseline text written into a plain JSON file)', () => {
  it('removes comments (a line left blank with them) and commas before a closing bracket, and nothing inside strings', () => {
    const jsonc = '{\n  // a note\n  "url": "http://x//y, }", /* why */\n  "a": [1, 2,],\r\n  "b": { "c": 1, // end\n  },\n}';
    const out = withoutCommentsAndTrailingCommas(jsonc);
    assert.equal(out, '{\n  "url": "http://x//y, }",\n  "a": [1, 2],\r\n  "b": { "c": 1\n  }\n}');
    assert.deepEqual(JSON.parse(out), { url: 'http://x//y, }', a: [1, 2], b: { c: 1 } });
    assert.equal(withoutCommentsAndTrailingCommas('[1, 2]'), '[1, 2]');
  });
});

describe('breaking-change: a whole tool gone from the file', () => {
  it('is not reported when another file of the workspace now defines it (moved), and is when none does', () => {
    const lint = (definedElsewhere: boolean) =>
      lintText('file:///a.tool.json', FORECAST_ONLY, {
        baseline: { text: TWO, ref: 'HEAD' },
        today: '2026-11-22',
        workspace: { definitions: (name) => (definedElsewhere && name === 'get_weather' ? { count: 1, first: 'file:///b.tool.json' } : { count: 0, first: undefined }) },
      }).findings.filter((f) => f.rule === 'breaking-change');
    assert.deepEqual(lint(true), []);
    assert.deepEqual(
      lint(false).map((f) => f.messageId),
      ['toolRemoved'],
    );
  });
});
