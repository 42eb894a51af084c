/**
 * Editor requests on hostile files stay bounded (the stress run of the language server: code actions on 200,000
 * findings took minutes, `toolschema/tools` on 10,000 tools of one name 20 s). No timing assertions: each test
 * counts the work done (element reads through a Proxy, actions returned), which grew quadratically before the
 * fix it guards; the suite's timeout catches a hang.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeActionParams } from 'vscode-languageserver';
import { lintText, type FileLint } from '../../shared/src/linter';
import { childContaining, fixesFor, nodeOfFinding } from '../../shared/src/fix';
import type { Node } from '../../shared/src/document';
import { EMPTY_INDEX } from '../../shared/src/rule';
import { defaultConfig } from '../../shared/src/config';
import { MAX_FINDINGS_PER_REQUEST, codeActions, resolveCodeAction, toolSummaries, type ActionContext } from '../../server/src/codeActions';
import { DEFAULT_MAX_PROBLEMS, MAX_JSON_COMPLETION_VALUES, diagnosticsFor, maxProblemsSetting, toDiagnostic } from '../../server/src/toolServer';
import type { Finding } from '../../shared/src/types';
import { scanShape } from '../../shared/src/document';
import { TestClient } from './lspClient';
import { CancellationTokenSource } from 'vscode-jsonrpc';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver-protocol';
import { MAX_FORMAT_EDITS, MAX_FORMAT_INDENT, MAX_TAB_SIZE, formatEdits, indentationChars } from '../../server/src/formatting';
import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';

/** An array whose numeric element reads are counted. */
function counted<T>(items: T[]): { proxy: T[]; reads: () => number } {
  let n = 0;
  const proxy = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) n++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { proxy, reads: () => n };
}

function propsTool(n: number): string {
  const props = Array.from({ length: n }, (_, i) => `"p${i}":{"type":"string"}`).join(',');
  return `{"name":"get_record","description":"Use this when the user asks for a record; returns it.","parameters":{"type":"object","additionalProperties":false,"properties":{${props}}}}`;
}

function context(lint: FileLint, extra: Partial<ActionContext> = {}): ActionContext {
  return { uri: lint.uri, version: 1, lint, config: defaultConfig(), workspace: EMPTY_INDEX, toDiagnostic, canCreateFiles: true, ...extra };
}

function request(lint: FileLint, start: number, end: number): CodeActionParams {
  return { textDocument: { uri: lint.uri }, range: lint.doc.rangeOf(start, end - start), context: { diagnostics: [] } };
}

