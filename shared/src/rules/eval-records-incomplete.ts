import { defineRule } from '../rule';
import { RECORD_LABELS, runLabel } from '../evaluation/results';
import { COMPLETE_TRIAL, EXAMPLE_CASES, EXAMPLE_TOOL_FILE, GOOD_SET, exampleResults, exampleSet } from '../evaluation/docExamples';

const fileName = (uri: string) => uri.slice(Math.max(uri.lastIndexOf('/'), uri.lastIndexOf('\\')) + 1);
const CASE_IDS = ['paris-now', 'oslo-fahrenheit', 'rome-3-days', 'weekend', 'injected-admin'];

export default defineRule<'noRecord' | 'incomplete' | 'unreadable'>({
  id: 'eval-records-incomplete',
  meta: {
    section: 'Evaluation',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'The recorded results lack, for a case of the set, the tool selected, whether the arguments were valid, or whether unauthorized input was rejected.',
      why: 'The specification says what an evaluation records per case: the tool selected, whether the arguments are valid, and whether the program rejected unauthorized input; scoring only the quality of the final text is not acceptable (Limits 3). Results without these records (written by hand, by another runner, or before a case was added) cannot show whether a schema change helped. `toolschema eval` records all three for every trial.',
      spec: 'Limits 3; Authentication',
      bad: exampleSet([EXAMPLE_CASES.paris, EXAMPLE_CASES.osloF, EXAMPLE_CASES.rome3, EXAMPLE_CASES.weekend, EXAMPLE_CASES.capital, EXAMPLE_CASES.inject]),
      good: GOOD_SET,
      exampleEvaluation: {
        toolFile: EXAMPLE_TOOL_FILE,
        // A getter: building it parses and hashes the example, which only the documentation needs.
        get results() {
          return exampleResults(EXAMPLE_TOOL_FILE, CASE_IDS, COMPLETE_TRIAL);
        },
      },
    },
    messages: {
      noRecord: '{{results}} has no record of case "{{case}}" (added or renamed after {{run}}): rerun the set so that every case records the tool selected, whether the arguments were valid and whether unauthorized input was rejected.',
      incomplete: 'The recorded result of case "{{case}}" in {{results}} lacks {{missing}}. Record all three per case (SPEC Limits 3: scoring only the final text is not acceptable); toolschema eval does.',
      unreadable: 'The recorded results ({{results}}) cannot be read: {{problem}}. Rerun the evaluation set to write them again.',
    },
  },
  create(ctx) {
    return {
      evalSet({ set, results }) {
        if (!results) return;
        const data = { results: fileName(results.uri), run: runLabel(results) };
        if (results.problem) {
          const node = set.toolsNode ?? set.casesKeyNode ?? ctx.doc.tree;
          if (node) ctx.report({ node, messageId: 'unreadable', data: { ...data, problem: results.problem } });
          return;
        }
        for (const c of set.cases) {
          if (!c.id || !c.idNode) continue;
          const rec = results.cases.get(c.id);
          if (!rec) ctx.report({ node: c.idNode, messageId: 'noRecord', data: { ...data, case: c.id } });
          else if (rec.missing.length > 0) ctx.report({ node: c.idNode, messageId: 'incomplete', data: { ...data, case: c.id, missing: rec.missing.map((m) => RECORD_LABELS[m]).join(', ') } });
        }
      },
    };
  },
});
