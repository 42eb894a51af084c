import { defineRule } from '../rule';
import { child, elements, entries, isArray, isObject, pointerOf, stringItems, type Node } from '../document';
import type { ToolInfo } from '../discover';
import type { SchemaVisit } from '../schemaWalk';
import { ANTHROPIC_LIMITS, OPENAI_LIMITS, SOURCES } from '../profiles';
import { isObjectSchema, keyOfSchema, strictInfo, strictLabel, strictSeverity, type StrictInfo } from '../analysis/strict';
import { byName } from '../text';
import { inKeyOrder } from '../analysis/names';

type Msg = 'properties' | 'depth' | 'stringChars' | 'enumValues' | 'bigEnum' | 'strictTools' | 'optionalParams' | 'unionParams';

/** Per-tool counters for the OpenAI limits (one schema each). */
interface OpenAiCounts {
  tool: ToolInfo;
  info: StrictInfo;
  properties: number;
  chars: number;
  enumValues: number;
  /**
   * The object reported as nested too deep: of the objects one level past the limit, the one with the smallest
   * JSON pointer, so that the finding does not depend on the order the keys were written in (every deeper object
   * is below one of them).
   */
  deep: { node: Node; level: number; pointer: string } | undefined;
}

/** Length of an enum or const value as the limit counts it (strings by length, other scalars as written). */
function valueChars(n: Node): number {
  if (n.type === 'string') return (n.value as string).length;
  if (n.type === 'number' || n.type === 'boolean') return String(n.value).length;
  return 0;
}


/** Object nesting level of a schema: object schemas on the path from the root, itself included. */
function objectLevel(s: SchemaVisit): number {
  let level = 0;
  for (let a: SchemaVisit | undefined = s; a; a = a.parent) if (isObjectSchema(a.node, a.types)) level++;
  return level;
}

/** A parameter with a union type, as Anthropic counts it: a type array or anyOf (oneOf) with several entries. */
function isUnion(schema: Node): boolean {
  const t = child(schema, 'type');
  if (isArray(t) && elements(t).length > 1) return true;
  for (const k of ['anyOf', 'oneOf']) if (elements(child(schema, k)).length > 1) return true;
  return false;
}

