/**
 * Reads an evaluation set (`<base>.eval.json`) leniently into the cases the runner sends: a prompt or a
 * message list, and the expectation (tool or null, expected arguments, the tools an adversarial caller may
 * use). Problems are reported as text and never throw; the static rules give the precise diagnostics.
 */
import { dirname, basename, join, resolve } from 'node:path';
import type { JsonValue } from '../../../shared/src/document';
import type { CaseMessage } from './providers';
import type { RunnableCase } from './runner';

export interface ReadEvalSet {
  /** The tool file named by the set (`tools`), resolved against the set's folder; else `<base>.tool.json`. */
  toolFile: string;
  /** The `tools` value as written, when present. */
  toolsRef: string | undefined;
  cases: RunnableCase[];
  problems: string[];
}

export function defaultToolFile(evalPath: string): string {
  const name = basename(evalPath);
  const base = name.endsWith('.eval.json') ? name.slice(0, -'.eval.json'.length) : name.replace(/\.json$/, '');
  return join(dirname(evalPath), `${base}.tool.json`);
}

export function readEvalSet(evalPath: string, text: string): ReadEvalSet {
  const problems: string[] = [];
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (e) {
    return { toolFile: defaultToolFile(evalPath), toolsRef: undefined, cases: [], problems: [`the evaluation set is not valid JSON: ${(e as Error).message}`] };
  }
  if (!isRecord(root)) return { toolFile: defaultToolFile(evalPath), toolsRef: undefined, cases: [], problems: ['the evaluation set must be a JSON object with "cases"'] };
  const toolsRef = typeof root.tools === 'string' && root.tools.trim() ? root.tools : undefined;
  const toolFile = toolsRef ? resolve(dirname(evalPath), toolsRef) : defaultToolFile(evalPath);
  const cases: RunnableCase[] = [];
  const list = Array.isArray(root.cases) ? root.cases : [];
  if (!Array.isArray(root.cases)) problems.push('"cases" must be an array');
  const ids = new Set<string>();
  for (const [i, raw] of list.entries()) {
    if (!isRecord(raw)) {
      problems.push(`case #${i + 1} is not an object`);
      continue;
    }
    let id = typeof raw.id === 'string' && raw.id ? raw.id : `case-${i + 1}`;
    if (ids.has(id)) id = `${id}#${i + 1}`;
    ids.add(id);
    const messages = messagesOf(raw);
    if (messages.length === 0) {
      problems.push(`case "${id}" has no prompt or messages and is skipped`);
      continue;
    }
    const exp = isRecord(raw.expect) ? raw.expect : {};
    if (!isRecord(raw.expect)) problems.push(`case "${id}" has no "expect" object; it expects no tool call`);
    const tool = typeof exp.tool === 'string' ? exp.tool : null;
    const c: RunnableCase = { id, category: typeof raw.category === 'string' ? raw.category : 'normal', messages, expect: { tool } };
    if (isRecord(exp.arguments)) c.expect.arguments = exp.arguments as { [key: string]: JsonValue };
    const allowed = exp.allowed_tools ?? exp.allowedTools;
    if (Array.isArray(allowed)) c.expect.allowedTools = allowed.filter((x): x is string => typeof x === 'string');
    cases.push(c);
  }
  return { toolFile, toolsRef, cases, problems };
}

function messagesOf(raw: Record<string, unknown>): CaseMessage[] {
  const out: CaseMessage[] = [];
  if (Array.isArray(raw.messages)) {
    for (const m of raw.messages) {
      if (!isRecord(m)) continue;
      const role = m.role === 'assistant' ? 'assistant' : m.role === 'system' || m.role === 'developer' ? 'system' : 'user';
      const content = typeof m.content === 'string' ? m.content : Array.isArray(m.content) ? m.content.map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : '')).join('') : '';
      if (content) out.push({ role, content });
    }
  }
  if (typeof raw.prompt === 'string' && raw.prompt) out.push({ role: 'user', content: raw.prompt });
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
