/// <reference types="mocha" />
/**
 * What only the desktop/remote (Node) extension host has: the workspace index (diagnostics of files that
 * were never opened), settings applied live, and the Node language server process.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, lstatSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commands, workspace, ConfigurationTarget, Uri } from 'vscode';
import { activeExtension, equal, fileUri, ok, ours, ruleOf, waitFor } from './util';
import { ScriptedServer } from '../../eval/scriptedServer';
import { TOOLS, evalSet, script } from '../../eval/fixtures';

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

  it('Run Evaluation Set runs a set against the model API and replaces a results file shipped as a link', async () => {
    // The model API: the scripted server of the CLI's tests, in this extension host process; the key comes from
    // an environment variable of this process (toolschema.eval.apiKeyEnv), so nothing is asked.
    const server = new ScriptedServer(script);
    await server.start();
    const dir = join(fileUri('.').fsPath, 'eval-run');
    const outside = mkdtempSync(join(tmpdir(), 'toolschema-e2e-outside-'));
    const cfg = workspace.getConfiguration('toolschema.eval');
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'weather.tool.json'), JSON.stringify(TOOLS, null, 2));
      writeFileSync(join(dir, 'weather.eval.json'), JSON.stringify(evalSet(['correct', 'refuse']), null, 2));
      const victim = join(outside, 'victim.json');
      writeFileSync(victim, 'keep me');
      symlinkSync(victim, join(dir, 'weather.eval-results.json'));
      process.env.TOOLSCHEMA_E2E_KEY = 'e2e-key';
      await cfg.update('provider', 'openai', ConfigurationTarget.Workspace);
      await cfg.update('baseUrl', server.openaiBase, ConfigurationTarget.Workspace);
      await cfg.update('apiKeyEnv', 'TOOLSCHEMA_E2E_KEY', ConfigurationTarget.Workspace);
      await cfg.update('timeoutMs', 5000, ConfigurationTarget.Workspace);
      await commands.executeCommand('toolschema.runEvaluation', Uri.file(join(dir, 'weather.eval.json')));
      ok(server.requests.length >= 2, `the model API was called for each case (${server.requests.length} requests)`);
      const after = readFileSync(victim, 'utf8');
      ok(after === 'keep me', `the file the link pointed at is unchanged (it now starts ${JSON.stringify(after.slice(0, 40))})`);
      const results = join(dir, 'weather.eval-results.json');
      ok(lstatSync(results).isFile(), 'the link is replaced by the results file');
      const written = JSON.parse(readFileSync(results, 'utf8')) as { cases?: unknown };
      ok(written.cases, `results with cases: ${readFileSync(results, 'utf8').slice(0, 300)}`);
      ok(readdirSync(dir).includes('weather.eval-report.md'), 'the report is written beside the set');
      ok(!readdirSync(dir).some((f) => f.endsWith('.tmp')), 'no temporary file left');
    } finally {
      for (const key of ['provider', 'baseUrl', 'apiKeyEnv', 'timeoutMs']) await cfg.update(key, undefined, ConfigurationTarget.Workspace);
      delete process.env.TOOLSCHEMA_E2E_KEY;
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
