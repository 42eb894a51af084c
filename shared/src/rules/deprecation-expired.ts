import { defineRule } from '../rule';
import { daysBetween, deprecationOf, sinceDay } from '../analysis/versions';
import { removeTool } from '../fixes/toolEdits';
import { clipValue } from '../text';

export default defineRule<'expired' | 'badDate' | 'future'>({
  id: 'deprecation-expired',
  meta: {
    section: 'Versioning',
    defaultSeverity: 'info',
    fixable: 'suggestion',
    docs: {
      description: 'A tool deprecated for longer than the configured period (`deprecationPeriodDays`, default 90 days), or whose deprecation date is not a date (`YYYY-MM-DD`, or an ISO date and time, read in UTC) or is still to come.',
      why: 'SPEC "Versioning" 2: a deprecated tool is removed only after a period. The specification leaves its length open ("Versioning" 5), so it is a setting: `deprecationPeriodDays` in toolschema.config.json or `toolschema.deprecationPeriodDays`, 90 days by default. Past it, the old tool only costs context on every request and keeps a second way to do the same thing.',
      spec: 'Versioning 2, 5',
      bad: '[\n  { "name": "get_weather", "description": "Deprecated: use get_weather_v2 instead. Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2020-01-15", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } },\n  { "name": "get_weather_v2", "description": "Use this when the user asks for the current weather at a place, by city or coordinates.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
      good: '[\n  { "name": "get_weather_v2", "description": "Use this when the user asks for the current weather at a place, by city or coordinates.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }\n]',
      fix: 'Remove the deprecated tool from its list (not offered for a file that holds only that tool: delete the file instead).',
    },
    messages: {
      expired: '"{{name}}" has been deprecated since {{since}} ({{days}} days, over the {{period}}-day period): remove it.',
      badDate: 'Deprecation date "{{since}}" of "{{name}}" is not a YYYY-MM-DD date, so its deprecation period cannot be checked.',
      future: 'Deprecation date "{{since}}" of "{{name}}" is still to come (today is {{today}}): its deprecation period would only start then, so it never ends if the date is a typo. Write the day the tool was deprecated.',
    },
  },
  create(ctx) {
    return {
      tool(tool) {
        const d = deprecationOf(tool);
        if (!d || !d.sinceNode || !tool.name) return;
        const since = d.since;
        const day = since !== undefined ? sinceDay(since) : undefined;
        const days = day !== undefined ? daysBetween(day, ctx.today) : undefined;
        if (days === undefined) {
          // A value that is not a string is quoted as written (null was shown as "").
          const written = since ?? clipValue(ctx.doc.text.slice(d.sinceNode.offset, d.sinceNode.offset + d.sinceNode.length));
          ctx.report({ node: d.sinceNode, messageId: 'badDate', severity: 'warning', data: { name: tool.name, since: written } });
          return;
        }
        // A day ahead is a time zone east of UTC (the marker written "today" there); further is a date to come.
        if (days < -1) {
          ctx.report({ node: d.sinceNode, messageId: 'future', severity: 'warning', data: { name: tool.name, since: clipValue(since!), today: ctx.today } });
          return;
        }
        const period = ctx.config.deprecationPeriodDays;
        if (days > period) ctx.report({ node: d.sinceNode, messageId: 'expired', data: { name: tool.name, since: day!, days, period } });
      },
    };
  },
  fix({ finding, tool, edit }) {
    if (finding.messageId !== 'expired' || !tool) return [];
    const e = removeTool(edit, tool);
    return e ? [{ title: `Remove deprecated tool "${tool.name}"`, kind: 'suggestion', edits: [e] }] : [];
  },
});
