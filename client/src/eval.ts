/**
 * **Toolschema: Run Evaluation Set**: runs an evaluation set (`*.eval.json`) through the same runner as
 * `toolschema eval`, in the extension host, with a cancellable progress notification. The API key comes from
 * the environment or from SecretStorage (asked once, stored there; never written to settings, results or
 * the report). Refused in an untrusted workspace: running sends the workspace's tool definitions and case
 * prompts to a remote API. Results go to `<base>.eval-results.json` beside the set (read by `eval-stale` and
 * `eval-records-incomplete`), and the Markdown report opens in a preview. The logic is in
 * server/src/eval/session.ts (tested without VS Code); this file is the VS Code side only.
 */
import { basename } from 'node:path';
import { commands, window, workspace, ProgressLocation, Uri, type ExtensionContext, type QuickPickItem } from 'vscode';
import { PROVIDERS } from '../../server/src/eval/providers';
import { runEvalSession, secretName, type SessionOutcome } from '../../server/src/eval/session';
import { diskSessionFiles } from '../../server/src/eval/files';

export const RUN_EVALUATION = 'toolschema.runEvaluation';
export const FORGET_KEYS = 'toolschema.forgetEvaluationKeys';

export function registerEvaluation(context: ExtensionContext): void {
  context.subscriptions.push(
    commands.registerCommand(RUN_EVALUATION, (uri?: Uri) => runEvaluationCommand(context, uri)),
    commands.registerCommand(FORGET_KEYS, async () => {
      for (const p of PROVIDERS) await context.secrets.delete(secretName(p));
      void window.showInformationMessage('toolschema: stored evaluation API keys removed.');
    }),
  );
}

async function pickEvalFile(uri: Uri | undefined): Promise<Uri | undefined> {
  if (uri instanceof Uri && uri.fsPath.endsWith('.eval.json')) return uri;
  const active = window.activeTextEditor?.document.uri;
  if (active && active.fsPath.endsWith('.eval.json')) return active;
  const found = await workspace.findFiles('**/*.eval.json', '**/node_modules/**', 200);
  if (found.length === 0) {
    void window.showWarningMessage('toolschema: no evaluation set (*.eval.json) in the workspace. Create one beside a tool file first.');
    return undefined;
  }
  if (found.length === 1) return found[0];
  const pick = await window.showQuickPick(
    found.map((u): QuickPickItem & { uri: Uri } => ({ label: basename(u.fsPath), description: workspace.asRelativePath(u), uri: u })),
    { placeHolder: 'Evaluation set to run' },
  );
  return pick?.uri;
}

async function runEvaluationCommand(context: ExtensionContext, uri: Uri | undefined): Promise<void> {
  if (!workspace.isTrusted) {
    void window.showWarningMessage('toolschema: running an evaluation set sends the tool definitions to a model API; it is disabled in Restricted Mode. Trust the workspace to run it.');
    return;
  }
  const evalUri = await pickEvalFile(uri);
  if (!evalUri) return;
  if (evalUri.scheme !== 'file') {
    void window.showWarningMessage('toolschema: evaluation sets are run from files on disk only.');
    return;
  }
  const cfg = workspace.getConfiguration('toolschema.eval', evalUri);
  const outcome: SessionOutcome = await window.withProgress(
    { location: ProgressLocation.Notification, title: `toolschema: evaluating ${basename(evalUri.fsPath)}`, cancellable: true },
    async (progress, token) => {
      const ctrl = new AbortController();
      const sub = token.onCancellationRequested(() => ctrl.abort());
      try {
        return await runEvalSession(
          evalUri.fsPath,
          {
            provider: cfg.get<string>('provider', 'openai'),
            model: cfg.get<string>('model', ''),
            baseUrl: cfg.get<string>('baseUrl', ''),
            apiKeyEnv: cfg.get<string>('apiKeyEnv', ''),
            trials: cfg.get<number>('trials', 1),
            timeoutMs: cfg.get<number>('timeoutMs', 30_000),
            maxSteps: cfg.get<number>('maxSteps', 4),
            maxRetries: cfg.get<number>('maxRetries', 2),
          },
          {
            isTrusted: workspace.isTrusted,
            env: process.env,
            getSecret: async (name) => await context.secrets.get(name),
            storeSecret: async (name, value) => await context.secrets.store(name, value),
            askKey: async (provider, envName) =>
              await window.showInputBox({
                title: `API key for ${provider}`,
                prompt: `No ${envName} in the environment. The key is kept in VS Code's secret storage (never in settings or results); "Toolschema: Forget Evaluation API Keys" removes it.`,
                password: true,
                ignoreFocusOut: true,
              }),
            // Open documents' texts first; files read and written as `toolschema eval` does (regular files of at
            // most 32 MiB, opened without waiting; results renamed over their path, never written through a link).
            // What is at the results' and report's paths is checked before any model request.
            ...diskSessionFiles(
              (path) => {
                const u = Uri.file(path).toString();
                return workspace.textDocuments.find((d) => d.uri.toString() === u)?.getText();
              },
              (path) => workspace.asRelativePath(path),
            ),
            label: (path) => workspace.asRelativePath(path),
            progress: (message, increment) => progress.report({ message, increment }),
            signal: ctrl.signal,
          },
        );
      } finally {
        sub.dispose();
      }
    },
  );
  if (outcome.status !== 'done') {
    if (outcome.status === 'error') void window.showErrorMessage(`toolschema: ${outcome.message}`);
    else if (outcome.status === 'refused') void window.showWarningMessage(`toolschema: ${outcome.message}`);
    return;
  }
  try {
    if (!outcome.reportPath) throw new Error('not written');
    await commands.executeCommand('markdown.showPreview', Uri.file(outcome.reportPath));
  } catch {
    // No Markdown preview: show the report in an untitled document instead.
    const doc = await workspace.openTextDocument({ language: 'markdown', content: outcome.report });
    await window.showTextDocument(doc, { preview: true });
  }
  const t = outcome.run.totals;
  if (t.passedTrials === t.trials && !outcome.run.cancelled) void window.showInformationMessage(`toolschema: ${outcome.message}.`);
  else void window.showWarningMessage(`toolschema: ${outcome.message}.`);
}
