/// <reference types="mocha" />
/**
 * The extension in a real VS Code extension host, on copies of examples/ (the launcher opens them as the
 * workspace folder): language mode, diagnostics by rule id and exact range, hover with the rule's
 * documentation, quick fixes and the result of applying one, and the Bump Tool Version command's edit.
 * Runs unchanged in the desktop/remote (Node) host and in the web host of VS Code for the web.
 */
import { commands, window, workspace, Position, Range, Selection, type CodeAction, type Hover, type MarkdownString, type TextDocument } from 'vscode';
import { activeExtension, deepEqual, diagnosticsOf, equal, fileUri, ok, ours, rangeOf, ruleOf, waitFor } from './util';

function hoverText(hovers: Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as MarkdownString).value))).join('\n');
}

describe('toolschema in the extension host', () => {
  let crm: TextDocument;

  before(async () => {
    crm = await workspace.openTextDocument(fileUri('crm-bad.tool.json'));
    await window.showTextDocument(crm);
    await activeExtension();
  });

  it('opens *.tool.json in the tool-json language', () => {
    equal(crm.languageId, 'tool-json', 'language id');
  });

  it('publishes the diagnostics of a bad file with rule ids and exact ranges', async () => {
    const diags = await waitFor('the 18 diagnostics of crm-bad.tool.json', () => {
      const d = ours(crm.uri);
      return d.length === 18 ? d : undefined;
    });
    const got = diags.map((d) => `${ruleOf(d)} ${rangeOf(d).join(',')}`).sort();
    for (const want of [
      'name-vague 5,16,5,32',
      'eval-missing 5,16,5,32',
      'single-purpose 10,12,10,23',
      'type-unknown 26,28,26,33',
      'type-count-as-string 27,31,27,39',
      'keyword-unknown 32,10,32,20',
    ]) ok(got.includes(want), `diagnostic ${want} among ${got.join(' | ')}`);
    const typeUnknown = diags.find((d) => ruleOf(d) === 'type-unknown');
    ok(typeUnknown, 'type-unknown');
    equal(typeUnknown.message, '"str" is not a JSON Schema type: use "string".', 'message');
    const code = typeUnknown.code as { value: string; target: { toString(): string } };
    ok(/type-unknown/.test(code.target.toString()), `the code links to the rule's documentation (${code.target.toString()})`);
  });

  it('shows the rule documentation on hover over a flagged range', async () => {
    const hovers = await waitFor('a hover on "str"', async () => {
      const h = await commands.executeCommand<Hover[]>('vscode.executeHoverProvider', crm.uri, new Position(26, 30));
      return h && h.length > 0 ? h : undefined;
    });
    const text = hoverText(hovers);
    ok(text.includes('type-unknown'), `hover names the rule: ${text.slice(0, 300)}`);
    ok(/string/.test(text) && text.length > 200, `hover carries the rule's documentation: ${text.slice(0, 300)}`);
  });

  it('shows a tool summary on hover over a tool name', async () => {
    const hovers = await commands.executeCommand<Hover[]>('vscode.executeHoverProvider', crm.uri, new Position(21, 19));
    const text = hoverText(hovers);
    ok(text.includes('fetch') && /limit/.test(text), `hover over "fetch" summarises the tool and its parameters: ${text.slice(0, 300)}`);
  });

  it('offers quick fixes and applying one changes the file and clears the diagnostic', async () => {
    const range = new Range(26, 28, 26, 33);
    const actions = await waitFor('quick fixes on "str"', async () => {
      const a = await commands.executeCommand<CodeAction[]>('vscode.executeCodeActionProvider', crm.uri, range, 'quickfix', 10);
      return a && a.length > 0 ? a : undefined;
    });
    const titles = actions.map((a) => a.title);
    const fix = actions.find((a) => a.title === 'Replace "str" with "string"');
    ok(fix, `the preferred fix is offered among: ${titles.join(' | ')}`);
    equal(fix.isPreferred, true, 'isPreferred');
    ok(fix.edit, 'the fix carries its edit (resolved)');
    ok(await workspace.applyEdit(fix.edit), 'workspace.applyEdit');
    equal(crm.lineAt(26).text, '            "id": { "type": "string" },', 'line 27 after the fix');
    await waitFor('type-unknown to disappear after the fix', () => !ours(crm.uri).some((d) => ruleOf(d) === 'type-unknown'));
    // The other findings stay.
    ok(ours(crm.uri).some((d) => ruleOf(d) === 'type-count-as-string'), 'type-count-as-string still reported');
  });

  it('Bump Tool Version adds the next version and deprecates the old one', async () => {
    const weather = await workspace.openTextDocument(fileUri('weather.tool.json'));
    const editor = await window.showTextDocument(weather);
    await diagnosticsOf(weather, 0);
    const at = weather.getText().indexOf('"get_current_weather"');
    ok(at > 0, 'tool name in weather.tool.json');
    const pos = weather.positionAt(at + 3);
    editor.selection = new Selection(pos, pos);
    const before = weather.version;
    await commands.executeCommand('toolschema.bumpVersion');
    await waitFor('the bump edit', () => weather.version > before && weather.getText().includes('get_current_weather_v2'));
    const tools = JSON.parse(weather.getText()) as { function: { name: string; description: string } }[];
    deepEqual(tools.map((t) => t.function.name), ['get_current_weather', 'get_current_weather_v2', 'get_weather_forecast'], 'tools after the bump');
    ok(tools[0]!.function.description.startsWith('Deprecated: use get_current_weather_v2 instead.'), `old tool deprecated: ${tools[0]!.function.description}`);
    equal(tools[1]!.function.description, 'Use this when the user asks about the weather right now in a named city. Returns the temperature, conditions and wind. Do not use for forecasts: use get_weather_forecast instead.', 'new version keeps the description');
    // The server has linted the new text once it answers a hover on the new tool's name (diagnostics are sent first).
    const v2 = weather.positionAt(weather.getText().indexOf('"name": "get_current_weather_v2"') + 12);
    let last = '';
    await waitFor('a hover on the new version', async () => (last = hoverText(await commands.executeCommand<Hover[]>('vscode.executeHoverProvider', weather.uri, v2))).includes('get_current_weather_v2'), 30_000, () => `last hover at ${v2.line}:${v2.character}: ${last.slice(0, 400)}`);
    const bad = ours(weather.uri).filter((d) => ['version-predecessor-not-deprecated', 'deprecated-no-redirect', 'name-duplicate', 'parse-error'].includes(ruleOf(d) ?? ''));
    deepEqual(bad.map((d) => ruleOf(d)), [], 'versioning findings after the bump');
  });

  it('registers the palette commands', async () => {
    const all = await commands.getCommands(true);
    for (const c of ['toolschema.bumpVersion', 'toolschema.splitTool', 'toolschema.markDeprecated', 'toolschema.fixAll', 'toolschema.restartServer', 'toolschema.showOutput', 'toolschema.openSample', 'toolschema.runEvaluation']) {
      ok(all.includes(c), `command ${c}`);
    }
  });

  it('the walkthrough sample opens as an untitled tool file with diagnostics', async () => {
    await commands.executeCommand('toolschema.openSample');
    const doc = await waitFor('the sample document', () => (window.activeTextEditor?.document.isUntitled ? window.activeTextEditor.document : undefined));
    equal(doc.languageId, 'tool-json', 'sample language');
    const diags = await diagnosticsOf(doc, 1);
    ok(diags.some((d) => ruleOf(d) === 'type-unknown'), `type-unknown in the sample: ${diags.map(ruleOf).join(', ')}`);
  });
});
