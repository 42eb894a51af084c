import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/param-description-missing';

const desc = '"description": "Use this when the user wants to add an event to their calendar. Returns the created event."';

runRuleTests(rule, {
  valid: [
    {
      name: 'every property described (Anthropic)',
      code: `{ "name": "create_event", ${desc}, "input_schema": { "type": "object", "properties": { "title": { "type": "string", "description": "Short title shown in the calendar." }, "start": { "type": "string", "format": "date-time", "description": "Start time, ISO 8601 with offset." } }, "required": ["title", "start"] } }`,
    },
    {
      name: '$ref properties take their description from the definition (MCP, pydantic style)',
      code: `{ "name": "create_event", ${desc}, "inputSchema": { "type": "object", "$defs": { "Attendee": { "type": "object", "description": "A person invited to the event.", "properties": { "email": { "type": "string", "description": "Email address." } } } }, "properties": { "organizer": { "$ref": "#/$defs/Attendee" }, "backup": { "anyOf": [{ "$ref": "#/$defs/Attendee" }, { "type": "null" }] } } } }`,
    },
    {
      name: 'nested fields named by the enclosing description',
      code: `{ "type": "function", "function": { "name": "save_page_as_pdf", "description": "Use this when the user wants the current page as a PDF file.", "parameters": { "type": "object", "properties": { "margins": { "type": "object", "description": "Page margins in millimetres: top, bottom, left and right.", "properties": { "top": { "type": "number" }, "bottom": { "type": "number" }, "left": { "type": "number" }, "right": { "type": "number" } } } } } } }`,
    },
    {
      name: 'const discriminator and description on a branch',
      code: `{ "name": "add_block", "description": "Use this when the user wants to append content to a page.", "inputSchema": { "type": "object", "properties": { "kind": { "const": "paragraph" }, "text": { "anyOf": [{ "type": "string", "description": "Plain text of the paragraph." }, { "type": "null" }] } } } }`,
    },
  ],
  invalid: [
    {
      name: 'a top-level property without description (Anthropic): placeholder right after "type"',
      code: `{ "name": "create_event", ${desc}, "input_schema": { "type": "object", "properties": { "title": { "type": "string", "description": "Short title." }, "start": { "type": "string", "format": "date-time" } }, "required": ["title", "start"] } }`,
      errors: [
        {
          messageId: 'missing',
          at: '"start"',
          data: { name: 'start' },
          fixes: [
            {
              title: 'Add a "description" placeholder to "start"',
              kind: 'suggestion',
              output: `{ "name": "create_event", ${desc}, "input_schema": { "type": "object", "properties": { "title": { "type": "string", "description": "Short title." }, "start": { "type": "string", "description": "…", "format": "date-time" } }, "required": ["title", "start"] } }`,
            },
          ],
        },
      ],
    },
    {
      name: 'an empty description (ToolBench style): the placeholder replaces it',
      code: `{ "name": "get_stock_quote", "description": "Use this when the user asks for the latest price of a listed company.", "parameters": { "type": "object", "properties": { "symbol": { "type": "string", "description": "" } }, "required": ["symbol"] } }`,
      errors: [
        {
          messageId: 'empty',
          at: '"symbol"',
          fixes: [{ title: 'Put a placeholder in the empty description of "symbol"', output: `{ "name": "get_stock_quote", "description": "Use this when the user asks for the latest price of a listed company.", "parameters": { "type": "object", "properties": { "symbol": { "type": "string", "description": "…" } }, "required": ["symbol"] } }` }],
        },
      ],
    },
    {
      name: 'nested array items: the model fills them too (MCP)',
      code: `{ "name": "generate_bar_chart", "description": "Use this when the user wants to compare values across categories as a bar chart.", "inputSchema": { "type": "object", "properties": { "data": { "type": "array", "description": "Bars to draw, one per category.", "items": { "type": "object", "properties": { "category": { "type": "string", "description": "Label under the bar." }, "value": { "type": "number" } } } } }, "required": ["data"] } }`,
      errors: [
        {
          messageId: 'missing',
          at: '"value"',
          fixes: [{ output: `{ "name": "generate_bar_chart", "description": "Use this when the user wants to compare values across categories as a bar chart.", "inputSchema": { "type": "object", "properties": { "data": { "type": "array", "description": "Bars to draw, one per category.", "items": { "type": "object", "properties": { "category": { "type": "string", "description": "Label under the bar." }, "value": { "type": "number", "description": "…" } } } } }, "required": ["data"] } }` }],
        },
      ],
    },
    {
      name: 'several properties, camelCase, Gemini declaration',
      code: `{ "functionDeclarations": [ { "name": "find_flights", "description": "Use this when the user wants flight options between two airports on a date.", "parameters": { "type": "OBJECT", "properties": { "origin": { "type": "STRING" }, "destination": { "type": "STRING" }, "departureDate": { "type": "STRING", "description": "Date of departure, YYYY-MM-DD." } } } } ] }`,
      errors: [
        { messageId: 'missing', at: '"origin"', fixes: [{ output: `{ "functionDeclarations": [ { "name": "find_flights", "description": "Use this when the user wants flight options between two airports on a date.", "parameters": { "type": "OBJECT", "properties": { "origin": { "type": "STRING", "description": "…" }, "destination": { "type": "STRING" }, "departureDate": { "type": "STRING", "description": "Date of departure, YYYY-MM-DD." } } } } ] }` }] },
        { messageId: 'missing', at: '"destination"' },
      ],
    },
    {
      name: 'OpenAI chat wrapper, multi-line with 4 spaces: a new line after "type"; no type: last; an empty schema',
      code: `{
    "type": "function",
    "function": {
        "name": "set_unit",
        "description": "Use this when the user wants to change the unit temperatures are shown in.",
        "parameters": {
            "type": "object",
            "properties": {
                "unit": {
                    "type": "string",
                    "enum": ["celsius", "fahrenheit"]
                },
                "scope": {
                    "enum": ["device", "account"]
                },
                "note": {}
            }
        }
    }
}`,
      errors: [
        {
          messageId: 'missing',
          at: '"unit"',
          fixes: [
            {
              output: `{
    "type": "function",
    "function": {
        "name": "set_unit",
        "description": "Use this when the user wants to change the unit temperatures are shown in.",
        "parameters": {
            "type": "object",
            "properties": {
                "unit": {
                    "type": "string",
                    "description": "…",
                    "enum": ["celsius", "fahrenheit"]
                },
                "scope": {
                    "enum": ["device", "account"]
                },
                "note": {}
            }
        }
    }
}`,
            },
          ],
        },
        {
          messageId: 'missing',
          at: '"scope"',
          fixes: [
            {
              output: `{
    "type": "function",
    "function": {
        "name": "set_unit",
        "description": "Use this when the user wants to change the unit temperatures are shown in.",
        "parameters": {
            "type": "object",
            "properties": {
                "unit": {
                    "type": "string",
                    "enum": ["celsius", "fahrenheit"]
                },
                "scope": {
                    "enum": ["device", "account"],
                    "description": "…"
                },
                "note": {}
            }
        }
    }
}`,
            },
          ],
        },
        {
          messageId: 'missing',
          at: '"note"',
          fixes: [
            {
              output: `{
    "type": "function",
    "function": {
        "name": "set_unit",
        "description": "Use this when the user wants to change the unit temperatures are shown in.",
        "parameters": {
            "type": "object",
            "properties": {
                "unit": {
                    "type": "string",
                    "enum": ["celsius", "fahrenheit"]
                },
                "scope": {
                    "enum": ["device", "account"]
                },
                "note": { "description": "…" }
            }
        }
    }
}`,
            },
          ],
        },
      ],
    },
  ],
});
