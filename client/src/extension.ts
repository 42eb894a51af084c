/**
 * The VS Code client (desktop and remote: Node extension host): starts toolschema-language-server over node
 * IPC, registers commands and a status bar item. The web client is browserExtension.ts.
 */
import * as path from 'node:path';
import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { DOCUMENT_SELECTOR, registerCommon } from './common';
import { registerEvaluation } from './eval';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/toolschema.config.json') },
    diagnosticCollectionName: 'toolschema',
    // Restricted Mode: the server runs nothing from the workspace (no git) unless the workspace is trusted.
    initializationOptions: { trusted: workspace.isTrusted },
  };
  client = new LanguageClient('toolschema', 'toolschema', serverOptions, clientOptions);
  registerCommon(context, () => client);
  context.subscriptions.push(
    // Trust granted: restart the server so it starts with `trusted: true` (git baselines come on).
    workspace.onDidGrantWorkspaceTrust(() => {
      if (client) client.clientOptions.initializationOptions = { ...(client.clientOptions.initializationOptions as object), trusted: true };
      void client?.restart();
    }),
  );
  registerEvaluation(context);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
