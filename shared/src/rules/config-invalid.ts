import { defineRule } from '../rule';

/** Reported by config.ts on toolschema.config.json itself; linting goes on with defaults. */
export default defineRule<'invalid'>({
  id: 'config-invalid',
  meta: {
    section: 'File',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'A problem in toolschema.config.json: invalid JSON, an unknown setting or rule id, a value of the wrong type, a glob too costly to match (over 1,024 characters, more than 3 "*" in one path segment or 2 after a "**", more than 2 "**"), more than 256 globs or more than 128 "*" inside names in "files" or "ignore".',
      why: 'A typo in the configuration would otherwise switch a rule off or leave a budget at its default without anyone noticing. The problem is reported on the configuration file itself, and linting goes on: an invalid setting keeps its default, the valid ones apply. The glob bounds keep a configuration a repository ships from making file matching take minutes (picomatch turns each "*" into a lazy wildcard: 13 of them in one segment took 17 s on a 35-character folder name).',
      spec: 'Configuration (not part of SPEC.md)',
      bad: '{ "rules": { "name-verb-first": "loud" }, "profil": "openai" }',
      good: '{ "rules": { "name-verb-first": "error" }, "profile": "openai" }',
    },
    messages: { invalid: '{{detail}}' },
  },
  create: () => ({}),
});
