/**
 * The VS Code client: starts toolschema-language-server, registers commands and a status bar item.
 * No rule logic here: everything comes from the server.
 */
import * as path from 'node:path';
import { commands, languages, window, workspace, StatusBarAlignment, DiagnosticSeverity, type ExtensionContext, type StatusBarItem, type TextEditor } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { registerCommands } from './commands';
import { registerEvaluation } from './eval';

let client: LanguageClient | undefined;
let status: StatusBarItem | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // tool-json documents always; JSON documents too, so that `toolschema.files` globs can select them
    // (the server decides which JSON documents are tool files).
    documentSelector: [{ language: 'tool-json' }, { language: 'json', scheme: 'file' }, { language: 'jsonc', scheme: 'file' }],
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/toolschema.config.json') },
    diagnosticCollectionName: 'toolschema',
    // Restricted Mode: the server runs nothing from the workspace (no git) unless the workspace is trusted.
    initializationOptions: { trusted: workspace.isTrusted },
  };
  client = new LanguageClient('toolschema', 'toolschema', serverOptions, clientOptions);

  status = window.createStatusBarItem(StatusBarAlignment.Right, 100);
  status.command = 'workbench.actions.view.problems';
  context.subscriptions.push(
    status,
    commands.registerCommand('toolschema.restartServer', async () => {
      await client?.restart();
      void window.showInformationMessage('toolschema: language server restarted.');
    }),
    commands.registerCommand('toolschema.showOutput', () => client?.outputChannel.show()),
    window.onDidChangeActiveTextEditor((e) => updateStatus(e)),
    languages.onDidChangeDiagnostics(() => updateStatus(window.activeTextEditor)),
    // Trust granted: restart the server so it starts with `trusted: true` (git baselines come on).
    workspace.onDidGrantWorkspaceTrust(() => {
      if (client) client.clientOptions.initializationOptions = { ...(client.clientOptions.initializationOptions as object), trusted: true };
      void client?.restart();
    }),
  );
  registerCommands(context, () => client);
  registerEvaluation(context);
  await client.start();
  updateStatus(window.activeTextEditor);
}

function updateStatus(editor: TextEditor | undefined): void {
  if (!status) return;
  if (!editor || editor.document.languageId !== 'tool-json') {
    status.hide();
    return;
  }
  const diags = languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'toolschema');
  const errors = diags.filter((d) => d.severity === DiagnosticSeverity.Error).length;
  const warnings = diags.filter((d) => d.severity === DiagnosticSeverity.Warning).length;
  status.text = errors || warnings ? `$(tools) toolschema: $(error) ${errors} $(warning) ${warnings}` : '$(tools) toolschema: $(check)';
  status.tooltip = 'toolschema: problems in this tool file (click for the Problems panel)';
  status.show();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
