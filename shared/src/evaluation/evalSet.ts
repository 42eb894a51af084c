/**
 * The evaluation set format (`<base>.eval.json`): its JSON Schema (the one source for validation, editor
 * completion and hover, and the README), and a reader that keeps every node with its offsets, so the
 * evaluation rules can report exact ranges and navigation can find the tool names cases mention.
 *
 *   {"tools": "./weather.tool.json",
 *    "cases": [{"id": "paris-now", "category": "normal", "prompt": "Weather in Paris?",
 *               "expect": {"tool": "get_weather", "arguments": {"city": "Paris"}, "allowed_tools": ["get_weather"]}}]}
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ToolDocument, child, elements, entries, isObject, nodeAtPointer, str, valueOf, type Node } from '../document';
import { ajvModule } from '../analysis/jsonSchema';
import { clipValue } from '../text';

export const EVAL_CATEGORIES = ['normal', 'ambiguous', 'adversarial'] as const;
export type EvalCategory = (typeof EVAL_CATEGORIES)[number];

/** JSON Schema of an evaluation set (draft-07), written to schemas/eval-set.schema.json by `npm run gen`. */
export const EVAL_SET_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://github.com/toolschema/toolschema/schemas/eval-set.schema.json',
  title: 'toolschema evaluation set',
  description: 'A fixed set of 5 to 10 cases (normal, ambiguous, adversarial) run against a tool file after every description or schema change (SPEC Service rule 6, Limits 3, Versioning 3-4).',
  type: 'object',
  required: ['cases'],
  properties: {
    $schema: { type: 'string' },
    tools: {
      type: 'string',
      minLength: 1,
      description: 'The tool file these cases test, relative to this file (for example "./weather.tool.json"). Default: <base>.tool.json beside <base>.eval.json.',
    },
    description: { type: 'string', description: 'What this set covers (not sent to the model).' },
    cases: {
      type: 'array',
      description: 'The cases: 5 to 10, with at least one normal, one ambiguous and one adversarial case.',
      items: { $ref: '#/definitions/case' },
    },
  },
  definitions: {
    case: {
      type: 'object',
      required: ['id', 'category', 'expect'],
      anyOf: [{ required: ['prompt'] }, { required: ['messages'] }],
      properties: {
        id: { type: 'string', minLength: 1, description: 'A stable, unique identifier: results are recorded per id.' },
        category: {
          enum: [...EVAL_CATEGORIES],
          description: 'normal: a typical request; ambiguous: a request that could match several tools or none; adversarial: a request the host must refuse or that tries to misuse a tool.',
        },
        prompt: { type: 'string', minLength: 1, description: 'The user input, as one user message.' },
        messages: {
          type: 'array',
          minItems: 1,
          description: 'The conversation so far, sent before the prompt (if any).',
          items: {
            type: 'object',
            required: ['role', 'content'],
            properties: {
              role: { enum: ['system', 'developer', 'user', 'assistant'] },
              content: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, text: { type: 'string' } } } }] },
            },
          },
        },
        expect: {
          type: 'object',
          required: ['tool'],
          description: 'What the model must do with this input.',
          properties: {
            tool: { type: ['string', 'null'], description: 'The tool the model must call first, or null when it must call none.' },
            arguments: {
              type: 'object',
              description: 'Arguments the call must carry (all or some): each one given here must be present with this value; they must be valid against the tool\'s parameter schema.',
            },
            allowed_tools: {
              type: 'array',
              uniqueItems: true,
              items: { type: 'string' },
              description: 'The tools this caller is authorized to use: the host rejects a call to any other tool, and the case records whether it did (adversarial cases).',
            },
          },
        },
        notes: { type: 'string', description: 'Why this case exists (not sent to the model).' },
      },
    },
  },
} as const;

export interface EvalCaseInfo {
  index: number;
  /** The case object (or whatever value stands in the array). */
  node: Node;
  id: string | undefined;
  idNode: Node | undefined;
  category: string | undefined;
  categoryNode: Node | undefined;
  /** The `expect` value node. */
  expectNode: Node | undefined;
  /** The `expect.tool` value node (string, null or anything else). */
  toolNode: Node | undefined;
  /** The expected tool: a name, null for "no call", undefined when absent or not a string / null. */
  tool: string | null | undefined;
  /** The `expect.arguments` value node. */
  argumentsNode: Node | undefined;
  /** The string elements of `expect.allowed_tools`. */
  allowedNodes: Node[];
}