export default defineRule<Msg>({
  id: 'strict-limits',
  meta: {
    section: 'Required and strict mode',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'In strict mode, a schema over the provider\'s documented limits: OpenAI (per schema) 5000 properties, 10 levels of object nesting, 120,000 characters of property names, definition names, enum and const values, 1000 enum values, 15,000 characters for one string enum of more than 250 values; Anthropic (per request, counted over the file\'s strict tools) 20 strict tools, 24 optional parameters, 16 union-typed parameters.',
      why: 'Strict mode compiles the schema into a grammar, and each provider documents hard limits on its size; a schema over a limit is rejected (Anthropic: a 400 error, also "Schema is too complex for compilation"; OpenAI: an error, or, for a Responses tool that omits `strict`, a silent fall-back to best-effort calls). The limits differ per provider (SPEC "Required versus optional" 3). Anthropic counts across all strict tools of one request, so this rule counts the strict tools of the file together: split the set, or turn strict off for the tools that do not need it.',
      spec: 'Required versus optional 2-3',
      bad: '[' + Array.from({ length: 21 }, (_, i) => `{ "name": "get_metric_${i + 1}", "description": "Use this when the user asks for the current value of dashboard metric number ${i + 1}.", "strict": true, "input_schema": { "type": "object", "properties": {}, "additionalProperties": false } }`).join(', ') + ']',
      good: '[' + Array.from({ length: 20 }, (_, i) => `{ "name": "get_metric_${i + 1}", "description": "Use this when the user asks for the current value of dashboard metric number ${i + 1}.", "strict": true, "input_schema": { "type": "object", "properties": {}, "additionalProperties": false } }`).join(', ') + ']',
      sources: [SOURCES.openaiStructuredOutputs, SOURCES.openaiResponsesFunctionTool, SOURCES.anthropicStrict, SOURCES.anthropicSchemaLimits],
    },
    messages: {
      properties: 'The schema of "{{tool}}" declares {{count}} properties; {{mode}} allows at most {{limit}} in one schema. Split the tool or flatten rarely used fields.',
      depth: 'This object is nested {{level}} levels deep; {{mode}} allows at most {{limit}} levels. Flatten the structure (for example pass a reference instead of the nested object).',
      stringChars: 'Property names, definition names, enum and const values of "{{tool}}" total {{count}} characters; {{mode}} allows at most {{limit}}. Shorten the enums (or move long value lists out of the schema).',
      enumValues: 'The schema of "{{tool}}" has {{count}} enum values in total; {{mode}} allows at most {{limit}}. Replace the largest enums with a string plus a lookup tool.',
      bigEnum: 'This enum has {{count}} string values totalling {{chars}} characters; {{mode}} allows at most {{limit}} characters for an enum of more than {{threshold}} values. Replace it with a string plus a lookup tool.',
      strictTools: '"{{tool}}" is strict tool number {{count}} in this file; {{mode}} allows at most {{limit}} strict tools per request. Turn strict off for tools that do not need it, or send fewer tools per request.',
      optionalParams: '"{{name}}" is optional parameter number {{count}} across the strict tools of this file; {{mode}} allows at most {{limit}} per request. Make it required, turn strict off for some tools, or send fewer tools per request.',
      unionParams: '"{{name}}" is union-typed parameter number {{count}} (type array or anyOf) across the strict tools of this file; {{mode}} allows at most {{limit}} per request. Use one type where you can, or send fewer strict tools per request.',
    },
  },
  create(ctx) {
    // OpenAI: per schema, counted while the tool's schema is walked (per-tool visitors, cached with the tool).
    let counts: OpenAiCounts | undefined;

    const finish = (t: ToolInfo) => {
      const c = counts;
      counts = undefined;
      if (!c || c.tool !== t) return;
      if (c.deep) ctx.report({ node: keyOfSchema(c.deep.node), messageId: 'depth', data: { level: c.deep.level, limit: OPENAI_LIMITS.depth, mode: strictLabel(c.info) }, severity: strictSeverity(c.info, 'error') });
      if (!c.tool.paramsKeyNode) return;
      const mode = strictLabel(c.info);
      const severity = strictSeverity(c.info, 'error');
      const tool = c.tool.name ?? '(unnamed)';
      const node = c.tool.paramsKeyNode;
      if (c.properties > OPENAI_LIMITS.properties) ctx.report({ node, messageId: 'properties', data: { tool, count: c.properties, limit: OPENAI_LIMITS.properties, mode }, severity, tool: c.tool });
      if (c.chars > OPENAI_LIMITS.stringChars) ctx.report({ node, messageId: 'stringChars', data: { tool, count: c.chars, limit: OPENAI_LIMITS.stringChars, mode }, severity, tool: c.tool });
      if (c.enumValues > OPENAI_LIMITS.enumValues) ctx.report({ node, messageId: 'enumValues', data: { tool, count: c.enumValues, limit: OPENAI_LIMITS.enumValues, mode }, severity, tool: c.tool });
    };

    return {
      tool(t) {
        const info = strictInfo(t);
        counts = info && info.family === 'openai' ? { tool: t, info, properties: 0, chars: 0, enumValues: 0, deep: undefined } : undefined;
      },
      schema(s, t) {
        const c = counts;
        if (!c || c.tool !== t) return;
        if ((s.via === '$defs' || s.via === 'definitions') && s.parent) {
          const key = keyOfSchema(s.node);
          if (key !== s.node && typeof key.value === 'string') c.chars += key.value.length;
        }
        const cst = child(s.node, 'const');
        if (cst) c.chars += valueChars(cst);
        const en = child(s.node, 'enum');
        if (isArray(en)) {
          const els = elements(en);
          c.enumValues += els.length;
          let chars = 0;
          let allStrings = true;
          for (const e of els) {
            chars += valueChars(e);
            if (e.type !== 'string') allStrings = false;
          }
          c.chars += chars;
          if (allStrings && els.length > OPENAI_LIMITS.bigEnumThreshold && chars > OPENAI_LIMITS.bigEnumChars) {
            ctx.report({
              node: keyOfSchemaKeyword(s.node, 'enum') ?? en,
              messageId: 'bigEnum',
              data: { count: els.length, chars, limit: OPENAI_LIMITS.bigEnumChars, threshold: OPENAI_LIMITS.bigEnumThreshold, mode: strictLabel(c.info) },
              severity: strictSeverity(c.info, 'error'),
            });
          }
        }
        if (s.depth > 1 && isObjectSchema(s.node, s.types)) {
          const level = objectLevel(s);
          if (level === OPENAI_LIMITS.depth + 1) {
            const pointer = pointerOf(s.node);
            if (!c.deep || pointer < c.deep.pointer) c.deep = { node: s.node, level, pointer };
          }
        }
      },
      property(p, t) {
        const c = counts;
        if (c && c.tool === t) {
          c.properties++;
          c.chars += p.name.length;
        }
      },
      toolEnd(t) {
        finish(t);
      },
      // The per-tool visitors above do not feed fileEnd: cache them.
      cachePerTool: true,
      // Anthropic: per request, over the file's strict tools together. Computed from the tools' top-level
      // parameters only (a cheap summary, no schema walk), so it can run on every lint.
      fileEnd(tools) {
        let anthropicTools = 0;
        let optionalParams = 0;
        let unionParams = 0;
        // In list order, and in name order in a catalog keyed by name (inKeyOrder): the tool past the limit does not
        // depend on the order the keys were written in.
        for (const t of inKeyOrder(tools)) {
          const info = strictInfo(t);
          if (!info || info.family !== 'anthropic') continue;
          const mode = strictLabel(info);
          anthropicTools++;
          if (anthropicTools === ANTHROPIC_LIMITS.strictTools + 1) {
            ctx.report({ node: t.nameNode ?? t.node, messageId: 'strictTools', data: { tool: t.name ?? '(unnamed)', count: anthropicTools, limit: ANTHROPIC_LIMITS.strictTools, mode: strictLabel(info) }, tool: t });
          }
          if (!t.params || t.params.type !== 'object') continue;
          const required = new Set(stringItems(child(t.params, 'required')));
          // In name order within a tool (numbers by value: p_2 before p_10), so that the parameter past the limit
          // does not depend on the order the keys were written in.
          const params = [...entries(child(t.params, 'properties'))].sort((a, b) => byName(a[0], b[0]));
          for (const [name, keyNode, schema] of params) {
            if (!required.has(name)) {
              optionalParams++;
              if (optionalParams === ANTHROPIC_LIMITS.optionalParams + 1) {
                ctx.report({ node: keyNode, messageId: 'optionalParams', data: { name, count: optionalParams, limit: ANTHROPIC_LIMITS.optionalParams, mode }, tool: t });
              }
            }
            if (isObject(schema) && isUnion(schema)) {
              unionParams++;
              if (unionParams === ANTHROPIC_LIMITS.unionParams + 1) {
                ctx.report({ node: keyNode, messageId: 'unionParams', data: { name, count: unionParams, limit: ANTHROPIC_LIMITS.unionParams, mode }, tool: t });
              }
            }
          }
        }
      },
    };
  },
});

function keyOfSchemaKeyword(schema: Node, key: string): Node | undefined {
  for (const [k, keyNode] of entries(schema)) if (k === key) return keyNode;
  return undefined;
}
