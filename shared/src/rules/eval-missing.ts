import { defineRule } from '../rule';
import { pointerOf } from '../document';
import { displayFileName, isEvalSetUri, siblingEvalSetUri } from '../evaluation/paths';
import { evalSetSkeleton } from '../evaluation/skeleton';
import { EXAMPLE_TOOL_FILE } from '../evaluation/docExamples';

const fileName = displayFileName;

export default defineRule<'missing' | 'missingNoBase'>({
  id: 'eval-missing',
  meta: {
    section: 'Evaluation',
    defaultSeverity: 'info',
    fixable: 'suggestion',
    docs: {
      description: 'A tool file that no evaluation set (`<base>.eval.json` beside it, or a set naming it in `"tools"`) tests.',
      why: 'A clear schema reduces ambiguity but does not replace a fixed evaluation set (Service rule 1): description wording changes which tool the model picks, so the same 5 to 10 cases (normal, ambiguous, adversarial) are run before production and after every description change (Service rule 6, Limits 3, Versioning 3-4). Without a set there is nothing to rerun. Reported once per file, on the first tool (the one whose JSON pointer sorts first, so that reordering the members of an object does not move it); the CLI and the editor look for sets beside the file and in the workspace.',
      spec: 'Service rule 1, 6; Limits 3; Versioning 3-4',
      bad: EXAMPLE_TOOL_FILE,
      good: EXAMPLE_TOOL_FILE,
      exampleEvaluation: { hasSet: { bad: false, good: true } },
      fix: 'Create evaluation set: writes `<base>.eval.json` beside the tool file with one normal case per tool, one ambiguous and one adversarial case (5 to 10 cases), each prompt marked TODO.',
    },
    messages: {
      missing: 'No evaluation set tests this tool file. Create {{file}} with 5 to 10 fixed cases (normal, ambiguous, adversarial) and rerun it after every description change: a clear schema does not replace an evaluation set.',
      missingNoBase: 'No evaluation set tests this tool file. A file named only ".tool.json" has no <base>.eval.json beside it: rename it (weather.tool.json), or write a set whose "tools" names it, with 5 to 10 fixed cases (normal, ambiguous, adversarial), and rerun it after every description change.',
    },
  },
  create(ctx) {
    return {
      fileEnd(tools) {
        const ev = ctx.evaluation;
        if (!ev || ev.sets.length > 0 || !tools.some((t) => t.name)) return;
        // The tool whose pointer sorts first: in a file keyed by server names ({"srv_b": {"tools": [...]}, "srv_a": ...})
        // the first tool in the text moved with the members' order.
        let first = tools[0]!;
        let at = pointerOf(first.outer);
        for (const t of tools) {
          const p = pointerOf(t.outer);
          if (p < at) [first, at] = [t, p];
        }
        // ".tool.json" has no base name: ".eval.json" is no evaluation set (the quick fix created one that nothing
        // read, and the finding stayed; an independent tester).
        if (!hasBaseName(ctx.doc.uri)) ctx.report({ node: first.nameNode ?? first.outer, tool: null, messageId: 'missingNoBase' });
        else ctx.report({ node: first.nameNode ?? first.outer, tool: null, messageId: 'missing', data: { file: fileName(siblingEvalSetUri(ctx.doc.uri)) } });
      },
    };
  },
  fix(ctx) {
    // An unsaved document has no folder to create the set in (it proposed `untitled:Untitled-1.eval.json`).
    if (ctx.doc.uri.startsWith('untitled:') || !hasBaseName(ctx.doc.uri)) return [];
    const uri = siblingEvalSetUri(ctx.doc.uri);
    return [{ title: `Create evaluation set ${fileName(uri)}`, kind: 'suggestion', edits: [], createFile: { uri, text: evalSetSkeleton(uri, ctx.doc.uri, ctx.tools) } }];
  },
});

/** Whether the tool file's sibling set name is a set's name (".tool.json" gives ".eval.json", which is none). */
function hasBaseName(toolUri: string): boolean {
  return isEvalSetUri(siblingEvalSetUri(toolUri));
}
