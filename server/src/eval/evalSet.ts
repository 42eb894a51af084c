/**
 * Reads an evaluation set (`<base>.eval.json`) into the cases the runner sends: a prompt or a message list,
 * and the expectation (tool or null, expected arguments, the tools an adversarial caller may use). The
 * format and its reader are the engine's (shared/src/evaluation/evalSet.ts), the same the Evaluation rules
 * lint; here cases the runner cannot send are skipped with a reason, never thrown on.
 */
import { resolve } from 'node:path';
import { ToolDocument, child, elements, isObject, str, valueOf, type JsonValue } from '../../../shared/src/document';
import { parseEvalSet } from '../../../shared/src/evaluation/evalSet';
import { defaultToolUri, resolveToolsRef } from '../../../shared/src/evaluation/paths';
import { fileURLToPath } from 'node:url';
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
  return defaultToolUri(evalPath);
}

export function readEvalSet(evalPath: string, text: string): ReadEvalSet {
  const doc = new ToolDocument(evalPath, text);
  const set = parseEvalSet(doc);
  const problems: string[] = [];
  if (doc.refused) problems.push(`the evaluation set is too ${doc.refused === 'size' ? 'large' : 'deeply nested'} to read`);
  for (const p of doc.syntaxProblems.slice(0, 1)) problems.push(`the evaluation set is not valid JSON: ${p.message} (offset ${p.offset})`);
  if (doc.tree && !isObject(doc.tree)) problems.push('the evaluation set must be a JSON object with "cases"');
  else if (doc.tree && set.casesNode?.type !== 'array' && problems.length === 0) problems.push('"cases" must be an array');
  // As the lint resolves it (resolveToolsRef): "\\" is a separator on every system, "%" a character of the name, and a
  // trailing "/" names a folder (node's resolve read ".\\weather.tool.json" as one name and dropped a trailing "/").
  const toolFile = set.toolsRef ? (/^file:/i.test(set.toolsRef) ? fileUrlPath(set.toolsRef) : resolveToolsRef(resolve(evalPath), set.toolsRef)) : defaultToolFile(evalPath);
  const cases: RunnableCase[] = [];
  const ids = new Set<string>();
  for (const c of set.cases) {
    if (!isObject(c.node)) {
      problems.push(`case #${c.index + 1} is not an object`);
      continue;
    }
    let id = c.id ?? `case-${c.index + 1}`;
    if (ids.has(id)) id = `${id}#${c.index + 1}`;
    ids.add(id);
    const { messages, problem } = messagesOf(c.node);
    if (problem) {
      problems.push(`case "${id}" is skipped: ${problem}`);
      continue;
    }
    if (messages.length === 0) {
      problems.push(`case "${id}" has no prompt or messages and is skipped`);
      continue;
    }
    if (!isObject(c.expectNode)) problems.push(`case "${id}" has no "expect" object; it expects no tool call`);
    const rc: RunnableCase = { id, category: c.category ?? 'normal', messages, expect: { tool: typeof c.tool === 'string' ? c.tool : null } };
    const args = isObject(c.argumentsNode) ? valueOf(c.argumentsNode) : undefined;
    if (args && typeof args === 'object' && !Array.isArray(args)) rc.expect.arguments = args as { [key: string]: JsonValue };
    const allowed = child(c.expectNode, 'allowed_tools') ?? child(c.expectNode, 'allowedTools');
    if (allowed?.type === 'array') rc.expect.allowedTools = elements(allowed).flatMap((e) => (e.type === 'string' ? [e.value as string] : []));
    cases.push(rc);
  }
  return { toolFile, toolsRef: set.toolsRef, cases, problems };
}

/**
 * The case's messages, or why it cannot be sent as written: a message that is not an object, a role other than
 * system, developer, user or assistant, content that is neither text nor a list of text blocks. Such a message
 * was sent changed (a "tool" message as the user's, a system message whose content was 42 dropped) while the lint
 * reported the case as invalid (an independent tester).
 */
function messagesOf(node: ReturnType<typeof child>): { messages: CaseMessage[]; problem?: string } {
  const out: CaseMessage[] = [];
  for (const [i, m] of elements(child(node, 'messages')).entries()) {
    if (!isObject(m)) return { messages: [], problem: `message #${i + 1} is not an object` };
    const r = str(child(m, 'role'));
    if (r !== 'assistant' && r !== 'system' && r !== 'developer' && r !== 'user') {
      return { messages: [], problem: `message #${i + 1} has ${r === undefined ? 'no role' : `the role ${JSON.stringify(r.slice(0, 40))}`}; a case sends system, developer, user or assistant messages` };
    }
    const role = r === 'assistant' ? 'assistant' : r === 'user' ? 'user' : 'system';
    const c = child(m, 'content');
    const blocks = c?.type === 'array' ? elements(c) : undefined;
    if (c?.type !== 'string' && !(blocks && blocks.every((b) => typeof str(child(b, 'text')) === 'string'))) {
      return { messages: [], problem: `message #${i + 1}'s content is not text (a string, or a list of {"type": "text", "text": ...} blocks)` };
    }
    const content = c?.type === 'string' ? (c.value as string) : blocks!.map((b) => str(child(b, 'text'))!).join('');
    if (content) out.push({ role, content });
  }
  const prompt = str(child(node, 'prompt'));
  if (prompt) out.push({ role: 'user', content: prompt });
  return { messages: out };
}

/** The path of a `file:` URI named in `"tools"`, or the URI as written when it names no local path. */
function fileUrlPath(ref: string): string {
  try {
    return fileURLToPath(ref);
  } catch {
    return ref;
  }
}