describe('editor requests on hostile files', { timeout: 120_000 }, () => {
  it('the node of a finding is found by binary search among 20,000 siblings, not a scan', () => {
    const lint = lintText('file:///props.tool.json', propsTool(20_000));
    const props = lint.discovery.tools[0]!.params!.children!.find((p) => p.children?.[0]?.value === 'properties')!.children![1]!;
    const { proxy, reads } = counted(props.children!);
    (props as { children: Node[] }).children = proxy;
    const findings = lint.findings.filter((f) => f.rule === 'param-description-missing');
    assert.equal(findings.length, 20_000);
    for (const f of [findings[0]!, findings[10_000]!, findings[19_999]!]) {
      const node = nodeOfFinding(lint.doc.tree!, f);
      // The finding is on the key: its node is the property's value.
      assert.equal(node?.parent?.children?.[0]?.offset, f.offset, 'the node at the finding');
    }
    // A scan reads up to 20,000 children per finding; a binary search about 15.
    assert.ok(reads() < 3 * 40, `children read: ${reads()}`);
  });

  it('childContaining returns the first sibling containing the range, as a linear scan does', () => {
    const node = (offset: number, length: number) => ({ offset, length, type: 'string' }) as Node;
    const kids = [node(0, 3), node(3, 0), node(3, 2), node(6, 4), node(12, 1)];
    const linear = (s: number, e: number) => kids.find((c) => c.offset <= s && e <= c.offset + c.length);
    for (let s = -1; s < 15; s++) for (let e = s; e < 15; e++) assert.equal(childContaining(kids, s, e), linear(s, e), `[${s}, ${e}]`);
    assert.equal(childContaining([], 0, 0), undefined);
  });

  it('code actions over a whole file of 20,000 findings: fixes for at most MAX_FINDINGS_PER_REQUEST of them', () => {
    const lint = lintText('file:///props.tool.json', propsTool(20_000));
    const text = lint.doc.text;
    const whole = codeActions(context(lint), request(lint, 0, text.length));
    const quick = whole.filter((a) => a.kind === 'quickfix');
    assert.equal(quick.length, MAX_FINDINGS_PER_REQUEST, 'one placeholder fix per finding, up to the bound');
    // A cursor on one property: its own fix, computed from the finding's node.
    const at = text.indexOf('"p12345"');
    const one = codeActions(context(lint), request(lint, at + 1, at + 1));
    assert.deepEqual(one.filter((a) => a.kind === 'quickfix').map((a) => a.title), ['Add a "description" placeholder to "p12345"']);
  });

  it('"Fix all <rule> problems" is resolved on demand when the client can resolve edits (fix-all lints the file again)', () => {
    const text = `[${Array.from({ length: 3 }, (_, i) => `{"name":"get_x${i}","description":"Use this when the user asks for x${i}; returns it.","parameters":{"type":"object","properties":{"n":{"type":"int","description":"A number."}}}}`).join(',')}]`;
    const lint = lintText('file:///ints.tool.json', text);
    const at = text.indexOf('"int"');
    const fixAllTitle = 'Fix all type-unknown problems in this file';
    const lazy = codeActions(context(lint, { canResolveEdits: true }), request(lint, at, at + 5)).find((a) => a.title === fixAllTitle);
    assert.ok(lazy, 'offered');
    assert.equal(lazy.edit, undefined, 'no edit computed with the offer');
    const eager = codeActions(context(lint), request(lint, at, at + 5)).find((a) => a.title === fixAllTitle);
    assert.ok(eager?.edit, 'a client that cannot resolve gets the edit inline');
    const resolved = resolveCodeAction(lazy, () => context(lint, { canResolveEdits: true }));
    assert.deepEqual(resolved.edit, eager.edit);
    // Offered against an older version: an error saying so (it was left without an edit, which did nothing, silently).
    const stale = codeActions(context(lint, { canResolveEdits: true }), request(lint, at, at + 5)).find((a) => a.title === fixAllTitle)!;
    assert.throws(() => resolveCodeAction(stale, () => context(lint, { canResolveEdits: true, version: 2 })), /changed since this action was offered/);
  });

  it('toolschema/tools on 2,000 tools of one name reads the tool list a bounded number of times per tool', () => {
    const one = `{"name":"manage_records","description":"Use this to read, create or delete records.","parameters":{"type":"object","properties":{"operation":{"type":"string","enum":["read","create","delete"],"description":"What to do."},"record_id":{"type":"string","description":"The record."}},"required":["operation"]}}`;
    const lint = lintText('file:///same.tool.json', `[${Array.from({ length: 2_000 }, () => one).join(',')}]`);
    const { proxy, reads } = counted([...lint.discovery.tools]);
    const tools = toolSummaries(context({ ...lint, discovery: { ...lint.discovery, tools: proxy } }));
    assert.equal(tools.length, 2_000);
    assert.equal(tools[0]!.nextVersion, 'manage_records_v2');
    assert.deepEqual(tools[1_999]!.split, tools[0]!.split);
    assert.ok(tools[0]!.split && tools[0]!.split.length === 3, `split: ${JSON.stringify(tools[0]!.split)}`);
    // Per tool, reading every other tool (next version, names a split must avoid) made this 2,000 × 2,000 × 2.
    assert.ok(reads() < 10 * 2_000, `tool reads: ${reads()}`);
  });

  it('fixes of a finding are unchanged by the binary search (duplicate keys: the member the finding is on)', () => {
    const text = '{"name":"get_x","description":"Use this when the user asks for x; returns it.","parameters":{"type":"object","properties":{"a":{"type":"int","description":"A."},"a":{"type":"str","description":"A."}}}}';
    const lint = lintText('file:///dup.tool.json', text);
    // The first "a" is the copy JSON.parse ignores: only the kept one is linted, and its fix edits that one.
    const types = lint.findings.filter((f) => f.rule === 'type-unknown');
    assert.equal(types.length, 1);
    const fix = fixesFor(lint, types[0]!)[0]!;
    assert.equal(fix.title, 'Replace "str" with "string"');
    assert.ok(fix.edits.every((e) => e.offset > text.lastIndexOf('"a"')));
  });
});

