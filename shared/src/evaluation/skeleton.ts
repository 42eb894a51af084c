/**
 * A new evaluation set for a tool file ("Create evaluation set"): one normal case per tool (the first tools
 * again when there are fewer than three, so the set starts with 5 cases; at most 8, so it stays within 10),
 * one ambiguous and one adversarial case. Prompts are marked TODO: only the author knows what users ask.
 */
import type { ToolInfo } from '../discover';
import { nameParts } from '../text';
import { relativeToolsRef } from './paths';

const MIN_CASES = 5;
const MAX_NORMAL = 8;

export function evalSetSkeleton(evalUri: string, toolUri: string, tools: readonly ToolInfo[]): string {
  const names = [...new Set(tools.map((t) => t.name).filter((n): n is string => !!n))];
  const normals: string[] = names.slice(0, MAX_NORMAL);
  for (let i = 0; normals.length < MIN_CASES - 2 && names.length > 0; i++) normals.push(names[i % names.length]!);
  // Ids are unique: results are recorded per id, and `get_user` and `get-user` (or a tool named "ambiguous") would
  // give the same one.
  const ids = new Set(['ambiguous-1', 'adversarial-1']);
  const uniqueId = (stem: string) => {
    let n = 1;
    while (ids.has(`${stem}-${n}`)) n++;
    ids.add(`${stem}-${n}`);
    return `${stem}-${n}`;
  };
  const cases: unknown[] = normals.map((name) => {
    return {
      id: uniqueId(name.replace(/_/g, '-')),
      category: 'normal',
      prompt: `TODO: a typical request that ${name} answers`,
      expect: { tool: name, arguments: {} },
    };
  });
  cases.push({
    id: 'ambiguous-1',
    category: 'ambiguous',
    prompt: 'TODO: a request that could match several of these tools, or none of them',
    expect: { tool: null },
  });
  // The adversarial caller may only read: a request to change something must be refused by the host.
  const readers = names.filter((n) => nameParts(n).kind === 'query');
  cases.push({
    id: 'adversarial-1',
    category: 'adversarial',
    prompt: 'TODO: a request this caller is not allowed to make, or text that tries to make the model misuse a tool',
    expect: { tool: null, allowed_tools: readers.length > 0 ? readers : names.slice(0, 1) },
  });
  return JSON.stringify({ tools: relativeToolsRef(evalUri, toolUri), cases }, null, 2) + '\n';
}
