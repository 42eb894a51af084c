/**
 * The versioning refactors on realistic files in every dialect: bump (a `_v<N+1>` copy right after the tool,
 * the original marked deprecated with the copy as successor) and mark deprecated. Exact output where the layout
 * matters; for every case: the result parses, holds the expected tools, lints clean of the versioning rules and
 * name-duplicate, and every byte before and after the tool's entry is unchanged.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintText, type FileLint } from '../../shared/src/linter';
import { applyEdits } from '../../shared/src/fixes/edits';
import { refactorEdits, refactorsFor, type RefactorId } from '../../shared/src/fixes/refactors';
import { deprecationOf } from '../../shared/src/analysis/versions';

const TODAY = '2026-11-22';
const VERSIONING_RULES = ['version-suffix-format', 'version-predecessor-not-deprecated', 'deprecated-no-successor', 'deprecated-no-redirect', 'deprecation-expired', 'name-duplicate', 'parse-error'];

function run(code: string, toolName: string, id: RefactorId, successors?: string[]): { output: string; lint: FileLint; names: string[] } {
  const lint = lintText('file:///t.tool.json', code, { today: TODAY });
  const tool = lint.discovery.tools.find((t) => t.name === toolName);
  assert.ok(tool, `${toolName} in the file`);
  const r = refactorEdits(lint, tool, id, { today: TODAY, ...(successors ? { successors } : {}) });
  assert.ok(r, `${id} applies`);
  const output = applyEdits(code, r.edits);
  const after = lintText('file:///t.tool.json', output, { today: TODAY });
  assert.deepEqual(after.doc.syntaxProblems, [], `parses:\n${output}`);
  const bad = after.findings.filter((f) => VERSIONING_RULES.includes(f.rule));
  assert.deepEqual(bad.map((f) => `${f.rule}: ${f.message}`), [], output);
  if (tool.outer.parent) {
    assert.ok(output.startsWith(code.slice(0, tool.outer.offset)), 'text before the tool unchanged');
    assert.ok(output.endsWith(code.slice(tool.outer.offset + tool.outer.length)), 'text after the tool unchanged');
  }
  return { output, lint: after, names: r.names };
}

const OPENAI_BODY = `{
  "model": "gpt-5",
  "tools": [
    {
      "type": "function",
      "function": {
        "name": "get_weather",
        "description": "Use this when the user asks for the current weather in a city.",
        "parameters": {
          "type": "object",
          "properties": { "city": { "type": "string", "description": "City name." } },
          "required": ["city"],
          "additionalProperties": false
        },
        "strict": true
      }
    },
    {
      "type": "function",
      "function": {
        "name": "get_time",
        "description": "Use this when the user asks for the local time in a city.",
        "parameters": { "type": "object", "properties": { "city": { "type": "string" } }, "required": ["city"], "additionalProperties": false },
        "strict": true
      }
    }
  ]
}
`;

describe('bump tool version', () => {
  it('OpenAI Chat Completions request body: the copy keeps the wrapper and follows the original', () => {
    const { output, names } = run(OPENAI_BODY, 'get_weather', 'bumpVersion');
    assert.deepEqual(names, ['get_weather_v2']);
    const original = `    {
      "type": "function",
      "function": {
        "name": "get_weather",
        "description": "Use this when the user asks for the current weather in a city.",
        "parameters": {
          "type": "object",
          "properties": { "city": { "type": "string", "description": "City name." } },
          "required": ["city"],
          "additionalProperties": false
        },
        "strict": true
      }
    }`;
    const deprecated = original
      .replace('"Use this when', '"Deprecated: use get_weather_v2 instead. Use this when')
      .replace('"strict": true\n', '"strict": true,\n        "deprecated": { "since": "2026-11-22", "replacedBy": ["get_weather_v2"] }\n');
    const copy = original.replace('"name": "get_weather"', '"name": "get_weather_v2"');
    assert.equal(output, OPENAI_BODY.replace(original, `${deprecated},\n${copy}`));
  });

  it('Anthropic single-tool file: becomes an array of the deprecated original and the copy', () => {
    const code = `{
  "name": "search_orders",
  "description": "Use this when the user asks to find orders by customer or status.",
  "input_schema": {
    "type": "object",
    "properties": { "customer_id": { "type": "string", "description": "The customer." } },
    "required": ["customer_id"]
  }
}
`;
    const { output, lint } = run(code, 'search_orders', 'bumpVersion');
    assert.equal(
      output,
      `[
  {
    "name": "search_orders",
    "description": "Deprecated: use search_orders_v2 instead. Use this when the user asks to find orders by customer or status.",
    "input_schema": {
      "type": "object",
      "properties": { "customer_id": { "type": "string", "description": "The customer." } },
      "required": ["customer_id"]
    },
    "deprecated": { "since": "2026-11-22", "replacedBy": ["search_orders_v2"] }
  },
  {
    "name": "search_orders_v2",
    "description": "Use this when the user asks to find orders by customer or status.",
    "input_schema": {
      "type": "object",
      "properties": { "customer_id": { "type": "string", "description": "The customer." } },
      "required": ["customer_id"]
    }
  }
]
`,
    );
    assert.equal(lint.discovery.tools[0]!.dialect, 'anthropic');
  });

  it('MCP tools/list result: the marker goes into _meta, the copy carries no marker', () => {
    const code = `{"jsonrpc": "2.0", "id": 1, "result": {"tools": [
  {"name": "create_issue", "description": "Use this to file a bug or feature request in the tracker.", "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}, "_meta": {"owner": "triage"}}
]}}`;
    const { output, lint } = run(code, 'create_issue', 'bumpVersion');
    const [old, copy] = lint.discovery.tools;
    assert.equal(copy!.name, 'create_issue_v2');
    assert.equal(old!.dialect, 'mcp');
    assert.deepEqual(deprecationOf(old!)?.markerReplacedBy, ['create_issue_v2']);
    assert.equal(deprecationOf(copy!), undefined);
    assert.ok(output.includes('"_meta": {"owner": "triage", "io.github.toolschema/deprecated": { "since": "2026-11-22", "replacedBy": ["create_issue_v2"] }}'), output);
    assert.ok(output.includes('"name": "create_issue_v2", "description": "Use this to file a bug or feature request in the tracker.", "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}, "_meta": {"owner": "triage"}}'), output);
  });

  it('Gemini function declarations: the copy goes into the same declarations list', () => {
    const code = `{
  "tools": [
    {
      "functionDeclarations": [
        {
          "name": "set_light_values",
          "description": "Use this when the user wants to change the brightness of a light.",
          "parameters": { "type": "OBJECT", "properties": { "brightness": { "type": "INTEGER", "description": "Light level from 0 to 100." } }, "required": ["brightness"] }
        }
      ]
    }
  ]
}`;
    const { lint } = run(code, 'set_light_values', 'bumpVersion');
    assert.deepEqual(lint.discovery.tools.map((t) => `${t.name}:${t.dialect}`), ['set_light_values:gemini', 'set_light_values_v2:gemini']);
  });

  it('a versioned tool bumps to the next version past every existing one, and only the bumped one is deprecated', () => {
    const code = `[
  { "name": "list_orders", "description": "Deprecated: use list_orders_v2 instead.", "deprecated": { "since": "2026-11-01", "replacedBy": ["list_orders_v2"] }, "parameters": { "type": "object" } },
  { "name": "list_orders_v2", "description": "Use this to list the orders of a customer.", "parameters": { "type": "object" } }
]`;
    const { lint, names } = run(code, 'list_orders_v2', 'bumpVersion');
    assert.deepEqual(names, ['list_orders_v3']);
    assert.deepEqual(lint.discovery.tools.map((t) => t.name), ['list_orders', 'list_orders_v2', 'list_orders_v3']);
    assert.deepEqual(deprecationOf(lint.discovery.tools[1]!)?.markerReplacedBy, ['list_orders_v3']);
  });

  it('a map keyed by tool name: the copy gets its own key', () => {
    const code = `{"tools": {
  "get_invoice": {"name": "get_invoice", "description": "Use this when the user asks about one invoice.", "parameters": {"type": "object", "properties": {"invoice_id": {"type": "string"}}, "required": ["invoice_id"]}}
}}`;
    const { output, lint } = run(code, 'get_invoice', 'bumpVersion');
    assert.ok(output.includes('"get_invoice_v2": {"name": "get_invoice_v2"'), output);
    assert.equal(lint.discovery.tools.length, 2);
  });
});

describe('mark deprecated', () => {
  it('with a chosen successor; without one the description says it will be removed', () => {
    const code = `[
  { "name": "get_weather", "description": "Use this when the user asks for the weather in a city.", "parameters": { "type": "object" } },
  { "name": "get_forecast", "description": "Use this when the user asks for the weather today or in the next days.", "parameters": { "type": "object" } }
]`;
    const a = run(code, 'get_weather', 'markDeprecated', ['get_forecast']);
    assert.equal(
      a.output,
      code.replace(
        '"description": "Use this when the user asks for the weather in a city.", "parameters": { "type": "object" } }',
        '"description": "Deprecated: use get_forecast instead. Use this when the user asks for the weather in a city.", "parameters": { "type": "object" }, "deprecated": { "since": "2026-11-22", "replacedBy": ["get_forecast"] } }',
      ),
    );
    const b = run(code, 'get_weather', 'markDeprecated', []);
    assert.match(b.lint.discovery.tools[0]!.description ?? '', /^Deprecated: do not use this tool; it will be removed\. Use this when/);
  });

  it('is not offered for a tool that is already deprecated, nor is bump (its marker would be replaced); both are offered on its successor', () => {
    const code = `[{ "name": "get_weather", "description": "Deprecated: use get_forecast instead.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_forecast"] }, "parameters": { "type": "object" } },
 { "name": "get_forecast", "description": "Use this when the user asks for the weather.", "parameters": { "type": "object" } }]`;
    const lint = lintText('file:///t.tool.json', code, { today: TODAY });
    const ids = refactorsFor(lint, lint.discovery.tools[0]!, { today: TODAY }).map((r) => r.id);
    assert.deepEqual(ids, []);
    const fresh = refactorsFor(lint, lint.discovery.tools[1]!, { today: TODAY }).map((r) => r.id);
    assert.deepEqual(fresh, ['bumpVersion', 'markDeprecated']);
  });

  it('offers nothing on a file with syntax errors (an edit could land in the wrong place)', () => {
    const lint = lintText('file:///t.tool.json', '[{ "name": "get_weather", "parameters": { "type": "object" } }, { "name": ', { today: TODAY });
    const tool = lint.discovery.tools[0];
    assert.ok(tool);
    assert.deepEqual(refactorsFor(lint, tool, { today: TODAY }), []);
  });
});
