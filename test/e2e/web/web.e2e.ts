/// <reference types="mocha" />
/**
 * VS Code for the web only: the web extension is the one running (browser entry, server in a web worker),
 * the workspace is a virtual file system, and what needs the file system or git says so.
 */
import { commands, extensions, workspace } from 'vscode';
import { EXTENSION_ID, activeExtension, equal, fileUri, ok, ours, ruleOf, waitFor } from '../suite/util';

describe('toolschema in VS Code for the web', () => {
  it('runs the browser entry on a virtual workspace', async () => {
    const api = (await activeExtension()) as { limitations?: { message: string; shown(): number } };
    ok(api.limitations, 'the web extension (dist/web/extension.js) is the one activated: its API has `limitations`');
    ok(/file system or git/.test(api.limitations.message), `the message says why: ${api.limitations.message}`);
    ok(api.limitations.shown() <= 1, 'the message is shown at most once');
    equal(extensions.getExtension(EXTENSION_ID)?.extensionKind !== undefined, true, 'extension kind known');
    ok(workspace.workspaceFolders?.[0]?.uri.scheme !== 'file', `a virtual workspace (${workspace.workspaceFolders?.[0]?.uri.scheme})`);
  });

  it('lints a file of the virtual workspace in the worker server', async () => {
    const doc = await workspace.openTextDocument(fileUri('github.mcp.tool.json'));
    const diags = await waitFor('diagnostics of github.mcp.tool.json', () => {
      const d = ours(doc.uri);
      return d.length > 0 ? d : undefined;
    });
    ok(diags.every((d) => ruleOf(d)), 'rule ids');
  });

  it('says that Run Evaluation Set is unavailable instead of failing', async () => {
    const said = await commands.executeCommand<string>('toolschema.runEvaluation');
    ok(/Run Evaluation Set is not available in VS Code for the web/.test(said ?? ''), `the command says why: ${said}`);
  });
});
