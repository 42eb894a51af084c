/**
 * What a client, or a repository, can send that the server once handled badly (found by an independent
 * black-box run against the built server):
 * - a header without a Content-Length left the server alive and deaf (framing.ts now ends it with a message);
 * - a `file:` URI that names no path here (a remote host, an encoded `/`, broken percent-encoding) as the
 *   workspace folder failed `initialize` and left the server half-started; in a folder change, it dropped the
 *   valid folders after it; as a document inside a folder, the document was never linted;
 * - a didChange numbered below the document's version was applied and published under the older number;
 * - a completion past the end of a line answered edits whose range ended outside the document, and a selection
 *   range past the end of a line or of the text answered ranges there;
 * - a configuration glob that is absolute or climbs out with `..` had the server read files outside the folder.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message } from 'vscode-languageserver-protocol';
import { FramingGuard, MAX_HEADER_BYTES, headerProblem } from '../../server/src/framing';
import { MessageChecks } from '../../server/src/messageChecks';
import { SERVER, TestClient } from './lspClient';
import { INTERNAL_ERROR } from '../fuzz/protocol';

const TOOL = (name: string) =>
  JSON.stringify([{ type: 'function', function: { name, description: 'Use this when the user asks for the current weather in one city. Returns the temperature in Celsius.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name.' } }, required: ['city'] } } }], null, 2) + '\n';

const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** Feeds `input` to a FramingGuard in chunks of `size` bytes; what it passed and the violations it reported. */
function guard(input: Buffer, size: number): Promise<{ out: Buffer; violations: string[] }> {
  return new Promise((resolve) => {
    const violations: string[] = [];
    const g = new FramingGuard((why) => violations.push(why));
    const out: Buffer[] = [];
    g.on('data', (b: Buffer) => out.push(b));
    g.on('end', () => resolve({ out: Buffer.concat(out), violations }));
    for (let at = 0; at < input.length; at += size) g.write(input.subarray(at, at + size));
    g.end();
  });
}

describe('FramingGuard', () => {
  const good = Buffer.from(
    frame('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}') +
      'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n' +
      frame('{"jsonrpc":"2.0","method":"x","params":{"s":"é\\r\\n\\r\\n ✓ 😀"}}') +
      frame('') +
      frame('{"jsonrpc":"2.0","method":"exit"}'),
  );

  it('passes well-framed messages through unchanged, however the stream is cut', async () => {
    for (const size of [1, 2, 3, 5, 7, 16, 64, good.length]) {
      const { out, violations } = await guard(good, size);
      assert.deepEqual(violations, [], `chunks of ${size}`);
      assert.ok(out.equals(good), `chunks of ${size}`);
    }
  });

  it('stops at a broken header, after passing the messages before it, and says why', async () => {
    const cases: [string, RegExp][] = [
      ['Content-Type: foo\r\n\r\n{}', /a header has no Content-Length \("Content-Type: foo"\)/],
      ['Content-Length: -5\r\n\r\n{}', /Content-Length is not a whole number of bytes \("-5"\)/],
      ['Content-Length: 12abc\r\n\r\n{}', /Content-Length is not a whole number/],
      ['{"jsonrpc":"2.0"}\r\n\r\n', /a header has no Content-Length \("\{\\"jsonrpc\\":\\"2\.0\\"\}"\)/],
      ['garbage\r\n\r\n', /a header line is not "Name: value" \("garbage"\)/],
      ['X'.repeat(MAX_HEADER_BYTES + 10), new RegExp(`a header is longer than ${MAX_HEADER_BYTES} bytes`)],
    ];
    for (const [bad, why] of cases) {
      const first = frame('{"jsonrpc":"2.0","method":"a"}');
      for (const size of [1, 4, 1 << 20]) {
        const { out, violations } = await guard(Buffer.from(first + bad + frame('{"jsonrpc":"2.0","method":"b"}')), size);
        assert.equal(violations.length, 1, `${bad.slice(0, 30)} in chunks of ${size}`);
        assert.match(violations[0]!, why);
        assert.match(violations[0]!, /^The LSP input stream is broken: .*\. Nothing after it can be read\.$/);
        // The whole first message went through; nothing of the message after the broken header did.
        assert.ok(out.toString().startsWith(first), `${bad.slice(0, 30)} in chunks of ${size}`);
        assert.ok(!out.toString().includes('"b"'), `${bad.slice(0, 30)} in chunks of ${size}`);
      }
    }
  });

  it('headerProblem: the body length, or why the header cannot frame one', () => {
    assert.equal(headerProblem('Content-Length: 42'), 42);
    assert.equal(headerProblem('content-length:7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8'), 7);
    assert.match(String(headerProblem('Content-Length: 1e3')), /not a whole number/);
    assert.match(String(headerProblem('Content-Length: 9999999999999999')), /not a whole number/);
  });
});

