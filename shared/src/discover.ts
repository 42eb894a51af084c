/**
 * Finds the tools in a parsed file and reads each one's dialect, profile and strict mode. Understands, with
 * no configuration: a single tool, an array, `{"tools": [...]}` request bodies, Gemini
 * `{"functionDeclarations": [...]}` (also nested inside `tools`), JSON-RPC `tools/list` results and
 * captures, catalogs that nest those, and tools in OpenAI Chat Completions, OpenAI Responses, Anthropic,
 * MCP, Gemini and bare `{name, description, parameters}` form.
 */
import { child, elements, entries, isArray, isObject, keyNodeOf, propertyNode, str, bool, type Node } from './document';
import type { Dialect, Profile } from './types';
import { profileForDialect } from './profiles';

export type ParamsKey = 'parameters' | 'input_schema' | 'inputSchema' | 'parametersJsonSchema';
export const PARAMS_KEYS: readonly ParamsKey[] = ['parameters', 'input_schema', 'inputSchema', 'parametersJsonSchema'];
/** Keys that hold a declared result shape (MCP `outputSchema`, or a project's own result field). */
export const RESULT_KEYS = ['outputSchema', 'output_schema', 'resultSchema', 'result_schema', 'responseSchema', 'response_schema', 'returns', 'response'] as const;

export interface ToolInfo {
  /** Position of the tool in the file (0-based, in discovery order). */
  index: number;
  /** The object holding name / description / parameters (the inner `function` object for Chat Completions). */
  node: Node;
  /** The entry in its container (the `{"type":"function","function":{...}}` wrapper for Chat Completions). */
  outer: Node;
  dialect: Dialect;
  profile: Profile;
  name: string | undefined;
  /** The `name` value node (any JSON type). */
  nameNode: Node | undefined;
  description: string | undefined;
  descriptionNode: Node | undefined;
  descriptionKey: 'description' | 'modelDescription' | undefined;
  paramsKey: ParamsKey | undefined;
  /** The parameter schema's value node. */
  params: Node | undefined;
  /** The parameter schema's key node. */
  paramsKeyNode: Node | undefined;
  resultKey: string | undefined;
  result: Node | undefined;
  annotations: Node | undefined;
  strict: boolean;
  /** The `strict` value node, when present. */
  strictNode: Node | undefined;
  /** The JSON Schema dialect the parameter schema is checked against. */
  draft: '07' | '2020';
}

export interface ShapeProblem {
  node: Node;
  messageId: 'emptyFile' | 'unknownFile' | 'unknownEntry' | 'notObject' | 'tooDeep';
  data?: Record<string, string>;
}

export interface Discovery {
  tools: ToolInfo[];
  problems: ShapeProblem[];
}

const GEMINI_KEYS = ['functionDeclarations', 'function_declarations'] as const;
/** Gemini and OpenAI built-in tools that are not function declarations: skipped, not errors. */
const BUILTIN_TOOL_KEYS = new Set([
  'googleSearch', 'google_search', 'googleSearchRetrieval', 'google_search_retrieval', 'codeExecution', 'code_execution',
  'urlContext', 'url_context', 'retrieval', 'computerUse', 'computer_use', 'googleMaps', 'google_maps', 'fileSearch', 'file_search', 'enterpriseWebSearch',
]);
const MAX_CONTAINER_DEPTH = 6;

export function discoverTools(root: Node | undefined, profileOverride: Profile | 'auto' = 'auto'): Discovery {
  const out: Discovery = { tools: [], problems: [] };
  if (!root) return out;
  const add = (outer: Node, node: Node, dialect: Dialect) => {
    out.tools.push(readTool(out.tools.length, outer, node, dialect, profileOverride));
  };
  visitContainer(root, 0, add, out, true);
  return out;
}

type Add = (outer: Node, node: Node, dialect: Dialect) => void;

/** Returns true when the node held at least one tool or recognised container. */
/**
 * A container past MAX_CONTAINER_DEPTH: one shape-unknown finding, so its tools are not silently ignored (a tool
 * four `{"tools": [...]}` deep was "No problems, 0 tools", an independent fuzzer). Counted as known, so the
 * containers around it add no finding of their own.
 */
function tooDeep(node: Node, out: Discovery): true {
  out.problems.push({ node, messageId: 'tooDeep', data: { max: String(MAX_CONTAINER_DEPTH) } });
  return true;
}

