import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/eval-args-invalid';
import { CASES, FIVE, ISSUE_TOOLS, issueSet } from '../evalFixtures';

const evalSet = { tools: ISSUE_TOOLS };

const GEMINI_TOOLS = `{
  "functionDeclarations": [
    {
      "name": "get_forecast",
      "description": "Use this when the user asks about the weather on coming days in a city. Returns one forecast per day.",
      "parameters": {
        "type": "OBJECT",
        "properties": {
          "city": { "type": "STRING", "description": "City name." },
          "days": { "type": "INTEGER", "minimum": 1, "maximum": 7, "description": "Days ahead, 1-7." }
        },
        "required": ["city", "days"]
      }
    }
  ]
}`;
// Independent fuzzer: 30 definitions, each an anyOf of two references to the next (2^30 schemas applied to one
// argument); validating the case's argument ran the CLI out of memory.
const EXPLODING_TOOLS = `{"name": "get_weather_report", "description": "Use this when the user asks about the weather.", "parameters": {"type": "object", "properties": {"m": {"$ref": "#/$defs/a0", "description": "Tree."}}, "$defs": {${Array.from({ length: 30 }, (_, i) => `"a${i}": {"anyOf": [{"$ref": "#/$defs/a${i + 1}"}, {"$ref": "#/$defs/a${i + 1}"}]}`).join(', ')}, "a30": {"type": "string", "minLength": 5}}}}`;
const forecast = (args: string) => `{ "id": "rome", "category": "normal", "prompt": "Rome this week?", "expect": { "tool": "get_forecast", "arguments": ${args} } }`;

runRuleTests(rule, {
  valid: [
    { name: 'valid arguments', code: issueSet(FIVE), evalSet },
    { name: 'some of the arguments (a required one left out)', code: issueSet([CASES.close42.replace(', "reason": "completed"', '')]), evalSet },
    { name: 'an unknown expected tool is eval-unknown-tool\'s business', code: issueSet([CASES.issue42.replace('"get_issue"', '"get_ticket"').replace('42 }', '"x" }')]), evalSet },
    {
      name: 'arguments against definitions that apply more than 10,000 subschemas to one value are not checked',
      code: issueSet([`{ "id": "a", "category": "normal", "prompt": "p", "expect": { "tool": "get_weather_report", "arguments": { "m": "x" } } }`]),
      evalSet: { tools: EXPLODING_TOOLS },
    },
    { name: 'Gemini upper-case types read as JSON Schema', code: issueSet([forecast('{ "city": "Rome", "days": 7 }')]), evalSet: { tools: GEMINI_TOOLS } },
  ],
  invalid: [
    {
      name: 'a value outside the enum',
      code: issueSet([CASES.login.replace('"state": "open"', '"state": "opened"')]),
      evalSet,
      errors: [{ messageId: 'invalid', at: '"opened"', data: { case: 'open-login-bugs', path: 'state', tool: 'search_issues', value: '"opened"' }, messageIncludes: 'must be one of "open", "closed", "all"' }],
    },
    {
      name: 'a string where the schema wants an integer, and a parameter the tool does not have',
      code: issueSet([CASES.issue42.replace('"issue_number": 42', '"issue_number": "42", "labels": ["bug"]')]),
      evalSet,
      errors: [
        { messageId: 'invalid', at: '"42"', data: { path: 'issue_number' }, messageIncludes: 'must be of type integer' },
        { messageId: 'invalid', at: '"labels"', data: { path: 'labels' }, messageIncludes: 'is not a parameter of this tool' },
      ],
    },
    {
      // An independent tester: 1e400 (read as Infinity) passed `type: integer` and was quoted as null.
      name: 'a number too large for a double is no number: quoted as written',
      code: issueSet([CASES.issue42.replace('"issue_number": 42', '"issue_number": 1e400')]),
      evalSet,
      errors: [{ messageId: 'invalid', at: '1e400', data: { path: 'issue_number', value: '1e400' }, messageIncludes: 'must be of type integer, and 1e400 is none: it is too large for a number, and JSON readers take it as infinity' }],
    },
    {
      name: 'over the maximum of a Gemini schema',
      code: issueSet([forecast('{ "city": "Rome", "days": 10 }')]),
      evalSet: { tools: GEMINI_TOOLS },
      errors: [{ messageId: 'invalid', at: '10', data: { path: 'days', tool: 'get_forecast' }, messageIncludes: 'must be <= 7 (maximum)' }],
    },
    {
      name: 'arguments for a case that expects no call',
      code: issueSet([CASES.chat.replace('"tool": null', '"tool": null, "arguments": { "query": "thanks" }')]),
      evalSet,
      errors: [{ messageId: 'noCallWithArguments', at: '"arguments"', data: { case: 'thanks' } }],
    },
  ],
});
