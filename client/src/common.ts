/**
 * What the desktop (Node) and the web (browser) clients share: the document selector, the status bar, the
 * restart / output commands, the palette commands and the walkthrough's sample file. No rule logic here:
 * everything comes from the server.
 */
import { commands, languages, window, workspace, StatusBarAlignment, DiagnosticSeverity, type ExtensionContext, type StatusBarItem, type TextEditor } from 'vscode';
import type { BaseLanguageClient, DocumentSelector } from 'vscode-languageclient';
import { registerCommands } from './commands';

/**
 * tool-json documents in any scheme (files, untitled, virtual file systems of VS Code for the web); JSON
 * documents on disk too, so that `toolschema.files` globs can select them (the server decides).
 */
export const DOCUMENT_SELECTOR: DocumentSelector = [{ language: 'tool-json' }, { language: 'json', scheme: 'file' }, { language: 'jsonc', scheme: 'file' }];

/** The file the walkthrough's first step opens (untitled, language tool-json): a few problems on purpose. */
export const SAMPLE_TOOL_FILE = `[
  {
    "type": "function",
    "function": {
      "name": "fetch",
      "description": "Fetch a contact.",
      "parameters": {
        "type": "object",
        "properties": {
          "id": { "type": "str", "description": "The contact's id." },
          "limit": { "type": "string", "description": "Maximum results, between 1 and 50." }
        },
        "required": ["id"]
      }
    }
  }
]
`;

export function registerCommon(context: ExtensionContext, getClient: () => BaseLanguageClient | undefined): void {
  const status: StatusBarItem = window.createStatusBarItem(StatusBarAlignment.Right, 100);
  status.command = 'workbench.actions.view.problems';
  const update = (editor: TextEditor | undefined) => updateStatus(status, editor);
  context.subscriptions.push(
    status,
    commands.registerCommand('toolschema.restartServer', async () => {
      const client = getClient();
      if (!client) return;
      if (client.isRunning()) await client.stop();
      await client.start();
      void window.showInformationMessage('toolschema: language server restarted.');
    }),
    commands.registerCommand('toolschema.showOutput', () => getClient()?.outputChannel.show()),
    commands.registerCommand('toolschema.openSample', async () => {
      const doc = await workspace.openTextDocument({ language: 'tool-json', content: SAMPLE_TOOL_FILE });
      await window.showTextDocument(doc);
    }),
    window.onDidChangeActiveTextEditor(update),
    languages.onDidChangeDiagnostics(() => update(window.activeTextEditor)),
  );
  registerCommands(context, getClient);
  update(window.activeTextEditor);
}

function updateStatus(status: StatusBarItem, editor: TextEditor | undefined): void {
  if (!editor || editor.document.languageId !== 'tool-json') {
    status.hide();
    return;
  }
  const diags = languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'toolschema');
  // Over toolschema.maxNumberOfProblems the server adds one notice, the only diagnostic without a rule id, which
  // counts the file's problems of each severity: those counts, not the ones shown (an independent tester saw
  // "1000 errors, 0 warnings" for a file of 8,350 errors and 6,880 warnings).
  const notice = diags.find((d) => d.code === undefined);
  const totals = notice ? /the file has ([\d,]+) errors?, ([\d,]+) warnings?/.exec(notice.message) : null;
  const more = notice !== undefined;
  const errors = totals ? Number(totals[1]!.replace(/,/g, '')) : diags.filter((d) => d.severity === DiagnosticSeverity.Error).length;
  const warnings = totals ? Number(totals[2]!.replace(/,/g, '')) : diags.filter((d) => d.severity === DiagnosticSeverity.Warning).length;
  status.text = errors || warnings ? `$(tools) toolschema: $(error) ${errors.toLocaleString('en-US')} $(warning) ${warnings.toLocaleString('en-US')}${more && !totals ? ' +' : ''}` : '$(tools) toolschema: $(check)';
  status.tooltip = more ? 'toolschema: problems in this tool file; more than toolschema.maxNumberOfProblems, so not all are in the Problems panel (click for it)' : 'toolschema: problems in this tool file (click for the Problems panel)';
  status.show();
}
