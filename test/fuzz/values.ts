/**
 * Generators of inputs made of arbitrary JSON values, beside the mutations of real files (fuzz.ts), which keep
 * the values the sources had:
 *
 * - tool files in every dialect (bare tools, OpenAI wrappers, Anthropic, `{"tools": [...]}`, Gemini
 *   declarations, one tool, any value) whose names, descriptions, schemas, defaults, enums and bounds are any
 *   JSON value or a schema of Python type names, hostile patterns and `$ref`s; checked with every property of
 *   `checkText` (fuzz.ts);
 * - evaluation sets and their results files, where any JSON value stands as a case, an id, a prompt, an
 *   expectation or a results entry; checked with `checkEvalSet`: the lint never throws and no rule throws, every
 *   range lies inside the set, no message keeps a `{{placeholder}}`, and the same set with every object's keys
 *   reversed gives the same findings (but for line numbers in messages).
 *
 * Used by test/fuzz/fuzz.test.ts (a seeded sample in `npm test`) and test/fuzz/main.ts (`npm run fuzz`).
 */
import fc from 'fast-check';
import { lintEvalSet } from '../../shared/src/linter';
import { ToolDocument } from '../../shared/src/document';
import { discoverTools } from '../../shared/src/discover';
import { parseResults } from '../../shared/src/evaluation/results';
import type { ToolInfo } from '../../shared/src/discover';
import { ISSUE_TOOLS, CASES } from '../evalFixtures';
import { firstDifference, HOSTILE_STRINGS, summary, unfilledPlaceholder } from './fuzz';

const anyJson = fc.jsonValue({ maxDepth: 2, depthSize: 'small' });
/** The fuzzer's hostile strings, as the values they write in JSON (a raw control character as itself). */
const hostile = fc.constantFrom(
  ...HOSTILE_STRINGS.map((s) => {
    try {
      return JSON.parse(`"${s}"`) as string;
    } catch {
      return s;
    }
  }),
);
const name = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('get_weather', 'fetch', 'search.v2', 'delete_user_v3', 'list-items', 'a'.repeat(70), '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'Use this when the user asks. Returns JSON.', '{{name}}', ''),
  fc.string({ unit: 'binary', maxLength: 20 }),
  hostile,
);
const typeName = fc.constantFrom('string', 'integer', 'number', 'boolean', 'object', 'array', 'null', 'int', 'dict', 'str', 'float', 'list', 'any', 'tuple');
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const schemaArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  // At the depth limit fast-check takes the first choice: a leaf, so a schema has at most three levels.
  s: fc.oneof(
    { maxDepth: 2, depthIdentifier: 'schema' },
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: fc.record(
      {
        type: fc.oneof(typeName, fc.array(typeName, { maxLength: 3 }), anyJson),
        description: opt(fc.oneof(name, anyJson)),
        enum: opt(fc.oneof(fc.array(anyJson, { maxLength: 4 }), anyJson)),
        default: opt(anyJson),
        minimum: opt(fc.oneof(fc.integer(), fc.double(), anyJson)),
        maximum: opt(fc.integer()),
        maxLength: opt(fc.oneof(fc.nat(), fc.integer({ min: -5, max: -1 }))),
        pattern: opt(fc.constantFrom('^(a+)+$', '[', '^\\d{3}$', '(?<x>a)', '\\p{L}', '(a|a)*b', '^([a-z]+)*$', '\\')),
        format: opt(fc.constantFrom('date-time', 'email', 'uri', 'nope')),
        items: opt(tie('s')),
        properties: opt(fc.dictionary(name, tie('s'), { maxKeys: 2 })),
        required: opt(fc.oneof(fc.array(name, { maxLength: 4 }), anyJson)),
        anyOf: opt(fc.array(tie('s'), { maxLength: 2 })),
        $ref: opt(fc.constantFrom('#', '#/$defs/a', '#/properties/x', 'http://x', '#/definitions/__proto__')),
        $defs: opt(fc.dictionary(fc.constantFrom('a', '__proto__', 'b'), tie('s'), { maxKeys: 2 })),
        additionalProperties: opt(fc.oneof(fc.boolean(), tie('s'))),
      },
      { requiredKeys: [] },
    ), weight: 3 },
  ),
})).s;
const tool = fc.record(
  {
    name: fc.oneof(name, anyJson),
    description: fc.oneof(name, anyJson),
    parameters: fc.oneof(schemaArb, fc.record({ type: fc.constant('object'), properties: fc.dictionary(name, schemaArb, { maxKeys: 4 }), required: fc.array(name, { maxLength: 3 }) })),
    strict: opt(fc.oneof(fc.boolean(), anyJson)),
    annotations: opt(fc.oneof(fc.record({ readOnlyHint: fc.oneof(fc.boolean(), anyJson), destructiveHint: fc.oneof(fc.boolean(), anyJson) }, { requiredKeys: [] }), anyJson)),
    deprecated: opt(fc.oneof(fc.boolean(), anyJson)),
  },
  { requiredKeys: ['name'] },
);
const fileValue = fc.oneof(
  fc.array(tool, { maxLength: 4 }),
  fc.array(tool.map((f) => ({ type: 'function', function: f })), { maxLength: 4 }),
  fc.array(tool.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters })), { maxLength: 4 }),
  fc.array(tool.map((t) => ({ name: t.name, description: t.description, inputSchema: t.parameters, annotations: t.annotations })), { maxLength: 4 }),
  fc.record({ tools: fc.array(tool, { maxLength: 3 }) }),
  fc.array(fc.record({ functionDeclarations: fc.array(tool, { maxLength: 3 }) }), { maxLength: 2 }),
  tool,
  anyJson,
);
const indent = fc.constantFrom<number | string>(0, 2, '\t');

