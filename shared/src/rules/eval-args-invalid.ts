import type { ErrorObject } from 'ajv';
import { defineRule } from '../rule';
import { keyNodeOf, nodeAtPointer, valueOf, type Node } from '../document';
import { isGeminiSubset, prepareValueCheck, shortJson } from '../analysis/jsonSchema';
import { EXAMPLE_CASES, EXAMPLE_TOOL_FILE, GOOD_SET, exampleSet } from '../evaluation/docExamples';
import type { ToolInfo } from '../discover';
import { clipValue } from '../text';

/** Keywords whose errors mean "a value is missing": expected arguments may be a subset of the call's. */
const SUBSET_KEYWORDS = new Set(['required', 'dependentRequired', 'dependencies']);

/** What is wrong with a value, from one ajv error, in the words of the schema. */
function problem(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type':
      return `must be ${Array.isArray(p.type) ? (p.type as string[]).join(' or ') : `of type ${String(p.type)}`}`;
    case 'enum':
      return `must be one of ${((p.allowedValues as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'additionalProperties':
      return 'is not a parameter of this tool (additionalProperties is false)';
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'pattern':
    case 'format':
    case 'multipleOf':
    case 'uniqueItems':
      return `${e.message ?? 'is not valid'} (${e.keyword})`;
    default:
      return e.message ?? 'is not valid';
  }
}

export default defineRule<'invalid' | 'noCallWithArguments'>({
  id: 'eval-args-invalid',
  meta: {
    section: 'Evaluation',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'A case\'s expected arguments are not valid against the expected tool\'s parameter schema (checked with ajv; arguments may be a subset, so missing required ones are not reported).',
      why: 'Evaluation records, per case, whether the arguments are valid (Limits 3). Expected arguments that the schema itself rejects (a value outside an enum, a string for an integer, a parameter the tool does not have) make a case that a correct model fails, or one that passes only when the model produces an invalid call; usually the schema changed (type tightened, enum renamed) and the case was not updated.',
      spec: 'Limits 3; Versioning 2',
      bad: exampleSet([EXAMPLE_CASES.paris, EXAMPLE_CASES.osloF.replace('"fahrenheit"', '"F"'), EXAMPLE_CASES.rome3.replace('"days": 3', '"days": "3"'), EXAMPLE_CASES.weekend, EXAMPLE_CASES.inject]),
      good: GOOD_SET,
      exampleEvaluation: { toolFile: EXAMPLE_TOOL_FILE },
    },
    messages: {
      invalid: 'Case "{{case}}" expects "{{path}}" to be {{value}}, but the parameter schema of {{tool}} says it {{problem}}. Fix the case, or the schema if it is wrong.',
      noCallWithArguments: 'Case "{{case}}" expects no tool call ("tool": null), so its "arguments" can never be checked: remove them, or name the tool.',
    },
  },
  create(ctx) {
    return {
      evalSet({ set, target }) {
        if (!target) return;
        let byName: Map<string, ToolInfo> | undefined;
        for (const c of set.cases) {
          const args = c.argumentsNode;
          if (!args || args.type !== 'object') continue;
          const caseId = c.id ?? `#${c.index + 1}`;
          if (c.tool === null) {
            if ((args.children?.length ?? 0) > 0) ctx.report({ node: args.parent?.children?.[0] ?? args, messageId: 'noCallWithArguments', data: { case: caseId } });
            continue;
          }
          if (typeof c.tool !== 'string') continue;
          // The first tool of that name (a Map built once: a search per case was quadratic in large sets).
          if (!byName) {
            byName = new Map();
            for (const t of target.tools) if (t.name !== undefined && !byName.has(t.name)) byName.set(t.name, t);
          }
          const tool = byName.get(c.tool);
          if (!tool?.params || tool.params.type !== 'object') continue;
          const value = valueOf(args);
          if (value === undefined) continue;
          const checker = prepareValueCheck(tool.params, tool.params, { draft: tool.draft, gemini: isGeminiSubset(tool) });
          const verdict = checker?.check(value);
          if (!verdict || verdict.valid) continue;
          const seen = new Set<string>();
          for (const e of verdict.errors) {
            if (SUBSET_KEYWORDS.has(e.keyword)) continue;
            let path = e.instancePath;
            let node: Node | undefined = nodeAtPointer(args, path);
            if (e.keyword === 'additionalProperties') {
              const extra = String((e.params as { additionalProperty: string }).additionalProperty);
              path = `${path}/${extra.replace(/~/g, '~0').replace(/\//g, '~1')}`;
              node = keyNodeOf(node, extra) ?? node;
            }
            const key = `${path}\u0000${e.keyword}`;
            if (seen.has(key) || !node) continue;
            seen.add(key);
            const shown = path ? path.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).join('.') : '(arguments)';
            const valueNode = node.parent?.type === 'property' && node.parent.children?.[0] === node ? node.parent.children[1] : node;
            // A number as written: 1e400 (read as Infinity) was quoted as null, JSON's text for it.
            const written = valueNode?.type === 'number' ? clipValue(ctx.doc.text.slice(valueNode.offset, valueNode.offset + valueNode.length)) : shortJson(valueOf(valueNode));
            const infinite = valueNode?.type === 'number' && !Number.isFinite(valueNode.value as number);
            const why = infinite && e.keyword === 'type' ? `${problem(e)}, and ${written} is none: it is too large for a number, and JSON readers take it as infinity` : problem(e);
            ctx.report({ node, messageId: 'invalid', data: { case: caseId, path: shown, problem: why, tool: c.tool, value: written } });
          }
        }
      },
    };
  },
});

