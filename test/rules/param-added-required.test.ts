import assert from 'node:assert/strict';
import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/param-added-required';

/** The committed version (HEAD). */
const BASE = `[
  {
    "name": "search_orders",
    "description": "Use this when the user asks about their past orders; returns matching orders, newest first.",
    "parameters": {
      "type": "object",
      "properties": {
        "query": { "type": "string", "description": "Words to search for in order items." },
        "filter": {
          "type": "object",
          "properties": { "status": { "type": "string", "enum": ["open", "shipped"], "description": "Order status." } },
          "description": "Narrows the search."
        }
      },
      "required": ["query"]
    }
  }
]`;

function edit(from: string, to: string, base = BASE): string {
  assert.ok(base.includes(from), `test error: ${from} is not in the base`);
  return base.replace(from, to);
}

const QUERY = '"query": { "type": "string", "description": "Words to search for in order items." },';

const WITH_LIMIT = edit(QUERY, `${QUERY}\n        "limit": { "type": "integer", "description": "Maximum orders to return. Defaults to 20." },`).replace('"required": ["query"]\n', '"required": ["query", "limit"]\n');
const WITH_LIMIT_FIXED = edit(QUERY, `${QUERY}\n        "limit": { "type": "integer", "description": "Maximum orders to return. Defaults to 20.", "default": 20 },`);

const WITH_CURRENCY = edit(QUERY, `${QUERY}\n        "currency": { "type": "string", "description": "ISO 4217 code of the amounts shown." },`).replace('"required": ["query"]\n', '"required": ["currency", "query"]\n');
const WITH_CURRENCY_FIXED = edit(QUERY, `${QUERY}\n        "currency": { "type": "string", "description": "ISO 4217 code of the amounts shown." },`).replace('"required": ["query"]\n', '"required": ["query"]\n');

/** OpenAI strict mode. */
const STRICT_BASE = `{
  "type": "function",
  "name": "book_table",
  "description": "Use this when the user wants to reserve a table at a restaurant; returns the booking reference.",
  "strict": true,
  "parameters": {
    "type": "object",
    "properties": {
      "restaurant_id": { "type": "string", "description": "Restaurant id from search_restaurants." },
      "party_size": { "type": "integer", "description": "Number of guests." }
    },
    "required": ["restaurant_id", "party_size"],
    "additionalProperties": false
  }
}`;

const STRICT_ADDED = edit(
  '"party_size": { "type": "integer", "description": "Number of guests." }',
  '"party_size": { "type": "integer", "description": "Number of guests." },\n      "seating": { "type": "string", "enum": ["indoor", "terrace"], "description": "Where to sit." }',
  STRICT_BASE,
).replace('"required": ["restaurant_id", "party_size"]', '"required": ["restaurant_id", "party_size", "seating"]');

const STRICT_FIXED = STRICT_ADDED.replace('"seating": { "type": "string", "enum": ["indoor", "terrace"]', '"seating": { "type": ["string", "null"], "enum": ["indoor", "terrace", null]');

runRuleTests(rule, {
  valid: [
    { name: 'unchanged', code: BASE, baseline: BASE },
    {
      name: 'an optional parameter added with a default',
      code: edit(QUERY, `${QUERY}\n        "limit": { "type": "integer", "default": 20, "description": "Maximum orders to return." },`),
      baseline: BASE,
    },
    { name: 'strict mode: added as required and nullable', code: STRICT_FIXED, baseline: STRICT_BASE },
    { name: 'a required parameter that was already there', code: BASE.replace('"required": ["query"]\n', '"required": ["query"]\n'), baseline: BASE.replace('"required": ["query"]\n', '"required": ["query"]\n') },
    {
      name: 'a renamed parameter is breaking-change, not a new one',
      code: edit('"query": { "type": "string"', '"keywords": { "type": "string"').replace('"required": ["query"]\n', '"required": ["keywords"]\n'),
      baseline: BASE,
    },
    {
      name: 'a new optional object parameter with required fields of its own',
      code: edit(QUERY, `${QUERY}\n        "page": { "type": "object", "properties": { "cursor": { "type": "string", "description": "Cursor from the last page." } }, "required": ["cursor"], "description": "Paging." },`),
      baseline: BASE,
    },
    {
      name: 'a new tool, and no baseline at all',
      code: WITH_LIMIT.replace('"name": "search_orders"', '"name": "search_orders_by_text"'),
      baseline: BASE,
    },
    { name: 'no baseline', code: WITH_LIMIT },
  ],
  invalid: [
    {
      name: 'added as required, its description states the default: made optional with that default',
      code: WITH_LIMIT,
      baseline: BASE,
      errors: [
        {
          messageId: 'ordinary',
          at: '"limit"',
          tool: 'search_orders',
          data: { param: 'limit', base: 'HEAD' },
          messageIncludes: 'New parameter "limit" of "search_orders" is required, but it is not in HEAD',
          fixes: [{ title: 'Make "limit" optional with "default": 20', kind: 'suggestion', output: WITH_LIMIT_FIXED }],
        },
      ],
    },
    {
      name: 'added as required, no default in sight: only made optional',
      code: WITH_CURRENCY,
      baseline: BASE,
      errors: [{ messageId: 'ordinary', at: '"currency"', data: { param: 'currency' }, fixes: [{ title: 'Make "currency" optional', output: WITH_CURRENCY_FIXED }] }],
    },
    {
      name: 'strict mode: added as required but not nullable; the fix makes it nullable',
      code: STRICT_ADDED,
      baseline: STRICT_BASE,
      errors: [
        {
          messageId: 'strict',
          at: '"seating"',
          data: { param: 'seating', type: 'string' },
          messageIncludes: 'In OpenAI strict mode, add it as required with a type that includes null',
          fixes: [{ title: 'Make "seating" nullable', output: STRICT_FIXED }],
        },
      ],
    },
    {
      name: 'a required field added inside an existing object parameter',
      code: edit(
        '"properties": { "status": { "type": "string", "enum": ["open", "shipped"], "description": "Order status." } },',
        '"properties": { "status": { "type": "string", "enum": ["open", "shipped"], "description": "Order status." }, "region": { "type": "string", "description": "Sales region." } },\n          "required": ["region"],',
      ),
      baseline: BASE,
      errors: [{ messageId: 'ordinary', at: '"region"', data: { param: 'filter.region' } }],
    },
    {
      name: 'a tool that took no parameters now requires one',
      code: `{ "name": "get_status", "description": "Use this to check whether the service is up; returns ok or an outage note.", "parameters": { "type": "object", "properties": { "region": { "type": "string", "description": "Region to check." } }, "required": ["region"] } }`,
      baseline: `{ "name": "get_status", "description": "Use this to check whether the service is up; returns ok or an outage note." }`,
      errors: [{ messageId: 'ordinary', at: '"region"', data: { param: 'region' } }],
    },
  ],
});