describe('the number of diagnostics published per file', () => {
  const finding = (i: number, severity: Finding['severity']): Finding => ({ rule: `r${i}`, messageId: 'm', severity, message: `m${i}`, offset: i, length: 1, range: { start: { line: i, character: 0 }, end: { line: i, character: 1 } }, pointer: '', tool: null });

  it('keeps every finding up to the limit, and with 0', () => {
    const few = [finding(0, 'hint'), finding(1, 'error')];
    assert.deepEqual(diagnosticsFor(few, 2), few.map(toDiagnostic));
    const many = Array.from({ length: 50 }, (_, i) => finding(i, 'warning'));
    assert.deepEqual(diagnosticsFor(many, 0), many.map(toDiagnostic));
  });

  it('over the limit: a notice first (how many are hidden, how many of each severity), then the most severe, in file order: the limit in all', () => {
    const order: Finding['severity'][] = ['hint', 'warning', 'info', 'error', 'warning', 'hint', 'error', 'info'];
    const findings = order.map((s, i) => finding(i, s));
    const out = diagnosticsFor(findings, 4);
    // VS Code shows the first 1,000 diagnostics of a file: the notice sent last, as the 1,001st, was dropped.
    assert.equal(out.length, 4);
    assert.equal(out[0]!.code, undefined);
    assert.deepEqual(out.slice(1).map((d) => d.code), ['r1', 'r3', 'r6'], 'the two errors and the first warning, in file order');
    assert.equal(out[0]!.message, '5 more problems in this file not shown: the file has 2 errors, 2 warnings and 4 others; 3 are shown with this notice, errors first (setting toolschema.maxNumberOfProblems; 0 shows all that the editor shows: VS Code, 1,000 per file). `toolschema lint` lists them all.');
    assert.match(diagnosticsFor(findings, 7)[0]!.message, /^2 more problems in this file not shown: the file has 2 errors, 2 warnings and 4 others; 6 are shown/);
    const many = diagnosticsFor(Array.from({ length: 2_500 }, (_, i) => finding(i, i === 7 ? 'error' : 'info')), 1_000);
    assert.equal(many.length, 1_000);
    assert.match(many[0]!.message, /^1,501 more problems .* the file has 1 error, 0 warnings and 2,499 others; 999 are shown/);
  });

  it('reads the setting as a whole number from 0, else the default', () => {
    assert.equal(maxProblemsSetting({ maxNumberOfProblems: 0 }), 0);
    assert.equal(maxProblemsSetting({ maxNumberOfProblems: 250 }), 250);
    for (const bad of [undefined, null, [], 'x', {}, { maxNumberOfProblems: -1 }, { maxNumberOfProblems: 2.5 }, { maxNumberOfProblems: '10' }, { maxNumberOfProblems: Infinity }, { maxNumberOfProblems: null }]) {
      assert.equal(maxProblemsSetting(bad), DEFAULT_MAX_PROBLEMS, JSON.stringify(bad) ?? String(bad));
    }
  });
});

