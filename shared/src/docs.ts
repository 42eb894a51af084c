/**
 * Rule documentation rendered from rule metadata, the one source for hover text, `--explain`, the SARIF
 * rule list, docs/rules/<id>.md and the README rule table.
 */
import type { RuleModule } from './rule';
import type { Section } from './types';
import { RULES } from './rules';

export const HOMEPAGE = 'https://github.com/toolschema/toolschema';
export const SECTIONS: readonly Section[] = ['File', 'Names', 'Descriptions', 'One purpose', 'Types', 'Schema validity', 'Required and strict mode', 'Results', 'Versioning', 'Evaluation'];

export function ruleDocUrl(id: string): string {
  return `${HOMEPAGE}/blob/main/docs/rules/${id}.md`;
}

/** Rules in documentation order: by section, then by id. */
export function rulesInOrder(rules: readonly RuleModule[] = RULES): RuleModule[] {
  return [...rules].sort((a, b) => SECTIONS.indexOf(a.meta.section) - SECTIONS.indexOf(b.meta.section) || a.id.localeCompare(b.id));
}

export function fixLabel(rule: RuleModule): string {
  if (rule.meta.fixable === 'safe') return 'safe fix';
  if (rule.meta.fixable === 'suggestion') return 'suggestion';
  return '—';
}

/** The full documentation page of a rule (Markdown). */
export function ruleMarkdown(rule: RuleModule): string {
  const d = rule.meta.docs;
  const lines = [
    `# ${rule.id}`,
    '',
    d.description,
    '',
    `- Section: ${rule.meta.section}`,
    `- Default severity: ${rule.meta.defaultSeverity}`,
    `- Specification: ${d.spec}`,
    `- Fix: ${d.fix ? `${rule.meta.fixable === 'safe' ? 'safe fix' : 'suggestion'}: ${d.fix}` : 'none'}`,
    '',
    '## Why',
    '',
    d.why,
    '',
    ...exampleContext(rule),
    '## Bad',
    '',
    '```json',
    d.bad,
    '```',
    '',
    '## Good',
    '',
    '```json',
    d.good,
    '```',
  ];
  if (d.sources?.length) {
    lines.push('', '## Sources', '');
    for (const s of d.sources) lines.push(`- [${s.title}](${s.url}), checked ${s.checked}`);
  }
  lines.push('', '## Configuration', '', '```json', `{ "rules": { "${rule.id}": "off" } }`, '```', '', 'Severities: `off`, `hint`, `info`, `warning`, `error` (in `toolschema.config.json` or the `toolschema.rules` setting).', '');
  return lines.join('\n');
}

/** For the Evaluation rules: what the examples are, and the files beside them. */
function exampleContext(rule: RuleModule): string[] {
  const ev = rule.meta.docs.exampleEvaluation;
  if (!ev) return [];
  const out: string[] = [];
  if (ev.toolFile !== undefined) out.push('The examples are evaluation sets (`weather.eval.json`) testing this tool file (`weather.tool.json`):', '', '```json', ev.toolFile, '```', '');
  else if (ev.hasSet) out.push(`The examples are tool files (\`weather.tool.json\`)${ev.hasSet.bad === ev.hasSet.good ? (ev.hasSet.bad ? ', tested by an evaluation set' : '') : `; only the good one is tested by an evaluation set (\`weather.eval.json\`)`}.`, '');
  if (ev.results !== undefined) out.push('The recorded results beside them (`weather.eval-results.json`):', '', '```json', ev.results, '```', '');
  return out;
}

/** The same documentation as plain text, for `toolschema --explain`. */
export function ruleText(rule: RuleModule): string {
  const d = rule.meta.docs;
  const out = [
    `${rule.id} (${rule.meta.section}; default ${rule.meta.defaultSeverity}${rule.meta.fixable ? `; ${fixLabel(rule)}` : ''})`,
    '',
    d.description,
    '',
    'Why:',
    indent(d.why),
    '',
    `Specification: ${d.spec}`,
    '',
    'Bad:',
    indent(d.bad),
    '',
    'Good:',
    indent(d.good),
  ];
  if (d.fix) out.push('', `Fix: ${d.fix}`);
  if (d.sources?.length) {
    out.push('', 'Sources:');
    for (const s of d.sources) out.push(`  ${s.title} <${s.url}> (checked ${s.checked})`);
  }
  out.push('', `Docs: ${ruleDocUrl(rule.id)}`);
  return out.join('\n');
}

function indent(s: string): string {
  return s
    .split('\n')
    .map((l) => '  ' + l)
    .join('\n');
}

/** Hover text for a finding's rule: the message first, then why, a bad and a good example. */
export function ruleHoverMarkdown(rule: RuleModule, message?: string): string {
  const d = rule.meta.docs;
  const parts = [];
  if (message) parts.push(`**${escapeMd(message)}**`, '');
  parts.push(
    `\`${rule.id}\` · ${rule.meta.section} · ${rule.meta.defaultSeverity}${rule.meta.fixable ? ` · ${fixLabel(rule)}` : ''} · [docs](${ruleDocUrl(rule.id)})`,
    '',
    d.why,
    '',
    `*Specification: ${d.spec}*`,
    '',
    'Bad:',
    '```json',
    d.bad,
    '```',
    'Good:',
    '```json',
    d.good,
    '```',
  );
  if (d.sources?.length) parts.push('', ...d.sources.map((s) => `Source: [${s.title}](${s.url}) (checked ${s.checked})`));
  return parts.join('\n');
}

export function escapeMd(s: string): string {
  return s.replace(/([\\`*_{}[\]<>|])/g, '\\$1');
}

export const RULE_TABLE_START = '<!-- rules:start -->';
export const RULE_TABLE_END = '<!-- rules:end -->';

/** The README rule table (generated; a test fails when the README drifts). */
export function readmeRuleTable(rules: readonly RuleModule[] = RULES): string {
  const rows = ['| rule | section | default | fix | what it detects |', '|---|---|---|---|---|'];
  for (const r of rulesInOrder(rules)) {
    rows.push(`| [\`${r.id}\`](docs/rules/${r.id}.md) | ${r.meta.section} | ${r.meta.defaultSeverity} | ${fixLabel(r)} | ${r.meta.docs.description.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`);
  }
  return rows.join('\n');
}
