/// <reference types="mocha" />
/**
 * What only the desktop/remote (Node) extension host has: the workspace index (diagnostics of files that
 * were never opened), settings applied live, and the Node language server process.
 */
import { commands, workspace, ConfigurationTarget } from 'vscode';
import { activeExtension, equal, fileUri, ok, ours, ruleOf, waitFor } from './util';

describe('toolschema in the Node extension host', () => {
  before(async () => {
    await activeExtension();
  });

  it('indexes the workspace: an unopened tool file gets its diagnostics', async () => {
    const uri = fileUri('lights.gemini.tool.json');
    ok(!workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()), 'lights.gemini.tool.json is not open');
    const diags = await waitFor('diagnostics of the unopened lights.gemini.tool.json', () => {
      const d = ours(uri);
      return d.length > 0 ? d : undefined;
    });
    ok(diags.every((d) => ruleOf(d)), 'each has a rule id');
  });

  it('applies toolschema.rules from the settings', async () => {
    const crm = await workspace.openTextDocument(fileUri('crm-bad.tool.json'));
    await waitFor('keyword-unknown on crm-bad.tool.json', () => ours(crm.uri).some((d) => ruleOf(d) === 'keyword-unknown'));
    const cfg = workspace.getConfiguration('toolschema');
    equal(cfg.inspect('profile')?.defaultValue, 'auto', 'toolschema.profile default');
    await cfg.update('rules', { 'keyword-unknown': 'off' }, ConfigurationTarget.Workspace);
    try {
      await waitFor('keyword-unknown to be turned off', () => !ours(crm.uri).some((d) => ruleOf(d) === 'keyword-unknown'));
    } finally {
      await cfg.update('rules', undefined, ConfigurationTarget.Workspace);
    }
    await waitFor('keyword-unknown to come back', () => ours(crm.uri).some((d) => ruleOf(d) === 'keyword-unknown'));
  });

  it('restarts the language server and lints again', async () => {
    const crm = await workspace.openTextDocument(fileUri('crm-bad.tool.json'));
    await commands.executeCommand('toolschema.restartServer');
    await waitFor('diagnostics after the restart', () => ours(crm.uri).some((d) => ruleOf(d) === 'keyword-unknown'));
  });
});
