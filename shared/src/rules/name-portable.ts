import { defineRule } from '../rule';
import { NAME_RULES, PORTABLE_NAME, PROFILE_LABEL, SOURCES } from '../profiles';
import { trimUnderscores } from '../text';
import { isSnakeTool, snakeToolName } from '../analysis/names';

const MAX_PORTABLE = 64;
const NOT_PORTABLE_CHARS = /[^A-Za-z0-9_-]/gu;
const NOT_PORTABLE_RUN = /[^A-Za-z0-9_-]+/g;
const SPACE = /\s/;

/** What puts the name outside `^[a-zA-Z0-9_-]{1,64}$`, in words. */
function problemOf(name: string): string {
  if (name.length === 0) return 'is empty';
  const bad = new Set(name.match(NOT_PORTABLE_CHARS) ?? []);
  const parts: string[] = [];
  if (bad.has('.')) parts.push('dots');
  if ([...bad].some((c) => SPACE.test(c))) parts.push('spaces');
  if (bad.has('/')) parts.push('slashes');
  const other = [...bad].filter((c) => c !== '.' && c !== '/' && !SPACE.test(c));
  if (other.length > 0) parts.push(`the character${other.length > 1 ? 's' : ''} ${other.slice(0, 5).map((c) => JSON.stringify(c)).join(' ')}`);
  const chars = parts.length > 0 ? `contains ${parts.length > 1 ? parts.slice(0, -1).join(', ') + ' and ' + parts[parts.length - 1] : parts[0]}` : '';
  const long = name.length > MAX_PORTABLE ? `is ${name.length} characters long (over ${MAX_PORTABLE})` : '';
  return [chars, long].filter(Boolean).join(' and ');
}

/**
 * The portable name to suggest: with name-format on and the name not snake_case, the snake_case form that rule
 * suggests too (`get.UserProfile` → `get_user_profile`, not `get_UserProfile`, which name-format would flag);
 * else the name with each run of other characters made one "_".
 */
function suggestionOf(name: string, snake: boolean): string {
  const snaked = snake && !isSnakeTool(name) ? snakeToolName(name, '_') : '';
  const s = snaked && PORTABLE_NAME.test(snaked) ? snaked : trimUnderscores(name.replace(NOT_PORTABLE_RUN, '_'));
  if (s.length === 0) return 'Use a name of ASCII letters, digits, "_" and "-".';
  if (s.length > MAX_PORTABLE) return 'Shorten it to well under 64 characters, leaving room for a server prefix.';
  return `Rename it to "${s}".`;
}

export default defineRule<'notPortable' | 'providerRejects'>({
  id: 'name-portable',
  meta: {
    section: 'Names',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'Tool name outside the portable intersection of the providers\' name patterns, `^[a-zA-Z0-9_-]{1,64}$` (dots, spaces, slashes, over 64 characters); an error where the active profile\'s own pattern is broken.',
      why: 'The same tool definitions are often sent to several providers or exposed through MCP. MCP allows dots in names and up to 128 characters, but OpenAI accepts only `^[a-zA-Z0-9_-]{1,64}$` and rejects the whole request otherwise; Anthropic allows up to 128 characters of the same set. Clients that combine several MCP servers prefix tool names with a server name, which pushes long names over the limits. A name inside the intersection works everywhere (Service rule 4: the name is the tool\'s identity).',
      spec: 'Service rule 4',
      bad: '{\n  "name": "weather.get_forecast",\n  "description": "Use this when the user asks for the weather forecast of the next days in a city.",\n  "inputSchema": {\n    "type": "object",\n    "properties": { "city": { "type": "string", "description": "City name, e.g. Paris." } },\n    "required": ["city"]\n  }\n}',
      good: '{\n  "name": "weather_get_forecast",\n  "description": "Use this when the user asks for the weather forecast of the next days in a city.",\n  "inputSchema": {\n    "type": "object",\n    "properties": { "city": { "type": "string", "description": "City name, e.g. Paris." } },\n    "required": ["city"]\n  }\n}',
      sources: [SOURCES.openaiFunctionDefinition, SOURCES.anthropicDefineTools, SOURCES.geminiFunctionCalling, SOURCES.mcpTools],
    },
    messages: {
      notPortable: 'Tool name "{{name}}" {{problem}}, so {{who}}: portable names match ^[a-zA-Z0-9_-]{1,64}$ (MCP allows dots but OpenAI rejects them, and clients often prefix names with a server name, which makes long names longer). {{suggestion}}',
      providerRejects: 'Tool name "{{name}}" {{problem}}, so {{provider}} rejects it: its names must match {{pattern}} ({{source}}). Portable names match ^[a-zA-Z0-9_-]{1,64}$ (MCP allows dots but OpenAI rejects them, and clients often prefix names with a server name). {{suggestion}}',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        const name = t.name;
        if (name === undefined || !t.nameNode || PORTABLE_NAME.test(name)) return;
        const rule = NAME_RULES[t.profile];
        const data = { name, problem: problemOf(name), suggestion: suggestionOf(name, ctx.config.rules['name-format'] !== 'off') };
        if (rule && !rule.pattern.test(name)) {
          ctx.report({ node: t.nameNode, messageId: 'providerRejects', severity: 'error', data: { ...data, provider: PROFILE_LABEL[t.profile], pattern: rule.text, source: rule.source.url } });
          return;
        }
        ctx.report({ node: t.nameNode, messageId: 'notPortable', data: { ...data, who: rule ? `${PROFILE_LABEL[t.profile]} accepts it but other providers do not` : 'some providers reject it' } });
      },
    };
  },
});