describe('MessageChecks: document versions', () => {
  const open = (version: number): Message => ({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///v.tool.json', languageId: 'tool-json', version, text: '[]' } } }) as Message;
  const change = (version: number): Message => ({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri: 'file:///v.tool.json', version }, contentChanges: [{ text: '[]' }] } }) as Message;
  const close: Message = { jsonrpc: '2.0', method: 'textDocument/didClose', params: { textDocument: { uri: 'file:///v.tool.json' } } } as Message;

  it('drops a didChange numbered below the version the server has, with a log line; after a close, a new open starts again', () => {
    const checks = new MessageChecks();
    const logged: string[] = [];
    checks.log = (m) => logged.push(m);
    const passed: Message[] = [];
    const messages = [{ jsonrpc: '2.0', id: 0, method: 'initialize', params: { capabilities: {} } } as Message, open(1), change(10), change(3), change(10), change(11), close, open(2), change(3)];
    for (const m of messages) checks.handleMessage(m, (x) => passed.push(x));
    assert.deepEqual(
      passed.slice(1).map((m) => {
        const n = m as unknown as { method: string; params: { textDocument: { version?: number } } };
        return `${n.method.slice(13)} ${n.params.textDocument.version ?? ''}`;
      }),
      ['didOpen 1', 'didChange 10', 'didChange 10', 'didChange 11', 'didClose ', 'didOpen 2', 'didChange 3'],
    );
    assert.deepEqual(logged, ['Ignored textDocument/didChange: version 3 of file:///v.tool.json is older than version 10, which the server has (versions must increase with every change).']);
  });
});

