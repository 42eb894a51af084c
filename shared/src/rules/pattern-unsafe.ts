import { defineRule } from '../rule';
import { child, entries, type Node } from '../document';
import { type SchemaVisit } from '../schemaWalk';
import { mayBacktrackExponentially, regexProblem, regexSafety, shortJson } from '../analysis/jsonSchema';

export default defineRule<'exponential'>({
  id: 'pattern-unsafe',
  meta: {
    section: 'Schema validity',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'A `pattern` (or `patternProperties` key) that can backtrack catastrophically (ReDoS): nested or overlapping quantifiers such as `^(a+)+$` or `^(\\w+\\s?)+$`.',
      why: 'Constraints belong in the parameter schema (SPEC "Parameter schema keywords", Limits 2) and the program validates arguments against it before running the tool (SPEC "What the service does" 1). A pattern whose loop can consume the same text in two ways takes exponential time on a near-miss argument, so one crafted or hallucinated argument can hang the validator of the host program. Detection uses the redos-detector library (static analysis of the pattern\'s paths, bounded by a number of steps, not by a clock, so the verdict does not depend on the machine\'s load; results cached); a pattern is reported only when redos-detector finds one loop that can split the same input two ways (the exponential kind). Merely polynomial ambiguity (the common e-mail pattern) and patterns the analysis could not finish are not reported. This rule never executes the pattern.',
      spec: 'Parameter schema keywords; Limits 2; What the service does 1',
      bad: '{\n  "name": "create_user",\n  "description": "Use this when an administrator asks to create a user account. Returns the new user id.",\n  "input_schema": {\n    "type": "object",\n    "properties": {\n      "username": { "type": "string", "pattern": "^([a-zA-Z0-9]+)*$", "description": "Login name, letters and digits only." }\n    },\n    "required": ["username"]\n  }\n}',
      good: '{\n  "name": "create_user",\n  "description": "Use this when an administrator asks to create a user account. Returns the new user id.",\n  "input_schema": {\n    "type": "object",\n    "properties": {\n      "username": { "type": "string", "pattern": "^[a-zA-Z0-9]+$", "description": "Login name, letters and digits only." }\n    },\n    "required": ["username"]\n  }\n}',
    },
    messages: {
      exponential: 'Pattern {{pattern}} can backtrack catastrophically (ReDoS): one near-miss argument can hang the validator. Rewrite it without nested quantifiers or overlapping alternatives, for example "^(a+)+$" as "^a+$".',
    },
  },
  create(ctx) {
    const check = (node: Node, pattern: string) => {
      // Nearly every pattern has no loop around a quantifier or an alternation: it cannot backtrack exponentially,
      // and the analysis (up to 0.3 s a pattern; 58 ms for "R*_!n") is not run.
      if (!mayBacktrackExponentially(pattern)) return;
      if (regexProblem(pattern)) return; // schema-invalid reports patterns that do not compile
      if (regexSafety(pattern) !== 'exponential') return;
      ctx.report({ node, messageId: 'exponential', data: { pattern: shortJson(pattern, 60) } });
    };
    const visit = (s: SchemaVisit) => {
      const p = child(s.node, 'pattern');
      if (p && p.type === 'string') check(p, p.value as string);
      for (const [key, keyNode] of entries(child(s.node, 'patternProperties'))) check(keyNode, key);
    };
    return {
      resultSchema: visit,
      schema: visit,
    };
  },
});
