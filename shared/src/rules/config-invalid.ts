import { defineRule } from '../rule';

/** Reported by config.ts on toolschema.config.json itself; linting goes on with defaults. */
export default defineRule<'invalid'>({
  id: 'config-invalid',
  meta: {
    section: 'File',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'A problem in toolschema.config.json: invalid JSON, an unknown setting or rule id, a value of the wrong type.',
      why: 'A typo in the configuration would otherwise switch a rule off or leave a budget at its default without anyone noticing. The problem is reported on the configuration file itself, and linting goes on: an invalid setting keeps its default, the valid ones apply.',
      spec: 'Configuration (not part of SPEC.md)',
      bad: '{ "rules": { "name-verb-first": "loud" }, "profil": "openai" }',
      good: '{ "rules": { "name-verb-first": "error" }, "profile": "openai" }',
    },
    messages: { invalid: '{{detail}}' },
  },
  create: () => ({}),
});
