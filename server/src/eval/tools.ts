/**
 * Reads a tool file into the tools the runner sends: whatever dialect the file uses (the engine's
 * `discoverTools`), each tool becomes name + description + a JSON Schema object for its arguments, which
 * providers.ts turns into each API's own tool shape.
 */
import { ToolDocument, valueOf, type JsonValue } from '../../../shared/src/document';
import { discoverTools, type ToolInfo } from '../../../shared/src/discover';
import type { RunnableTool } from './providers';

export interface LoadedTools {
  tools: RunnableTool[];
  infos: ToolInfo[];
  doc: ToolDocument;
  /** Why the file or some of its tools cannot be sent (syntax errors, tools without a name). */
  problems: string[];
}

export function loadTools(uri: string, text: string): LoadedTools {
  const doc = new ToolDocument(uri, text);
  const problems: string[] = [];
  if (doc.refused) problems.push(`the tool file is too ${doc.refused === 'size' ? 'large' : 'deeply nested'} to read`);
  for (const p of doc.syntaxProblems.slice(0, 3)) problems.push(`JSON syntax error at offset ${p.offset}: ${p.message}`);
  const { tools: infos } = discoverTools(doc.tree);
  const tools: RunnableTool[] = [];
  const seen = new Set<string>();
  for (const t of infos) {
    if (!t.name) {
      problems.push(`tool #${t.index + 1} has no name and is not sent`);
      continue;
    }
    if (seen.has(t.name)) {
      problems.push(`tool "${t.name}" is defined twice; only the first is sent`);
      continue;
    }
    seen.add(t.name);
    tools.push(toRunnable(t));
  }
  if (tools.length === 0 && problems.length === 0) problems.push('the tool file defines no tools');
  return { tools, infos, doc, problems };
}

export function toRunnable(t: ToolInfo): RunnableTool {
  let params = valueOf(t.params);
  if (t.dialect === 'gemini') params = geminiToJsonSchema(params);
  const parameters: { [key: string]: JsonValue } = isObj(params) ? params : { type: 'object', properties: {} };
  return { name: t.name ?? '', description: t.description ?? '', parameters, strict: t.strict, draft: t.draft };
}

/** Gemini's OpenAPI subset writes types in upper case (`STRING`); JSON Schema wants lower case. */
function geminiToJsonSchema(v: JsonValue | undefined, depth = 0): JsonValue | undefined {
  if (v === undefined || depth > 64) return v;
  if (Array.isArray(v)) return v.map((x) => geminiToJsonSchema(x, depth + 1) ?? null);
  if (!isObj(v)) return v;
  const out: { [key: string]: JsonValue } = {};
  for (const [k, x] of Object.entries(v)) {
    const val = k === 'type' && typeof x === 'string' ? x.toLowerCase() : geminiToJsonSchema(x, depth + 1);
    if (val !== undefined) Object.defineProperty(out, k, { value: val, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function isObj(v: JsonValue | undefined): v is { [key: string]: JsonValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
