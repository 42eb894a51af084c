/**
 * The tool summary shown on hover over a tool's name: its parameter table is Markdown (GFM), so names and values
 * from the file must not break it. Each parameter stays one table row whatever its name holds (line breaks,
 * backticks, pipes), code spans are fenced so a backtick cannot end them, and numbers are shown as written.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../../shared/src/linter';
import { codeSpan, getHover } from '../../shared/src/hover';

/** The hover over the name of the first tool of `text`. */
function summary(text: string): string {
  const lint = lintText('file:///t.tool.json', text);
  const offset = text.indexOf('"name"') + '"name": "'.length + 1;
  const h = getHover(lint, offset);
  assert.ok(h, 'a hover over the name');
  return h.markdown;
}

const tool = (props: Record<string, unknown>, name = 'get_weather') =>
  JSON.stringify({ name, description: 'Use this when the user asks for the current weather in a city.', parameters: { type: 'object', properties: props } }, null, 2);

/** The table's rows after the header and its rule line. */
function rows(md: string): string[] {
  const lines = md.split('\n');
  const head = lines.indexOf('| parameter | type | required | default | bounds |');
  assert.ok(head >= 0, md);
  const out: string[] = [];
  for (let i = head + 2; i < lines.length && lines[i]!.startsWith('|'); i++) out.push(lines[i]!);
  return out;
}

/** The cells of a GFM table row: split on "|" not escaped with a backslash. */
const cells = (row: string) => row.slice(2, -2).split(/(?<!\\)\|/).map((c) => c.trim());

describe('hover: the tool summary', () => {
  it('a parameter name with a line break, a backtick or a pipe stays one row of five cells, its name in one code span', () => {
    const md = summary(tool({ 'city\nname': { type: 'string' }, 'unit`s': { type: 'string' }, 'a|b': { type: 'string' }, '`x`': { type: 'string' } }));
    const r = rows(md);
    assert.equal(r.length, 4, md);
    for (const row of r) assert.equal(cells(row).length, 5, row);
    assert.equal(cells(r[0]!)[0], '`city\\nname`');
    assert.equal(cells(r[1]!)[0], '``unit`s``');
    assert.equal(cells(r[2]!)[0], '`a\\|b`');
    assert.equal(cells(r[3]!)[0], '`` `x` ``');
  });

  it('numbers are shown as written: 1e400 is not "Infinity", 1.0 is not "1"', () => {
    const text = tool({ n: { type: 'number', minimum: 0, maximum: 1, default: 0.5 } }).replace('"minimum": 0', '"minimum": 1.0').replace('"maximum": 1', '"maximum": 1e400');
    const row = rows(summary(text))[0]!;
    assert.match(cells(row)[4]!, /^≥ 1\.0, ≤ 1e400$/, row);
    assert.equal(cells(row)[3], '0.5');
  });

  it('the title names the tool in a code span that a backtick or a line break in the name cannot end', () => {
    // The summary's title line (rule documentation for the name's findings comes first).
    const title = (md: string) => md.split('\n').find((l) => / — (query|mutation|action|unknown)\b/.test(l));
    assert.match(title(summary(tool({}, 'get_`weather`')))!, /^\*\*`` get_`weather` ``\*\* — /);
    assert.match(title(summary(tool({}, 'get\nweather')))!, /^\*\*`get\\nweather`\*\* — /);
  });
});

describe('codeSpan', () => {
  it('fences with one backtick more than the longest run inside, pads a span that starts or ends with one', () => {
    assert.equal(codeSpan('plain'), '`plain`');
    assert.equal(codeSpan('a``b'), '```a``b```');
    assert.equal(codeSpan('`'), '`` ` ``');
    assert.equal(codeSpan('tab\there\u0000'), '`tab\\there\\u0000`');
    assert.equal(codeSpan('a|b'), '`a|b`');
    assert.equal(codeSpan('a|b', true), '`a\\|b`');
  });
});
