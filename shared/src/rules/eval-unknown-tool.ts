import { distance } from 'fastest-levenshtein';
import { defineRule } from '../rule';
import { distanceCost, positionsByLength } from '../text';
import { EXAMPLE_CASES, EXAMPLE_TOOL_FILE, GOOD_SET, exampleSet } from '../evaluation/docExamples';

/** Edit distances computed for the hints of one set at most. */
const HINT_BUDGET = 200_000;

const fileName = (uri: string) => uri.slice(Math.max(uri.lastIndexOf('/'), uri.lastIndexOf('\\')) + 1);

export default defineRule<'unknownTool' | 'unknownAllowed' | 'toolFileMissing' | 'noTools'>({
  id: 'eval-unknown-tool',
  meta: {
    section: 'Evaluation',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'A case expects (or allows) a tool that the tool file does not define, or the tool file the set names does not exist.',
      why: 'An evaluation set is run against one tool file (Limits 3). A case that expects a tool the file does not define can never pass, whatever the model does, so the set stops measuring tool selection; this is usually a tool renamed or split after the set was written. Rename the tool with F2 in the editor and the cases follow.',
      spec: 'Limits 3; Versioning 4',
      bad: exampleSet([EXAMPLE_CASES.paris, EXAMPLE_CASES.osloF, EXAMPLE_CASES.rome3.replace('"get_forecast"', '"get_weather_forecast"'), EXAMPLE_CASES.weekend, EXAMPLE_CASES.inject]),
      good: GOOD_SET,
      exampleEvaluation: { toolFile: EXAMPLE_TOOL_FILE },
    },
    messages: {
      unknownTool: 'Case "{{case}}" expects "{{tool}}", which {{file}} does not define{{hint}}. The case can never pass: name a tool of the file, or null when no tool should be called.',
      unknownAllowed: 'Case "{{case}}" allows "{{tool}}", which {{file}} does not define{{hint}}.',
      toolFileMissing: 'The tool file {{file}} does not exist: name the file these cases test in "tools" (relative to this file), or put the set beside it as <base>.eval.json.',
      noTools: '{{file}} defines no named tool, so no case of this set can be run (toolschema eval refuses it): name the tool file these cases test in "tools", or fix that file.',
    },
  },
  create(ctx) {
    return {
      evalSet({ set, target }) {
        if (target === null) {
          const node = set.toolsNode ?? set.casesKeyNode ?? ctx.doc.tree;
          if (node) ctx.report({ node, messageId: 'toolFileMissing', data: { file: set.toolsRef ?? fileName(set.uri).replace(/\.eval\.json$/, '.tool.json') } });
          return;
        }
        if (!target) return;
        const names = new Set(target.tools.map((t) => t.name).filter((n): n is string => !!n));
        if (names.size === 0) {
          const node = set.toolsNode ?? set.casesKeyNode ?? ctx.doc.tree;
          if (node) ctx.report({ node, messageId: 'noTools', data: { file: fileName(target.uri) } });
          return;
        }
        const list = [...names];
        // Positions in `list` of the names of each length: only a name within `limit` characters of the length
        // can be within `limit` edits. A set of thousands of cases against thousands of tools compared each
        // unknown name with every tool (quadratic); past HINT_BUDGET distances, names get no hint.
        let byLength: Map<number, number[]> | undefined;
        let budget = HINT_BUDGET;
        const hint = (name: string) => {
          const limit = Math.max(2, Math.floor(name.length / 4));
          byLength ??= positionsByLength(list);
          // The first name of the list at the smallest distance, as fastest-levenshtein's closest picks it.
          let best = -1;
          let bestDistance = Infinity;
          for (let l = Math.max(0, name.length - limit); l <= name.length + limit; l++) {
            for (const i of byLength.get(l) ?? []) {
              // Charged before the distance is computed: one distance between two names of 150,000 characters takes seconds.
              const cost = distanceCost(name.length, list[i]!.length);
              if (cost > budget) return '';
              budget -= cost;
              const d = distance(name, list[i]!);
              if (d < bestDistance || (d === bestDistance && i < best)) {
                best = i;
                bestDistance = d;
              }
            }
          }
          return best >= 0 && bestDistance <= limit ? ` (did you mean "${list[best]}"?)` : '';
        };
        const file = fileName(target.uri);
        for (const c of set.cases) {
          const caseId = c.id ?? `#${c.index + 1}`;
          if (typeof c.tool === 'string' && !names.has(c.tool) && c.toolNode) {
            ctx.report({ node: c.toolNode, messageId: 'unknownTool', data: { case: caseId, tool: c.tool, file, hint: hint(c.tool) } });
          }
          for (const a of c.allowedNodes) {
            const name = a.value as string;
            if (!names.has(name)) ctx.report({ node: a, messageId: 'unknownAllowed', data: { case: caseId, tool: name, file, hint: hint(name) } });
          }
        }
      },
    };
  },
});
