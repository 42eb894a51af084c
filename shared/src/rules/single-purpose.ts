import { defineRule } from '../rule';
import { child, entries, isObject } from '../document';
import { descriptionOf } from '../schemaWalk';
import { identWords, type VerbKind } from '../text';
import { deprecationOf } from '../analysis/versions';
import { plural, splitEntity, splitToolEdits } from '../fixes/splitTool';
import type { Config } from '../config';
import type { FixProposal } from '../fix';
import {
  ENTITY_NAMES, OPERATION_NAMES, PAYLOAD_NAMES, WEAK_OPERATION_NAMES, closedSetValues, enumStrings, hasKeyword, nameKey, onlyType,
  operationKind, operationMix, preferredName, quotedValues, typeSlots,
} from '../analysis/params';

const READ_NAME: ReadonlyMap<string, string> = new Map(Object.entries({ read: 'get', view: 'get', fetch: 'get', retrieve: 'get', show: 'get', select: 'get', find: 'get', lookup: 'get', describe: 'get', query: 'query', search: 'search', list: 'list', count: 'count' }));

export default defineRule<'freeForm' | 'freeFormCrud' | 'mixedEnum'>({
  id: 'single-purpose',
  meta: {
    section: 'One purpose',
    defaultSeverity: 'error',
    fixable: 'suggestion',
    docs: {
      description: 'One tool mixing reads, creates and updates: a free-form operation parameter (`operation`, `action`, `op`; `mode` / `method` / `command` when it selects between reads and writes), above all beside a table/collection name and a payload (error); an operation `enum` whose values mix read and write verbs (warning).',
      why: 'One tool has one purpose (SPEC Service rule 5). A tool that reads, creates and updates depending on an operation argument cannot be configured with least privilege: a host that wants to allow the model to look things up must also allow it to change them, and an approval prompt or audit log shows the same tool name for both. Some provider guides fold related actions into one tool with an `action` enum; that is reported as a warning when the enum mixes reads and writes, because the least-privilege cost is the same. A shell tool\'s `command` or a travel `mode` is not an operation selector and is not reported.',
      spec: 'Service rule 5',
      bad: '{\n  "name": "manage_records",\n  "description": "Use this to read or change rows in the customer database.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "operation": { "type": "string", "description": "What to do: get, create, update or delete." },\n      "table": { "type": "string", "description": "Table to operate on." },\n      "payload": { "type": "string", "description": "JSON of the row for create and update." }\n    },\n    "required": ["operation", "table"]\n  }\n}',
      good: '{\n  "name": "get_customer",\n  "description": "Use this when the user asks about a customer account. Returns the customer\'s profile.",\n  "parameters": {\n    "type": "object",\n    "properties": {\n      "customer_id": { "type": "string", "description": "Identifier of the customer, for example cus_123." }\n    },\n    "required": ["customer_id"]\n  }\n}',
      fix: '**Split** (two proposals: the original removed, or kept and marked deprecated with the new tools as successors): one tool per operation value (from the `enum`, or the values the description lists), named verb-first from the operation and the entity (`get_<entity>` when an id parameter exists, else `query_<entities>`; `create_<entity>`, `update_<entity>`, `delete_<entity>`, `list_<entities>`, `search_<entities>`; a value that already is a verb-first name is kept), each with only the parameters it needs: the operation parameter removed, the table parameter removed when it names one entity, ids for get/update/delete, the payload for create/update, filters and paging for reads, a parameter whose description names operations only for those; `required` filtered to the kept parameters (plus the id); descriptions drafted from the original. Names already used in the file or workspace get an `_alt` suffix. No split is offered when a new name would be over 64 characters or start with a digit (from operation values such as `3d`). A single-tool file becomes an array.',
    },
    messages: {
      freeForm: 'Tool "{{tool}}" picks its operation from the free-form string "{{param}}"{{operations}}: one tool with several purposes cannot be given least privilege (a host cannot allow one operation without allowing every other string). Split it into purpose-specific tools such as {{split}}, each with only the parameters it needs.',
      freeFormCrud: 'Tool "{{tool}}" is a generic operation on any {{entityParam}}: "{{param}}" selects the operation and "{{payload}}" carries the data, so a host cannot grant it least privilege. Split it into purpose-specific tools such as {{split}}, each with only the parameters it needs.',
      mixedEnum: 'Tool "{{tool}}" mixes reads ({{reads}}) and writes ({{writes}}) in its "{{param}}" enum: a host cannot allow the reads without also allowing the writes (least privilege). Split it into purpose-specific tools such as {{split}}, each with only the parameters it needs.',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        const propsNode = child(t.params, 'properties');
        const props = isObject(propsNode) ? entries(propsNode) : [];
        // Most tools have no parameter named like an operation selector: nothing more is computed for them.
        const keys = props.map(([name]) => nameKey(name));
        if (!keys.some((k) => OPERATION_NAMES.has(k) || WEAK_OPERATION_NAMES.has(k))) return;
        // A deprecated tool is on its way out (and is what the split leaves behind when the original is kept).
        if (deprecationOf(t)) return;
        const names = props.map(([name]) => name);
        const entityParam = preferredName(names, ENTITY_NAMES);
        const payloadParam = preferredName(names, PAYLOAD_NAMES);
        const toolName = t.name ?? '(unnamed)';
        let entityName: string | undefined;
        const entityOf = () => (entityName ??= splitEntity(t, ctx.extraVerbs, ctx.namespaces).entity);
        for (let i = 0; i < props.length; i++) {
          const [name, keyNode, schema] = props[i]!;
          const key = keys[i]!;
          const strong = OPERATION_NAMES.has(key);
          if (!strong && !WEAK_OPERATION_NAMES.has(key)) continue;
          if (!isObject(schema)) continue;
          const slots = typeSlots(schema);
          const typed = slots.some((x) => x.name !== 'null');
          if (typed && !onlyType(slots, 'string')) continue;
          const enums = enumStrings(schema);
          if (enums.length > 0) {
            const { reads, writes } = operationMix(enums);
            if (reads.length > 0 && writes.length > 0) {
              ctx.report({
                node: keyNode,
                messageId: 'mixedEnum',
                severity: 'warning',
                data: { tool: toolName, param: name, reads: list(reads), writes: list(writes), split: splitNames([...reads, ...writes], entityOf()), operations: enums.join(','), values: enums.join(',') },
              });
            }
            continue;
          }
          if (hasKeyword(schema, 'const') || hasKeyword(schema, 'enum')) continue;
          const desc = descriptionOf(schema);
          const values = closedSetValues(desc)?.values ?? quotedValues(desc);
          const mix = operationMix(values);
          const crud = entityParam !== undefined && payloadParam !== undefined && entityParam !== name && payloadParam !== name;
          if (strong) {
            // "The action proposed to reduce emissions, e.g. 'plant trees'": data, not an operation selector.
            // Phrases ("plant trees", "install solar panels") describe data; operation names are single words or snake_case.
            if (!crud && values.length > 0 && (values.every((v) => operationKind(v) === 'other') || values.every((v) => /\s/.test(v.trim())))) continue;
          } else if (!crud && !(mix.reads.length > 0 && mix.writes.length > 0)) {
            continue;
          }
          const ops = mix.reads.length + mix.writes.length >= 2 ? [...mix.reads, ...mix.writes] : [];
          const split = ops.length > 0 ? splitNames(ops, entityOf()) : defaultSplit(entityOf());
          if (crud) {
            ctx.report({ node: keyNode, messageId: 'freeFormCrud', data: { tool: toolName, param: name, entityParam: entityParam!, payload: payloadParam!, split, values: values.join(',') } });
          } else {
            const shown = values.length >= 2 && values.length <= 8 ? ` (${list(values)})` : '';
            ctx.report({ node: keyNode, messageId: 'freeForm', data: { tool: toolName, param: name, split, operations: shown, values: values.join(',') } });
          }
        }
      },
    };
  },
  fix({ finding, tool, tools, workspace, today, edit, config }) {
    const param = finding.data?.param;
    if (!tool?.name || typeof param !== 'string') return [];
    const extraVerbs = verbsOf(config);
    const removed = splitToolEdits(edit, tool, tools, workspace, { keepOriginal: false, today, extraVerbs, param, config });
    const kept = splitToolEdits(edit, tool, tools, workspace, { keepOriginal: true, today, extraVerbs, param, config });
    const out: FixProposal[] = [];
    if (removed) out.push({ title: `Split into ${nameList(removed.names)} (remove ${tool.name})`, kind: 'suggestion', edits: removed.edits });
    if (kept) out.push({ title: `Split into ${nameList(kept.names)} (keep ${tool.name}, deprecated)`, kind: 'suggestion', edits: kept.edits });
    return out;
  },
});

