/**
 * `npm run bench -- --only scale`: files made of N and of 4N repeated parts (tools, branches, properties,
 * files of a workspace, cases of an evaluation set), linted in process. A linear pass takes about 4 times as
 * long at 4N; a ratio well above that is a pass that grows with the square of the input (each shape below had
 * one, or is a neighbour of one that had: see README "Limits"). Prints the ratio, and flags those above 6.
 * `--scale-n N` sets N (default 1,000).
 */
import { lintEvalSet, lintText, lintWorkspace } from '../shared/src/linter';
import { ToolDocument } from '../shared/src/document';
import { discoverTools } from '../shared/src/discover';
import { fixAll } from '../shared/src/fix';

const S = JSON.stringify;
type Props = Record<string, unknown>;
const Q: Props = { q: { type: 'string', description: 'The query text.' } };
const tool = (name: string, description: string, props: Props = Q, extra: Props = {}) => ({ name, description, input_schema: { type: 'object', properties: props, required: Object.keys(props).slice(0, 1) }, ...extra });
const oneTool = (props: Props, extra: Props = {}) => tool('get_x', 'Use this when the user asks for x. Returns x.', props, extra);
const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const withDefs = (text: string, defs: Props) => text.replace('"input_schema":{', `"input_schema":{"$defs":${S(defs)},`);

/** One file of N parts. */
const FILES: Record<string, (n: number) => string> = {
  'tools redirecting to a misspelt sibling': (n) => S(range(n, (i) => tool(`get_order_${i}`, `Use this when the user asks about order ${i}. For the next one, use get_ordr_${(i + 1) % n} instead.`))),
  'tools redirecting to defined siblings': (n) => S(range(n, (i) => tool(`get_order_${i}`, `Use this when the user asks about order ${i}. Use get_order_${(i + 1) % n} for the next one.`))),
  'versions of one tool': (n) => S(range(n, (i) => tool(`get_order_v${i + 1}`, `Use this when the user asks about an order (version ${i}). Returns the order.`))),
  'deprecated tools naming a successor': (n) => S(range(n, (i) => tool(`get_order_${i}`, `Deprecated: use get_order_${i}_v2 instead. Use this when the user asks about order ${i}.`, Q, { deprecated: true }))),
  'one name in two cases': (n) => S(range(n, (i) => tool(i % 2 ? 'get_order' : 'Get_Order', `Use this when the user asks about an order number ${i}. Returns it.`))),
  'namespaced tools': (n) => S(range(n, (i) => tool(`ns${i}__get_order`, `Use this when the user asks about an order in ns${i}. Returns it.`))),
  'tools that read and write': (n) => S(range(n, (i) => tool(`manage_order_${i}`, `Use this to get, create, update or delete order ${i}. Returns the order.`, { action: { type: 'string', enum: ['get', 'create', 'update', 'delete'], description: 'What to do.' } }))),
  'properties': (n) => S(oneTool(Object.fromEntries(range(n, (i) => [`prop_${i}`, { type: 'string', description: `Value ${i}.` }])))),
  'unknown names in "required"': (n) => S({ ...oneTool(Object.fromEntries(range(n, (i) => [`prop_${i}`, { type: 'string', description: 'A value.' }]))), input_schema: { type: 'object', properties: Object.fromEntries(range(n, (i) => [`prop_${i}`, { type: 'string', description: 'A value.' }])), required: range(n, (i) => `prop_${i}x`) } }),
  'anyOf branches with "required"': (n) => S(oneTool({ v: { anyOf: range(n, (i) => ({ type: 'object', properties: { [`k${i}`]: { type: 'string' } }, required: [`k${i}`] })), description: 'The value.' } })),
  'branches that $ref one large definition': (n) => withDefs(S(oneTool({ v: { anyOf: range(n, () => ({ $ref: '#/$defs/big', required: ['zz_unknown'] })), description: 'The value.' } })), { big: { type: 'object', properties: Object.fromEntries(range(n, (i) => [`k${i}`, { type: 'string' }])) } }),
  'a cycle of $defs': (n) => withDefs(S(oneTool({ a: { $ref: '#/$defs/d0' } })), Object.fromEntries(range(n, (i) => [`d${i}`, { $ref: `#/$defs/d${(i + 1) % n}` }]))),
  'a chain of $refs': (n) => withDefs(S(oneTool(Object.fromEntries(range(n, (i) => [`p${i}`, { $ref: `#/$defs/d${i}` }])))), Object.fromEntries(range(n, (i) => [`d${i}`, i + 1 < n ? { $ref: `#/$defs/d${i + 1}` } : { type: 'string' }]))),
  'allOf branches and "required"': (n) => S({ name: 'get_x', description: 'Use this when the user asks for x. Returns x.', input_schema: { type: 'object', allOf: range(n, (i) => ({ properties: { [`k${i}`]: { type: 'string', description: 'v' } } })), required: range(n, (i) => `k${i}`) } }),
  'a result schema with unknown "required"': (n) => S(oneTool(Q, { outputSchema: { type: 'object', properties: Object.fromEntries(range(n, (i) => [`r${i}`, { type: 'string', description: 'v' }])), required: range(n, (i) => `r${i}x`) } })),
  'nested objects': (n) => S(oneTool(Object.fromEntries(range(n, (i) => [`o${i}`, { type: 'object', description: 'An object.', properties: { a: { type: 'string', description: 'a' }, b: { type: 'integer', description: 'b' } }, required: ['a', 'c'] }])))),
  'tools with one description': (n) => S(range(n, (i) => tool(`get_item_${i}`, 'Use this when the user asks about one item by its number. Returns the item.'))),
};

