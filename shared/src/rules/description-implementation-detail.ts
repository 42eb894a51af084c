import { defineRule } from '../rule';
import { excerpt } from '../text';
import { DETAIL_LABEL, implementationDetails, isBlank, toolDomain } from '../analysis/descriptions';

export default defineRule<'implementationDetail'>({
  id: 'description-implementation-detail',
  meta: {
    section: 'Descriptions',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'A tool description contains implementation details written for programmers: upstream service or vendor named as the implementation ("uses the OpenWeatherMap API"), API versions (`v2 API`), the wire format returned (`returns JSON`), HTTP methods and status codes, URLs and endpoint paths (`/api/...`), SQL, or code-comment markers (`@param`, `@returns`, `TODO`, `This function`, `Args:`).',
      why: 'SPEC Service rule 2: the description is written for the model; it states when to call the tool and what it does, and does not state implementation details (upstream service names, versions, the wire format returned) nor read like a code comment or an endpoint reference. The model cannot act on "GET /v2/forecast" or "@returns {object}"; those words take the place of what it needs. What the tool works on is not an implementation detail: GitHub in a GitHub tool, a URL in a tool that fetches URLs, HTTP methods in an HTTP client tool, a JSON tool that returns JSON, SQL examples in a SQL query tool are not reported. One finding per description lists what was found.',
      spec: 'Service rule 2',
      bad: '{ "type": "function", "function": { "name": "get_forecast", "description": "This function calls the OpenWeatherMap API (GET /data/2.5/forecast) and returns JSON with the forecast for the next days.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } } }',
      good: '{ "type": "function", "function": { "name": "get_forecast", "description": "Use this when the user asks about the weather in the coming days. Returns, for each day, the minimum and maximum temperature and the chance of rain.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } } }',
    },
    messages: {
      implementationDetail: 'The description contains implementation details written for programmers ({{found}}): describe what the tool does and when to call it instead; the model does not need {{kinds}}.',
    },
  },
  create(ctx) {
    return {
      tool(t) {
        const d = t.descriptionNode;
        if (!d || d.type !== 'string') return;
        const text = d.value as string;
        if (text.length < 8 || isBlank(text)) return;
        const hits = implementationDetails(text, () => toolDomain(t));
        if (hits.length === 0) return;
        const found = hits.slice(0, 3).map((h) => `${DETAIL_LABEL[h.kind]} "${excerpt(h.text, 40)}"`).join(', ');
        const kinds = [...new Set(hits.map((h) => PLURAL[h.kind]))];
        const kindText = kinds.length <= 1 ? kinds.join('') : `${kinds.slice(0, -1).join(', ')} or ${kinds[kinds.length - 1]}`;
        ctx.report({ node: d, messageId: 'implementationDetail', data: { found, kinds: kindText } });
      },
    };
  },
});

const PLURAL: Record<keyof typeof DETAIL_LABEL, string> = {
  vendor: 'the upstream service',
  version: 'API versions',
  format: 'the wire format',
  http: 'HTTP methods or status codes',
  url: 'URLs',
  path: 'endpoint paths',
  sql: 'the SQL it runs',
  comment: 'code-comment markers',
};
