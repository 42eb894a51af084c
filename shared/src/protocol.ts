/**
 * Names shared by the VS Code client and the language server: server-side commands (run with
 * workspace/executeCommand, which answer with a workspace/applyEdit) and custom requests. No LSP imports.
 */

/** Commands the server executes. Arguments: one object, always with the document URI and version. */
export const ServerCommands = {
  /** Applies every safe fix: { uri, version }. */
  fixAll: 'toolschema.server.fixAll',
  /** Adds `<name>_v<N+1>` and deprecates the tool: { uri, version, pointer }. */
  bumpVersion: 'toolschema.server.bumpVersion',
  /** Splits a multi-purpose tool: { uri, version, pointer, keepOriginal }. */
  splitTool: 'toolschema.server.splitTool',
  /** Marks a tool deprecated: { uri, version, pointer, successors? }. */
  markDeprecated: 'toolschema.server.markDeprecated',
  /** Writes a new evaluation set `<base>.eval.json` for the tool file: { uri, version }. */
  createEvaluationSet: 'toolschema.server.createEvaluationSet',
} as const;

export const ALL_SERVER_COMMANDS: readonly string[] = Object.values(ServerCommands);

export interface CommandArgs {
  uri: string;
  /** The document version the command was issued against; a newer document refuses the command. */
  version: number;
  /** RFC 6901 pointer of the tool's entry (from the tools request). */
  pointer?: string;
  keepOriginal?: boolean;
  successors?: string[];
}

export interface CommandResult {
  applied: boolean;
  /** Names of the tools created, or the number of fixes applied. */
  names?: string[];
  fixed?: number;
  message?: string;
}

/** `toolschema/tools`: the tools of a document, for the palette commands' pickers. */
export const ToolsRequest = 'toolschema/tools';

export interface ToolsParams {
  uri: string;
}

export interface ToolSummary {
  name: string;
  /** Pointer of the tool's entry. */
  pointer: string;
  /** Range of the tool's entry (0-based, LSP shape). */
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  deprecated: boolean;
  /** The name the next version would get. */
  nextVersion: string;
  /** The tools a split would create, when the tool can be split. */
  split: string[] | null;
}

export interface ToolsResult {
  version: number;
  tools: ToolSummary[];
}