/** A tool file made of arbitrary values: its text (JSON, compact or indented). */
export const toolFileArb: fc.Arbitrary<string> = fc.tuple(fileValue, indent).map(([v, i]) => JSON.stringify(v, null, i) ?? 'null');

const word = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('search_issues', 'get_issue', 'close_issue', '__proto__', 'constructor', 'normal', 'ambiguous', 'adversarial', 'user', 'assistant', '{{tool}}', ''));
const v3 = fc.jsonValue({ maxDepth: 3 });
const caseArb = fc.record(
  {
    id: fc.oneof(word, v3),
    category: fc.oneof(word, v3),
    prompt: fc.oneof(word, v3),
    messages: fc.oneof(fc.array(fc.record({ role: fc.oneof(word, v3), content: fc.oneof(word, v3) }, { requiredKeys: [] }), { maxLength: 3 }), v3),
    expect: fc.oneof(fc.record({ tool: fc.oneof(word, fc.constant(null), v3), arguments: fc.oneof(fc.dictionary(word, v3, { maxKeys: 3 }), v3), allowed_tools: fc.oneof(fc.array(word, { maxLength: 3 }), v3) }, { requiredKeys: [] }), v3),
  },
  { requiredKeys: [] },
);
const setValue = fc.oneof(
  fc.record({ tools: fc.oneof(fc.constant('./issues.tool.json'), word, v3), cases: fc.oneof(fc.array(fc.oneof(caseArb, v3, fc.constant(JSON.parse(CASES.login) as unknown)), { maxLength: 8 }), v3) }, { requiredKeys: [] }),
  v3,
);
const resultsValue = fc.option(
  fc.oneof(
    fc.record(
      {
        date: fc.oneof(word, v3),
        model: fc.oneof(word, v3),
        toolHashes: fc.oneof(fc.dictionary(word, word), v3),
        cases: fc.oneof(fc.dictionary(word, fc.oneof(fc.record({ selected: fc.oneof(word, v3), argumentsValid: fc.oneof(fc.boolean(), v3), pass: fc.oneof(fc.boolean(), v3) }, { requiredKeys: [] }), v3)), fc.array(v3), v3),
      },
      { requiredKeys: [] },
    ),
    v3,
  ),
  { nil: undefined },
);

/** An evaluation set and (or not) its results file, as values, and the indentation the set is written with. */
export interface EvalInput {
  set: unknown;
  results: unknown;
  indent: number | string;
}
export const evalInputArb: fc.Arbitrary<EvalInput> = fc.record({ set: setValue, results: resultsValue, indent });

let issueTools: ToolInfo[] | undefined;

/** The value with every object's keys in reverse order. */
function reversed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversed);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).reverse()) Object.defineProperty(out, k, { value: reversed((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * Checks an evaluation set's lint against its target (issues.tool.json) and results; returns the violations.
 * `lintSet` is the engine's `lintEvalSet` but in the test that shows a faulty one is caught.
 */
export function checkEvalSet(input: EvalInput, lintSet: typeof lintEvalSet = lintEvalSet): string[] {
  const problems: string[] = [];
  issueTools ??= discoverTools(new ToolDocument('file:///w/issues.tool.json', ISSUE_TOOLS).tree).tools;
  const results = input.results === undefined ? undefined : parseResults('file:///w/issues.eval-results.json', JSON.stringify(input.results) ?? 'null');
  const lint = (text: string) =>
    lintSet(new ToolDocument('file:///w/issues.eval.json', text), {
      target: { uri: 'file:///w/issues.tool.json', tools: issueTools! },
      ...(results ? { results } : {}),
      onRuleError: (id, e) => problems.push(`${id} threw: ${String((e as Error)?.stack ?? e).slice(0, 800)}`),
    });
  const text = JSON.stringify(input.set, null, input.indent) ?? 'null';
  try {
    const a = lint(text);
    for (const f of a.findings) {
      if (!(f.offset >= 0 && f.length >= 0 && f.offset + f.length <= text.length)) problems.push(`${f.rule} ${f.pointer}: offset ${f.offset}+${f.length} outside a text of ${text.length}`);
      if (typeof f.message !== 'string' || f.message.length === 0 || unfilledPlaceholder(f.message, f.data)) problems.push(`${f.rule}: bad message ${JSON.stringify(f.message)}`);
    }
    const b = lint(JSON.stringify(reversed(input.set), null, input.indent) ?? 'null');
    // The same findings but for line numbers in messages (the two texts are laid out differently).
    const sa = summary(a, true);
    const sb = summary(b, true);
    if (sa !== sb) problems.push(`findings depend on key order:\n${firstDifference(sa, sb)}`);
  } catch (e) {
    problems.push(`lint threw: ${String((e as Error)?.stack ?? e).slice(0, 800)}`);
  }
  return problems;
}
