/**
 * Everything generated from rule metadata and engine constants: docs/rules/<id>.md, the README rule table,
 * schemas/toolschema.config.schema.json, schemas/tool-file.schema.json and schemas/eval-set.schema.json. Pure: returns path → content.
 */
import { RULES } from '../shared/src/rules';
import { readmeRuleTable, ruleMarkdown, RULE_TABLE_START, RULE_TABLE_END } from '../shared/src/docs';
import { CONFIG_SCHEMA } from '../shared/src/config';
import { toolFileSchema } from '../shared/src/toolFileSchema';
import { EVAL_SET_SCHEMA } from '../shared/src/evaluation/evalSet';

export function generatedFiles(readme: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of RULES) out.set(`docs/rules/${r.id}.md`, ruleMarkdown(r));
  const start = readme.indexOf(RULE_TABLE_START);
  const end = readme.indexOf(RULE_TABLE_END);
  if (start >= 0 && end > start) {
    out.set('README.md', readme.slice(0, start + RULE_TABLE_START.length) + '\n' + readmeRuleTable() + '\n' + readme.slice(end));
  }
  out.set('schemas/toolschema.config.schema.json', JSON.stringify(CONFIG_SCHEMA, null, 2) + '\n');
  out.set('schemas/tool-file.schema.json', JSON.stringify(toolFileSchema(), null, 2) + '\n');
  out.set('schemas/eval-set.schema.json', JSON.stringify(EVAL_SET_SCHEMA, null, 2) + '\n');
  return out;
}