describe('editor requests on hostile files over stdio', { timeout: 120_000 }, () => {
  it('a file of 20,000 findings publishes the default limit and a notice, not 20,000 diagnostics', async () => {
    const client = new TestClient();
    try {
      await client.initialize();
      const uri = 'file:///hostile/many-props.tool.json';
      await client.open(uri, propsTool(20_000));
      const pub = await client.waitForDiagnostics((d) => d.uri === uri, 60_000);
      assert.equal(pub.diagnostics.length, DEFAULT_MAX_PROBLEMS);
      assert.equal(pub.diagnostics.filter((d) => d.code === 'param-description-missing').length, DEFAULT_MAX_PROBLEMS - 1, 'every shown one but the notice is a real finding');
      assert.match(pub.diagnostics[0]!.message, /^19,\d{3} more problems in this file not shown/);
      // Quick fixes still answer for a finding that was not published.
      const text = propsTool(20_000);
      const at = text.indexOf('"p19999"');
      const doc = TextDocument.create(uri, 'tool-json', 1, text);
      const actions = (await client.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: doc.positionAt(at + 1), end: doc.positionAt(at + 1) }, context: { diagnostics: [] } })) as { title: string }[];
      assert.ok(actions.some((a) => a.title === 'Add a "description" placeholder to "p19999"'), JSON.stringify(actions.map((a) => a.title)));
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('completion in a file of 9,000 tools skips the JSON language service (its schema matching overflowed the stack)', async () => {
    const one = '{"name":"get_weather","description":"Use this when the user asks for the weather.","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City."}},"required":["city"]}}';
    const big = `[${Array.from({ length: 9_000 }, () => one).join(',')}]`;
    assert.ok(scanShape(big).tokens > MAX_JSON_COMPLETION_VALUES);
    const client = new TestClient();
    try {
      await client.initialize();
      const small = 'file:///hostile/small.tool.json';
      const uri = 'file:///hostile/many.tool.json';
      await client.open(small, `[${one}]`);
      await client.open(uri, big);
      await client.waitForDiagnostics((d) => d.uri === uri, 60_000);
      // Inside the schema of a tool in the middle, where a property key is completed.
      const at = big.indexOf('"properties":{', big.length / 2) + '"properties":{'.length;
      const position = { line: 0, character: at };
      const items = (list: unknown) => (Array.isArray(list) ? list : ((list as { items?: unknown[] } | null)?.items ?? []));
      await client.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position, context: { triggerKind: 1 } });
      assert.deepEqual(client.logs.filter((m) => /completion failed/.test(m)), []);
      // A small file still gets the JSON language service's completions (keys of the tool-file schema).
      const smallAt = one.indexOf('"name"');
      const smallItems = items(await client.conn.sendRequest('textDocument/completion', { textDocument: { uri: small }, position: { line: 0, character: 1 + smallAt }, context: { triggerKind: 1 } }));
      assert.ok(smallItems.length > 0, 'completions in a small file');
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('completion at the end of a 1 MB description of name characters answers (the name typed was found by a quadratic pattern)', async () => {
    const other = '{"name":"get_forecast","description":"Use this when the user asks for the forecast.","parameters":{"type":"object","properties":{}}}';
    // A run of name characters, then the name being typed: each start in the run was tried up to the space.
    const description = 'Use this when the user asks for the weather ' + 'a.'.repeat(500_000) + '; for the forecast call get_';
    const text = `[${other},{"name":"get_weather","description":${JSON.stringify(description)},"parameters":{"type":"object","properties":{}}}]`;
    const client = new TestClient();
    try {
      await client.initialize();
      const uri = 'file:///hostile/long-name.tool.json';
      await client.open(uri, text);
      await client.waitForDiagnostics((d) => d.uri === uri, 60_000);
      const end = text.lastIndexOf('get_"') + 4;
      const answer = client.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: end }, context: { triggerKind: 1 } });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), 20_000)));
      const got = await Promise.race([answer, late]);
      clearTimeout(timer);
      assert.notEqual(got, 'late', 'no completion answer within 20 s');
      // The tool names are offered for the word typed, replacing it.
      const items = Array.isArray(got) ? got : ((got as { items?: { label: string; textEdit?: { range: { start: { character: number } } } }[] } | null)?.items ?? []);
      const forecast = items.find((i) => i.label === 'get_forecast');
      assert.ok(forecast, JSON.stringify(items.slice(0, 3)));
      assert.equal(forecast.textEdit?.range.start.character, end - 4);
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('a Fix All command cancelled while its edits are computed edits nothing and answers RequestCancelled (it applied them)', async () => {
    const props = Array.from({ length: 30_000 }, (_, i) => `"p${i}":{"type":"int","description":"P."}`).join(',');
    const text = `{"name":"get_props","description":"Use this when the user asks about props. Returns them.","parameters":{"type":"object","properties":{${props}}}}`;
    const client = new TestClient();
    try {
      await client.initialize(null, { workspace: { applyEdit: true, workspaceEdit: { documentChanges: true } } });
      const uri = 'file:///hostile/cancel.tool.json';
      await client.open(uri, text);
      await client.waitForDiagnostics((d) => d.uri === uri, 60_000);
      const source = new CancellationTokenSource();
      const answer = client.conn.sendRequest('workspace/executeCommand', { command: 'toolschema.server.fixAll', arguments: [{ uri, version: 1 }] }, source.token);
      // Sent while the server computes the edits (seconds for 30,000 fixes).
      setTimeout(() => source.cancel(), 50);
      await assert.rejects(answer, (e: { code?: number }) => e.code === -32800);
      assert.equal(client.appliedEdits.length, 0, 'no workspace/applyEdit for a cancelled command');
      // Not cancelled, the same command applies its edits.
      const done = (await client.conn.sendRequest('workspace/executeCommand', { command: 'toolschema.server.fixAll', arguments: [{ uri, version: 1 }] })) as { applied: boolean };
      assert.equal(done.applied, true);
      assert.equal(client.appliedEdits.length, 1);
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('formatting a compact file of 2,000 tools answers one edit of the formatted text, not one edit per value', async () => {
    const one = '{"name":"get_weather","description":"Use this when the user asks for the weather.","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City."},"units":{"type":"string","enum":["c","f"]}},"required":["city"]}}';
    const big = `[${Array.from({ length: 2_000 }, () => one).join(',')}]`;
    const small = `[${one}]`;
    const client = new TestClient();
    try {
      await client.initialize();
      for (const [name, text] of [['big', big], ['small', small]] as const) {
        const uri = `file:///hostile/format-${name}.tool.json`;
        await client.open(uri, text);
        await client.waitForDiagnostics((d) => d.uri === uri, 60_000);
        const options = { tabSize: 2, insertSpaces: true };
        const edits = (await client.conn.sendRequest('textDocument/formatting', { textDocument: { uri }, options })) as TextEdit[];
        const doc = TextDocument.create(uri, 'tool-json', 1, text);
        assert.equal(TextDocument.applyEdits(doc, edits), JSON.stringify(JSON.parse(text), null, 2), name);
        if (name === 'big') assert.equal(edits.length, 1, 'one edit over the formatted span');
        else assert.ok(edits.length > 1 && edits.length <= MAX_FORMAT_EDITS, `small edits in a small file: ${edits.length}`);
        // Range formatting of the middle third: one edit inside the range, and the document still parses.
        const range = { start: doc.positionAt(Math.floor(text.length / 3)), end: doc.positionAt(Math.floor((2 * text.length) / 3)) };
        const ranged = (await client.conn.sendRequest('textDocument/rangeFormatting', { textDocument: { uri }, range, options })) as TextEdit[];
        if (name === 'big') assert.equal(ranged.length, 1);
        for (const e of ranged) assert.ok(doc.offsetAt(e.range.start) >= doc.offsetAt(range.start) - 1 && doc.offsetAt(e.range.end) <= doc.offsetAt(range.end) + 1, 'inside the range');
        assert.deepEqual(JSON.parse(TextDocument.applyEdits(doc, ranged)), JSON.parse(text));
      }
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });
});

describe('formatting: the indentation it adds is bounded', () => {
  /** Indentation characters at the start of each line of `text`. */
  const leading = (text: string) => text.split('\n').reduce((n, l) => n + (/^[ \t]*/.exec(l)?.[0].length ?? 0), 0);
  const weather = '{"name":"get_weather","description":"Use this when the user asks for the weather, e.g. \\"Paris, FR\\".","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City, [country]."},"units":{"type":"string","enum":["c","f"]}},"required":["city"]}}';

  it('counts what the formatter writes (strings, escapes and brackets inside them skipped)', () => {
    for (const tabSize of [1, 2, 4]) {
      const doc = TextDocument.create('file:///f.tool.json', 'tool-json', 1, weather);
      const formatted = TextDocument.applyEdits(doc, formatEdits(doc, undefined, { tabSize, insertSpaces: true }));
      assert.equal(formatted, JSON.stringify(JSON.parse(weather), null, tabSize));
      assert.equal(indentationChars(weather, tabSize, Infinity), leading(formatted), `tabSize ${tabSize}`);
    }
    // Empty containers stay on one line: counted as if they did not (an upper bound).
    assert.ok(indentationChars('{"a":{},"b":[]}', 2, Infinity) >= leading(JSON.stringify({ a: {}, b: [] }, null, 2)));
    // Stops counting past the limit.
    assert.ok(indentationChars('['.repeat(500) + ']'.repeat(500), 2, 1000) <= 1000 + 2 * 500);
  });

  it('a tab size of 2^31 - 1 formats with MAX_TAB_SIZE spaces (it made 270 MB of edits for 1 KB at 1,000,000)', () => {
    const doc = TextDocument.create('file:///f.tool.json', 'tool-json', 1, weather);
    const formatted = TextDocument.applyEdits(doc, formatEdits(doc, undefined, { tabSize: 2 ** 31 - 1, insertSpaces: true }));
    // JSON.stringify indents by at most 10: one space per level, widened.
    assert.equal(formatted, JSON.stringify(JSON.parse(weather), null, 1).replace(/^ +/gm, (m) => ' '.repeat(m.length * MAX_TAB_SIZE)));
  });

  it('refuses, with a message, formatting whose indentation would pass MAX_FORMAT_INDENT (values nested deep)', () => {
    // 400 levels, then 90,000 numbers one per line: about 72 M indentation characters at 2 spaces a level.
    const depth = 400;
    const text = '['.repeat(depth) + Array.from({ length: 90_000 }, (_, i) => i).join(',') + ']'.repeat(depth);
    assert.ok(indentationChars(text, 2, Infinity) > MAX_FORMAT_INDENT);
    const doc = TextDocument.create('file:///deep.tool.json', 'tool-json', 1, text);
    assert.throws(
      () => formatEdits(doc, undefined, { tabSize: 2, insertSpaces: true }),
      (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.RequestFailed && /would add more than 64 MB of indentation/.test(e.message),
    );
    // With tabs (one character a level) the same file is under the bound and formats.
    assert.ok(indentationChars(text, 1, Infinity) <= MAX_FORMAT_INDENT);
    assert.ok(formatEdits(doc, undefined, { tabSize: 2, insertSpaces: false }).length > 0);
  });
});
