/**
 * The engine's module-level caches (words of names, text analyses of descriptions, meta-schema results, the
 * per-tool findings, the workspace's names) keep their own copies of strings, never views into a document: a
 * string read from a parsed document is, in V8, a slice that keeps the whole text alive, so each cache entry kept
 * one old version of an edited document (typing 30 characters into a description of a 3 MB file kept all 30).
 *
 * Counted in a heap snapshot of this process: each version of the document has a marker outside every tool (so in
 * no string a rule or a cache reads), and differs from the others in its first characters (a snapshot records a
 * string's first 1,024 characters, one entry per distinct content).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { ToolDocument } from '../../shared/src/document';
import { discoverTools } from '../../shared/src/discover';
import { lintDocument, type FileLint } from '../../shared/src/linter';
import { WorkspaceModel } from '../../shared/src/workspace';
import { defaultConfig } from '../../shared/src/config';
import { MAX_COPIED_KEY } from '../../shared/src/text';
import { createBaselineProvider } from '../../server/src/baselineProvider';

/** Digits: the parser makes a number of them, never a string. */
const MARKER = '918273645546372819';

const tool = (n: number, description: string) =>
  `{"name":"lookup_weather_in_city_${n}","description":${JSON.stringify(description)},"parameters":{"type":"object","properties":{"city_name_or_code":{"type":"string","description":"City name, e.g. Paris, or its IATA code: one of 'PAR', 'LON' or 'NYC'."},"temperature_units":{"type":"string","enum":["celsius_degrees","fahrenheit_degrees"],"description":"Units of the temperature returned."}},"required":["city_name_or_code"]}}`;

/** Version `i`: the first tool's description typed one character further. */
function versionText(i: number): string {
  const edited = tool(0, `Use this when the user asks for the weather in a city ${'x'.repeat(i)}; returns the temperature in the units asked for.`);
  const others = Array.from({ length: 20 }, (_, n) => tool(n + 1, `Use this when the user asks for the weather in city number ${n + 1}; returns the temperature.`));
  return `{"x_marker": ${MARKER}, "tools": [\n${[edited, ...others].join(',\n')}\n]}`;
}

/** Version `i` of a file whose one tool has a 100,000-character description (above MAX_COPIED_KEY), typed into at its start. */
function longText(i: number): string {
  const description = `${'x'.repeat(i)}Use this when the user asks for the weather (code ${MARKER}). ${'Returns the temperature in the units asked for. '.repeat(2_100)}`;
  return tool(0, description);
}

function versionsAlive(): number {
  const dir = mkdtempSync(join(tmpdir(), 'toolschema-retention-'));
  try {
    const text = readFileSync(writeHeapSnapshot(join(dir, 'heap.heapsnapshot')), 'utf8');
    return text.split(MARKER).length - 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('caches keep no old versions of a document', { timeout: 120_000 }, () => {
  it('after 30 edits of a description (linted as the language server does), one version is alive', () => {
    const uri = 'file:///retention.tool.json';
    const index = new WorkspaceModel();
    const config = defaultConfig();
    let last: FileLint | undefined;
    for (let i = 0; i < 30; i++) {
      const doc = new ToolDocument(uri, versionText(i));
      const discovery = discoverTools(doc.tree!, config.profile);
      index.update(doc, discovery);
      last = lintDocument(doc, { config, workspace: index.viewFrom(uri) }, discovery);
    }
    assert.equal(last?.discovery.tools.length, 21);
    // The marker's own string and the last version (held here), and at times a version or two still referenced
    // from V8's stack or handle-scope roots when the snapshot is taken (3 to 5 strings); 31 before.
    const alive = versionsAlive();
    assert.ok(alive <= 10, `strings holding the marker: ${alive}`);
  });

  it('after 10 edits of a 100,000-character description, the caches keep no copy per version (one per cache, of the last)', () => {
    const uri = 'file:///retention-long.tool.json';
    const config = defaultConfig();
    let last: FileLint | undefined;
    for (let i = 0; i < 10; i++) {
      const doc = new ToolDocument(uri, longText(i));
      // Without the per-tool findings cache, which keeps each version of the tool's text (bounded by its budget).
      last = lintDocument(doc, { config, cache: false }, discoverTools(doc.tree!, config.profile));
    }
    assert.ok(last && last.discovery.tools[0]!.description!.length > MAX_COPIED_KEY);
    // The marker's own string, and strings of the last version only (the document, its description, cache keys
    // made of it): 4. A copy of every key in every cache kept 32 here; the caches' views of old versions, 51.
    const alive = versionsAlive();
    assert.ok(alive <= 10, `strings holding the marker: ${alive}`);
  });

  it('the language server\'s baseline provider keeps no text of a closed document (it kept every one ever opened)', async () => {
    const config = defaultConfig();
    const provider = createBaselineProvider({ log: () => undefined, onReady: () => undefined, read: async () => ({ kind: 'ok', text: '[]' }) });
    const uris = Array.from({ length: 40 }, (_, i) => `file:///ws/closed-${i}.tool.json`);
    // Each document's text, as the server passes it on each lint (distinct: a snapshot keeps one entry per content;
    // flat: a snapshot names a concatenation by its parts).
    const lintAll = () => uris.forEach((uri, i) => provider.forLint(uri, config, ` ${i} ${versionText(i)}`.slice(1)));
    lintAll();
    await new Promise((r) => setImmediate(r));
    lintAll();
    const open = versionsAlive();
    assert.ok(open >= 40, `the open documents' texts are held while open: ${open}`);
    for (const uri of uris) provider.closed(uri);
    const alive = versionsAlive();
    assert.ok(alive <= 5, `strings holding the marker after closing: ${alive}`);
  });
});
