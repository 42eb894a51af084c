import { defineRule } from '../rule';
import { toolHashes } from '../evaluation/hashes';
import { evalSetUriOfResults } from '../evaluation/paths';
import { runLabel, type EvalResults } from '../evaluation/results';
import { COMPLETE_TRIAL, EXAMPLE_TOOL_FILE, exampleResults } from '../evaluation/docExamples';
import type { ToolInfo } from '../discover';

const fileName = (uri: string) => uri.slice(Math.max(uri.lastIndexOf('/'), uri.lastIndexOf('\\')) + 1);
const MAX_LISTED = 5;

type Change = 'description' | 'schema' | 'added';

/** How a tool differs from what a run recorded (nothing when the run recorded no hashes at all). */
function changesOf(tool: ToolInfo, r: EvalResults): Change[] {
  if (!tool.name || !(r.hashesRecorded ?? r.toolHashes.size > 0)) return [];
  const recorded = r.toolHashes.get(tool.name);
  if (!recorded) return ['added'];
  const now = toolHashes(tool);
  const out: Change[] = [];
  if (recorded.description !== undefined && recorded.description !== now.description) out.push('description');
  if (recorded.parameters !== undefined && recorded.parameters !== now.parameters) out.push('schema');
  return out;
}

const BAD_TOOL_FILE = EXAMPLE_TOOL_FILE.replace('Use this when the user asks about current conditions in a city.', 'Use this for any weather question about a city.');

export default defineRule<'descriptionChanged' | 'schemaChanged' | 'notEvaluated' | 'setStale' | 'hashesUnusable'>({
  id: 'eval-stale',
  meta: {
    section: 'Evaluation',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'A tool\'s description or parameter schema changed after the recorded results of the last evaluation run (the results store a hash of what was run), or a tool was added since.',
      why: 'Description wording changes can change model behaviour, so the same evaluation set is rerun after every description change (Service rule 6, Versioning 3). `toolschema eval` records a hash of each tool\'s description and of its parameter schema (keys sorted, so reformatting is not a change) in `<base>.eval-results.json`; any difference means the recorded results no longer describe the tools. Reported in the tool file at the description or schema that changed, as you type, and once in the evaluation set.',
      spec: 'Service rule 6; Versioning 3',
      bad: BAD_TOOL_FILE,
      good: EXAMPLE_TOOL_FILE,
      exampleEvaluation: {
        hasSet: { bad: true, good: true },
        // A getter: building it parses and hashes the example, which only the documentation needs.
        get results() {
          return exampleResults(EXAMPLE_TOOL_FILE, ['paris-now'], COMPLETE_TRIAL);
        },
      },
    },
    messages: {
      descriptionChanged: 'The description of {{tool}} changed after {{run}} ({{results}}): wording changes can change which tool the model picks. Rerun the evaluation set: toolschema eval {{set}}.',
      schemaChanged: 'The parameter schema of {{tool}} changed after {{run}} ({{results}}). Rerun the evaluation set: toolschema eval {{set}}.',
      notEvaluated: '{{tool}} was added after {{run}} ({{results}}) and has not been evaluated. Add cases for it and rerun the evaluation set: toolschema eval {{set}}.',
      setStale: 'The tools changed after {{run}} ({{results}}): {{changes}}. These results no longer describe the tools: rerun the set.',
      hashesUnusable: 'The recorded results ({{results}}) cannot tell which tools were run: {{problem}}. Whether they still describe the tools is unknown: rerun the set.',
    },
  },
  create(ctx) {
    return {
      tool(tool) {
        for (const r of ctx.evaluation?.results ?? []) {
          const data = { tool: tool.name ?? '', run: runLabel(r), results: fileName(r.uri), set: fileName(evalSetUriOfResults(r.uri)) };
          for (const change of changesOf(tool, r)) {
            const node = change === 'description' ? tool.descriptionNode : change === 'schema' ? tool.paramsKeyNode ?? tool.params : undefined;
            const messageId = change === 'description' ? 'descriptionChanged' : change === 'schema' ? 'schemaChanged' : 'notEvaluated';
            ctx.report({ node: node ?? tool.nameNode ?? tool.outer, messageId, data });
          }
        }
      },
      evalSet({ set, target, results }) {
        if (!target || !results) return;
        if (results.hashesProblem) {
          const at = set.toolsNode ?? set.casesKeyNode ?? ctx.doc.tree;
          if (at) ctx.report({ node: at, messageId: 'hashesUnusable', data: { results: fileName(results.uri), problem: results.hashesProblem } });
        }
        if (!(results.hashesRecorded ?? results.toolHashes.size > 0)) return;
        const changes: string[] = [];
        const names = new Set<string>();
        for (const t of target.tools) {
          if (!t.name) continue;
          names.add(t.name);
          const c = changesOf(t, results);
          if (c.length > 0) changes.push(`${t.name} (${c.map((x) => (x === 'schema' ? 'parameter schema' : x)).join(', ')})`);
        }
        // In name order: which ones the message names must not depend on the results file's key order.
        const removed = [...results.toolHashes.keys()].filter((n) => !names.has(n)).sort();
        for (const n of removed) changes.push(`${n} (removed)`);
        if (changes.length === 0) return;
        const listed = changes.length > MAX_LISTED ? `${changes.slice(0, MAX_LISTED).join(', ')} and ${changes.length - MAX_LISTED} more` : changes.join(', ');
        const node = set.toolsNode ?? set.casesKeyNode ?? ctx.doc.tree;
        if (node) ctx.report({ node, messageId: 'setStale', data: { run: runLabel(results), results: fileName(results.uri), changes: listed } });
      },
    };
  },
});