describe('a change under the version the server already has', { timeout: 60_000 }, () => {
  it('is linted and published: the diagnostics and symbols follow the new text (they kept describing the old one, with no publish)', async () => {
    const client = new TestClient();
    try {
      await client.initialize();
      const uri = 'file:///same-version.tool.json';
      const typed = (name: string, type: string) => TOOL(name).replace('"type": "string"', `"type": "${type}"`);
      let next = client.waitForDiagnostics((p) => p.uri === uri && p.version === 1);
      await client.open(uri, TOOL('get_weather'));
      await next;
      next = client.waitForDiagnostics((p) => p.uri === uri && p.version === 2);
      await client.change(uri, 2, [{ text: TOOL('get_weather_a') }]);
      assert.ok(!(await next).diagnostics.some((d) => d.code === 'type-unknown'));
      // Version 2 again, with other text: an unknown type in it.
      next = client.waitForDiagnostics((p) => p.uri === uri && p.version === 2 && p.diagnostics.some((d) => d.code === 'type-unknown'));
      await client.change(uri, 2, [{ text: typed('get_weather_b', 'int') }]);
      await next;
      const symbols = (await client.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as { name: string }[];
      assert.deepEqual(symbols.map((x) => x.name), ['get_weather_b']);
      // An open of the open document, with its version: linted too.
      next = client.waitForDiagnostics((p) => p.uri === uri && p.version === 2 && !p.diagnostics.some((d) => d.code === 'type-unknown'));
      await client.open(uri, TOOL('get_weather_c'), 'tool-json', 2);
      await next;
    } finally {
      await client.shutdown();
    }
  });
});

describe('client errors over stdio', { timeout: 120_000 }, () => {
  it('a header without a Content-Length ends the server with a message (it stayed alive and deaf)', async () => {
    const proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = new Promise<number | null>((r) => proc.once('exit', (c) => r(c)));
    proc.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } })));
    proc.stdin.write('Content-Type: foo\r\n\r\n{}');
    proc.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'shutdown' })));
    const timer = setTimeout(() => proc.kill(), 20_000);
    assert.equal(await code, 1, stderr);
    clearTimeout(timer);
    assert.match(stderr, /toolschema-language-server: The LSP input stream is broken: a header has no Content-Length \("Content-Type: foo"\)\. Nothing after it can be read\. Exiting\./);
  });

  it('a workspace folder URI that names no path here is left out; initialize succeeds and the server works', async () => {
    for (const root of ['file://remotehost/share', 'file:///tmp/a%2Fb', 'file:///tmp/%E0%A4%A']) {
      const client = new TestClient();
      try {
        const init = await client.initialize(root);
        assert.ok(init.capabilities.hoverProvider, root);
        const uri = 'file:///elsewhere/weather.tool.json';
        await client.open(uri, TOOL('fetch'));
        const p = await client.waitForDiagnostics((d) => d.uri === uri);
        assert.ok(p.diagnostics.some((d) => d.code === 'name-vague'), root);
        assert.ok(client.logs.some((l) => l.includes('is not a path on this machine')), `${root}\n${client.logs.join('\n')}`);
        assert.deepEqual(client.logs.filter((l) => INTERNAL_ERROR.test(l) || /Uncaught|Unhandled/.test(l)), []);
      } finally {
        assert.equal(await client.shutdown(), 0);
      }
    }
  });

  it('one bad folder in a folder change does not drop the others; a document whose URI names no path is linted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-client-errors-'));
    const client = new TestClient();
    try {
      writeFileSync(join(dir, 'g.tool.json'), TOOL('fetch'));
      await client.initialize(null, { workspace: { workspaceFolders: true } });
      const folder = pathToFileURL(dir).href;
      await client.conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: 'file://remotehost/share', name: 'bad' }, { uri: folder, name: 'good' }], removed: [] } });
      const indexed = await client.waitForDiagnostics((d) => d.uri === `${folder}/g.tool.json`, 20_000);
      assert.ok(indexed.diagnostics.some((d) => d.code === 'name-vague'), JSON.stringify(indexed.diagnostics));
      // Inside the folder by its URI, but `%2F` names no path: linted as a file outside any folder.
      for (const name of ['a%2Fb.tool.json', '%E0%A4%A.tool.json']) {
        const uri = `${folder}/${name}`;
        await client.open(uri, TOOL('fetch'));
        const p = await client.waitForDiagnostics((d) => d.uri === uri);
        assert.ok(p.diagnostics.some((d) => d.code === 'name-vague'), name);
        const hover = await client.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 4, character: 18 } });
        assert.ok(hover !== undefined, name);
      }
      assert.deepEqual(client.logs.filter((l) => INTERNAL_ERROR.test(l) || /Uncaught|Unhandled|lint failed/.test(l)), []);
    } finally {
      assert.equal(await client.shutdown(), 0);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a didChange below the current version is not applied nor published; completion and selection ranges past the end answer ranges inside the text', async () => {
    const client = new TestClient();
    const uri = 'file:///versions/weather.tool.json';
    try {
      await client.initialize();
      await client.open(uri, TOOL('get_weather'));
      await client.change(uri, 10, [{ text: TOOL('fetch') }]);
      await client.change(uri, 3, [{ text: TOOL('get_old') }]);
      await client.change(uri, 11, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '' }]);
      const last = await client.waitForDiagnostics((d) => d.uri === uri && d.version === 11);
      assert.ok(last.diagnostics.some((d) => d.code === 'name-vague'), 'version 11 is version 10 with nothing changed');
      assert.ok(!client.published.some((d) => d.uri === uri && d.version === 3));
      const symbols = (await client.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as { name: string }[];
      assert.deepEqual(symbols.map((s) => s.name), ['fetch']);
      assert.ok(client.logs.some((l) => l.startsWith('Ignored textDocument/didChange: version 3 of')), client.logs.join('\n'));

      const text = '{\n  "name": "get_weather", "descr\n}';
      const small = 'file:///versions/small.tool.json';
      await client.open(small, text);
      const lines = text.split('\n');
      for (const position of [{ line: 1, character: 500 }, { line: 9, character: 0 }, { line: 2, character: 1 }]) {
        const r = (await client.conn.sendRequest('textDocument/completion', { textDocument: { uri: small }, position })) as { items: { textEdit?: { range: { start: { line: number; character: number }; end: { line: number; character: number } } } }[] } | null;
        for (const item of r?.items ?? []) {
          for (const end of item.textEdit ? [item.textEdit.range.start, item.textEdit.range.end] : []) {
            assert.ok(end.line < lines.length && end.character <= lines[end.line]!.length, `${JSON.stringify(position)}: ${JSON.stringify(item.textEdit)}`);
          }
        }
      }
      // Selection ranges too (a position after the last value, past the end of a line or of the text, was answered
      // with an empty range at that position): one per position asked, every range inside the text.
      type Sel = { range: { start: { line: number; character: number }; end: { line: number; character: number } }; parent?: Sel };
      const ended = '[{"name": "get_weather", "description": "Use this when asked about the weather. Returns it."}]\n';
      const endedUri = 'file:///versions/ended.tool.json';
      await client.open(endedUri, ended);
      const endedLines = ended.split('\n');
      for (const [doc, docLines] of [[small, lines], [endedUri, endedLines]] as const) {
        const positions = [{ line: 1, character: 500 }, { line: 1, character: 7 }, { line: 9, character: 0 }, { line: 5000, character: 7 }, { line: 0, character: 9999 }, { line: 0, character: 1 }];
        const sel = (await client.conn.sendRequest('textDocument/selectionRange', { textDocument: { uri: doc }, positions })) as Sel[];
        assert.equal(sel.length, positions.length);
        for (const [i, first] of sel.entries()) {
          for (let s: Sel | undefined = first; s; s = s.parent) {
            for (const end of [s.range.start, s.range.end]) assert.ok(end.line < docLines.length && end.character <= docLines[end.line]!.length, `${doc} ${JSON.stringify(positions[i])}: ${JSON.stringify(s.range)}`);
          }
        }
      }
      // A file refused for its nesting (the JSON service does not read it): still one answer per position.
      const deep = 'file:///versions/deep.tool.json';
      await client.open(deep, '['.repeat(1000) + ']'.repeat(1000));
      const deepSel = (await client.conn.sendRequest('textDocument/selectionRange', { textDocument: { uri: deep }, positions: [{ line: 0, character: 3 }, { line: 0, character: 5000 }] })) as Sel[];
      assert.deepEqual(deepSel.map((s) => s.range), [
        { start: { line: 0, character: 3 }, end: { line: 0, character: 3 } },
        { start: { line: 0, character: 2000 }, end: { line: 0, character: 2000 } },
      ]);
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('configuration globs that leave the folder are refused; nothing outside it is read', async () => {
    const base = mkdtempSync(join(tmpdir(), 'toolschema-client-errors-'));
    const client = new TestClient();
    try {
      const root = join(base, 'ws');
      mkdirSync(join(root, 'tools'), { recursive: true });
      mkdirSync(join(base, 'outside'), { recursive: true });
      writeFileSync(join(base, 'outside', 'secret.json'), TOOL('internal_secret_tool'));
      writeFileSync(join(root, 'tools', 'in.json'), TOOL('fetch'));
      writeFileSync(join(root, 'toolschema.config.json'), JSON.stringify({ files: ['tools/*.json', '../outside/**/*.json', `${join(base, 'outside')}/*.json`] }, null, 2));
      const rootUri = pathToFileURL(root).href;
      await client.initialize(rootUri);
      const config = await client.waitForDiagnostics((d) => d.uri === `${rootUri}/toolschema.config.json` && d.diagnostics.length > 0, 20_000);
      assert.deepEqual(config.diagnostics.map((d) => [d.code, /climbs out|absolute path/.test(d.message)]), [
        ['config-invalid', true],
        ['config-invalid', true],
      ]);
      // The key keeps its default (**/*.tool.json): tools/in.json is not a tool file, the outside one never read.
      await client.open(`${rootUri}/other.tool.json`, TOOL('fetch'));
      await client.waitForDiagnostics((d) => d.uri === `${rootUri}/other.tool.json`);
      assert.deepEqual(client.published.filter((d) => d.uri.includes('/outside/') || d.diagnostics.some((x) => x.message.includes('internal_secret_tool'))), []);
    } finally {
      assert.equal(await client.shutdown(), 0);
      rmSync(base, { recursive: true, force: true });
    }
  });
});
