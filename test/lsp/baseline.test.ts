/**
 * Breaking changes against git over a real stdio connection to the built server, in a temporary repository
 * created here: an edited open document gets breaking-change once the baseline has been read (a second
 * publish), the quick fix "Move this change into get_weather_v2" returns an edit whose result no longer
 * reports it, a modified file that is not open is reported too, and an untrusted workspace never runs git.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, PublishDiagnosticsParams, TextDocumentEdit } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const COMMITTED = `[
  {
    "name": "get_weather",
    "description": "Use this when the user asks for the current weather in a city; returns temperature and conditions.",
    "parameters": {
      "type": "object",
      "properties": {
        "city": { "type": "string", "description": "City name, e.g. Paris." }
      },
      "required": ["city"]
    }
  }
]
`;
const EDITED = COMMITTED.replace('"city": { "type": "string"', '"city": { "type": "integer"');

const OTHER = `{
  "name": "list_orders",
  "description": "Use this when the user asks about their orders; returns the newest orders first.",
  "parameters": { "type": "object", "properties": { "limit": { "type": "integer", "maximum": 100, "description": "Orders to return." } } }
}
`;

/** Two invoice tools (one is moved into CUSTOMERS in the editor) and one customer tool. */
const INVOICES = `[
  { "name": "get_invoice", "description": "Use this when the user asks about one invoice by its number.", "parameters": { "type": "object", "properties": { "number": { "type": "string", "description": "Invoice number." } }, "required": ["number"] } },
  { "name": "list_invoices", "description": "Use this when the user asks for their recent invoices.", "parameters": { "type": "object", "properties": {} } }
]
`;
const CUSTOMERS = `[
  { "name": "get_customer", "description": "Use this when the user asks about their customer account.", "parameters": { "type": "object", "properties": {} } }
]
`;
const INVOICE_TOOL = INVOICES.split('\n')[1]!.replace(/,$/, '');

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, encoding: 'utf8' });
}

const hasRule = (rule: string) => (d: Diagnostic) => d.code === rule;

async function start(root: string, initializationOptions?: unknown): Promise<TestClient> {
  const client = new TestClient();
  await client.conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'root' }],
    capabilities: { workspace: { applyEdit: true, workspaceEdit: { documentChanges: true } } },
    ...(initializationOptions ? { initializationOptions } : {}),
  });
  await client.conn.sendNotification('initialized', {});
  return client;
}