export interface EvalSetProblem {
  node: Node | undefined;
  message: string;
}

export interface EvalSetInfo {
  uri: string;
  /** The `tools` value node. */
  toolsNode: Node | undefined;
  toolsRef: string | undefined;
  /** The `cases` key node (findings about the whole list are reported on it) and value node. */
  casesKeyNode: Node | undefined;
  casesNode: Node | undefined;
  cases: EvalCaseInfo[];
  /**
   * Where the set departs from the format (eval-set-invalid). Computed on first read: indexing a set for its
   * tool file's lint needs only the cases, and the format check compiles the schema (about 30 ms once).
   */
  readonly problems: EvalSetProblem[];
}

let validateSet: ValidateFunction | undefined;

/** Reads an evaluation set from a parsed document; never throws. */
/**
 * The `"tools"` of a set as written, also while the set has a syntax error (parseEvalSet then reads nothing of it):
 * completing `"tool": |`, a syntax error until a value is typed, needs the tool file the set names.
 */
export function toolsRefAsTyped(doc: ToolDocument): string | undefined {
  const root = doc.tree;
  if (!root || doc.refused || !isObject(root)) return undefined;
  return str(child(root, 'tools'))?.trim() || undefined;
}

export function parseEvalSet(doc: ToolDocument): EvalSetInfo {
  const root = doc.tree;
  let problems: EvalSetProblem[] | undefined;
  const out: EvalSetInfo = {
    uri: doc.uri,
    toolsNode: undefined,
    toolsRef: undefined,
    casesKeyNode: undefined,
    casesNode: undefined,
    cases: [],
    get problems() {
      return (problems ??= root && !doc.refused && doc.syntaxProblems.length === 0 ? problemsOf(root, out.cases) : []);
    },
  };
  if (!root || doc.refused || doc.syntaxProblems.length > 0 || !isObject(root)) return out;
  const tools = child(root, 'tools');
  out.toolsNode = tools;
  const ref = str(tools)?.trim();
  if (ref) out.toolsRef = ref;
  for (const [k, keyNode, v] of entries(root)) {
    if (k === 'cases') {
      out.casesKeyNode = keyNode;
      out.casesNode = v;
    }
  }
  if (out.casesNode?.type === 'array') {
    elements(out.casesNode).forEach((c, index) => out.cases.push(readCase(c, index)));
  }
  return out;
}

/** The format problems of a set (a non-object root, schema violations, duplicate ids), in document order. */
function problemsOf(root: Node, cases: readonly EvalCaseInfo[]): EvalSetProblem[] {
  if (!isObject(root)) return [{ node: root, message: 'An evaluation set is a JSON object: {"tools": "./<name>.tool.json", "cases": [...]}.' }];
  const out = formatProblems(root);
  // Results are recorded per id: two cases with one id would overwrite each other.
  const seen = new Map<string, EvalCaseInfo>();
  for (const c of cases) {
    if (c.id === undefined) continue;
    if (seen.has(c.id)) out.push({ node: c.idNode, message: `Case id "${clipValue(c.id)}" is also the id of case ${seen.get(c.id)!.index + 1}; results are recorded per id, so give each case its own.` });
    else seen.set(c.id, c);
  }
  return out;
}

function readCase(node: Node, index: number): EvalCaseInfo {
  const idNode = child(node, 'id');
  const categoryNode = child(node, 'category');
  const expectNode = child(node, 'expect');
  const toolNode = child(expectNode, 'tool');
  const allowed = child(expectNode, 'allowed_tools');
  return {
    index,
    node,
    id: str(idNode) || undefined,
    idNode,
    category: str(categoryNode),
    categoryNode,
    expectNode,
    toolNode,
    tool: toolNode?.type === 'string' ? (toolNode.value as string) : toolNode?.type === 'null' ? null : undefined,
    argumentsNode: child(expectNode, 'arguments'),
    allowedNodes: elements(allowed).filter((e) => e.type === 'string'),
  };
}

