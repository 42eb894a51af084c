/**
 * The web client (VS Code for the web: vscode.dev, github.dev; also any browser-based VS Code without a Node
 * extension host): the same language server, bundled for the browser (dist/web/server.js), in a web worker.
 * Everything that works on one document's text works here: diagnostics, hover, quick fixes, refactors and
 * the palette commands, completion, formatting, outline. What needs the file system or git does not: the
 * workspace index of unopened files, toolschema.config.json, breaking changes against a git baseline and
 * evaluation runs. The user is told so once (and each time they run a command that cannot work here).
 */
import { commands, window, Uri, type ExtensionContext } from 'vscode';
import { LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/browser';
import { DOCUMENT_SELECTOR, registerCommon } from './common';

declare const Worker: new (url: string) => unknown;

export const WEB_LIMITATIONS =
  'toolschema in VS Code for the web lints each open tool file on its own. Not available here (they need the file system or git): ' +
  'diagnostics for unopened files and cross-file rules over them, toolschema.config.json (use the toolschema.* settings), ' +
  'breaking-change checks against git, and Run Evaluation Set.';
const SHOWN_KEY = 'toolschema.web.limitationsShown';

let client: LanguageClient | undefined;

export interface WebApi {
  /** The message about unavailable features, and how many times it was shown in this session (0 or 1). */
  limitations: { message: string; shown(): number };
}

export async function activate(context: ExtensionContext): Promise<WebApi> {
  const serverMain = Uri.joinPath(context.extensionUri, 'dist/web/server.js');
  const worker = new Worker(serverMain.toString(true));
  const clientOptions: LanguageClientOptions = { documentSelector: DOCUMENT_SELECTOR, diagnosticCollectionName: 'toolschema' };
  client = new LanguageClient('toolschema', 'toolschema', clientOptions, worker as never);
  registerCommon(context, () => client);
  const unavailable = (what: string) => (): string => {
    const message = `toolschema: ${what} is not available in VS Code for the web (it needs the file system and network access of the desktop extension host).`;
    void window.showWarningMessage(message);
    return message;
  };
  context.subscriptions.push(
    commands.registerCommand('toolschema.runEvaluation', unavailable('Run Evaluation Set')),
    commands.registerCommand('toolschema.forgetEvaluationKeys', unavailable('Evaluation (and its stored API keys)')),
  );
  await client.start();
  client.outputChannel.appendLine(WEB_LIMITATIONS);
  let shown = 0;
  if (!context.globalState.get<boolean>(SHOWN_KEY)) {
    shown++;
    void context.globalState.update(SHOWN_KEY, true);
    void window.showInformationMessage(WEB_LIMITATIONS);
  }
  return { limitations: { message: WEB_LIMITATIONS, shown: () => shown } };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