/**
 * Files of N parts for fix-all (every safe fix, pass after pass, as `--fix` and Fix All do), on one line (a scan
 * of an object's text per fix is worst there) and pretty-printed. Each shape was quadratic: a fix shared by N
 * findings was checked N times, an object's text scanned for line breaks per fix (README "Limits").
 */
const strictTool = (props: Props) => ({ type: 'function', name: 'get_report', description: 'Use this when the user asks for a report. Returns it.', strict: true, parameters: { type: 'object', properties: props, additionalProperties: false } });
const FIX_FILES: Record<string, (n: number) => string> = {
  'strict mode, N properties not in "required"': (n) => S([strictTool(Object.fromEntries(range(n, (i) => [`field_${i}`, { type: 'string', description: 'A field.' }])))]),
  'the same, pretty-printed': (n) => JSON.stringify([strictTool(Object.fromEntries(range(n, (i) => [`field_${i}`, { type: 'string', description: 'A field.' }])))], null, 2),
  'strict mode, N Python type names': (n) => S([strictTool(Object.fromEntries(range(n, (i) => [`p${i}`, { type: 'int', description: 'd' }])))]),
  'N tools, each with a Python type name': (n) => S(range(n, (i) => tool(`get_item_${i}`, `Use this when the user asks about item ${i}. Returns it.`, { id: { type: 'int', description: 'The item number.' } }))),
};

/** A workspace of N files. */
type Files = { uri: string; text: string }[];
const WORKSPACES: Record<string, (n: number) => Files> = {
  'one name in every file': (n) => range(n, (i) => ({ uri: `file:///w/f${i}.tool.json`, text: S([tool('get_order', `Use this when the user asks about an order (${i}). Returns it.`)]) })),
  'files redirecting to each other': (n) => range(n, (i) => ({ uri: `file:///w/f${i}.tool.json`, text: S([tool(`get_order_${i}`, `Use this when the user asks about an order. Use get_order_${(i + 1) % n} for the next one and query_orders_${i} for lists.`)]) })),
  'a chain of versions across files': (n) => range(n, (i) => ({ uri: `file:///w/f${i}.tool.json`, text: S([tool(`get_order_v${i + 2}`, `Use this when the user asks about an order (${i}). Returns it.`)]) })),
};

/** An evaluation set of N cases against N tools. */
function evalSet(n: number, kind: 'unknown tools' | 'wrong arguments'): () => void {
  const toolsText = S(range(n, (i) => tool(`get_issue_${i}`, `Use this when the user asks about issue ${i}. Returns it.`, { issue_number: { type: 'integer', description: 'The number.' } })));
  const tools = discoverTools(new ToolDocument('file:///w/x.tool.json', toolsText).tree!).tools;
  const cases = range(n, (i) => ({ id: `c${i}`, prompt: `What does issue ${i} say?`, expect: kind === 'unknown tools' ? { tool: `get_isue_${i}` } : { tool: `get_issue_${i}`, arguments: { issue_number: 'x' } } }));
  const text = S({ tools: './x.tool.json', cases });
  return () => lintEvalSet(new ToolDocument('file:///w/x.eval.json', text), { target: { uri: 'file:///w/x.tool.json', tools } });
}

function ms(fn: () => void): number {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

export function scale(n = 1000): void {
  console.log(`\nScale: lint time of N = ${n.toLocaleString('en')} and 4N repeated parts, best of 2 runs each (a linear pass: about 4×)`);
  const row = (label: string, make: (n: number) => () => void) => {
    make(50)();
    const small = make(n);
    const large = make(4 * n);
    const a = Math.min(ms(small), ms(small));
    const b = Math.min(ms(large), ms(large));
    const ratio = b / a;
    console.log(`  ${label.padEnd(52)} ${a.toFixed(0).padStart(6)} ms ${b.toFixed(0).padStart(7)} ms  ${ratio.toFixed(1).padStart(5)}×${ratio > 6 ? '  <- grows faster than the input' : ''}`);
  };
  const opts = { cache: false, today: '2026-11-24' } as const;
  for (const [label, make] of Object.entries(FILES)) row(`${label} (one file)`, (k) => { const text = make(k); return () => lintText(`file:///scale${k}.tool.json`, text, opts); });
  for (const [label, make] of Object.entries(WORKSPACES)) row(`${label} (N files)`, (k) => { const files = make(k); return () => lintWorkspace(files, opts); });
  for (const kind of ['unknown tools', 'wrong arguments'] as const) row(`evaluation set, N cases with ${kind}`, (k) => evalSet(k, kind));
  for (const [label, make] of Object.entries(FIX_FILES)) row(`fix-all: ${label}`, (k) => { const text = make(k); return () => fixAll(`file:///fix${k}.tool.json`, text, opts); });
}
