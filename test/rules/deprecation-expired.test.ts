import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/deprecation-expired';

// TEST_TODAY is 2026-11-22: 90 days before is 2026-08-24.
const old = (since: string) => `{ "name": "get_weather", "description": "Deprecated: use get_weather_v2 instead.", "deprecated": { "since": "${since}", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object" } }`;
const v2 = `{ "name": "get_weather_v2", "description": "Use this when the user asks for the weather at a place.", "parameters": { "type": "object" } }`;
const expired = `[\n  ${old('2026-01-10')},\n  ${v2}\n]`;

runRuleTests(rule, {
  valid: [
    { name: 'deprecated 90 days ago exactly', code: `[${old('2026-08-24')}, ${v2}]` },
    { name: 'deprecated recently', code: `[${old('2026-11-01')}, ${v2}]` },
    { name: 'a longer period in the configuration', code: `[${old('2026-01-10')}, ${v2}]`, config: { deprecationPeriodDays: 365 } },
    { name: 'dates with white space around, with a time (T or a space, UTC or no offset), 90 days ago exactly', code: `[${old(' 2026-08-24 ')}, ${old('2026-08-24T10:00:00Z').replace('get_weather"', 'get_weather_a"')}, ${old('2026-08-24 10:00').replace('get_weather"', 'get_weather_b"')}, ${v2}]` },
    { name: 'an offset east of UTC that is still the day before in UTC; a date one day ahead (a time zone ahead of UTC)', code: `[${old('2026-08-25T01:00:00+02:00')}, ${old('2026-11-23').replace('get_weather"', 'get_weather_a"')}, ${v2}]` },
  ],
  invalid: [
    {
      name: 'past the default period: the tool is removed with its separator',
      code: expired,
      fixOutsideTool: true,
      errors: [{ messageId: 'expired', at: '"2026-01-10"', data: { days: 316, period: 90 }, fixes: [{ title: 'Remove deprecated tool "get_weather"', output: `[\n  ${v2}\n]` }] }],
    },
    {
      name: 'one day over the period (MCP _meta marker); a single-tool file gets no removal fix',
      code: `{ "name": "search_docs", "description": "Deprecated: use search_pages instead.", "inputSchema": { "type": "object" }, "_meta": { "io.github.toolschema/deprecated": { "since": "2026-08-23", "replacedBy": ["search_pages"] } } }`,
      errors: [{ messageId: 'expired', at: '"2026-08-23"', data: { days: 91 }, fixes: [] }],
    },
    {
      name: 'a time with an offset is read in UTC: 23:30 at -01:00 on August 22 is August 23, 91 days ago',
      code: `[${old('2026-08-22T23:30:00-01:00')}, ${v2}]`,
      fixOutsideTool: true,
      errors: [{ messageId: 'expired', at: '"2026-08-22T23:30:00-01:00"', data: { since: '2026-08-23', days: 91 } }],
    },
    {
      name: 'a date still to come (a typo would keep the tool for ever), and a time that does not exist',
      code: `[${old('9999-12-31')}, ${old('2026-11-25').replace('get_weather"', 'get_weather_a"')}, ${old('2026-08-01T25:00').replace('get_weather"', 'get_weather_b"')}, ${v2}]`,
      errors: [
        { messageId: 'future', at: '"9999-12-31"', severity: 'warning', messageIncludes: 'is still to come (today is 2026-11-22)' },
        { messageId: 'future', at: '"2026-11-25"', severity: 'warning' },
        { messageId: 'badDate', at: '"2026-08-01T25:00"', severity: 'warning' },
      ],
    },
    {
      name: 'a date that is not a date',
      code: `[${old('last spring')}, ${v2}]`,
      errors: [{ messageId: 'badDate', at: '"last spring"', severity: 'warning', fixes: [] }],
    },
    {
      // An independent tester: "2026-02-30" was read as 2026-03-02 ("deprecated since 2026-02-30 (271 days)").
      name: 'a day the month does not have (February 30, April 31, February 29 of 2026)',
      code: `[${old('2026-02-30')}, ${old('2026-04-31').replace('get_weather"', 'get_weather_old"')}, ${old('2026-02-29').replace('get_weather"', 'get_weather_older"')}, ${v2}]`,
      errors: [
        { messageId: 'badDate', at: '"2026-02-30"', severity: 'warning', data: { since: '2026-02-30' } },
        { messageId: 'badDate', at: '"2026-04-31"', severity: 'warning' },
        { messageId: 'badDate', at: '"2026-02-29"', severity: 'warning' },
      ],
    },
    {
      name: 'a since that is not a string is quoted as written',
      code: `[${old('x').replace('"x"', 'null')}, ${v2}]`,
      errors: [{ messageId: 'badDate', at: 'null', severity: 'warning', messageIncludes: 'Deprecation date "null"' }],
    },
  ],
});
