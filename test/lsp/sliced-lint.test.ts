/**
 * A large open document is linted in slices (server/src/toolServer.ts, slicedLints): another document's request is
 * answered while it lints, and the lint of a version an edit replaced is dropped, never published. An independent
 * LSP tester measured 6 s in which a small file's diagnostics, hover and completion waited for the first lint of a
 * 10,000-tool file. The assertions are about order (which answer comes first), not about time.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient } from './lspClient';
import { generatedFile } from '../../bench/generate';

const BIG = 'file:///sliced/big.tool.json';
const SMALL = 'file:///sliced/small.tool.json';

describe('a large document is linted in slices', { timeout: 120_000 }, () => {
  it("another document's edit is linted and published while the large one lints", async () => {
    const client = new TestClient();
    try {
      await client.initialize();
      const small = generatedFile(3);
      await client.open(SMALL, small);
      await client.waitForDiagnostics((p) => p.uri === SMALL);
      // About 5 MB: its first lint takes well over a second here.
      await client.open(BIG, generatedFile(3000));
      await new Promise((r) => setTimeout(r, 300));
      await client.change(SMALL, 2, [{ text: small.replace('"get_order_0"', '"GetOrder0"') }]);
      await client.waitForDiagnostics((p) => p.uri === BIG, 60_000);
      await client.waitForDiagnostics((p) => p.uri === SMALL && p.version === 2, 60_000);
      // The small file's version 2 was published first: its lint did not wait for the large one to end (before,
      // it was linted once the large file's lint had ended, and published after it).
      const order = client.published.filter((p) => p.uri === BIG || (p.uri === SMALL && p.version === 2)).map((p) => (p.uri === BIG ? 'big' : 'small v2'));
      assert.deepEqual(order, ['small v2', 'big']);
      // A request on the large document waits for its lint (finishing it at once if it is still in slices).
      const symbols = (await client.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: BIG } })) as unknown[];
      assert.equal(symbols.length, 3000);
    } finally {
      await client.shutdown();
    }
  });

  it('the lint of a version an edit replaced is dropped: only the new version is published', async () => {
    const client = new TestClient();
    try {
      await client.initialize();
      const text = generatedFile(3000);
      await client.open(BIG, text);
      await new Promise((r) => setTimeout(r, 300));
      // A request that reads the whole workspace's names needs the large document in the index, not its lint: it
      // does not finish it (before, it did, and version 1 was published).
      const symbols = (await client.conn.sendRequest('workspace/symbol', { query: 'get_order_1' })) as { name: string }[];
      assert.ok(symbols.some((x) => x.name === 'get_order_10'), JSON.stringify(symbols.slice(0, 3)));
      // Version 2 while version 1 is being linted.
      await client.change(BIG, 2, [{ text: text.replace('"get_order_0"', '"get_order_zero"') }]);
      const v2 = await client.waitForDiagnostics((p) => p.uri === BIG && p.version === 2, 60_000);
      assert.ok(v2.diagnostics.length > 0);
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual(client.published.filter((p) => p.uri === BIG).map((p) => p.version), [2]);
    } finally {
      await client.shutdown();
    }
  });
});
