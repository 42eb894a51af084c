/**
 * Bugs the fuzzer found (test/fuzz/fuzz.ts), each reduced to its smallest input.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clearToolCache, lintText } from '../../shared/src/linter';
import { fixAll, fixesFor } from '../../shared/src/fix';
import { applyEdits } from '../../shared/src/fixes/edits';
import { MAX_FILE_BYTES } from '../../shared/src/document';
import { checkText, duplicateKeys } from './fuzz';

const DESC = 'Use this when the user asks for the projects of an owner. Returns their names.';

describe('fuzz regressions', () => {
  it('a member shadowed by a duplicate key is not linted (JSON.parse ignores it): only its parse-error is reported', () => {
    // Before, the rules linted both copies (and a fix on the first had to edit that copy, not the last one of its
    // name); the rules now read what JSON.parse reads, as the README says.
    const text = `{"name":"list_projects","description":"${DESC}","input_schema":{"type":"object","properties":{"owner_type":{"type":"string","description":"Owner type (user or org)."},"owner_type":{"type":"string","enum":["user","org"],"description":"Owner type (user or org)."}}}}`;
    const lint = lintText('file:///dup.tool.json', text);
    const first = text.indexOf('"owner_type"');
    const second = text.indexOf('"owner_type"', first + 1);
    assert.deepEqual(lint.findings.filter((f) => f.offset >= first && f.offset < second).map((f) => f.rule), ['parse-error']);
    assert.equal(lint.findings.find((f) => f.rule === 'type-closed-set-as-string'), undefined, 'the kept copy has its enum');
    assert.deepEqual(checkText(text, { maxFixedFindings: 10, keyOrder: false, fixAll: true }).problems, []);
  });

  it('renaming a repeated property renames every copy: the ignored first copy does not take the renamed one\'s place', () => {
    const text = `{"name":"handle_orders","description":"${DESC}","parameters":{"type":"object","properties":{"id":{"type":"integer","description":"ID of the order."},"limit":{"type":"integer","description":"How many, at most 20."},"id":{"type":"integer","description":"ID of the order."}},"required":["id"]}}`;
    const lint = lintText('file:///dup-rename.tool.json', text);
    const finding = lint.findings.find((f) => f.rule === 'param-name-vague');
    assert.ok(finding, 'the kept "id" is reported');
    const fix = fixesFor(lint, finding).find((x) => x.title.startsWith('Rename'));
    assert.ok(fix);
    const out = applyEdits(text, fix.edits);
    assert.equal(out.split('"id"').length - 1, 0, out);
    assert.equal(lintText('file:///dup-rename.tool.json', out).findings.filter((f) => f.rule === 'param-name-vague').length, 0);
    assert.deepEqual(checkText(text, { maxFixedFindings: 10, keyOrder: false, fixAll: true }).problems, []);
  });

  it('a key repeated more than 1,000 times: every ignored copy is skipped by the rules (1,000 reported), and fix-all leaves them alone', () => {
    // An independent fuzzer: only the first 1,000 copies were marked as ignored, so the 1,001st to 1,004th were linted
    // and fixed ("int" -> "integer") although JSON.parse reads only the last.
    const props = Array.from({ length: 1005 }, () => '"a":{"type":"int"}').join(',');
    const text = `{"type":"function","name":"get_x","description":"${DESC}","parameters":{"type":"object","properties":{${props}}}}`;
    const lint = lintText('file:///dups.tool.json', text);
    assert.equal(lint.doc.duplicateKeys.length, 1004);
    assert.equal(lint.findings.filter((f) => f.rule === 'parse-error').length, 1000);
    const lastKey = text.lastIndexOf('"a":');
    assert.deepEqual(lint.findings.filter((f) => f.rule === 'type-unknown').map((f) => f.offset > lastKey), [true]);
    const r = fixAll('file:///dups.tool.json', text);
    assert.equal(r.output.split('"integer"').length - 1, 1, 'only the member JSON.parse reads is fixed');
    assert.equal(r.output.split('"int"').length - 1, 1004);
  });

  it('fix-all applies no pass that takes the file over the size bound (every finding was listed as fixed, the file left unlinted)', () => {
    // An independent fuzzer: a description just under 32 MB, and fixes that lengthen the file ("int" -> "integer").
    const pre = `{"type":"function","name":"get_x","description":"${DESC} `;
    const post = `","parameters":{"type":"object","properties":{"n":{"type":"int","description":"n"}}}}`;
    const text = pre + 'word '.repeat(Math.floor((MAX_FILE_BYTES - pre.length - post.length - 2) / 5)) + post;
    assert.ok(text.length <= MAX_FILE_BYTES && text.length > MAX_FILE_BYTES - 8);
    const r = fixAll('file:///edge.tool.json', text);
    assert.equal(r.output, text);
    assert.deepEqual(r.fixed, []);
    assert.equal(r.remaining.doc.refused, undefined);
    assert.ok(r.remaining.findings.some((f) => f.rule === 'type-unknown'));
  });

  it('fix-all does not list as fixed a finding a later pass brings back (an independent fuzzer found it in both lists)', () => {
    // Pass 1 renames "additionalproperties": its unknown type "str" leaves the schema uncompilable, so the default
    // is not checked and its finding goes away; pass 2 fixes the type, and the default is reported again.
    const text = `{"name":"list_users","description":"${DESC}","inputSchema":{"type":"object","properties":{"tags":{"type":"null","description":"d","additionalproperties":{"type":"str"},"default":1}}}}`;
    const r = fixAll('file:///back.tool.json', text);
    assert.match(r.output, /"additionalProperties":\{"type":"string"\}/);
    assert.deepEqual(r.fixed.map((f) => f.rule).sort(), ['keyword-unknown', 'type-unknown']);
    assert.deepEqual(r.remaining.findings.filter((f) => f.rule === 'default-invalid').map((f) => f.pointer), ['/inputSchema/properties/tags/default']);
    // Every finding listed as fixed is gone: none of its rule remains at its pointer in the output.
    for (const f of r.fixed) assert.equal(r.remaining.findings.some((g) => g.rule === f.rule && g.pointer === f.pointer), false, `${f.rule} ${f.pointer}`);
  });

  it('fix-all applies no fix of a warning that adds an error, even beside a fix of an error in the same tool that pays for it', () => {
    const text = `{"name":"get_forecast","description":"${DESC}","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City name.","maxLenght":-1},"days":{"type":"int","description":"Days ahead."}},"required":["city"]}}`;
    const r = fixAll('file:///mixed.tool.json', text, { today: '2026-11-24' });
    // The type is fixed; the rename to "maxLength" (which would hold -1, an invalid schema) is not.
    assert.deepEqual(r.fixed.map((f) => f.rule), ['type-unknown']);
    assert.ok(r.output.includes('"maxLenght":-1') && r.output.includes('"type":"integer"'), r.output);
    assert.deepEqual(r.remaining.findings.filter((f) => f.severity === 'error').map((f) => f.rule), []);
    // Alone, the rename is refused as before; a rename that trades an error of its own (description-missing for
    // what the description says) is still made: see the CLI's --fix tests.
    const alone = fixAll('file:///alone.tool.json', text.replace('"type":"int"', '"type":"integer"'), { today: '2026-11-24' });
    assert.deepEqual(alone.fixed.map((f) => f.rule), []);
  });

  it('fix-all reports each fixed finding where it was in the text as given, also those fixed in a later pass', () => {
    const text = '{\n  "type": "function",\n  "function": {\n    "name": "get_weather",\n    "description": "Use this when the user asks for the weather in a city. Returns the forecast.",\n    "strict": true,\n    "parameters": {\n      "type": "object",\n      "properties": {\n        "place": {\n          "description": "Where to look.",\n          "properties": {\n            "city": { "type": "string", "description": "The city." }\n          },\n          "type": "object"\n        }\n      },\n      "required": ["place"],\n      "additionalProperties": false\n    }\n  }\n}\n';
    const plain = lintText('file:///passes.tool.json', text);
    const r = fixAll('file:///passes.tool.json', text, { today: '2026-11-24' });
    assert.ok(r.passes > 2, `fixed in ${r.passes} passes`);
    const where = (f: { rule: string; range: { start: { line: number; character: number } } }) => `${f.rule} ${f.range.start.line}:${f.range.start.character}`;
    // strict-additional-properties on the nested object (line 15 of the file, "type" at 14:18 zero-based): fixed in
    // the second pass, after the first added a line above it ("required": ["city"]), which moved it to 15:18.
    const sap = plain.findings.find((f) => f.rule === 'strict-additional-properties');
    assert.ok(sap);
    assert.deepEqual(r.fixed.map(where).filter((w) => w.startsWith('strict-additional-properties')), [where(sap)]);
    for (const f of r.fixed) assert.ok(plain.findings.some((p) => where(p) === where(f)), `${where(f)} is where the plain lint has it`);
  });

  it('fix-all writes no key twice: a misspelt "additional_properties" in strict mode is renamed, not joined by an added "additionalProperties"', () => {
    for (const value of ['true', 'false']) {
      const text = `{"name":"get_order","description":"${DESC}","strict":true,"input_schema":{"type":"object","properties":{"id":{"type":"string","description":"The order number."}},"required":["id"],"additional_properties":${value}}}`;
      const r = fixAll('file:///strict.tool.json', text, { today: '2026-11-24' });
      assert.equal(duplicateKeys(r.remaining.doc.tree), 0, r.output);
      // The user's own value is kept under the right name; a true still breaks strict mode, and is left to the user.
      assert.ok(r.output.endsWith(`"required":["id"],"additionalProperties":${value}}}`), r.output);
      assert.deepEqual(r.remaining.findings.filter((f) => f.rule === 'strict-additional-properties').map((f) => f.messageId), value === 'true' ? ['notFalse'] : []);
      assert.deepEqual(checkText(text, { maxFixedFindings: 10, keyOrder: false, fixAll: true }).problems, []);
    }
  });

  it('a tool without a name is reported at its description, whatever the order of its members', () => {
    const a = lintText('file:///a.tool.json', `{"parameters":{"type":"object"},"x":1,"description":"${DESC}"}`).findings.find((f) => f.messageId === 'nameMissing');
    const b = lintText('file:///b.tool.json', `{"x":1,"description":"${DESC}","parameters":{"type":"object"}}`).findings.find((f) => f.messageId === 'nameMissing');
    assert.equal(a?.pointer, '/description');
    assert.equal(b?.pointer, '/description');
  });

  it('shape-unknown lists the keys it found in sorted order', () => {
    const m = (t: string) => lintText('file:///c.tool.json', t).findings.find((f) => f.rule === 'shape-unknown')?.message;
    assert.equal(m('{"zeta":1,"api_name":2,"beta":3,"alpha":4,"omega":5}'), m('{"omega":5,"alpha":4,"beta":3,"api_name":2,"zeta":1}'));
    assert.match(m('{"zeta":1,"api_name":2,"beta":3,"alpha":4,"omega":5}')!, /"alpha", "api_name", "beta", "omega", …/);
  });

  it('values quoted in messages have their keys sorted', () => {
    const tool = (d: string) => `{"name":"get_x","description":"${DESC}","parameters":{"type":"object","properties":{"after":{"type":"string","description":"Cursor.","default":${d}}}}}`;
    const m = (t: string) => lintText('file:///d.tool.json', t).findings.find((f) => f.rule === 'default-invalid')?.message;
    assert.equal(m(tool('{"type":"integer","minimum":5}')), m(tool('{"minimum":5,"type":"integer"}')));
    assert.match(m(tool('{"type":"integer","minimum":5}'))!, /\{"minimum":5,"type":"integer"\}/);
  });
});

describe('fuzz regressions: suggestions', () => {
  it('"did you mean" between equally close names does not depend on the order of the properties', () => {
    const tool = (props: string) => `{"name":"get_show","description":"${DESC}","parameters":{"type":"object","properties":{${props}},"required":["show_date"]}}`;
    const m = (t: string) => lintText('file:///e.tool.json', t).findings.find((f) => f.rule === 'required-unknown')?.message;
    const a = m(tool('"show_time":{"type":"string","description":"Time."},"show_type":{"type":"string","description":"Type."}'));
    const b = m(tool('"show_type":{"type":"string","description":"Type."},"show_time":{"type":"string","description":"Time."}'));
    assert.ok(a);
    assert.equal(a, b);
  });
});

describe('fuzz regressions: unnamed tools', () => {
  it('description-missing on a tool without a name is reported at its parameter schema, whatever the order of its members', () => {
    const a = lintText('file:///f.tool.json', '{"functionDeclarations":[{"behavior":"BLOCKING","x":1,"parameters":{"type":"object"}}]}').findings.find((f) => f.rule === 'description-missing');
    const b = lintText('file:///f.tool.json', '{"functionDeclarations":[{"parameters":{"type":"object"},"x":1,"behavior":"BLOCKING"}]}').findings.find((f) => f.rule === 'description-missing');
    assert.ok(a);
    assert.equal(a.pointer, b?.pointer);
    assert.equal(a.pointer, '/functionDeclarations/0/parameters');
  });

  it('an unnamed tool is not labelled by its position (per-tool findings are cached by the tool\'s text; keyed maps reorder)', () => {
    const unnamed = '{"name":42,"parameters":{"type":"object"}}';
    const other = '{"name":43,"description":"Use this when the user asks for the weather.","parameters":{"type":"object"}}';
    const m = (t: string) => lintText('file:///g.tool.json', t).findings.filter((f) => f.rule === 'description-missing').map((f) => f.message);
    const alone = m(`[${unnamed}]`);
    // Same tool text, second in the list, linted with a warm cache and with a cold one: the same message.
    const warm = m(`[${other},${unnamed}]`);
    clearToolCache();
    const cold = m(`[${other},${unnamed}]`);
    assert.deepEqual(warm, cold);
    assert.deepEqual(alone, cold);
    assert.match(cold[0]!, /^Tool "\(unnamed\)" has no description/);
    // A map keyed by server name: the order of the servers does not change the message.
    const keyed = (a: string, b: string) => `{${a},${b}}`;
    const s0 = `"server0":{"tools":[${other.replace('43', '"get_weather"')}]}`;
    const s1 = `"server1":{"tools":[{"functionDeclarations":[${unnamed}]}]}`;
    assert.deepEqual(m(keyed(s0, s1)), m(keyed(s1, s0)));
  });

  it('fix-all lists every finding one fix resolves (all unlisted properties added to "required" at once), each where the file has it', () => {
    const text = '{"type":"function","name":"get_city_weather","description":"Gets the current weather for a city. Use this when the user asks about the weather.","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City name"},"unit_system":{"type":"string","description":"metric or imperial","enum":["metric","imperial"]}},"additionalProperties":false}}';
    const before = lintText('file:///a.tool.json', text).findings.filter((f) => f.rule === 'strict-required-all');
    assert.deepEqual(before.map((f) => f.pointer), ['/parameters/properties/city', '/parameters/properties/unit_system']);
    const r = fixAll('file:///a.tool.json', text, { today: '2026-11-25' });
    assert.ok(r.output.includes('"required":["city","unit_system"]') || r.output.includes('"required": ["city", "unit_system"]'), r.output);
    // Before, only the first was listed: the second finding was offered the same fix, refused as overlapping it.
    assert.deepEqual(r.fixed.map((f) => `${f.rule} ${f.pointer} ${f.offset}`), before.map((f) => `${f.rule} ${f.pointer} ${f.offset}`));
  });

  it('fix-all reports a finding of a later pass at a pointer of the file as given, not of the text between passes', () => {
    const text = '{"type":"function","name":"get_city_weather","description":"Gets the current weather for a city. Use this when the user asks about the weather.","parameters":{"type":"object","properties":{"temperature_cap":{"type":"float","description":"Highest temperature to report."}},"additionalProperties":false}}';
    const before = lintText('file:///b.tool.json', text).findings.find((f) => f.rule === 'type-unknown');
    assert.ok(before);
    assert.equal(before.pointer, '/parameters/properties/temperature_cap/type');
    const r = fixAll('file:///b.tool.json', text, { today: '2026-11-25' });
    const fixed = r.fixed.find((f) => f.rule === 'type-unknown');
    assert.ok(fixed, JSON.stringify(r.fixed.map((f) => f.rule)));
    // The first pass made the type nullable (["float", "null"]), the second corrected "float" at /type/0: in the
    // file as given that is the string "float" at /type, which the reported range now covers.
    assert.ok(r.passes >= 2);
    assert.equal(fixed.pointer, before.pointer);
    assert.equal(text.slice(fixed.offset, fixed.offset + fixed.length), '"float"');
    assert.deepEqual(fixed.range, before.range);
  });

  // From an independent tester of fix-all (2026-11-25).
  const strictTool = (params: string) => `{"type":"function","function":{"name":"get_weather","description":"Get the current weather for a city. Use this when the user asks about the weather.","strict":true,"parameters":${params}}}`;

  it('fix-all lists a finding that another finding\'s fix resolved on the way (a renamed "additional_properties" ends strict-additional-properties)', () => {
    const text = strictTool('{"type":"object","properties":{"city":{"type":"string","description":"City name"}},"required":["city"],"additional_properties":false}');
    const before = lintText('file:///r.tool.json', text).findings.filter((f) => f.severity !== 'info');
    assert.deepEqual(before.map((f) => f.rule).sort(), ['keyword-unknown', 'strict-additional-properties']);
    const r = fixAll('file:///r.tool.json', text, { today: '2026-11-25' });
    assert.ok(r.output.includes('"additionalProperties":false') && !r.output.includes('additional_properties'), r.output);
    assert.deepEqual(r.remaining.findings.filter((f) => f.severity !== 'info'), []);
    // Only the rename was listed ("Fixed 1 problem" while both were gone).
    assert.deepEqual(r.fixed.map((f) => `${f.rule} ${f.pointer} ${f.offset}`).sort(), before.map((f) => `${f.rule} ${f.pointer} ${f.offset}`).sort());
  });

  it('fix-all renames a misspelt "requried" before filling "required" for strict mode: the properties stay required, not made nullable', () => {
    const text = strictTool('{"type":"object","properties":{"city":{"type":"string","description":"City name"},"units":{"type":"string","description":"Units","enum":["c","f"]}},"requried":["city","units"],"additionalProperties":false}');
    const r = fixAll('file:///q.tool.json', text, { today: '2026-11-25' });
    // It made both nullable (["string","null"], null in the enum), added "required", and left "requried" beside it.
    assert.ok(r.output.includes('"required":["city","units"]') && !r.output.includes('requried') && !r.output.includes('null'), r.output);
    assert.deepEqual(r.fixed.map((f) => f.rule).sort(), ['keyword-unknown', 'strict-required-all', 'strict-required-all']);
  });

  it('fix-all does not make a type that is no JSON Schema type nullable ("" became ["", "null"])', () => {
    const text = strictTool('{"type":"object","properties":{"issuer":{"type":"","description":"The entity that issued the token."}},"required":[],"additionalProperties":false}');
    const r = fixAll('file:///e.tool.json', text, { today: '2026-11-25' });
    assert.ok(r.output.includes('"type":""'), r.output);
    assert.ok(!r.output.includes('"null"'), r.output);
  });

  it('removing a keyword the object repeats removes every copy (the next copy took its place and was reported again; seed 64)', () => {
    const text = '[{"type":"function","name":"list_tags","description":"Use this when the user asks for the tags. Returns their names.","strict":true,"parameters":{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"},"description":"Tags.","uniqueItems":true,"uniqueItems":false}},"required":["tags"],"additionalProperties":false}}]';
    const lint = lintText('file:///u.tool.json', text);
    const finding = lint.findings.find((f) => f.rule === 'strict-unsupported-keyword');
    assert.ok(finding);
    const fix = fixesFor(lint, finding).find((f) => f.title === 'Remove "uniqueItems"');
    assert.ok(fix, JSON.stringify(fixesFor(lint, finding).map((f) => f.title)));
    const out = applyEdits(text, fix.edits);
    assert.ok(!out.includes('uniqueItems'), out);
    assert.deepEqual(checkText(text, { maxFixedFindings: 10, keyOrder: true, fixAll: true }).problems, []);
  });
});

