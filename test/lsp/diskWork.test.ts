/**
 * Work on unopened tool files (server/src/diskWork.ts, server/src/diskWorker.ts): indexing and linting from
 * disk give what the in-memory engine gives, the worker process (the built server, dist/server/server.js)
 * answers like the in-process path, a worker that cannot start falls back to the server's own thread, and the
 * JSON messages between them keep the Maps and Sets the engine reads.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { indexFromDisk, inProcessDiskWork, lintFromDisk, type LintJob, type WorkerReply, type WorkerRequest } from '../../server/src/diskWork';
import { decodeReply, decodeRequest, encodeReply, encodeRequest, workerDiskWork } from '../../server/src/diskWorker';
import { WorkspaceModel } from '../../shared/src/workspace';
import { NameIndex, hash53 } from '../../shared/src/linter';
import { defaultConfig } from '../../shared/src/config';
import type { Finding } from '../../shared/src/types';
import { SERVER } from './lspClient';

const tool = (name: string, description: string) => `{ "name": "${name}", "description": "${description}", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } }`;

// a defines get_forecast (its own description names it, its name has an escape); b mentions it and get_nothing.
const A = `[\n  ${tool('get_\\u0066orecast', 'Use this when the user asks for the weather in the next days. Unlike get_forecast_v0, get_forecast returns highs and lows.')}\n]\n`;
const B = `[\n  ${tool('get_weather', 'Use this when the user asks for the weather now in a city. Call get_forecast for later days. Use `get_nothing` instead when the city is unknown.')}\n]\n`;

describe('unopened files from disk', { timeout: 60_000 }, () => {
  let dir: string;
  let a: string;
  let b: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-diskwork-'));
    writeFileSync(join(dir, 'a.tool.json'), A);
    writeFileSync(join(dir, 'b.tool.json'), B);
    a = pathToFileURL(join(dir, 'a.tool.json')).href;
    b = pathToFileURL(join(dir, 'b.tool.json')).href;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const job = (uri: string): LintJob => ({ uri, config: defaultConfig(), baseline: null, evaluation: { sets: [], results: [] } });
  const unknownNames = (findings: Finding[]) => findings.filter((f) => f.rule === 'description-sibling-unknown').map((f) => f.data?.mention);

  it('indexes a file without keeping its text: names, the escaped name\'s length, mentions of the tool itself', () => {
    const r = indexFromDisk({ uri: a, profile: 'auto' });
    assert.ok('entry' in r);
    assert.equal(r.hash, hash53(A));
    assert.ok(!('text' in r.entry));
    assert.deepEqual([...r.entry.names], ['get_forecast']);
    const t = r.entry.tools[0]!;
    assert.equal(A.slice(t.nameOffset, t.nameOffset + t.nameLength), 'get_\\u0066orecast');
    assert.deepEqual(t.selfMentions.map((m) => A.slice(m.offset, m.offset + m.length)), ['get_forecast']);
    assert.deepEqual(r.entry.refs.map((x) => x.name), ['get_forecast_v0']);
    assert.deepEqual(indexFromDisk({ uri: pathToFileURL(join(dir, 'gone.tool.json')).href, profile: 'auto' }), { uri: pathToFileURL(join(dir, 'gone.tool.json')).href, missing: true });
  });

  it('lints against the names of a snapshot as against the index it was taken from', () => {
    const model = new WorkspaceModel();
    model.updateText(a, A);
    model.updateText(b, B);
    const direct = lintFromDisk(job(b), model.viewFrom(b));
    const viaSnapshot = lintFromDisk(job(b), NameIndex.fromSnapshot(JSON.parse(JSON.stringify(model.snapshot()))).viewFrom(b));
    assert.ok('findings' in direct && 'findings' in viaSnapshot);
    assert.deepEqual(unknownNames(direct.findings!), ['get_nothing']);
    assert.deepEqual(viaSnapshot.findings, direct.findings);
    const alone = lintFromDisk(job(b), new NameIndex().viewFrom(b));
    assert.ok('findings' in alone);
    assert.deepEqual(unknownNames(alone.findings!).sort(), ['get_forecast', 'get_nothing']);
  });

  it('keeps Maps and Sets through the JSON messages', () => {
    const toolHashes = new Map([['get_forecast', { description: 'abc', parameters: 'def' }]]);
    const cases = new Map([['c1', { trials: 2, missing: [] }]]);
    const request: WorkerRequest = { id: 7, kind: 'lint', names: undefined, jobs: [{ ...job(b), evaluation: { sets: ['file:///x.eval.json'], results: [{ uri: 'file:///x.eval-results.json', date: '2026-01-01', model: undefined, toolHashes, cases, problem: undefined }] } }] };
    const back = decodeRequest(JSON.parse(JSON.stringify(encodeRequest(request))));
    assert.ok(back.kind === 'lint');
    const results = back.jobs[0]!.evaluation.results[0]!;
    assert.ok(results.toolHashes instanceof Map && results.cases instanceof Map);
    assert.deepEqual(results.toolHashes, toolHashes);
    assert.deepEqual(results.cases, cases);
    const indexed = indexFromDisk({ uri: a, profile: 'auto' });
    const reply: WorkerReply = { id: 8, index: [indexed] };
    const replyBack = decodeReply(JSON.parse(JSON.stringify(encodeReply(reply))));
    assert.ok('index' in replyBack && 'entry' in replyBack.index[0]!);
    assert.ok(replyBack.index[0].entry.names instanceof Set);
    assert.deepEqual(replyBack, reply);
  });

  /** What the server's own thread answers for a and b (index, then lint against their names), and the model it fills. */
  async function inProcessAnswers() {
    const model = new WorkspaceModel();
    const local = inProcessDiskWork(model);
    const expected = await local.index([{ uri: a, profile: 'auto' }, { uri: b, profile: 'auto' }]);
    for (const r of expected) if ('entry' in r) model.updateEntry(r.entry);
    return { model, expected, expectedLint: await local.lint([job(a), job(b)]) };
  }

  it('the worker process answers as the server\'s own thread does, and a worker that cannot start falls back', async () => {
    const { model, expected, expectedLint } = await inProcessAnswers();
    for (const script of [SERVER, join(dir, 'no-such-server.js')]) {
      const logs: string[] = [];
      const work = workerDiskWork({ script, names: model, log: (m) => logs.push(m), inProcessBytes: 0 });
      try {
        assert.deepEqual(await work.index([{ uri: a, profile: 'auto' }, { uri: b, profile: 'auto' }]), expected, script);
        assert.deepEqual(await work.lint([job(a), job(b)]), expectedLint, script);
      } finally {
        await work.release();
      }
      if (script === SERVER) assert.deepEqual(logs, []);
      else assert.match(logs.join('\n'), /worker/);
    }
  });

  it('runs a small request in the server when no worker is running, and starts the worker past the budget', async () => {
    const { model, expected, expectedLint } = await inProcessAnswers();
    // A script that cannot start: any attempt to start a worker shows in the log.
    const logs: string[] = [];
    const size = A.length + B.length;
    const work = workerDiskWork({ script: join(dir, 'no-such-server.js'), names: model, log: (m) => logs.push(m), inProcessBytes: 2 * size });
    try {
      assert.deepEqual(await work.index([{ uri: a, profile: 'auto' }, { uri: b, profile: 'auto' }]), expected);
      assert.deepEqual(await work.lint([job(a), job(b)]), expectedLint);
      assert.deepEqual(logs, [], 'both requests fit the budget: no worker started');
      // The budget (two requests of these files) is spent: the next one goes to a worker, which cannot start here.
      assert.deepEqual(await work.lint([job(a)]), [expectedLint[0]]);
      assert.match(logs.join('\n'), /worker/);
    } finally {
      await work.release();
    }
  });
});
