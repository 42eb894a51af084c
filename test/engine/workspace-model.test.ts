/**
 * The engine's workspace model: definitions and references (description mentions, successor markers) with
 * exact ranges, the cross-file rules fed by it, and which files a change affects.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspaceModel } from '../../shared/src/workspace';
import { NameIndex, lintDocument } from '../../shared/src/linter';
import type { Profile } from '../../shared/src/types';
import { rng } from '../fuzz/fuzz';
import { ToolDocument } from '../../shared/src/document';

const tool = (name: string, description: string, extra = '') => `{ "name": "${name}", "description": "${description}", "parameters": { "type": "object" }${extra} }`;

function model(files: Record<string, string>): WorkspaceModel {
  const m = new WorkspaceModel();
  for (const [uri, text] of Object.entries(files)) m.updateText(uri, text);
  return m;
}

const FILES = {
  'file:///w/weather.tool.json': `[${tool('get_forecast', 'Use this when the user asks for the weather in the next days.')}, ${tool('get_weather', 'Deprecated: use get_forecast instead.', ', "deprecated": { "since": "2026-11-01", "replacedBy": ["get_forecast"] }')}]`,
  'file:///w/trip.tool.json': `[${tool('plan_trip', 'Use this to plan a trip; call get_forecast first, then call get_local_time.')}]`,
  'file:///w/money.tool.json': `[${tool('convert_currency', 'Use this to convert an amount between two currencies.')}]`,
};

describe('workspace model', () => {
  it('finds the definition and every reference of a tool, with the exact characters', () => {
    const m = model(FILES);
    const defs = m.definitionsOf('get_forecast');
    assert.deepEqual(defs.map((d) => d.uri), ['file:///w/weather.tool.json']);
    const text = FILES['file:///w/weather.tool.json'];
    assert.equal(text.slice(defs[0]!.nameOffset, defs[0]!.nameOffset + 'get_forecast'.length), 'get_forecast');
    const refs = m.referencesTo('get_forecast');
    assert.deepEqual(refs.map((r) => `${r.uri.slice(10)} ${r.kind} ${r.inTool}`).sort(), ['trip.tool.json mention plan_trip', 'weather.tool.json mention get_weather', 'weather.tool.json successor get_weather'].sort());
    for (const r of refs) {
      const t = Object.entries(FILES).find(([u]) => u === r.uri)![1];
      assert.equal(t.slice(r.offset, r.offset + r.length), 'get_forecast');
    }
    // A quoted mention of a tool no file defines is still a reference (navigation shows it; the rule reports it).
    assert.equal(m.referencesTo('get_local_time').length, 1);
  });

  it('feeds the cross-file rules: a mention resolves against another file; a duplicate across files is reported', () => {
    const files: Record<string, string> = { ...FILES, 'file:///w/dup.tool.json': `[${tool('convert_currency', 'Use this to convert money between currencies.')}]` };
    const m = model(files);
    const lint = (uri: string) => lintDocument(new ToolDocument(uri, files[uri]!), { workspace: m.viewFrom(uri) }).findings;
    const trip = lint('file:///w/trip.tool.json');
    const unknown = trip.filter((f) => f.rule === 'description-sibling-unknown');
    assert.equal(unknown.length, 1, 'only get_local_time is unknown');
    assert.match(unknown[0]!.message, /get_local_time/);
    assert.ok(lint('file:///w/money.tool.json').some((f) => f.rule === 'name-duplicate'));
  });

  it('tells which files a change of defined names affects', () => {
    const m = model(FILES);
    const before = m.file('file:///w/weather.tool.json')!.names;
    const after = m.updateText('file:///w/weather.tool.json', FILES['file:///w/weather.tool.json'].replace(/get_forecast/g, 'get_daily_forecast')).names;
    assert.deepEqual(m.affectedBy('file:///w/weather.tool.json', before, after), ['file:///w/trip.tool.json']);
    // Same names (a description edit): nothing else is affected.
    assert.deepEqual(m.affectedBy('file:///w/money.tool.json', new Set(['convert_currency']), new Set(['convert_currency'])), []);
    // A new version affects the file defining the base name.
    m.updateText('file:///w/v2.tool.json', `[${tool('convert_currency_v2', 'Use this to convert an amount between currencies at a given date.')}]`);
    assert.deepEqual(m.affectedBy('file:///w/v2.tool.json', new Set(), new Set(['convert_currency_v2'])), ['file:///w/money.tool.json']);
    m.delete('file:///w/trip.tool.json');
    assert.deepEqual(m.referencesTo('get_local_time'), []);
    assert.equal(m.size, 3);
  });

  it('names the other files of a duplicate in path order, whatever order they were indexed or re-indexed in', () => {
    // The index kept each name's files in insertion order, and a file whose names changed went to the end: the
    // server's "also defined in X and 1 other file" named whichever file was edited last, and the CLI (files in
    // path order) named another for the same texts.
    const dup = (name: string) => `[${tool(name, 'Use this to convert an amount between two currencies.')}]`;
    const uris = ['file:///w/a.tool.json', 'file:///w/b.tool.json', 'file:///w/c.tool.json'];
    const inOrder = new WorkspaceModel();
    for (const u of uris) inOrder.updateText(u, dup('convert_currency'));
    const edited = new WorkspaceModel();
    for (const u of [...uris].reverse()) edited.updateText(u, dup('convert_currency'));
    edited.updateText('file:///w/a.tool.json', dup('convert_money'));
    edited.updateText('file:///w/a.tool.json', dup('convert_currency'));
    for (const m of [inOrder, edited]) assert.deepEqual(m.viewFrom('file:///w/c.tool.json').definitions('convert_currency'), { count: 2, first: uris[0] });
    const message = (m: WorkspaceModel) => lintDocument(new ToolDocument(uris[2]!, dup('convert_currency')), { workspace: m.viewFrom(uris[2]!) }).findings.find((f) => f.rule === 'name-duplicate')?.message;
    assert.match(message(edited) ?? '', /also defined in a\.tool\.json and 1 other file/);
    assert.equal(message(edited), message(inOrder));
  });

  it('answers how many other files define a name and the first in path order, as the full sorted list would (seeded, 3,000 steps)', () => {
    // The index answered with the sorted list of every other file: a name defined in each of 8,000 files cost the
    // CLI a minute (each file's lint sorted 7,999 URIs, and recorded them all as its answer). It now keeps a count
    // and the first two per name; this compares it with the list, through re-indexing and removal.
    const random = rng(2026);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const uris = ['file:///w/a.tool.json', 'file:///w/%61.tool.json', 'file:///w/b.tool.json', 'file:///w/B.tool.json', 'file:///w/c/d.tool.json', 'file:///w/%E0%A4%A.tool.json', 'file:///w/z.tool.json'];
    const names = ['get_x', 'get_y', 'get_z'];
    const profiles: Profile[] = ['generic', 'openai', 'mcp'];
    const index = new NameIndex();
    const shadow = new Map<string, { name: string; profile: Profile }[]>();
    const decoded = (u: string) => {
      try {
        return decodeURIComponent(u);
      } catch {
        return u;
      }
    };
    for (let step = 0; step < 3000; step++) {
      const uri = pick(uris);
      if (random() < 0.2) {
        index.remove(uri);
        shadow.delete(uri);
      } else {
        const tools = Array.from({ length: Math.floor(random() * 3) }, () => ({ name: pick(names), profile: pick(profiles) }));
        index.set(uri, tools);
        shadow.set(uri, tools);
      }
      const from = pick(uris);
      const name = pick(names);
      const profile = random() < 0.5 ? undefined : pick(profiles);
      const others = [...shadow]
        .filter(([u, tools]) => u !== from && tools.some((t) => t.name === name && (!profile || t.profile === profile)))
        .map(([u]) => u)
        .sort((x, y) => (decoded(x) < decoded(y) ? -1 : decoded(x) > decoded(y) ? 1 : x < y ? -1 : x > y ? 1 : 0));
      assert.deepEqual(index.viewFrom(from).definitions(name, profile), { count: others.length, first: others[0] }, `step ${step}: ${name} ${profile ?? ''} from ${from}`);
    }
  });
});
