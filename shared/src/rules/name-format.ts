import { defineRule } from '../rule';
import { SNAKE_CASE } from '../text';
import { isSnakeTool, snakeName, snakeToolName } from '../analysis/names';
import { NAME_RULES, PROFILE_LABEL, SOURCES } from '../profiles';
import { propertyRename, toolRenames } from '../fixes/renames';

const HEADERS_KEY = /headers?$/i;
const STARTS_WITH_LETTER = /^[a-z]/;
const NO_SUGGESTION = 'a snake_case name of ASCII letters, digits and underscores';


/** The snake_case form of a parameter name, or '' when it does not start with a letter. */
function snakeParamName(name: string): string {
  const s = snakeName(name);
  return s && STARTS_WITH_LETTER.test(s) ? s : '';
}

function quoted(s: string): string {
  return s ? `"${s}"` : NO_SUGGESTION;
}

export default defineRule<'toolName' | 'toolNameProvider' | 'paramName'>({
  id: 'name-format',
  meta: {
    section: 'Names',
    defaultSeverity: 'warning',
    fixable: 'suggestion',
    docs: {
      description: 'Tool or parameter name that is not snake_case ASCII (`getWeather`, `get-weather`, `User ID`); an error where the tool name also breaks the active provider\'s own name pattern or length.',
      why: 'Names are part of what the model reads (Service rule 4). One consistent style across tools and parameters (snake_case, the style of the specification\'s own examples such as get_<thing>(<thing>_id)) keeps names predictable, so the model does not mix `userId`, `user-id` and `user_id` in its calls. Provider name patterns are hard limits: OpenAI and Anthropic accept only letters, digits, `_` and `-` (at most 64 and 128 characters), so a name with spaces or other characters is rejected there. Dots between namespace segments are left to name-portable.',
      spec: 'Service rule 4',
      bad: '{\n  "type": "function",\n  "function": {\n    "name": "getWeather",\n    "description": "Use this when the user asks for the current weather in a city.",\n    "parameters": {\n      "type": "object",\n      "properties": { "cityName": { "type": "string", "description": "City, e.g. Paris." } },\n      "required": ["cityName"]\n    }\n  }\n}',
      good: '{\n  "type": "function",\n  "function": {\n    "name": "get_weather",\n    "description": "Use this when the user asks for the current weather in a city.",\n    "parameters": {\n      "type": "object",\n      "properties": { "city_name": { "type": "string", "description": "City, e.g. Paris." } },\n      "required": ["city_name"]\n    }\n  }\n}',
      fix: 'Suggests renaming to the snake_case form (`getWeather` → `get_weather`, `User ID` → `user_id`; the segments of a dotted name are joined by `_`, `get.UserProfile` → `get_user_profile`, the name name-portable suggests too, unless name-portable is off, which keeps the dots). A tool rename changes only its `name`, and is not offered when another tool of the file has that name or a description mentions the current name; a parameter rename changes its key and the same name in the sibling `required` array, and is not offered when a property of that name exists.',
      sources: [SOURCES.openaiFunctionDefinition, SOURCES.anthropicDefineTools, SOURCES.geminiFunctionCalling, SOURCES.mcpTools],
    },
    messages: {
      toolName: 'Tool name "{{name}}" is not snake_case: rename it to {{suggestion}}.',
      toolNameProvider: 'Tool name "{{name}}" is not snake_case and breaks the {{provider}} name pattern {{pattern}} ({{source}}), so the provider rejects it: rename it to {{suggestion}}.',
      paramName: 'Parameter name "{{name}}" is not snake_case: rename it to {{suggestion}} (and update "required" and the host code that reads it).',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        const name = t.name;
        if (name === undefined || !t.nameNode || name === '' || isSnakeTool(name)) return;
        // Dots are kept while name-portable is off; otherwise the suggestion is one that rule accepts too.
        const rename = snakeToolName(name, ctx.config.rules['name-portable'] === 'off' ? '.' : '_');
        const rule = NAME_RULES[t.profile];
        if (rule && !rule.pattern.test(name)) {
          ctx.report({
            node: t.nameNode,
            messageId: 'toolNameProvider',
            severity: 'error',
            data: { name, suggestion: quoted(rename), provider: PROFILE_LABEL[t.profile], pattern: rule.text, source: rule.source.url, rename },
          });
          return;
        }
        ctx.report({ node: t.nameNode, messageId: 'toolName', data: { name, suggestion: quoted(rename), rename } });
      },
      property(p) {
        if (p.name === '' || SNAKE_CASE.test(p.name)) return;
        // HTTP header names (`Content-Type`, `X-API-Key`) are fixed by the protocol, not chosen.
        const owner = p.owner.property?.name;
        if (owner !== undefined && HEADERS_KEY.test(owner)) return;
        const rename = snakeParamName(p.name);
        ctx.report({ node: p.keyNode, messageId: 'paramName', data: { name: p.name, suggestion: quoted(rename), rename } });
      },
    };
  },
  fix(ctx) {
    const rename = ctx.finding.data?.rename;
    if (typeof rename !== 'string' || rename === '') return [];
    if (ctx.finding.messageId === 'paramName') return propertyRename(ctx, rename);
    const t = ctx.tool;
    if (!t || !ctx.node || ctx.node.offset !== t.nameNode?.offset) return [];
    return toolRenames(ctx, [rename]);
  },
});
