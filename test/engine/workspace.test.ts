/** Linting several files as one workspace: cross-file duplicates and sibling references. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintWorkspace } from '../../shared/src/linter';

const openai = (name: string, desc = 'Use this when the user asks for the weather in a city.') =>
  JSON.stringify([{ type: 'function', function: { name, description: desc, parameters: { type: 'object', properties: {} } } }]);
const anthropic = (name: string) => JSON.stringify([{ name, description: 'Use this when the user asks for the weather in a city.', input_schema: { type: 'object', properties: {} } }]);

const rules = (files: { uri: string; text: string }[], rule: string) =>
  lintWorkspace(files).map((r) => r.findings.filter((f) => f.rule === rule).map((f) => `${r.uri.split('/').pop()}: ${f.message}`));

describe('workspace linting', () => {
  it('a tool defined in two files of the same dialect is a duplicate in both', () => {
    const out = rules([{ uri: 'file:///w/a.tool.json', text: openai('get_weather') }, { uri: 'file:///w/b.tool.json', text: openai('get_weather') }], 'name-duplicate');
    assert.equal(out[0]!.length, 1);
    assert.match(out[0]![0]!, /b\.tool\.json/);
    assert.equal(out[1]!.length, 1);
    assert.match(out[1]![0]!, /a\.tool\.json/);
  });

  it('one copy per provider (different profiles) is not a duplicate', () => {
    const out = rules([{ uri: 'file:///w/weather.openai.tool.json', text: openai('get_weather') }, { uri: 'file:///w/weather.anthropic.tool.json', text: anthropic('get_weather') }], 'name-duplicate');
    assert.deepEqual(out, [[], []]);
  });

  it('a description may redirect to a tool defined in another file', () => {
    const a = openai('get_current_weather', 'Use this when the user asks about the weather right now. Do not use for forecasts: use get_weather_forecast instead.');
    const alone = rules([{ uri: 'file:///w/a.tool.json', text: a }], 'description-sibling-unknown');
    assert.equal(alone[0]!.length, 1, 'unknown when linted alone');
    const together = rules([{ uri: 'file:///w/a.tool.json', text: a }, { uri: 'file:///w/b.tool.json', text: openai('get_weather_forecast') }], 'description-sibling-unknown');
    assert.deepEqual(together, [[], []]);
  });
});
