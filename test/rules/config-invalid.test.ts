import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CONFIG, MAX_GLOB_LENGTH, MAX_GLOBS, globProblem, parseConfigText } from '../../shared/src/config';
import { RULES_BY_ID } from '../../shared/src/rules';

const known = new Set(RULES_BY_ID.keys());
const parse = (text: string) => parseConfigText('file:///w/toolschema.config.json', text, known);

describe('config-invalid', () => {
  it('valid: a full configuration', () => {
    const { config, findings } = parse('{ "profile": "openai", "rules": { "name-verb-first": "error", "toolset-size": "off" }, "files": ["tools/**/*.json"], "verbs": { "query": ["geolocate"] }, "budgets": { "toolsetSize": 30 } }');
    assert.deepEqual(findings, []);
    assert.equal(config.profile, 'openai');
    assert.equal(config.rules['toolset-size'], 'off');
    assert.deepEqual(config.files, ['tools/**/*.json']);
    assert.deepEqual(config.verbs.query, ['geolocate']);
    assert.equal(config.budgets.toolsetSize, 30);
    assert.equal(config.budgets.descriptionLength, 1024);
  });

  it('invalid: a number too large to read (1e400 is Infinity in JSON.parse) is said so, and the default is kept', () => {
    const text = '{ "budgets": { "descriptionLength": 1e400, "toolsetSize": 30 }, "deprecationPeriodDays": -1e400 }';
    const { config, findings } = parse(text);
    assert.deepEqual(findings.map((f) => [text.slice(f.offset, f.offset + f.length), f.message]), [
      ['1e400', '"budgets.descriptionLength" is too large to be a number (JSON readers take it as infinity); the default is used.'],
      ['-1e400', '"deprecationPeriodDays" is too large to be a number (JSON readers take it as infinity); the default is used.'],
    ]);
    assert.equal(config.budgets.descriptionLength, 1024);
    assert.equal(config.budgets.toolsetSize, 30);
    assert.equal(config.deprecationPeriodDays, 90, 'was Infinity');
  });

  it('invalid: globs a hostile repository could write to make matching take minutes; the key keeps its default', () => {
    const long = 'a'.repeat(MAX_GLOB_LENGTH + 1);
    const text = JSON.stringify({ files: ['tools/*.json', '*a*a*a*a*b/*.tool.json'], ignore: ['**/a/**/b/**/c/*.json', long] });
    const { config, findings } = parse(text);
    const at = (s: string) => findings.find((f) => text.slice(f.offset, f.offset + f.length) === JSON.stringify(s));
    assert.match(at('*a*a*a*a*b/*.tool.json')!.message, /^"\*a\*a\*a\*a\*b" has 5 "\*" in one path segment \(at most 3\)/);
    assert.match(at('**/a/**/b/**/c/*.json')!.message, /at most 2 "\*\*" segments; this one has 3/);
    assert.match(at(long)!.message, /at most 1,024 characters; this one has 1,025/);
    assert.equal(findings.length, 3);
    assert.deepEqual(config.files, DEFAULT_CONFIG.files);
    assert.deepEqual(config.ignore, DEFAULT_CONFIG.ignore);
  });

  it('invalid: more than MAX_GLOBS globs in "files" or "ignore" (200,000 ran the language server out of memory); the list keeps its default', () => {
    const globs = (n: number) => Array.from({ length: n }, (_, i) => `gen/x${i}/**`);
    const ok = parse(JSON.stringify({ ignore: globs(MAX_GLOBS) }));
    assert.deepEqual(ok.findings, []);
    assert.equal(ok.config.ignore.length, MAX_GLOBS);
    for (const key of ['files', 'ignore'] as const) {
      const text = JSON.stringify({ [key]: globs(200_000) });
      const { config, findings } = parse(text);
      assert.deepEqual(findings.map((f) => f.message), [`"${key}" holds globs past the first 256: at most 256 are accepted (each is matched against every path); the list is ignored and the default is used.`]);
      assert.deepEqual(config[key], DEFAULT_CONFIG[key]);
    }
  });

  it('invalid: more than 128 "*" inside names across one list (256 globs "*a*a*b<i>/**" took 46 s); "**" segments do not count', () => {
    const costly = parse(JSON.stringify({ ignore: Array.from({ length: 256 }, (_, i) => `*a*a*b${i}/**`) }));
    assert.deepEqual(costly.findings.map((f) => f.message), ['The globs of "ignore" have 768 "*" inside names in all (at most 128; "**" segments aside): each glob is matched against every path, so many wildcards can take minutes on long names. Use fewer globs, or whole folders ("dist/**").']);
    assert.deepEqual(costly.config.ignore, DEFAULT_CONFIG.ignore);
    const folders = parse(JSON.stringify({ ignore: Array.from({ length: 256 }, (_, i) => `**/gen${i}/**`) }));
    assert.deepEqual(folders.findings, []);
  });

  it('warning: a repeated key names the one that applies (the last, as JSON.parse reads it)', () => {
    const text = '{\n  "rules": { "name-format": "off", "toolset-size": "off",\n    "name-format": "error" },\n  "profile": "openai",\n  "profile": "mcp"\n}';
    const { config, findings } = parse(text);
    assert.deepEqual(
      findings.map((f) => [f.severity, text.slice(f.offset, f.offset + f.length), f.message]),
      [
        ['warning', '"name-format"', '"name-format" is repeated in this object: the one on line 3 applies and this one is ignored; remove one of them.'],
        ['warning', '"profile"', '"profile" is repeated in this object: the one on line 5 applies and this one is ignored; remove one of them.'],
      ],
    );
    assert.equal(config.rules['name-format'], 'error');
    assert.equal(config.profile, 'mcp');
  });

  it('valid: globs within the bounds', () => {
    for (const g of ['**/*.tool.json', '**/node_modules/**', 'packages/**/tools/**/*.json', '*-*-*.json', '{a,b}/*.{tool,tools}.json', '**', '']) assert.equal(globProblem(g), undefined, g);
    // After a "**", at most 2 "*" in a segment: 256 globs "**/*a*a*b<i>/**" on 15 folders of 200-character names
    // took 2.5 minutes (found by an independent audit); the same segment without "**" before it costs 1 ms a path.
    for (const g of ['**/*-*.json', '*a*a*b/**', 'tools/*_*_v*.json']) assert.equal(globProblem(g), undefined, g);
    assert.match(globProblem('**/*a*a*b0/**') ?? 'accepted', /has 3 "\*" in one path segment \(at most 2 after a "\*\*"\)/);
    const { findings } = parse('{ "files": ["packages/**/tools/**/*.json", "agents/*_*_v*.json"], "ignore": ["**/node_modules/**"] }');
    assert.deepEqual(findings, []);
  });

  it('invalid: globs that are absolute or climb out of the folder (a repository could point the linter at any file)', () => {
    for (const g of ['./tools/*.json', 'a..b/*.json', '..foo/*.json', 'x/...json', '{a,b}/..json']) assert.equal(globProblem(g), undefined, g);
    const outside: [string, RegExp][] = [
      ['/etc/**/*.json', /^"\/etc\/\*\*\/\*\.json" is an absolute path: globs are relative to the folder of the configuration file \(for a path in that folder, write "etc\/\*\*\/\*\.json"\)\.$/],
      ['/**/*.json', /absolute path/],
      ['C:/Users/**', /absolute path/],
      ['\\\\server\\share\\*.json', /absolute path/],
      ['{src,/etc}/*.json', /absolute path/],
      ['../other/**/*.json', /^"\.\.\/other\/\*\*\/\*\.json" climbs out of the folder with "\.\."/],
      ['tools/../../x.json', /climbs out/],
      ['..', /climbs out/],
      ['{..,src}/**/*.json', /climbs out/],
      ['@(..)/*.json', /climbs out/],
    ];
    for (const [g, expected] of outside) assert.match(globProblem(g) ?? 'accepted', expected, g);
    const text = '{ "files": ["tools/**/*.json", "../secrets/**/*.json"], "ignore": ["/dist/**"] }';
    const { config, findings } = parse(text);
    assert.deepEqual(findings.map((f) => [f.rule, f.severity, text.slice(f.offset, f.offset + f.length)]), [
      ['config-invalid', 'error', '"../secrets/**/*.json"'],
      ['config-invalid', 'error', '"/dist/**"'],
    ]);
    // The key with a bad glob keeps its default.
    assert.deepEqual(config.files, DEFAULT_CONFIG.files);
    assert.deepEqual(config.ignore, DEFAULT_CONFIG.ignore);
  });

  it('valid: verbs as a plain list', () => {
    const { config, findings } = parse('{ "verbs": ["geolocate"] }');
    assert.deepEqual(findings, []);
    assert.deepEqual(config.verbs.action, ['geolocate']);
  });

  it('invalid: unknown severity, unknown rule, unknown key, bad budget; defaults kept for those', () => {
    const text = '{ "rules": { "name-verb-first": "loud", "no-such-rule": "off" }, "profil": "openai", "budgets": { "toolsetSize": 0 } }';
    const { config, findings } = parse(text);
    const at = (s: string) => findings.find((f) => text.slice(f.offset, f.offset + f.length) === s);
    assert.match(at('"loud"')!.message, /unknown severity; use one of "off", "hint", "info", "warning", "error"/);
    assert.match(at('"no-such-rule"')!.message, /Unknown rule id/);
    assert.match(at('"profil"')!.message, /Unknown setting "profil"/);
    assert.match(at('0')!.message, /at least 1/);
    assert.ok(findings.every((f) => f.rule === 'config-invalid' && f.severity === 'error'));
    assert.equal(config.rules['name-verb-first'], undefined);
    assert.equal(config.rules['no-such-rule'], 'off');
    assert.equal(config.budgets.toolsetSize, 20);
  });

  it('invalid: a severity written as ESLint writes it says what to write instead; the rule keeps its default', () => {
    const text = '{ "rules": { "name-verb-first": "warn", "name-vague": 2, "name-format": 0, "description-too-short": ["warn", { "min": 3 }], "eval-missing": "Error", "eval-stale": "loud" } }';
    const { config, findings } = parse(text);
    const at = (s: string) => findings.find((f) => text.slice(f.offset, f.offset + f.length) === s)!.message;
    assert.equal(at('"warn"'), '"rules.name-verb-first": unknown severity (for "warn" write "warning"); use one of "off", "hint", "info", "warning", "error". The rule keeps its default.');
    assert.match(at('2'), /^"rules.name-vague": unknown severity \(for 2 write "error"\);/);
    assert.match(at('0'), /^"rules.name-format": unknown severity \(for 0 write "off"\);/);
    assert.match(at('["warn", { "min": 3 }]'), /^"rules.description-too-short": unknown severity \(\["warn",\{"min":3\}\] is ESLint's form with options, which toolschema rules do not take: write "warning"\);/);
    assert.match(at('"Error"'), /unknown severity \(for "Error" write "error"\);/);
    assert.match(at('"loud"'), /^"rules.eval-stale": unknown severity; use one of/);
    assert.equal(findings.length, 6);
    for (const id of ['name-verb-first', 'name-vague', 'name-format', 'description-too-short', 'eval-missing', 'eval-stale']) assert.equal(config.rules[id], undefined, id);
  });

  it('invalid: one message per problem, about the key or value at fault (rule ids that are not words, each form of "verbs")', () => {
    const messages = (text: string) => parse(text).findings.map((f) => `${text.slice(f.offset, f.offset + f.length)}: ${f.message}`);
    assert.deepEqual(messages('{"rules": {"__proto__": "off"}}'), ['"__proto__": Unknown rule id "__proto__"; run "toolschema --list-rules" for the list.']);
    assert.deepEqual(messages('{"rules": {"Name-Format": "off"}}'), ['"Name-Format": Unknown rule id "Name-Format"; run "toolschema --list-rules" for the list.']);
    assert.deepEqual(messages('{"verbs": "get"}'), ['"get": "verbs" must be a list of verbs or an object {"query": [...], "mutation": [...], "action": [...]}; it is ignored.']);
    assert.deepEqual(messages('{"verbs": {"query": "get"}}'), ['"get": "verbs.query" must be an array; the default is used.']);
    assert.deepEqual(messages('{"verbs": {"other": ["x"]}}'), ['"other": Unknown setting "other"; it is ignored. Known settings here: query, mutation, action.']);
    assert.deepEqual(messages('{"verbs": [1]}'), ['1: "verbs.0" must be of type string; the default is used.']);
  });

  it('invalid: a huge unknown key is quoted clipped, not copied whole into the message (a 2 MB rule id)', () => {
    const long = 'y'.repeat(2_000_000);
    for (const text of [`{"rules": {"${long}": "off"}}`, `{"${long}": 1}`, `{"verbs": {"${long}": ["x"]}}`]) {
      const found = parse(text).findings;
      assert.equal(found.length, 1, text.slice(0, 30));
      assert.ok(found[0]!.message.length < 600, `${found[0]!.message.length} characters`);
      assert.match(found[0]!.message, /"y{200,}…"/);
    }
  });

  it('invalid: broken JSON falls back to the defaults', () => {
    const { config, findings } = parse('{ "profile": "openai", ');
    assert.equal(findings.length, 1);
    assert.match(findings[0]!.message, /defaults are used/);
    assert.equal(config.profile, 'auto');
  });
});