function visitContainer(node: Node, depth: number, add: Add, out: Discovery, top: boolean): boolean {
  if (depth > MAX_CONTAINER_DEPTH) return tooDeep(node, out);
  if (isArray(node)) {
    const items = elements(node);
    if (items.length === 0) return true; // an empty tool list is valid
    const unknown: Node[] = [];
    let known = 0;
    for (const el of items) {
      if (visitEntry(el, depth + 1, add, out)) known++;
      else unknown.push(el);
    }
    if (known === 0 || (top && unknown.length > known * 4)) {
      // Mostly not tools: one clear diagnostic for the file rather than one per entry.
      if (top) out.problems.push({ node, messageId: 'unknownFile', data: { found: describeNode(unknown[0] ?? items[0]!) } });
      return known > 0;
    }
    for (const el of unknown) out.problems.push({ node: el, messageId: el.type === 'object' ? 'unknownEntry' : 'notObject', data: { found: describeNode(el) } });
    return true;
  }
  if (isObject(node)) {
    if (visitEntry(node, depth, add, out)) return true;
    if (top) out.problems.push({ node, messageId: 'unknownFile', data: { found: describeNode(node) } });
    return false;
  }
  if (top) out.problems.push({ node, messageId: 'unknownFile', data: { found: describeNode(node) } });
  return false;
}

/** An element of a tool list, or a single object: a tool, a wrapper holding tools, or a built-in tool. */
function visitEntry(el: Node, depth: number, add: Add, out: Discovery): boolean {
  if (!isObject(el)) return false;
  for (const k of GEMINI_KEYS) {
    const decls = child(el, k);
    if (isArray(decls)) {
      for (const d of elements(decls)) {
        if (isObject(d)) add(d, d, 'gemini');
        else out.problems.push({ node: d, messageId: 'notObject', data: { found: describeNode(d) } });
      }
      return true;
    }
  }
  const type = str(child(el, 'type'));
  const fn = child(el, 'function');
  if (type === 'function' && isObject(fn)) {
    add(el, fn, 'openai-chat');
    return true;
  }
  if (type === 'function' && propertyNode(el, 'name')) {
    add(el, el, 'openai-responses');
    return true;
  }
  // Containers: request bodies, tools/list results, captures, catalogs.
  const tools = child(el, 'tools');
  if (tools && (isArray(tools) || isObject(tools)) && !propertyNode(el, 'inputSchema') && !propertyNode(el, 'parameters') && !propertyNode(el, 'input_schema')) {
    if (isArray(tools)) return visitContainer(tools, depth + 1, add, out, false) || true;
    return visitKeyedMap(tools, depth + 1, add, out) || true;
  }
  const result = child(el, 'result');
  if (isObject(result) && isArray(child(result, 'tools'))) return visitContainer(child(result, 'tools')!, depth + 1, add, out, false) || true;
  const functions = child(el, 'functions');
  if (isArray(functions)) return visitContainer(functions, depth + 1, add, out, false) || true;
  // Built-in (server) tools: {"type": "web_search_preview"}, {"type": "web_search_20250305", "name": ...}.
  if (type !== undefined && !SCHEMA_TYPE_NAMES.has(type.toLowerCase()) && type !== 'function' && type !== 'custom' && !PARAMS_KEYS.some((k) => propertyNode(el, k))) return true;
  if (isToolObject(el)) {
    add(el, el, dialectOf(el));
    return true;
  }
  // Gemini built-ins: {"googleSearch": {}}, {"code_execution": {}}.
  for (const [k] of entries(el)) if (BUILTIN_TOOL_KEYS.has(k)) return true;
  // A map keyed by server or package name whose values hold tools.
  return visitKeyedMap(el, depth + 1, add, out);
}

/** A catalog keyed by server or package name: only values that are tools or hold tools count. */
function visitKeyedMap(obj: Node, depth: number, add: Add, out: Discovery): boolean {
  if (depth > MAX_CONTAINER_DEPTH) return tooDeep(obj, out);
  let found = false;
  for (const [, , v] of entries(obj)) {
    if (!isObject(v)) continue;
    // In a keyed map, a "name" that is not a string is a property schema (Seal-Tools response maps), not a tool.
    const toolLike = isToolObject(v) && (str(child(v, 'name')) !== undefined || PARAMS_KEYS.some((k) => propertyNode(v, k)));
    if (toolLike || isContainer(v) || isArray(child(v, 'tools'))) {
      if (visitEntry(v, depth, add, out)) found = true;
    } else if (isObject(child(v, 'tools'))) {
      if (visitKeyedMap(child(v, 'tools')!, depth + 1, add, out)) found = true;
    }
  }
  return found;
}

