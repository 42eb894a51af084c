/**
 * Provider profiles: each provider's own tool-name pattern, strict-mode subset and documented limits
 * (SPEC "Required versus optional" 2-3: one provider's rule is not a universal rule). Each fact names its
 * source page and the date it was read; rule docs quote these.
 */
import type { Dialect, Profile, Source } from './types';

export const CHECKED = '2026-11-21';

export const SOURCES = {
  openaiStructuredOutputs: { title: 'OpenAI: Structured model outputs, "Supported schemas"', url: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas', checked: CHECKED },
  openaiFunctionDefinition: { title: 'openai-python: src/openai/types/shared/function_definition.py', url: 'https://github.com/openai/openai-python/blob/main/src/openai/types/shared/function_definition.py', checked: CHECKED },
  openaiResponsesFunctionTool: { title: 'openai-python: src/openai/types/responses/function_tool.py', url: 'https://github.com/openai/openai-python/blob/main/src/openai/types/responses/function_tool.py', checked: CHECKED },
  openaiFunctionCalling: { title: 'OpenAI: Function calling, "Best practices"', url: 'https://platform.openai.com/docs/guides/function-calling', checked: CHECKED },
  anthropicDefineTools: { title: 'Anthropic: Define tools, "Specifying client tools"', url: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools', checked: CHECKED },
  anthropicStrict: { title: 'Anthropic: Strict tool use', url: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use', checked: CHECKED },
  anthropicSchemaLimits: { title: 'Anthropic: Structured outputs, "JSON Schema limitations"', url: 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations', checked: CHECKED },
  geminiFunctionCalling: { title: 'Gemini API: Function calling, "Function declarations"', url: 'https://ai.google.dev/gemini-api/docs/function-calling', checked: CHECKED },
  geminiSchema: { title: 'Gemini API reference: Schema', url: 'https://ai.google.dev/api/caching#Schema', checked: CHECKED },
  openaiOneOfRejected: { title: 'livekit/agents issue #5302: OpenAI strict tools fail with "In context=(), \'oneOf\' is not permitted"', url: 'https://github.com/livekit/agents/issues/5302', checked: CHECKED },
  openaiUniqueItemsRejected: { title: 'microsoft/semantic-kernel issue #9786: OpenAI strict mode rejects uniqueItems on arrays', url: 'https://github.com/microsoft/semantic-kernel/issues/9786', checked: CHECKED },
  mcpTools: { title: 'Model Context Protocol specification: Server features, Tools', url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools', checked: CHECKED },
} satisfies Record<string, Source>;

export interface NameRule {
  pattern: RegExp;
  /** Human-readable form of the pattern for messages. */
  text: string;
  source: Source;
}

export const NAME_RULES: Partial<Record<Profile, NameRule>> = {
  openai: { pattern: /^[a-zA-Z0-9_-]{1,64}$/, text: '^[a-zA-Z0-9_-]{1,64}$', source: SOURCES.openaiFunctionDefinition },
  anthropic: { pattern: /^[a-zA-Z0-9_-]{1,128}$/, text: '^[a-zA-Z0-9_-]{1,128}$', source: SOURCES.anthropicDefineTools },
  gemini: { pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/, text: 'a letter or underscore, then letters, digits, _ . : -, at most 64 characters', source: SOURCES.geminiFunctionCalling },
  mcp: { pattern: /^[A-Za-z0-9_.-]{1,128}$/, text: '1-128 characters of A-Z a-z 0-9 _ - .', source: SOURCES.mcpTools },
};

/** The portable intersection of the providers' name patterns. */
export const PORTABLE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export const PROFILE_LABEL: Record<Profile, string> = {
  generic: 'generic',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  mcp: 'MCP',
};

export const DIALECT_LABEL: Record<Dialect, string> = {
  'openai-chat': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  mcp: 'MCP',
  gemini: 'Gemini',
  generic: 'bare {name, description, parameters}',
};

export function profileForDialect(d: Dialect): Profile {
  switch (d) {
    case 'openai-chat':
    case 'openai-responses':
      return 'openai';
    case 'anthropic':
      return 'anthropic';
    case 'mcp':
      return 'mcp';
    case 'gemini':
      return 'gemini';
    default:
      return 'generic';
  }
}

/** The strict-mode family whose subset applies to a strict tool under a profile. */
export type StrictFamily = 'openai' | 'anthropic';

export function strictFamily(profile: Profile): StrictFamily | undefined {
  if (profile === 'openai' || profile === 'generic') return 'openai';
  if (profile === 'anthropic') return 'anthropic';
  return undefined;
}

/** Keywords a strict mode rejects, with the reason shown in messages. */
export const STRICT_UNSUPPORTED: Record<StrictFamily, Record<string, string>> = {
  openai: {
    allOf: 'allOf is not supported',
    not: 'not is not supported',
    if: 'if/then/else is not supported',
    then: 'if/then/else is not supported',
    else: 'if/then/else is not supported',
    dependentRequired: 'dependentRequired is not supported',
    dependentSchemas: 'dependentSchemas is not supported',
    oneOf: 'oneOf is not supported (the API answers "\'oneOf\' is not permitted"; anyOf is the supported union)',
    uniqueItems: 'uniqueItems is not supported (arrays accept only minItems and maxItems)',
  },
  anthropic: {
    minimum: 'numeric bounds (minimum) are not supported',
    maximum: 'numeric bounds (maximum) are not supported',
    exclusiveMinimum: 'numeric bounds (exclusiveMinimum) are not supported',
    exclusiveMaximum: 'numeric bounds (exclusiveMaximum) are not supported',
    multipleOf: 'multipleOf is not supported',
    minLength: 'string length bounds (minLength) are not supported',
    maxLength: 'string length bounds (maxLength) are not supported',
    maxItems: 'maxItems is not supported',
    uniqueItems: 'array constraints other than minItems 0 or 1 are not supported (uniqueItems)',
  },
};

/** Formats each strict mode accepts (others are rejected). */
export const STRICT_FORMATS: Record<StrictFamily, ReadonlySet<string>> = {
  openai: new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']),
  anthropic: new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']),
};

export const OPENAI_LIMITS = {
  properties: 5000,
  depth: 10,
  stringChars: 120_000,
  enumValues: 1000,
  bigEnumThreshold: 250,
  bigEnumChars: 15_000,
};

export const ANTHROPIC_LIMITS = {
  strictTools: 20,
  optionalParams: 24,
  unionParams: 16,
};

/** How many tools the providers advise at once (toolset-size default). */
export const TOOLSET_ADVICE = 20;