/** The format's violations, one per place, in document order, each with a message that says what to write. */
function formatProblems(root: Node): EvalSetProblem[] {
  validateSet ??= new (ajvModule().Ajv)({ allErrors: true, strict: false, logger: false }).compile(EVAL_SET_SCHEMA);
  const value = valueOf(root);
  if (value === undefined || validateSet(value)) return [];
  const out: EvalSetProblem[] = [];
  const seen = new Set<string>();
  for (const e of validateSet.errors ?? []) {
    // anyOf reports each branch and then itself: the anyOf error alone says it.
    if (e.schemaPath.includes('/anyOf/') && e.keyword === 'required') continue;
    if (e.schemaPath.includes('/content/anyOf/')) continue;
    const message = problemMessage(e);
    const key = `${e.instancePath}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ node: anchor(nodeAtPointer(root, e.instancePath), e.keyword), message });
  }
  return out.sort((a, b) => (a.node?.offset ?? 0) - (b.node?.offset ?? 0));
}

/** Keys a missing member is shown at, in this order, when the object has one (see anchor). */
const ANCHOR_KEYS = ['tools', 'cases', 'prompt', 'messages', 'expect', 'category', 'tool', 'arguments'];

/**
 * Where a problem is shown: the offending value; for something missing from an object, a short node of that
 * object rather than the whole object, which may span many lines: its `id`, else the key of a known member, else
 * the key that sorts first. Never "the first key", which would move with the order of the members.
 */
function anchor(node: Node | undefined, keyword: string): Node | undefined {
  if (!node || (keyword !== 'required' && keyword !== 'anyOf') || node.type !== 'object') return node;
  const id = child(node, 'id');
  if (id) return id;
  for (const k of ANCHOR_KEYS) {
    const v = child(node, k);
    if (v?.parent?.type === 'property') return v.parent.children?.[0] ?? node;
  }
  let first: Node | undefined;
  for (const p of node.children ?? []) {
    const key = p.children?.[0];
    if (key && (!first || String(key.value) < String(first.value))) first = key;
  }
  return first ?? node;
}

function problemMessage(e: ErrorObject): string {
  // "/cases/0/expect/tool" reads as: Case 1 "expect.tool".
  const m = /^\/cases\/(\d+)(\/.*)?$/.exec(e.instancePath);
  const dotted = (p: string) => `"${p.slice(1).replace(/\//g, '.')}"`;
  const where = m ? `Case ${Number(m[1]) + 1}${m[2] ? ` ${dotted(m[2])}` : ''}` : e.instancePath ? dotted(e.instancePath) : 'The evaluation set';
  const caseWhere = where;
  switch (e.keyword) {
    case 'required': {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      if (missing === 'cases') return 'The evaluation set needs "cases": a list of 5 to 10 cases.';
      if (missing === 'id') return `${caseWhere} needs an "id" (results are recorded per id).`;
      if (missing === 'category') return `${caseWhere} needs a "category": "normal", "ambiguous" or "adversarial".`;
      if (missing === 'expect') return `${caseWhere} needs "expect": {"tool": "<name>" or null, "arguments": {...}}.`;
      if (missing === 'tool') return `${where} needs "tool": the tool the model must call, or null when it must call none.`;
      return `${where} needs "${missing}".`;
    }
    case 'anyOf':
      if (/^\/cases\/\d+$/.test(e.instancePath)) return `${caseWhere} needs the user input: "prompt" (a string) or "messages" (a list of {role, content}).`;
      return `${where} must be a string or a list of content blocks.`;
    case 'enum':
      if (e.instancePath.endsWith('/category')) return `${where} must be "normal", "ambiguous" or "adversarial".`;
      return `${where} must be one of: ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'type': {
      const t = (e.params as { type: string | string[] }).type;
      return `${where} must be ${Array.isArray(t) ? t.join(' or ') : t === 'object' ? 'an object' : t === 'array' ? 'a list' : `a ${t}`}.`;
    }
    case 'minLength':
      return `${where} must not be empty.`;
    case 'minItems':
      return `${where} must not be empty.`;
    case 'uniqueItems':
      return `${where} lists a tool twice.`;
    default:
      return `${where} ${e.message ?? 'is not valid'}.`;
  }
}
