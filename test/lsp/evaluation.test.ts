/**
 * Evaluation sets over stdio, in a temporary workspace: start-up indexing of sets and results (eval-missing on
 * a tool file no set tests; a set on disk linted without being opened), eval-stale appearing in the tool file
 * and in the set as soon as a description is edited, set diagnostics following the tool file, navigation
 * and rename through evaluation cases, tool-name completion and schema hover in a set, the "Create
 * evaluation set" quick fix (a file-creating workspace edit) and command, and watched-file changes.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, CompletionList, Hover, Location, PublishDiagnosticsParams, TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { CASES, FIVE, ISSUE_TOOLS, idsOf, issueSet, resultsFor } from '../evalFixtures';
import { ServerCommands } from '../../shared/src/protocol';

const SET = issueSet(FIVE, './issues.tool.json');
const LONELY = `[
  { "name": "get_invoice", "description": "Use this when the user asks about one invoice by its number. Returns the amount, the due date and the status.", "parameters": { "type": "object", "properties": { "invoice_id": { "type": "string", "description": "The invoice number, for example INV-2026-001." } }, "required": ["invoice_id"] } }
]
`;

function positionOf(text: string, needle: string, delta = 0, occurrence = 1): { line: number; character: number } {
  let off = -1;
  for (let i = 0; i < occurrence; i++) off = text.indexOf(needle, off + 1);
  assert.ok(off >= 0, `${needle} not in text`);
  const before = text.slice(0, off + delta).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code)).sort();

describe('evaluation sets over stdio', () => {
  let dir: string;
  let client: TestClient;
  const uri = (f: string) => pathToFileURL(join(dir, f)).href;
  const req = <T>(method: string, params: unknown) => client.conn.sendRequest(method, params) as Promise<T>;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-evalsets-'));
    writeFileSync(join(dir, 'issues.tool.json'), ISSUE_TOOLS);
    writeFileSync(join(dir, 'issues.eval.json'), SET);
    writeFileSync(join(dir, 'issues.eval-results.json'), resultsFor(ISSUE_TOOLS, idsOf(FIVE)));
    writeFileSync(join(dir, 'lonely.tool.json'), LONELY);
    client = new TestClient();
    await client.initialize(pathToFileURL(dir).href, {
      workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } },
    });
  });
  after(() => {
    client.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('indexes sets and results at start-up: eval-missing only where no set tests the file; the set on disk is linted', async () => {
    const lonely = await client.waitForDiagnostics((p) => p.uri === uri('lonely.tool.json'));
    assert.deepEqual(codes(lonely), ['eval-missing']);
    assert.match(lonely.diagnostics[0]!.message, /Create lonely\.eval\.json with 5 to 10 fixed cases/);
    const set = await client.waitForDiagnostics((p) => p.uri === uri('issues.eval.json'));
    assert.deepEqual(codes(set), [], 'the set on disk is clean against its tool file and results');
    const tools = await client.waitForDiagnostics((p) => p.uri === uri('issues.tool.json'));
    assert.deepEqual(codes(tools).filter((c) => c.startsWith('eval-')), []);
  });

  it('editing a description makes eval-stale appear at once, in the tool file and in the set', async () => {
    await client.open(uri('issues.tool.json'), ISSUE_TOOLS);
    await client.waitForDiagnostics((p) => p.uri === uri('issues.tool.json') && p.version === 1);
    const from = positionOf(ISSUE_TOOLS, 'Use this when the user names one issue by its number');
    const to = positionOf(ISSUE_TOOLS, ' and wants its details');
    client.published.length = 0;
    await client.change(uri('issues.tool.json'), 2, [{ range: { start: from, end: to }, text: 'Use this for any question about one issue' }]);
    const tool = await client.waitForDiagnostics((p) => p.uri === uri('issues.tool.json') && p.version === 2);
    const stale = tool.diagnostics.filter((d) => d.code === 'eval-stale');
    assert.equal(stale.length, 1);
    assert.equal(stale[0]!.range.start.line, from.line, 'on the edited description');
    assert.match(stale[0]!.message, /^The description of get_issue changed after the run of 2026-11-20 \(issues\.eval-results\.json\)/);
    const set = await client.waitForDiagnostics((p) => p.uri === uri('issues.eval.json') && p.diagnostics.some((d) => d.code === 'eval-stale'));
    assert.match(set.diagnostics[0]!.message, /get_issue \(description\)/);
    // Back to the recorded text: both are clean again.
    client.published.length = 0;
    await client.change(uri('issues.tool.json'), 3, [{ text: ISSUE_TOOLS }]);
    const clean = await client.waitForDiagnostics((p) => p.uri === uri('issues.tool.json') && p.version === 3);
    assert.deepEqual(codes(clean).filter((c) => c.startsWith('eval-')), []);
    await client.waitForDiagnostics((p) => p.uri === uri('issues.eval.json') && p.diagnostics.length === 0);
  });

  it('an open set is linted as you type against its tool file (unknown tool, invalid arguments)', async () => {
    const bad = SET.replace('"tool": "get_issue"', '"tool": "get_issues"').replace('"state": "open"', '"state": "opened"');
    await client.open(uri('issues.eval.json'), bad, 'json');
    const d = await client.waitForDiagnostics((p) => p.uri === uri('issues.eval.json') && p.version === 1);
    assert.deepEqual(codes(d), ['eval-args-invalid', 'eval-unknown-tool']);
    const unknown = d.diagnostics.find((x) => x.code === 'eval-unknown-tool')!;
    assert.deepEqual(unknown.range.start, positionOf(bad, '"get_issues"'));
    assert.match(unknown.message, /did you mean "get_issue"\?/);
    await client.change(uri('issues.eval.json'), 2, [{ text: SET }]);
    const fixed = await client.waitForDiagnostics((p) => p.uri === uri('issues.eval.json') && p.version === 2);
    assert.deepEqual(codes(fixed), []);
  });

  it('goes from a case to the tool, lists cases among references, and renames the tool in its cases', async () => {
    const def = await req<Location[]>('textDocument/definition', { textDocument: { uri: uri('issues.eval.json') }, position: positionOf(SET, '"get_issue"', 3) });
    assert.equal(def.length, 1);
    assert.equal(def[0]!.uri, uri('issues.tool.json'));
    assert.deepEqual(def[0]!.range.start, positionOf(ISSUE_TOOLS, '"get_issue"', 1));
    const refs = await req<Location[]>('textDocument/references', { textDocument: { uri: uri('issues.tool.json') }, position: positionOf(ISSUE_TOOLS, '"get_issue"', 2), context: { includeDeclaration: false } });
    const inSet = refs.filter((r) => r.uri === uri('issues.eval.json')).map((r) => r.range.start);
    // expect.tool of issue-42, and the adversarial case's allowed_tools entry.
    assert.deepEqual(inSet, [positionOf(SET, '"get_issue"', 1, 1), positionOf(SET, '"get_issue"', 1, 2)]);
    const prep = await req<{ placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: uri('issues.eval.json') }, position: positionOf(SET, '"get_issue"', 2) });
    assert.equal(prep.placeholder, 'get_issue');
    const edit = await req<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: uri('issues.eval.json') }, position: positionOf(SET, '"get_issue"', 2), newName: 'get_ticket' });
    const files = (edit.documentChanges as TextDocumentEdit[]).map((c) => [c.textDocument.uri, c.edits.length, c.textDocument.version]);
    assert.deepEqual(files.sort(), [[uri('issues.eval.json'), 2, 2], [uri('issues.tool.json'), 1, 3]].sort());
  });

  it('completes the tool names of the tested file in expect.tool, and explains the format on hover', async () => {
    const list = await req<CompletionList>('textDocument/completion', { textDocument: { uri: uri('issues.eval.json') }, position: positionOf(SET, '"close_issue"', 1) });
    assert.deepEqual(list.items.map((i) => i.label).sort(), ['close_issue', 'get_issue', 'search_issues']);
    const hover = await req<Hover>('textDocument/hover', { textDocument: { uri: uri('issues.eval.json') }, position: positionOf(SET, '"category"', 3) });
    assert.match(JSON.stringify(hover.contents), /normal: a typical request/);
    // Where the format says nothing (an allowed_tools entry): no hover, not an empty one (an independent tester).
    const none = await req<Hover | null>('textDocument/hover', { textDocument: { uri: uri('issues.eval.json') }, position: positionOf(SET, '"allowed_tools": ["search_issues"', 20) });
    assert.equal(none, null);
  });

  it('completes tool names where no quote is typed yet: after "tool":, in an empty or continued allowed_tools (quoted, listed names left out)', async () => {
    const draft = `{
  "tools": "./issues.tool.json",
  "cases": [
    { "id": "a", "category": "normal", "messages": [{ "role": "user", "content": "x" }], "expect": { "tool":  } },
    { "id": "b", "category": "adversarial", "messages": [{ "role": "user", "content": "y" }], "expect": { "tool": null, "allowed_tools": ["get_issue", ] } },
    { "id": "c", "category": "normal", "messages": [{ "role": "user", "content": "z" }], "expect": { "tool": se } },
    { "id": "d", "category": "adversarial", "messages": [{ "role": "user", "content": "w" }], "expect": { "tool": null, "allowed_tools": [] } }
  ]
}
`;
    const u = uri('draft.eval.json');
    // As VS Code opens it: an evaluation set is JSON (the tool-json language is for *.tool.json).
    await client.open(u, draft, 'json');
    try {
      const at = async (needle: string, delta: number) => {
        const list = await req<CompletionList | null>('textDocument/completion', { textDocument: { uri: u }, position: positionOf(draft, needle, delta) });
        return (list?.items ?? []).map((i) => `${i.label}=${(i.textEdit as { newText: string } | undefined)?.newText}`).sort();
      };
      assert.deepEqual(await at('"tool":  }', 8), ['close_issue="close_issue"', 'get_issue="get_issue"', 'null=null', 'search_issues="search_issues"']);
      assert.deepEqual(await at('"get_issue", ]', 13), ['close_issue="close_issue"', 'search_issues="search_issues"']);
      assert.deepEqual(await at('"tool": se }', 10), ['close_issue="close_issue"', 'search_issues="search_issues"']);
      // Inside a string of a set with a syntax error elsewhere (it is being typed): the names too, unquoted.
      assert.deepEqual(await at('"get_issue", ]', 3), ['get_issue=get_issue']);
      assert.deepEqual(await at('"allowed_tools": [] }', 18), ['close_issue="close_issue"', 'get_issue="get_issue"', 'search_issues="search_issues"']);
    } finally {
      await client.close(u);
    }
  });

  it('offers Create evaluation set on eval-missing as a file-creating edit; the new set then silences it', async () => {
    await client.open(uri('lonely.tool.json'), LONELY);
    const d = await client.waitForDiagnostics((p) => p.uri === uri('lonely.tool.json') && p.version === 1);
    const missing = d.diagnostics.find((x) => x.code === 'eval-missing')!;
    const actions = await req<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri('lonely.tool.json') }, range: missing.range, context: { diagnostics: [missing] } });
    const create = actions.find((a) => a.title === 'Create evaluation set lonely.eval.json');
    assert.ok(create, actions.map((a) => a.title).join(' | '));
    const [op, text] = create.edit!.documentChanges! as [{ kind: string; uri: string; options: unknown }, TextDocumentEdit];
    assert.deepEqual(op, { kind: 'create', uri: uri('lonely.eval.json'), options: { overwrite: false, ignoreIfExists: false } });
    const skeleton = JSON.parse(text.edits[0]!.newText) as { tools: string; cases: { category: string; expect: { tool: string | null } }[] };
    assert.equal(skeleton.tools, './lonely.tool.json');
    assert.deepEqual(skeleton.cases.map((c) => c.category), ['normal', 'normal', 'normal', 'ambiguous', 'adversarial']);
    assert.deepEqual(skeleton.cases.map((c) => c.expect.tool), ['get_invoice', 'get_invoice', 'get_invoice', null, null]);
    // The client creates the file; the watcher reports it; the tool file is linted again without eval-missing.
    writeFileSync(join(dir, 'lonely.eval.json'), text.edits[0]!.newText);
    client.published.length = 0;
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('lonely.eval.json'), type: 1 }] });
    const after = await client.waitForDiagnostics((p) => p.uri === uri('lonely.tool.json') && !p.diagnostics.some((x) => x.code === 'eval-missing'));
    assert.deepEqual(codes(after).filter((c) => c.startsWith('eval-')), []);
    const created = await client.waitForDiagnostics((p) => p.uri === uri('lonely.eval.json'));
    assert.deepEqual(codes(created), [], 'the skeleton lints clean');
  });

  it('the Create Evaluation Set command writes a skeleton, and refuses when a set already tests the file', async () => {
    const refused = await req<{ applied: boolean; message: string }>('workspace/executeCommand', { command: ServerCommands.createEvaluationSet, arguments: [{ uri: uri('issues.tool.json'), version: 3 }] });
    assert.equal(refused.applied, false);
    assert.match(refused.message, /issues\.eval\.json already tests this tool file/);
    const other = LONELY.replace('get_invoice', 'list_invoices');
    await client.open(uri('other.tool.json'), other);
    await client.waitForDiagnostics((p) => p.uri === uri('other.tool.json'));
    client.appliedEdits.length = 0;
    const done = await req<{ applied: boolean; names: string[] }>('workspace/executeCommand', { command: ServerCommands.createEvaluationSet, arguments: [{ uri: uri('other.tool.json'), version: 1 }] });
    assert.deepEqual(done, { applied: true, names: [uri('other.eval.json')] });
    const sent = client.appliedEdits[0] as { edit: WorkspaceEdit };
    assert.equal((sent.edit.documentChanges![0] as { kind: string }).kind, 'create');
  });

  it('Create Evaluation Set refuses, saying why, when the sibling set exists but tests another tool file', async () => {
    // shared.eval.json sits beside shared.tool.json but its "tools" names issues.tool.json.
    await client.open(uri('shared.eval.json'), issueSet(FIVE, './issues.tool.json'));
    await client.waitForDiagnostics((p) => p.uri === uri('shared.eval.json'));
    await client.open(uri('shared.tool.json'), LONELY.replace('get_invoice', 'get_shared_invoice'));
    await client.waitForDiagnostics((p) => p.uri === uri('shared.tool.json'));
    client.appliedEdits.length = 0;
    const refused = await req<{ applied: boolean; message: string }>('workspace/executeCommand', { command: ServerCommands.createEvaluationSet, arguments: [{ uri: uri('shared.tool.json'), version: 1 }] });
    assert.equal(refused.applied, false);
    assert.match(refused.message, /shared\.eval\.json already exists and tests another tool file \(issues\.tool\.json\)/);
    assert.equal(client.appliedEdits.length, 0, 'no edit sent: it would fail on the existing file');
  });

  it('offers no Create evaluation set over a file already there (a client may truncate it), and the command refuses', async () => {
    // x.eval.json exists but is not a set the index knows (not JSON): eval-missing stays on x.tool.json.
    writeFileSync(join(dir, 'hand.eval.json'), '{ "cases": [ hand-written, not yet valid');
    await client.open(uri('hand.tool.json'), LONELY.replace('get_invoice', 'get_hand_invoice'));
    const d = await client.waitForDiagnostics((p) => p.uri === uri('hand.tool.json') && p.diagnostics.some((x) => x.code === 'eval-missing'));
    const missing = d.diagnostics.find((x) => x.code === 'eval-missing')!;
    const actions = await req<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri('hand.tool.json') }, range: missing.range, context: { diagnostics: [missing] } });
    assert.ok(!actions.some((a) => a.title.startsWith('Create evaluation set')), actions.map((a) => a.title).join(' | '));
    client.appliedEdits.length = 0;
    const refused = await req<{ applied: boolean; message: string }>('workspace/executeCommand', { command: ServerCommands.createEvaluationSet, arguments: [{ uri: uri('hand.tool.json'), version: 1 }] });
    assert.equal(refused.applied, false);
    assert.match(refused.message, /hand\.eval\.json already exists/);
    assert.equal(client.appliedEdits.length, 0);
    assert.equal(readFileSync(join(dir, 'hand.eval.json'), 'utf8'), '{ "cases": [ hand-written, not yet valid', 'the file is untouched');
  });

  it('a deleted set brings eval-missing back (watched files)', async () => {
    rmSync(join(dir, 'lonely.eval.json'));
    client.published.length = 0;
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('lonely.eval.json'), type: 3 }] });
    const d = await client.waitForDiagnostics((p) => p.uri === uri('lonely.tool.json') && p.diagnostics.some((x) => x.code === 'eval-missing'));
    assert.ok(d);
  });

  it('keeps the cases untouched by unrelated edits of the set (no crash on a broken set)', async () => {
    await client.change(uri('issues.eval.json'), 3, [{ text: SET.slice(0, 40) }]);
    const broken = await client.waitForDiagnostics((p) => p.uri === uri('issues.eval.json') && p.version === 3);
    assert.deepEqual([...new Set(codes(broken))], ['parse-error']);
    await client.change(uri('issues.eval.json'), 4, [{ text: issueSet([...FIVE, CASES.chat], './issues.tool.json') }]);
    const more = await client.waitForDiagnostics((p) => p.uri === uri('issues.eval.json') && p.version === 4);
    assert.deepEqual(codes(more), ['eval-records-incomplete'], 'the new case has no recorded result');
  });
});

describe('evaluation sets of tool files that are not open', () => {
  it('a tool file changed on disk re-lints the sets that test it, also when its names stay the same', async () => {
    // A set's findings depend on its tool file's schemas (eval-args-invalid) and whole list of names, not only on
    // the names its cases mention. Only an open tool file's lint re-linted its sets; a tool file changed on disk
    // re-linted them only when a name they mention appeared or disappeared, so a schema change there left the
    // set's diagnostics stale (the CLI on the same files reported eval-args-invalid).
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-evaldisk-'));
    const client = new TestClient();
    try {
      writeFileSync(join(dir, 'issues.tool.json'), ISSUE_TOOLS);
      writeFileSync(join(dir, 'issues.eval.json'), issueSet(FIVE, './issues.tool.json'));
      const uri = (f: string) => pathToFileURL(join(dir, f)).href;
      const invalid = (p: PublishDiagnosticsParams) => p.diagnostics.filter((d) => d.code === 'eval-args-invalid');
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      const first = await client.waitForDiagnostics((p) => p.uri === uri('issues.eval.json'));
      assert.deepEqual(invalid(first), []);
      // The reason enum loses "completed", which the close-42 case expects: same names, other schema.
      writeFileSync(join(dir, 'issues.tool.json'), ISSUE_TOOLS.replace('"enum": ["completed", "not_planned"]', '"enum": ["not_planned", "duplicate"]'));
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('issues.tool.json'), type: 2 }] });
      const changed = await client.waitForDiagnostics((p) => p.uri === uri('issues.eval.json') && invalid(p).length > 0);
      assert.match(invalid(changed)[0]!.message, /close-42|completed/);
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
