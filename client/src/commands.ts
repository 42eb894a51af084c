/**
 * Palette commands. The client only asks: which tool (the one under the cursor, else a quick pick), which
 * successor, keep or remove the original. The server computes the edit against the document version sent
 * here and applies it with workspace/applyEdit; a document edited in between refuses the command.
 */
import { commands, window, Uri, type ExtensionContext, type TextEditor, type QuickPickItem } from 'vscode';
import { ExecuteCommandRequest, LSPErrorCodes, ResponseError, type BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { ServerCommands, ToolsRequest, type CommandArgs, type CommandResult, type ToolSummary, type ToolsResult } from '../../shared/src/protocol';

type GetClient = () => LanguageClient | undefined;

function inside(t: ToolSummary, line: number, character: number): boolean {
  const { start, end } = t.range;
  const afterStart = line > start.line || (line === start.line && character >= start.character);
  const beforeEnd = line < end.line || (line === end.line && character <= end.character);
  return afterStart && beforeEnd;
}

async function toolsOf(client: LanguageClient, editor: TextEditor): Promise<ToolsResult | undefined> {
  // The server answers ContentModified when the document changed while the request waited (an edit typed meanwhile):
  // asked again, it answers for the new version.
  let r: ToolsResult | null = null;
  for (let attempt = 1; ; attempt++) {
    try {
      r = await client.sendRequest<ToolsResult | null>(ToolsRequest, { uri: editor.document.uri.toString() });
      break;
    } catch (e) {
      if (attempt >= 3 || !(e instanceof ResponseError) || e.code !== LSPErrorCodes.ContentModified) throw e;
    }
  }
  if (!r) {
    void window.showWarningMessage('toolschema: this file is not a tool file (language "tool-json", or matched by toolschema.files).');
    return undefined;
  }
  if (r.tools.length === 0) {
    void window.showWarningMessage('toolschema: no tools with a name in this file.');
    return undefined;
  }
  return r;
}

/** The tool under the cursor, or one the user picks. */
async function pickTool(tools: ToolSummary[], editor: TextEditor, placeHolder: string, filter: (t: ToolSummary) => boolean = () => true): Promise<ToolSummary | undefined> {
  const pos = editor.selection.active;
  const candidates = tools.filter(filter);
  const here = candidates.find((t) => inside(t, pos.line, pos.character));
  if (here) return here;
  if (candidates.length === 0) {
    void window.showWarningMessage('toolschema: no tool in this file fits this command.');
    return undefined;
  }
  if (candidates.length === 1) return candidates[0];
  const pick = await window.showQuickPick(
    candidates.map((t) => ({ label: t.name, description: t.deprecated ? 'deprecated' : '', detail: `line ${t.range.start.line + 1}`, tool: t })),
    { placeHolder },
  );
  return pick?.tool;
}

async function run(client: LanguageClient, command: string, args: CommandArgs, done: (r: CommandResult) => string | undefined): Promise<void> {
  try {
    const r = await client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [args] });
    const result = r as CommandResult | null;
    if (!result) return;
    if (!result.applied) {
      void window.showInformationMessage(`toolschema: ${result.message ?? 'nothing was changed.'}`);
      return;
    }
    const msg = done(result);
    if (msg) void window.showInformationMessage(`toolschema: ${msg}`);
  } catch (e) {
    void window.showErrorMessage(`toolschema: ${(e as Error).message}`);
  }
}

export function registerCommands(context: ExtensionContext, getClient: GetClient): void {
  const withEditor = (fn: (client: LanguageClient, editor: TextEditor) => Promise<void>) => async () => {
    const client = getClient();
    const editor = window.activeTextEditor;
    if (!client || !editor) {
      void window.showWarningMessage('toolschema: open a tool file first.');
      return;
    }
    await fn(client, editor);
  };
  const args = (editor: TextEditor, extra: Partial<CommandArgs> = {}): CommandArgs => ({ uri: editor.document.uri.toString(), version: editor.document.version, ...extra });

  context.subscriptions.push(
    commands.registerCommand(
      'toolschema.fixAll',
      withEditor(async (client, editor) => run(client, ServerCommands.fixAll, args(editor), () => undefined)),
    ),
    commands.registerCommand(
      'toolschema.bumpVersion',
      withEditor(async (client, editor) => {
        const r = await toolsOf(client, editor);
        const tool = r && (await pickTool(r.tools, editor, 'Tool to bump to a new version'));
        if (!tool) return;
        await run(client, ServerCommands.bumpVersion, args(editor, { pointer: tool.pointer }), (x) => `added ${x.names?.join(', ')}; "${tool.name}" is marked deprecated.`);
      }),
    ),
    commands.registerCommand(
      'toolschema.splitTool',
      withEditor(async (client, editor) => {
        const r = await toolsOf(client, editor);
        const tool = r && (await pickTool(r.tools, editor, 'Multi-purpose tool to split', (t) => t.split !== null));
        if (!tool) return;
        if (!tool.split) {
          void window.showWarningMessage(`toolschema: "${tool.name}" has no operation parameter with known values to split on.`);
          return;
        }
        const choice = await window.showQuickPick<QuickPickItem & { keep: boolean }>(
          [
            { label: `Remove "${tool.name}"`, detail: `Replace it with ${tool.split.join(', ')}.`, keep: false },
            { label: `Keep "${tool.name}", marked deprecated`, detail: `Add ${tool.split.join(', ')} and point the old tool at them.`, keep: true },
          ],
          { placeHolder: `Split "${tool.name}" into ${tool.split.length} tools` },
        );
        if (!choice) return;
        await run(client, ServerCommands.splitTool, args(editor, { pointer: tool.pointer, keepOriginal: choice.keep }), (x) => `split "${tool.name}" into ${x.names?.join(', ')}.`);
      }),
    ),
    commands.registerCommand(
      'toolschema.createEvaluationSet',
      withEditor(async (client, editor) => {
        await run(client, ServerCommands.createEvaluationSet, args(editor), (x) => {
          const created = x.names?.[0];
          if (created) void window.showTextDocument(Uri.parse(created));
          return 'evaluation set created: replace each TODO prompt with a real request, then run it.';
        });
      }),
    ),
    commands.registerCommand(
      'toolschema.markDeprecated',
      withEditor(async (client, editor) => {
        const r = await toolsOf(client, editor);
        const tool = r && (await pickTool(r.tools, editor, 'Tool to mark deprecated', (t) => !t.deprecated));
        if (!tool || !r) return;
        const others = r.tools.filter((t) => t.name !== tool.name && !t.deprecated);
        const pick = await window.showQuickPick<QuickPickItem & { successors: string[] }>(
          [{ label: '(no successor)', detail: 'The tool will simply be removed after the deprecation period.', successors: [] }, ...others.map((t) => ({ label: t.name, successors: [t.name] }))],
          { placeHolder: `Which tool replaces "${tool.name}"?` },
        );
        if (!pick) return;
        await run(client, ServerCommands.markDeprecated, args(editor, { pointer: tool.pointer, successors: pick.successors }), () => `"${tool.name}" is marked deprecated.`);
      }),
    ),
  );
}