describe('breaking changes against git over LSP', () => {
  let repo: string;
  let weatherUri: string;
  let ordersUri: string;

  before(() => {
    repo = realpathSync(mkdtempSync(join(tmpdir(), 'toolschema-lsp-git-')));
    git(repo, 'init', '-q');
    git(repo, 'config', 'user.name', 'toolschema test');
    git(repo, 'config', 'user.email', 'test@example.com');
    git(repo, 'config', 'commit.gpgsign', 'false');
    mkdirSync(join(repo, 'tools'));
    writeFileSync(join(repo, 'tools', 'weather.tool.json'), COMMITTED);
    writeFileSync(join(repo, 'tools', 'orders.tool.json'), OTHER);
    writeFileSync(join(repo, 'tools', 'invoices.tool.json'), INVOICES);
    writeFileSync(join(repo, 'tools', 'customers.tool.json'), CUSTOMERS);
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'tools');
    // On disk: orders lowered its maximum (not open in the editor); weather is edited in the editor only.
    writeFileSync(join(repo, 'tools', 'orders.tool.json'), OTHER.replace('"maximum": 100', '"maximum": 50'));
    weatherUri = pathToFileURL(join(repo, 'tools', 'weather.tool.json')).href;
    ordersUri = pathToFileURL(join(repo, 'tools', 'orders.tool.json')).href;
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  it('reports breaking-change on the open document and offers the _v2 fix, whose result is clean', async () => {
    const client = await start(repo);
    try {
      await client.open(weatherUri, EDITED);
      const published = await client.waitForDiagnostics((p: PublishDiagnosticsParams) => p.uri === weatherUri && p.diagnostics.some(hasRule('breaking-change')));
      const diag = published.diagnostics.find(hasRule('breaking-change'))!;
      assert.equal(diag.message.split(':')[0], 'The type of "city" in "get_weather" changed since HEAD ("string" → "integer")');
      const actions = (await client.conn.sendRequest('textDocument/codeAction', {
        textDocument: { uri: weatherUri },
        range: diag.range,
        context: { diagnostics: [diag], only: ['quickfix'] },
      })) as CodeAction[];
      const move = actions.find((a) => a.title === 'Move this change into get_weather_v2');
      assert.ok(move, `offered: ${actions.map((a) => a.title).join(' | ')}`);
      const change = move.edit!.documentChanges![0] as TextDocumentEdit;
      const fixed = TextDocument.applyEdits(TextDocument.create(weatherUri, 'tool-json', 1, EDITED), change.edits);
      const tools = JSON.parse(fixed) as { name: string; deprecated?: unknown; parameters: { properties: { city: { type: string } } } }[];
      assert.deepEqual(tools.map((t) => [t.name, t.parameters.properties.city.type, !!t.deprecated]), [['get_weather', 'string', true], ['get_weather_v2', 'integer', false]]);

      await client.change(weatherUri, 2, [{ text: fixed }]);
      const after = await client.waitForDiagnostics((p: PublishDiagnosticsParams) => p.uri === weatherUri && p.version === 2);
      assert.deepEqual(after.diagnostics.filter(hasRule('breaking-change')).map((d) => d.message), []);

      // The file changed on disk but not open is reported as well.
      const orders = await client.waitForDiagnostics((p: PublishDiagnosticsParams) => p.uri === ordersUri && p.diagnostics.some(hasRule('breaking-change')));
      assert.match(orders.diagnostics.find(hasRule('breaking-change'))!.message, /^"limit" in "list_orders" accepts fewer values than at HEAD \(maximum <= 100 → <= 50\)/);
      assert.deepEqual(client.logs.filter((l) => /Unhandled|Uncaught|failed/.test(l)), []);
    } finally {
      await client.shutdown();
    }
  });

  it('a tool cut from one file is reported as removed until another file defines it, and again once that file drops it', async () => {
    const invoicesUri = pathToFileURL(join(repo, 'tools', 'invoices.tool.json')).href;
    const customersUri = pathToFileURL(join(repo, 'tools', 'customers.tool.json')).href;
    const removed = (p: PublishDiagnosticsParams) => p.diagnostics.filter(hasRule('breaking-change')).map((d) => d.message.split(' without')[0]);
    const client = await start(repo);
    try {
      await client.open(invoicesUri, INVOICES.replace(INVOICE_TOOL + ',\n', ''));
      const cut = await client.waitForDiagnostics((p) => p.uri === invoicesUri && p.diagnostics.some(hasRule('breaking-change')));
      assert.deepEqual(removed(cut), ['Tool "get_invoice" was removed or renamed since HEAD']);
      // Only publishes sent after this point (waitForDiagnostics also answers from those received before).
      const since = (n: number) => (p: PublishDiagnosticsParams) => client.published.indexOf(p) >= n && p.uri === invoicesUri;
      // Pasted into the other file (open, not saved): the first file is linted again, and the tool is no longer missing.
      let n = client.published.length;
      await client.open(customersUri, CUSTOMERS.replace('[\n', `[\n${INVOICE_TOOL},\n`));
      const moved = await client.waitForDiagnostics((p) => since(n)(p) && !p.diagnostics.some(hasRule('breaking-change')));
      assert.deepEqual(removed(moved), []);
      // Dropped from the other file too: it is gone from the workspace, and reported again.
      n = client.published.length;
      await client.change(customersUri, 2, [{ text: CUSTOMERS }]);
      const gone = await client.waitForDiagnostics((p) => since(n)(p) && p.diagnostics.some(hasRule('breaking-change')));
      assert.deepEqual(removed(gone), ['Tool "get_invoice" was removed or renamed since HEAD']);
    } finally {
      await client.shutdown();
    }
  });

  it('a branch switched just before the editor reloads the file: compared with the new HEAD once the read is stale', async () => {
    // The reload lands while the read of the old HEAD is fresh (reused for a few seconds); nothing else is edited.
    const branchRepo = realpathSync(mkdtempSync(join(tmpdir(), 'toolschema-lsp-branch-')));
    try {
      git(branchRepo, 'init', '-q', '-b', 'main');
      git(branchRepo, 'config', 'user.name', 'toolschema test');
      git(branchRepo, 'config', 'user.email', 'test@example.com');
      git(branchRepo, 'config', 'commit.gpgsign', 'false');
      const file = join(branchRepo, 'invoices.tool.json');
      writeFileSync(file, INVOICES);
      git(branchRepo, 'add', '.');
      git(branchRepo, 'commit', '-q', '-m', 'both');
      git(branchRepo, 'checkout', '-q', '-b', 'feat');
      const dropped = INVOICES.replace(INVOICE_TOOL + ',\n', '');
      writeFileSync(file, dropped);
      git(branchRepo, 'commit', '-q', '-am', 'drop get_invoice');
      git(branchRepo, 'checkout', '-q', 'main');
      const uri = pathToFileURL(file).href;
      const client = await start(branchRepo);
      try {
        await client.open(uri, INVOICES);
        await client.waitForDiagnostics((p) => p.uri === uri && p.version === 1);
        // Read at main: the text as committed there.
        await new Promise((r) => setTimeout(r, 300));
        git(branchRepo, 'checkout', '-q', 'feat');
        await client.change(uri, 2, [{ text: dropped }]);
        // Its lint still compares with main (get_invoice "removed"). With no further edit, the check once the read is
        // stale finds HEAD changed, and the lint against it is clean.
        const clean = await client.waitForDiagnostics((p) => p.uri === uri && p.version === 2 && !p.diagnostics.some(hasRule('breaking-change')), 15_000);
        assert.deepEqual(clean.diagnostics.filter(hasRule('breaking-change')), []);
      } finally {
        await client.shutdown();
      }
    } finally {
      rmSync(branchRepo, { recursive: true, force: true });
    }
  });

  // false, and any value that is not true: a client meaning to restrict must not get git by a wrong type ("false",
  // 0, null, [false] were taken as trusted).
  for (const trusted of [false, 'false', 0, null, [false]]) {
    it(`an untrusted workspace (trusted: ${JSON.stringify(trusted)}) never runs git: no breaking-change, and the output channel says why`, async () => {
      const client = await start(repo, { trusted });
      try {
        await client.open(weatherUri, EDITED);
        const published = await client.waitForDiagnostics((p: PublishDiagnosticsParams) => p.uri === weatherUri);
        assert.deepEqual(published.diagnostics.filter(hasRule('breaking-change')), []);
        assert.equal(client.logs.filter((l) => /not trusted, so git is not run/.test(l)).length, 1, client.logs.join('\n'));
      } finally {
        await client.shutdown();
      }
    });
  }
});