function splitNames(values: readonly string[], entity: string): string {
  const out: string[] = [];
  for (const v of values) {
    const w = identWords(v);
    if (w.length === 0) continue;
    const verb = READ_NAME.get(w[0]!) ?? w[0]!;
    const n = w.length > 1 ? w.join('_') : `${verb}_${verb === 'list' || verb === 'search' || verb === 'query' ? plural(entity) : entity}`;
    if (!out.includes(n)) out.push(n);
    if (out.length === 4) break;
  }
  return out.map((n) => `"${n}"`).join(', ') + (values.length > 4 ? ', …' : '');
}

function defaultSplit(entity: string): string {
  return ['get', 'create', 'update', 'delete'].map((v) => `"${v}_${entity}"`).join(', ');
}

function list(values: readonly string[]): string {
  const shown = values.slice(0, 4).map((v) => `"${v}"`).join(', ');
  return values.length > 4 ? `${shown}, …` : shown;
}

function verbsOf(config: Config): Map<string, VerbKind> {
  const out = new Map<string, VerbKind>();
  for (const kind of ['query', 'mutation', 'action'] as const) for (const v of config.verbs?.[kind] ?? []) out.set(v.toLowerCase(), kind);
  return out;
}

function nameList(names: readonly string[]): string {
  return names.length > 6 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
}