function isContainer(v: Node): boolean {
  return GEMINI_KEYS.some((k) => isArray(child(v, k))) || isArray(child(v, 'functions')) || isArray(child(child(v, 'result'), 'tools'));
}

const SCHEMA_TYPE_NAMES = new Set(['string', 'str', 'object', 'integer', 'int', 'number', 'float', 'boolean', 'bool', 'array', 'list', 'dict', 'null', 'any', 'tuple']);

function isToolObject(el: Node): boolean {
  if (propertyNode(el, 'name')) return true;
  for (const k of PARAMS_KEYS) if (propertyNode(el, k)) return propertyNode(el, 'description') !== undefined;
  return false;
}

function dialectOf(el: Node): Dialect {
  if (propertyNode(el, 'input_schema')) return 'anthropic';
  if (propertyNode(el, 'inputSchema')) return 'mcp';
  if (propertyNode(el, 'parametersJsonSchema')) return 'gemini';
  const params = child(el, 'parameters');
  if (isObject(params) && looksGemini(params)) return 'gemini';
  return 'generic';
}

const UPPER_TYPES = new Set(['OBJECT', 'STRING', 'INTEGER', 'NUMBER', 'BOOLEAN', 'ARRAY', 'NULL', 'TYPE_UNSPECIFIED']);

/** Upper-case OpenAPI type names or `nullable` point to Gemini's OpenAPI-subset schema. */
function looksGemini(params: Node): boolean {
  const t = str(child(params, 'type'));
  if (t && UPPER_TYPES.has(t)) return true;
  for (const [, , v] of entries(child(params, 'properties'))) {
    const pt = str(child(v, 'type'));
    if (pt && UPPER_TYPES.has(pt)) return true;
    if (propertyNode(v, 'nullable')) return true;
  }
  return false;
}

function readTool(index: number, outer: Node, node: Node, dialect: Dialect, profileOverride: Profile | 'auto'): ToolInfo {
  const nameNode = child(node, 'name');
  let descriptionKey: ToolInfo['descriptionKey'] = propertyNode(node, 'description') ? 'description' : undefined;
  if (!descriptionKey && propertyNode(node, 'modelDescription')) descriptionKey = 'modelDescription'; // VS Code languageModelTools
  const descriptionNode = descriptionKey ? child(node, descriptionKey) : undefined;
  let paramsKey: ParamsKey | undefined;
  for (const k of PARAMS_KEYS) if (propertyNode(node, k)) paramsKey = paramsKey ?? k;
  const params = paramsKey ? child(node, paramsKey) : undefined;
  let resultKey: string | undefined;
  for (const k of RESULT_KEYS) if (!resultKey && isObject(child(node, k))) resultKey = k;
  const strictNode = child(node, 'strict') ?? (dialect === 'openai-chat' ? child(outer, 'strict') : undefined);
  const strictValue = bool(strictNode);
  const strict = dialect === 'openai-responses' ? strictValue !== false : strictValue === true && dialect !== 'mcp' && dialect !== 'gemini';
  const schemaUri = str(child(params, '$schema')) ?? '';
  const draft: ToolInfo['draft'] = /2020-12|2019-09/.test(schemaUri) ? '2020' : /draft-0[4-7]/.test(schemaUri) ? '07' : dialect === 'mcp' ? '2020' : '07';
  return {
    index,
    node,
    outer,
    dialect,
    profile: profileOverride === 'auto' ? profileForDialect(dialect) : profileOverride,
    name: str(nameNode),
    nameNode,
    description: str(descriptionNode),
    descriptionNode,
    descriptionKey,
    paramsKey,
    params,
    paramsKeyNode: paramsKey ? keyNodeOf(node, paramsKey) : undefined,
    resultKey,
    result: resultKey ? child(node, resultKey) : undefined,
    annotations: isObject(child(node, 'annotations')) ? child(node, 'annotations') : undefined,
    strict,
    strictNode,
    draft,
  };
}

function describeNode(n: Node): string {
  switch (n.type) {
    case 'object': {
      // Sorted, so the message does not depend on the order of the members.
      const keys = (n.children ?? []).map((p) => String(p.children?.[0]?.value)).sort().slice(0, 4).map((k) => `"${k}"`);
      return keys.length ? `an object with keys ${keys.join(', ')}${(n.children?.length ?? 0) > 4 ? ', …' : ''}` : 'an empty object';
    }
    case 'array':
      return 'an array';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    default:
      return 'null';
  }
}
