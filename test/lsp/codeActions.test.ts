/**
 * Quick fixes, fix-all, refactors and commands over a real stdio connection to the built server:
 * textDocument/codeAction returns the fixes of a diagnostic with versioned inline edits; source.fixAll applies
 * only safe fixes; refactors resolve lazily; workspace/executeCommand answers with a workspace/applyEdit whose
 * result lints as expected; a command issued against an old document version is refused.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, PublishDiagnosticsParams, TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { lintText } from '../../shared/src/linter';
import type { ToolsResult } from '../../shared/src/protocol';

const BFCL = `[
  {
    "name": "calculate_bmi",
    "description": "Use this when the user asks for their body mass index from weight and height.",
    "parameters": {
      "type": "dict",
      "properties": {
        "weight_kg": { "type": "float", "description": "Body weight in kilograms." },
        "height_cm": { "type": "int", "description": "Height in centimetres." },
        "unit": { "type": "string", "description": "Unit system: metric or imperial." }
      },
      "required": ["weight_kg", "height_cm"]
    },
    "strict": true
  }
]
`;

const CRM = `{
  "tools": [
    {
      "name": "manage_contacts",
      "description": "Use this to work with CRM contacts: read a contact, create a contact, or delete a contact.",
      "input_schema": {
        "type": "object",
        "properties": {
          "operation": { "type": "string", "enum": ["read", "create", "delete"], "description": "What to do." },
          "contact_id": { "type": "string", "description": "The contact, for read and delete." },
          "fields": { "type": "object", "description": "The contact's fields, for create." }
        },
        "required": ["operation"]
      }
    }
  ]
}
`;

function apply(text: string, edit: WorkspaceEdit | undefined, uri: string, version?: number): string {
  assert.ok(edit?.documentChanges, 'a versioned workspace edit');
  const change = edit.documentChanges[0] as TextDocumentEdit;
  assert.equal(change.textDocument.uri, uri);
  if (version !== undefined) assert.equal(change.textDocument.version, version, 'the edit names the document version it was computed for');
  return TextDocument.applyEdits(TextDocument.create(uri, 'tool-json', 1, text), change.edits);
}

function rangeOf(text: string, needle: string) {
  const off = text.indexOf(needle);
  assert.ok(off >= 0, `${needle} not in text`);
  const doc = TextDocument.create('x', 'x', 1, text);
  return { start: doc.positionAt(off), end: doc.positionAt(off + needle.length) };
}

describe('code actions and commands over stdio', () => {
  let client: TestClient;
  const bmiUri = 'file:///virtual/bmi.tool.json';
  const crmUri = 'file:///virtual/crm.tool.json';
  let bmiDiags: Diagnostic[] = [];

  before(async () => {
    client = new TestClient();
    await client.initialize(null, { workspace: { applyEdit: true, workspaceEdit: { documentChanges: true } }, textDocument: { codeAction: { resolveSupport: { properties: ['edit'] } } } });
    await client.open(bmiUri, BFCL);
    await client.open(crmUri, CRM);
    bmiDiags = (await client.waitForDiagnostics((p: PublishDiagnosticsParams) => p.uri === bmiUri && p.version === 1)).diagnostics;
    await client.waitForDiagnostics((p: PublishDiagnosticsParams) => p.uri === crmUri);
  });
  after(async () => {
    client.proc.kill();
  });

  it('advertises code actions (quick fix, refactor, source.fixAll.toolschema) and the server commands', async () => {
    const c2 = new TestClient();
    try {
      const res = await c2.initialize(null, {});
      const cap = res.capabilities.codeActionProvider as { codeActionKinds: string[]; resolveProvider: boolean };
      assert.deepEqual(cap.codeActionKinds, ['quickfix', 'refactor.rewrite', 'source.fixAll.toolschema']);
      assert.equal(cap.resolveProvider, true);
      assert.ok(res.capabilities.executeCommandProvider?.commands.includes('toolschema.server.bumpVersion'));
    } finally {
      c2.proc.kill();
    }
  });

  it('sends a client that does not declare workspaceEdit.documentChanges the plain "changes" map', async () => {
    // LSP: documentChanges are sent only when the client declares them; every client reads "changes".
    const c2 = new TestClient();
    try {
      await c2.initialize(null, {});
      const uri = 'file:///virtual/plain.tool.json';
      await c2.open(uri, BFCL);
      const diags = (await c2.waitForDiagnostics((p: PublishDiagnosticsParams) => p.uri === uri)).diagnostics;
      const diag = diags.find((d) => d.code === 'type-unknown' && d.message.includes('"int"'));
      assert.ok(diag, 'type-unknown on "int"');
      const actions = (await c2.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: diag.range, context: { diagnostics: [diag] } })) as CodeAction[];
      const fix = actions.find((a) => a.title === 'Replace "int" with "integer"');
      assert.ok(fix?.edit, `actions: ${actions.map((a) => a.title).join(' | ')}`);
      assert.equal(fix.edit.documentChanges, undefined);
      assert.deepEqual(Object.keys(fix.edit.changes ?? {}), [uri]);
      const after = TextDocument.applyEdits(TextDocument.create(uri, 'tool-json', 1, BFCL), fix.edit.changes![uri]!);
      assert.equal(after, BFCL.replace('"type": "int"', '"type": "integer"'));
      // Rename (navigation) answers in the same form.
      const at = TextDocument.create(uri, 'tool-json', 1, BFCL).positionAt(BFCL.indexOf('calculate_bmi') + 2);
      const renamed = (await c2.conn.sendRequest('textDocument/rename', { textDocument: { uri }, position: at, newName: 'get_bmi' })) as WorkspaceEdit;
      assert.equal(renamed.documentChanges, undefined);
      const renamedText = TextDocument.applyEdits(TextDocument.create(uri, 'tool-json', 1, BFCL), renamed.changes![uri]!);
      assert.equal(renamedText, BFCL.replace('"calculate_bmi"', '"get_bmi"'));
    } finally {
      c2.proc.kill();
    }
  });

  it('returns the safe fix of a diagnostic as a preferred quick fix with a versioned edit', async () => {
    const diag = bmiDiags.find((d) => d.code === 'type-unknown' && d.message.includes('"int"'));
    assert.ok(diag, 'type-unknown on "int"');
    const actions = (await client.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri: bmiUri },
      range: diag.range,
      context: { diagnostics: [diag], only: ['quickfix'] },
    })) as CodeAction[];
    const fix = actions.find((a) => a.title === 'Replace "int" with "integer"');
    assert.ok(fix, `actions: ${actions.map((a) => a.title).join(' | ')}`);
    assert.equal(fix.kind, 'quickfix');
    assert.equal(fix.isPreferred, true);
    assert.deepEqual(fix.diagnostics?.map((d) => d.code), ['type-unknown']);
    const after = apply(BFCL, fix.edit, bmiUri, 1);
    assert.equal(after, BFCL.replace('"type": "int"', '"type": "integer"'));
    // Several type-unknown problems: a "fix all of this rule" action is offered too.
    assert.ok(actions.some((a) => a.title === 'Fix all type-unknown problems in this file'));
  });

  it('offers "Fix all <rule> problems" on a diagnostic only when it resolves that diagnostic', async () => {
    // Renamed alone, "Name" names the tool, which then reads as an OpenAI Responses tool: its "STRING" becomes an
    // unknown type and strict mode asks for "required", so the rule's fix-all drops that rename (it would add
    // errors) and only fixes "requried". Before, the action was offered on the "Name" diagnostic all the same.
    const uri = 'file:///virtual/rulefixall.tool.json';
    const text = `[
  {
    "type": "function",
    "Name": "get_order",
    "description": "Use this when the user asks about one order by its number. Returns its status.",
    "parameters": { "type": "object", "properties": { "order_id": { "type": "STRING", "description": "The order number." } }, "additionalProperties": false },
    "strict": true
  },
  {
    "type": "function",
    "name": "list_orders",
    "description": "Use this when the user asks for their orders, newest first. Returns order numbers.",
    "parameters": { "type": "object", "properties": { "status": { "type": "string", "description": "Only orders in this state." } }, "requried": ["status"] }
  }
]
`;
    // A client that cannot resolve edits: the rule's fix-all is computed when offered (one that can resolve gets it lazily).
    const c2 = new TestClient();
    await c2.initialize(null, { workspace: { applyEdit: true, workspaceEdit: { documentChanges: true } } });
    await c2.open(uri, text);
    const diags = (await c2.waitForDiagnostics((p) => p.uri === uri)).diagnostics;
    const titles = async (key: string) => {
      const diag = diags.find((d) => d.code === 'keyword-unknown' && d.message.startsWith(`"${key}"`));
      assert.ok(diag, `keyword-unknown on ${key}: ${diags.map((d) => d.message).join(' | ')}`);
      const actions = (await c2.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: diag.range, context: { diagnostics: [diag], only: ['quickfix'] } })) as CodeAction[];
      return { diag, actions };
    };
    const name = await titles('Name');
    assert.ok(name.actions.some((a) => a.title === 'Rename "Name" to "name"'), name.actions.map((a) => a.title).join(' | '));
    assert.ok(!name.actions.some((a) => a.title === 'Fix all keyword-unknown problems in this file'), name.actions.map((a) => a.title).join(' | '));
    const requried = await titles('requried');
    const all = requried.actions.find((a) => a.title === 'Fix all keyword-unknown problems in this file');
    assert.ok(all, requried.actions.map((a) => a.title).join(' | '));
    assert.match(apply(text, all.edit, uri, 1), /"required": \["status"\]/);
    c2.proc.kill();
  });

  it('offers suggestions one by one, never as preferred', async () => {
    const diag = bmiDiags.find((d) => d.code === 'type-closed-set-as-string');
    assert.ok(diag, `type-closed-set-as-string on unit; got ${bmiDiags.map((d) => d.code).join(', ')}`);
    const actions = (await client.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: bmiUri }, range: diag.range, context: { diagnostics: [diag] } })) as CodeAction[];
    const quick = actions.filter((a) => a.kind === 'quickfix' && a.diagnostics?.[0]?.code === 'type-closed-set-as-string');
    assert.ok(quick.length > 0, `actions: ${actions.map((a) => a.title).join(' | ')}`);
    for (const a of quick) assert.notEqual(a.isPreferred, true, a.title);
  });

  it('source.fixAll.toolschema applies every safe fix and no suggestion', async () => {
    const actions = (await client.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri: bmiUri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll.toolschema'] },
    })) as CodeAction[];
    assert.equal(actions.length, 1);
    assert.equal(actions[0]!.kind, 'source.fixAll.toolschema');
    const after = apply(BFCL, actions[0]!.edit, bmiUri, 1);
    const rules = lintText(bmiUri, after).findings.map((f) => f.rule);
    for (const safe of ['type-unknown', 'strict-additional-properties', 'strict-required-all']) assert.ok(!rules.includes(safe), `${safe} left after fix-all`);
    // Suggestions stay: the closed set is still a plain string.
    assert.ok(rules.includes('type-closed-set-as-string'));
    assert.ok(after.includes('"description": "Unit system: metric or imperial."'));
  });

  it('lists the tools of a document for the palette commands', async () => {
    const r = (await client.conn.sendRequest('toolschema/tools', { uri: crmUri })) as ToolsResult;
    assert.equal(r.version, 1);
    assert.equal(r.tools.length, 1);
    assert.equal(r.tools[0]!.name, 'manage_contacts');
    assert.equal(r.tools[0]!.pointer, '/tools/0');
    assert.equal(r.tools[0]!.nextVersion, 'manage_contacts_v2');
    assert.ok(r.tools[0]!.split && r.tools[0]!.split.length === 3, `split: ${JSON.stringify(r.tools[0]!.split)}`);
  });

  it('offers refactors on a tool and resolves their edit on demand', async () => {
    const actions = (await client.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri: crmUri },
      range: rangeOf(CRM, 'manage_contacts'),
      context: { diagnostics: [], only: ['refactor'] },
    })) as CodeAction[];
    const titles = actions.map((a) => a.title);
    const bump = actions.find((a) => a.title.startsWith('Add versioned copy "manage_contacts_v2"'));
    assert.ok(bump, titles.join(' | '));
    assert.equal(bump.edit, undefined, 'refactor edits are computed on resolve');
    assert.ok(titles.some((t) => t.startsWith('Mark "manage_contacts" deprecated')));
    assert.ok(titles.some((t) => t.startsWith('Split "manage_contacts" into')));
    const resolved = (await client.conn.sendRequest('codeAction/resolve', bump)) as CodeAction;
    const after = apply(CRM, resolved.edit, crmUri, 1);
    const lint = lintText(crmUri, after);
    assert.deepEqual(lint.discovery.tools.map((t) => t.name), ['manage_contacts', 'manage_contacts_v2']);
    assert.ok(!lint.findings.some((f) => f.rule === 'version-predecessor-not-deprecated' || f.rule === 'parse-error'));
  });

  it('bump command: the server sends workspace/applyEdit whose result lints as expected', async () => {
    const before = client.appliedEdits.length;
    const res = (await client.conn.sendRequest('workspace/executeCommand', { command: 'toolschema.server.bumpVersion', arguments: [{ uri: crmUri, version: 1, pointer: '/tools/0' }] })) as { applied: boolean; names: string[] };
    assert.equal(res.applied, true);
    assert.deepEqual(res.names, ['manage_contacts_v2']);
    assert.equal(client.appliedEdits.length, before + 1);
    const after = apply(CRM, client.appliedEdits[before]!.edit as WorkspaceEdit, crmUri, 1);
    const lint = lintText(crmUri, after);
    const [old, copy] = lint.discovery.tools;
    assert.equal(copy?.name, 'manage_contacts_v2');
    assert.match(old?.description ?? '', /^Deprecated: use manage_contacts_v2 instead\. /);
    assert.ok(!lint.findings.some((f) => ['version-predecessor-not-deprecated', 'deprecated-no-redirect', 'deprecated-no-successor', 'parse-error', 'name-duplicate'].includes(f.rule)));
  });

  it('a second command on the version the first one edited waits for the client\'s change, and is refused', async () => {
    // The bump above was applied at version 1; the client has not sent its didChange (an editor that debounces it).
    const before = client.appliedEdits.length;
    await assert.rejects(
      client.conn.sendRequest('workspace/executeCommand', { command: 'toolschema.server.bumpVersion', arguments: [{ uri: crmUri, version: 1, pointer: '/tools/0' }] }),
      (e: { code?: number; message?: string }) => e.code === -32801 && /an edit is being applied/.test(e.message ?? ''),
    );
    assert.equal(client.appliedEdits.length, before, 'no second edit over the first');
    // Two commands at once on a fresh document: they run in turn, and only the first edits.
    const uri = 'file:///virtual/twice.tool.json';
    await client.open(uri, CRM);
    await client.waitForDiagnostics((p) => p.uri === uri);
    const bump = () => client.conn.sendRequest('workspace/executeCommand', { command: 'toolschema.server.bumpVersion', arguments: [{ uri, version: 1, pointer: '/tools/0' }] });
    const results = await Promise.allSettled([bump(), bump()]);
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected']);
    assert.equal(client.appliedEdits.length, before + 1);
  });

  it('split command: one tool per operation, the original removed', async () => {
    const uri = 'file:///virtual/crm-split.tool.json';
    await client.open(uri, CRM);
    await client.waitForDiagnostics((p) => p.uri === uri);
    const before = client.appliedEdits.length;
    const res = (await client.conn.sendRequest('workspace/executeCommand', { command: 'toolschema.server.splitTool', arguments: [{ uri, version: 1, pointer: '/tools/0', keepOriginal: false }] })) as { applied: boolean; names: string[] };
    assert.equal(res.applied, true);
    assert.equal(res.names.length, 3);
    const after = apply(CRM, client.appliedEdits[before]!.edit as WorkspaceEdit, uri, 1);
    const lint = lintText(uri, after);
    assert.deepEqual(lint.discovery.tools.map((t) => t.name), res.names);
    assert.ok(!lint.findings.some((f) => f.rule === 'single-purpose' || f.rule === 'parse-error'));
  });

  it('mark deprecated: a successor must be another tool that exists; the tool itself, unknown names and junk are refused', async () => {
    // An independent LSP tester: the command wrote whatever "successors" a client sent into replacedBy and the
    // description ("Deprecated: use no_such_tool instead.").
    const uri = 'file:///virtual/deprecate.tool.json';
    const text = `[\n  ${JSON.stringify({ name: 'get_weather', description: 'Use this when the user asks for the weather in a city right now. Returns temperature and conditions.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name.' } }, required: ['city'] } })},\n  ${JSON.stringify({ name: 'get_forecast', description: 'Use this when the user asks for the forecast of the next days in a city. Returns daily values.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name.' } }, required: ['city'] } })}\n]\n`;
    await client.open(uri, text);
    await client.waitForDiagnostics((p) => p.uri === uri);
    const before = client.appliedEdits.length;
    const mark = (successors: string[]) => client.conn.sendRequest('workspace/executeCommand', { command: 'toolschema.server.markDeprecated', arguments: [{ uri, version: 1, pointer: '/0', successors }] });
    for (const [successors, why] of [
      [['get_weather'], /a tool cannot succeed itself/],
      [['no_such_tool'], /no tool of that name is defined in this file or the workspace/],
      [['a "quoted"\nname'], /no tool of that name/],
      [['x'.repeat(100_000)], /no tool of that name/],
    ] as const) {
      await assert.rejects(mark([...successors]), (e: { code?: number; message?: string }) => e.code === -32602 && why.test(e.message ?? '') && (e.message ?? '').length < 1000, successors[0]!.slice(0, 20));
    }
    assert.equal(client.appliedEdits.length, before, 'nothing written');
    const res = (await mark(['get_forecast'])) as { applied: boolean };
    assert.equal(res.applied, true);
    assert.match(JSON.stringify(client.appliedEdits[before]!.edit), /Deprecated: use get_forecast instead/);
  });

  it('refuses a command issued against an old document version', async () => {
    await client.change(crmUri, 2, [{ text: CRM.replace('What to do.', 'The operation to run.') }]);
    await client.waitForDiagnostics((p) => p.uri === crmUri && p.version === 2);
    const before = client.appliedEdits.length;
    await assert.rejects(
      client.conn.sendRequest('workspace/executeCommand', { command: 'toolschema.server.bumpVersion', arguments: [{ uri: crmUri, version: 1, pointer: '/tools/0' }] }),
      (e: { code?: number; message?: string }) => e.code === -32801 && /changed since the command was issued/.test(e.message ?? ''),
    );
    assert.equal(client.appliedEdits.length, before, 'no edit sent');
  });

  it('resolving an action after the document changed answers an error saying so, not an action without an edit', async () => {
    const uri = 'file:///virtual/resolve.tool.json';
    await client.open(uri, CRM);
    await client.waitForDiagnostics((p) => p.uri === uri && p.version === 1);
    const actions = (await client.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: rangeOf(CRM, 'manage_contacts'), context: { diagnostics: [], only: ['refactor'] } })) as CodeAction[];
    const bump = actions.find((a) => a.title.startsWith('Add versioned copy'));
    assert.ok(bump?.data, 'resolved lazily');
    await client.change(uri, 2, [{ text: CRM.replace('What to do.', 'Which operation.') }]);
    await client.waitForDiagnostics((p) => p.uri === uri && p.version === 2);
    await assert.rejects(client.conn.sendRequest('codeAction/resolve', bump), (e: { code?: number; message?: string }) => e.code === -32801 && /changed since this action was offered/.test(e.message ?? ''));
  });

  it('gives a client that cannot resolve edits (eglot) refactors with the command that applies them', async () => {
    const c2 = new TestClient();
    try {
      await c2.initialize(null, { workspace: { applyEdit: true, workspaceEdit: { documentChanges: true } } });
      const uri = 'file:///virtual/eglot.tool.json';
      await c2.open(uri, CRM);
      await c2.waitForDiagnostics((p) => p.uri === uri);
      const actions = (await c2.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: rangeOf(CRM, 'manage_contacts'), context: { diagnostics: [], only: ['refactor'] } })) as CodeAction[];
      assert.ok(actions.length >= 4, actions.map((a) => a.title).join(' | '));
      for (const a of actions) assert.ok(a.command && !a.data, `${a.title}: a command, not data to resolve`);
      const split = actions.find((a) => a.title.includes('(keep'))!;
      assert.equal(split.command!.command, 'toolschema.server.splitTool');
      assert.deepEqual(split.command!.arguments, [{ uri, version: 1, pointer: '/tools/0', keepOriginal: true }]);
      const bump = actions.find((a) => a.title.startsWith('Add versioned copy'))!;
      const res = (await c2.conn.sendRequest('workspace/executeCommand', bump.command)) as { applied: boolean; names: string[] };
      assert.deepEqual(res.names, ['manage_contacts_v2']);
      assert.equal(c2.appliedEdits.length, 1);
    } finally {
      c2.proc.kill();
    }
  });

  it('answers a malformed command argument with an error, not a crash', async () => {
    await assert.rejects(client.conn.sendRequest('workspace/executeCommand', { command: 'toolschema.server.fixAll', arguments: [{ nope: 1 }] }), (e: { code?: number }) => e.code === -32602);
    // The server is still alive.
    const r = (await client.conn.sendRequest('toolschema/tools', { uri: crmUri })) as ToolsResult;
    assert.equal(r.version, 2);
  });
});
