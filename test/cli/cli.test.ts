/**
 * The built CLI as a user runs it (a child process in a temporary folder): every format, exit codes,
 * --list-rules, --explain, bad paths, bad configuration, and the SARIF output validated against the
 * SARIF 2.1.0 JSON schema with ajv.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv4 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { RULES } from '../../shared/src/rules';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');
const SARIF_SCHEMA = resolve(__dirname, '../../../node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

function run(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const BAD = `{
  "name": "weather",
  "description": "Use this when the user asks for the current weather in a city; it returns the temperature.",
  "parameters": { "type": "object", "properties": { "city": { "type": "str", "description": "The city name." } }, "required": ["city"] }
}
`;

describe('toolschema CLI', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-cli-'));
    mkdirSync(join(dir, 'tools'));
    mkdirSync(join(dir, 'node_modules', 'pkg'), { recursive: true });
    writeFileSync(join(dir, 'tools', 'bad.tool.json'), BAD);
    writeFileSync(join(dir, 'node_modules', 'pkg', 'ignored.tool.json'), '{ "oops": ');
    writeFileSync(join(dir, 'broken.json'), '{ "name": ');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('text format reads like ESLint: file, line:col, severity, message, rule id, summary; exit 1 on errors', () => {
    const r = run(['lint'], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^tools\/bad\.tool\.json$/m);
    assert.match(r.stdout, /^ {2}2:11 +warning +Tool name "weather" does not start with a verb.*name-verb-first$/m);
    assert.match(r.stdout, /^ {2}4:\d+ +error +.*type-unknown$/m);
    assert.match(r.stdout, /✖ \d+ problems? \(\d+ errors?, \d+ warnings?.*\) in 1 file, 1 tool\./);
    assert.doesNotMatch(r.stdout, /node_modules/, 'node_modules is ignored');
  });

  it('json format is exactly the public contract', () => {
    const r = run(['lint', 'tools', '--format', 'json'], dir);
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout) as { version: number; files: { path: string; diagnostics: Record<string, unknown>[] }[] };
    assert.deepEqual(Object.keys(out), ['version', 'files']);
    assert.equal(out.version, 1);
    assert.equal(out.files.length, 1);
    assert.equal(out.files[0]!.path, 'tools/bad.tool.json');
    const d = out.files[0]!.diagnostics.find((x) => x.rule === 'name-verb-first')!;
    assert.deepEqual(Object.keys(d), ['rule', 'severity', 'message', 'tool', 'pointer', 'range']);
    assert.equal(d.severity, 'warning');
    assert.equal(d.tool, 'weather');
    assert.equal(d.pointer, '/name');
    assert.deepEqual(d.range, { start: { line: 1, character: 10 }, end: { line: 1, character: 19 } });
    const t = out.files[0]!.diagnostics.find((x) => x.rule === 'type-unknown')!;
    assert.equal(t.pointer, '/parameters/properties/city/type');
  });

  it('sarif output validates against the SARIF 2.1.0 schema and lists every rule, even on a clean run', () => {
    // The official schema has a pattern that is only valid without the `u` flag.
    const ajv = new Ajv4({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')));
    for (const args of [['lint', 'tools', '--format', 'sarif'], ['lint', 'empty', '--format', 'sarif']]) {
      if (args[1] === 'empty') {
        mkdirSync(join(dir, 'empty'), { recursive: true });
        writeFileSync(join(dir, 'empty', 'none.tool.json'), '[]');
      }
      const r = run(args, dir);
      const log = JSON.parse(r.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: unknown[] }[] };
      assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 3)));
      assert.deepEqual(log.runs[0]!.tool.driver.rules.map((x) => x.id).sort(), RULES.map((x) => x.id).sort());
      if (args[1] === 'empty') {
        assert.equal(r.code, 0);
        assert.equal(log.runs[0]!.results.length, 0);
      } else assert.ok(log.runs[0]!.results.length > 0);
    }
  });

  it('exit code 0 for warnings only, 1 with --max-warnings exceeded', () => {
    writeFileSync(join(dir, 'warn.json'), '{}');
    mkdirSync(join(dir, 'w'), { recursive: true });
    writeFileSync(join(dir, 'w', 'cfg.json'), JSON.stringify({ rules: { 'type-unknown': 'off' } }));
    const only = run(['lint', 'tools', '--config', 'w/cfg.json', '--format', 'json'], dir);
    const diags = (JSON.parse(only.stdout) as { files: { diagnostics: { severity: string }[] }[] }).files.flatMap((f) => f.diagnostics);
    assert.ok(diags.length > 0 && diags.every((x) => x.severity !== 'error'), JSON.stringify(diags));
    assert.equal(only.code, 0);
    const strict = run(['lint', 'tools', '--config', 'w/cfg.json', '--max-warnings', '0'], dir);
    assert.equal(strict.code, 1);
    assert.match(strict.stdout, /too many warnings/);
    // -1, ESLint's default, is no limit (as a separate argument too, though it starts with a dash).
    for (const args of [['--max-warnings', '-1'], ['--max-warnings=-1']]) {
      const unlimited = run(['lint', 'tools', '--config', 'w/cfg.json', ...args], dir);
      assert.equal(unlimited.code, 0, unlimited.stderr);
      assert.doesNotMatch(unlimited.stdout, /too many warnings/);
    }
  });

  it('--list-rules lists every rule with its default severity', () => {
    const r = run(['--list-rules'], dir);
    assert.equal(r.code, 0);
    for (const rule of RULES) assert.match(r.stdout, new RegExp(`^${rule.id} +${rule.meta.defaultSeverity} `, 'm'));
  });

  it('--list-rules --format json lists every rule as data; SARIF and paths are usage errors', () => {
    const r = run(['--list-rules', '--format', 'json'], dir);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { version: number; rules: { id: string; defaultSeverity: string; fixable: unknown; section: string; description: string }[] };
    assert.equal(out.version, 1);
    assert.deepEqual(out.rules.map((x) => x.id).sort(), RULES.map((x) => x.id).sort());
    for (const rule of RULES) {
      const listed = out.rules.find((x) => x.id === rule.id)!;
      assert.deepEqual(listed, { id: rule.id, section: rule.meta.section, defaultSeverity: rule.meta.defaultSeverity, fixable: rule.meta.fixable, description: rule.meta.docs.description });
    }
    const sarif = run(['--list-rules', '--format', 'sarif'], dir);
    assert.equal(sarif.code, 2);
    assert.match(sarif.stderr, /--list-rules prints text or JSON/);
    const withPath = run(['--list-rules', 'tools'], dir);
    assert.equal(withPath.code, 2);
    assert.equal(withPath.stderr, 'toolschema: --list-rules takes no paths; also given: "tools".\n');
  });

  it('--explain with more than one rule id is a usage error (the extra one was ignored)', () => {
    const r = run(['--explain', 'name-vague', 'name-verb-first'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, 'toolschema: --explain takes one rule id; also given: "name-verb-first".\n');
  });

  it('--explain prints the rule documentation; an unknown rule is a usage error', () => {
    const r = run(['--explain', 'name-verb-first'], dir);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Why:/);
    assert.match(r.stdout, /Bad:/);
    assert.match(r.stdout, /Good:/);
    const bad = run(['--explain', 'no-such-rule'], dir);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown rule "no-such-rule"/);
  });

  it('exit code 2 for a missing path, an unmatched glob, a bad option and an unreadable config', () => {
    assert.equal(run(['lint', 'nope.tool.json'], dir).code, 2);
    const glob = run(['lint', 'nothing/**/*.tool.json'], dir);
    assert.equal(glob.code, 2);
    assert.match(glob.stderr, /no files match/);
    // A pattern the glob library refuses (over 65,536 characters): said so, with the pattern cut short.
    const long = run(['lint', 'a'.repeat(70_000) + '*.tool.json'], dir);
    assert.equal(long.code, 2);
    assert.match(long.stderr, /^toolschema: cannot use the pattern "a{299}…" \(70,011 characters\): .*65536/);
    assert.ok(long.stderr.length < 600, `${long.stderr.length} characters`);
    assert.equal(run(['lint', '--format', 'xml'], dir).code, 2);
    const empty = run(['lint', ''], dir);
    assert.equal(empty.code, 2);
    assert.equal(empty.stderr, 'toolschema: an empty path was given (an unset shell variable?); name a file, a folder or a glob.\n');
    const emptyConfig = run(['lint', 'tools', '--config', ''], dir);
    assert.equal(emptyConfig.code, 2);
    assert.equal(emptyConfig.stderr, 'toolschema: --config was given an empty path (an unset shell variable?); name a toolschema.config.json file.\n');
    const folderConfig = run(['lint', 'tools', '--config', 'tools'], dir);
    assert.equal(folderConfig.code, 2);
    assert.equal(folderConfig.stderr, 'toolschema: cannot read configuration file "tools": it is a folder, not a regular file.\n');
    // Through a link to a folder the walk lints: judged where it leads. A dot file is not walked: accepted.
    symlinkSync('tools', join(dir, 'lk'));
    for (const location of ['c.tool.json', 'sets/x.eval.json', 'x.eval-results.json', 'lk/c.tool.json']) {
      const r = run(['lint', 'tools', '--cache', '--cache-location', location], dir);
      assert.equal(r.code, 2, location);
      assert.match(r.stderr, /would be linted as a tool file or evaluation file by the next run; give another --cache-location \(default: \.toolschemacache\)\.\n$/);
    }
    const dotCache = run(['lint', 'tools', '--cache', '--cache-location', 'tools/.c.tool.json'], dir);
    assert.notEqual(dotCache.code, 2, dotCache.stderr);
    rmSync(join(dir, 'tools', '.c.tool.json'), { force: true });
    rmSync(join(dir, 'lk'));
    for (const bad of ['many', '', ' ', '0x10', '1e3', '0b1', '-2', '-01', '2.5', '99999999999999999999']) {
      const r = run(['lint', `--max-warnings=${bad}`], dir);
      assert.equal(r.code, 2, `"${bad}"`);
      assert.equal(r.stderr, `toolschema: --max-warnings must be a non-negative integer of at most 15 digits (or -1: no limit), got "${bad}".\n`);
    }
    const cfg = run(['lint', 'tools', '--config', 'missing.json'], dir);
    assert.equal(cfg.code, 2);
    assert.match(cfg.stderr, /cannot read configuration file/);
  });

  it('a broken file given explicitly gets a parse-error diagnostic, not a crash', () => {
    const r = run(['lint', 'broken.json', '--format', 'json'], dir);
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string }[] }[] };
    assert.equal(out.files[0]!.path, 'broken.json');
    assert.ok(out.files[0]!.diagnostics.some((d) => d.rule === 'parse-error'));
  });

  it('a reader that closes the pipe early (`| head`) ends the run quietly with its exit code, no EPIPE stack trace', async () => {
    // Output far over a pipe's buffer: 2,000 tools with an unknown type each.
    const many = `[${Array.from({ length: 2000 }, (_, i) => BAD.replace('"weather"', `"get_weather_${i}"`)).join(',')}]`;
    writeFileSync(join(dir, 'many.json'), many);
    const child = spawn(process.execPath, [CLI, 'lint', 'many.json', '--format', 'json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
    assert.doesNotMatch(stderr, /EPIPE|\n\s+at /, stderr);
    assert.equal(code, 1);
  });

  it('a bad configuration file gets diagnostics on itself and linting goes on with defaults', () => {
    const cfgDir = join(dir, 'cfgcase');
    mkdirSync(cfgDir, { recursive: true });
    writeFileSync(join(cfgDir, 'a.tool.json'), BAD);
    writeFileSync(join(cfgDir, 'toolschema.config.json'), '{ "rules": { "name-verb-first": "loud" }, "budgets": { "toolsetSize": -1 } }');
    const r = run(['lint', '--format', 'json'], cfgDir);
    const out = JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string; message: string }[] }[] };
    const cfg = out.files.find((f) => f.path === 'toolschema.config.json')!;
    assert.ok(cfg, JSON.stringify(out.files.map((f) => f.path)));
    assert.ok(cfg.diagnostics.every((d) => d.rule === 'config-invalid'));
    assert.match(cfg.diagnostics.map((d) => d.message).join('\n'), /unknown severity/);
    assert.match(cfg.diagnostics.map((d) => d.message).join('\n'), /toolsetSize/);
    const tool = out.files.find((f) => f.path === 'a.tool.json')!;
    assert.ok(tool.diagnostics.some((d) => d.rule === 'name-verb-first'), 'the rule keeps its default severity');
  });

  it('without paths, a folder without tool files is fine (exit 0), but "files" of the configuration that match nothing are exit 2', () => {
    const base = join(dir, 'nofiles');
    mkdirSync(base, { recursive: true });
    writeFileSync(join(base, 'notes.json'), '{}');
    const empty = run(['lint'], base);
    assert.equal(empty.code, 0, empty.stderr);
    assert.match(empty.stdout, /No problems \(0 files, 0 tools\)/);
    writeFileSync(join(base, 'toolschema.config.json'), JSON.stringify({ files: ['tool/**/*.tool.json'] }));
    for (const args of [['lint'], ['lint', '.']]) {
      const r = run(args, base);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}`);
      assert.equal(r.stderr, 'toolschema: no tool files found in "." (looked for tool/**/*.tool.json, the "files" and "ignore" of toolschema.config.json).\n');
    }
    // An evaluation set beside is not a tool file; an "ignore" of everything finds none either.
    writeFileSync(join(base, 'a.eval.json'), JSON.stringify({ tools: './a.tool.json', cases: [] }));
    assert.equal(run(['lint'], base).code, 2);
    writeFileSync(join(base, 'a.tool.json'), BAD);
    writeFileSync(join(base, 'toolschema.config.json'), JSON.stringify({ ignore: ['**'] }));
    const ignored = run(['lint'], base);
    assert.equal(ignored.code, 2, ignored.stdout);
    assert.match(ignored.stderr, /no tool files found in "\." \(looked for \*\*\/\*\.tool\.json, the "files" and "ignore" of toolschema\.config\.json\)/);
  });

  it('configuration globs that leave the folder are refused, and nothing outside it is linted', () => {
    const base = join(dir, 'outsidecase');
    mkdirSync(join(base, 'ws', 'tools'), { recursive: true });
    mkdirSync(join(base, 'outside'), { recursive: true });
    writeFileSync(join(base, 'outside', 'secret.json'), BAD.replace('"weather"', '"internal_secret_tool"'));
    writeFileSync(join(base, 'ws', 'tools', 'in.json'), BAD);
    const cwd = join(base, 'ws');
    writeFileSync(join(cwd, 'toolschema.config.json'), JSON.stringify({ files: ['tools/*.json', '../outside/*.json'] }));
    // The key keeps its default, **/*.tool.json: no tool file here, and the message says why.
    const none = run(['lint', '.'], cwd);
    assert.equal(none.code, 2, none.stderr);
    assert.match(none.stderr, /no tool files found in "\." \(looked for \*\*\/\*\.tool\.json, the default, since toolschema\.config\.json: "\.\.\/outside\/\*\.json" climbs out of the folder with "\.\.": .*inside it\)\.\n$/);
    writeFileSync(join(cwd, 'a.tool.json'), BAD);
    writeFileSync(join(cwd, 'toolschema.config.json'), JSON.stringify({ files: ['**/*.tool.json', `${join(base, 'outside')}/*.json`] }));
    const r = run(['lint', '.', '--format', 'json'], cwd);
    const out = JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string; message: string }[] }[] };
    assert.deepEqual(out.files.map((f) => f.path).sort(), ['a.tool.json', 'toolschema.config.json']);
    assert.match(out.files.find((f) => f.path === 'toolschema.config.json')!.diagnostics[0]!.message, /is an absolute path: globs are relative to the folder of the configuration file/);
    assert.ok(!r.stdout.includes('internal_secret_tool'));
  });

  it('a configuration file switches rules off and changes budgets', () => {
    const cfgDir = join(dir, 'cfgok');
    mkdirSync(cfgDir, { recursive: true });
    writeFileSync(join(cfgDir, 'a.tool.json'), BAD);
    writeFileSync(join(cfgDir, 'toolschema.config.json'), JSON.stringify({ rules: { 'name-verb-first': 'off', 'type-unknown': 'hint' } }));
    const out = JSON.parse(run(['lint', '--format', 'json'], cfgDir).stdout) as { files: { diagnostics: { rule: string; severity: string }[] }[] };
    const diags = out.files.flatMap((f) => f.diagnostics);
    assert.ok(!diags.some((d) => d.rule === 'name-verb-first'));
    assert.ok(diags.filter((d) => d.rule === 'type-unknown').every((d) => d.severity === 'hint'));
  });

  it('one file named twice (a link and its target, as a shell glob names them) is linted once, with no name-duplicate against itself', () => {
    const sub = join(dir, 'twice');
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, 'v3.tool.json'), BAD);
    symlinkSync('v3.tool.json', join(sub, 'current.tool.json'));
    symlinkSync('v3.tool.json', join(sub, 'latest.tool.json'));
    writeFileSync(join(sub, 'other.tool.json'), BAD.replace('"weather"', '"get_other"'));
    const paths = (args: string[]) => {
      const r = run(['lint', ...args, '--format', 'json'], sub);
      const files = (JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string }[] }[] }).files;
      assert.ok(!files.some((f) => f.diagnostics.some((d) => d.rule === 'name-duplicate')), `${args.join(' ')}: ${r.stdout}`);
      return files.map((f) => f.path).sort();
    };
    // The target is also named: the link is dropped, whichever comes first.
    assert.deepEqual(paths(['current.tool.json', 'latest.tool.json', 'other.tool.json', 'v3.tool.json']), ['other.tool.json', 'v3.tool.json']);
    assert.deepEqual(paths(['v3.tool.json', 'current.tool.json']), ['v3.tool.json']);
    // Only links to one file: the first is kept.
    assert.deepEqual(paths(['latest.tool.json', 'current.tool.json']), ['latest.tool.json']);
    // A folder walk takes no links: the target, from the walk, stays.
    assert.deepEqual(paths(['.', 'current.tool.json']), ['other.tool.json', 'v3.tool.json']);
  });

  describe('--fix and --fix-dry-run', () => {
    const STRICT = `[
  {
    "type": "function",
    "function": {
      "name": "get_order",
      "description": "Use this when the user asks about one order by its number. Returns the order status.",
      "parameters": {
        "type": "object",
        "properties": {
          "order_id": { "type": "str", "description": "The order number." },
          "status": { "type": "string", "description": "Only orders in this state: open or closed." }
        },
        "required": ["order_id", "status"]
      },
      "strict": true
    }
  }
]
`;
    // The safe fixes, by hand: "str" is a Python name; a strict object needs additionalProperties: false.
    const FIXED = STRICT.replace('"type": "str"', '"type": "string"').replace('"required": ["order_id", "status"]', '"required": ["order_id", "status"],\n        "additionalProperties": false');
    let fixDir: string;
    before(() => {
      fixDir = mkdtempSync(join(tmpdir(), 'toolschema-fix-'));
    });
    after(() => rmSync(fixDir, { recursive: true, force: true }));

    it('--fix applies the safe fixes in place, reports them, and leaves suggestions for the user', () => {
      writeFileSync(join(fixDir, 'orders.tool.json'), STRICT);
      const r = run(['lint', '--fix', 'orders.tool.json'], fixDir);
      assert.equal(readFileSync(join(fixDir, 'orders.tool.json'), 'utf8'), FIXED);
      assert.match(r.stdout, /^Fixed 2 problems in 1 file: (strict-additional-properties \(1\), type-unknown \(1\)|type-unknown \(1\), strict-additional-properties \(1\))\.$/m);
      // The closed set "open or closed" is a suggestion: reported, not applied.
      assert.match(r.stdout, /type-closed-set-as-string$/m);
      assert.equal(r.code, 0, 'no errors remain');
      const again = run(['lint', '--fix', 'orders.tool.json'], fixDir);
      assert.match(again.stdout, /No safe fixes to apply/);
      assert.equal(readFileSync(join(fixDir, 'orders.tool.json'), 'utf8'), FIXED);
    });

    it('--fix-dry-run prints a diff and writes nothing; JSON carries fixed and output', () => {
      writeFileSync(join(fixDir, 'dry.tool.json'), STRICT);
      const r = run(['lint', '--fix-dry-run', 'dry.tool.json'], fixDir);
      assert.equal(readFileSync(join(fixDir, 'dry.tool.json'), 'utf8'), STRICT, 'nothing written');
      assert.match(r.stdout, /^-\s+"order_id": \{ "type": "str"/m);
      assert.match(r.stdout, /^\+\s+"order_id": \{ "type": "string"/m);
      assert.match(r.stdout, /^Would fix 2 problems in 1 file: .*Nothing was written \(--fix-dry-run\)\.$/m);
      const j = run(['lint', '--fix-dry-run', '--format', 'json', 'dry.tool.json'], fixDir);
      const out = JSON.parse(j.stdout) as { files: { fixed: { rule: string }[]; output: string; diagnostics: { rule: string }[] }[] };
      assert.equal(out.files[0]!.output, FIXED);
      assert.deepEqual(out.files[0]!.fixed.map((f) => f.rule).sort(), ['strict-additional-properties', 'type-unknown']);
      assert.ok(!out.files[0]!.diagnostics.some((d) => d.rule === 'type-unknown'), 'diagnostics are what remains');
    });

    it('a file that is not UTF-8 (invalid bytes, UTF-16, a byte-order mark) gets a parse-error and --fix leaves its bytes as they are', () => {
      // Before: read as UTF-8, fixed, and written back with U+FFFD in place of the bytes ED A0 80 (a raw lone surrogate).
      const at = STRICT.indexOf('Returns the order');
      const raw = Buffer.concat([Buffer.from(STRICT.slice(0, at)), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from(STRICT.slice(at))]);
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(STRICT, 'utf16le')]);
      const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(STRICT)]);
      for (const [name, bytes, message] of [['raw.tool.json', raw, /not valid UTF-8 \(bytes ED A0 80 FF here\)/], ['utf16.tool.json', utf16, /UTF-16 \(little-endian/], ['bom.tool.json', bom, /starts with a UTF-8 byte-order mark/]] as const) {
        writeFileSync(join(fixDir, name), bytes);
        for (const flag of ['--fix', '--fix-dry-run']) {
          const r = run(['lint', flag, '--format', 'json', name], fixDir);
          assert.equal(r.code, 1, r.stderr);
          assert.ok(readFileSync(join(fixDir, name)).equals(bytes), `${name} ${flag}: byte-identical`);
          const out = JSON.parse(r.stdout) as { files: { fixed: unknown[]; output?: string; diagnostics: { rule: string; message: string }[] }[] };
          assert.deepEqual(out.files[0]!.fixed, []);
          assert.equal(out.files[0]!.output, undefined);
          assert.ok(out.files[0]!.diagnostics.some((d) => d.rule === 'parse-error' && message.test(d.message)), JSON.stringify(out.files[0]!.diagnostics));
          // Still linted: the unknown type is reported, from the decoded text.
          assert.ok(out.files[0]!.diagnostics.some((d) => d.rule === 'type-unknown'));
        }
      }
    });

    it('positions in a file with a byte-order mark are counted without it, as an editor shows the file', () => {
      // Before: the mark was the first character of line 1, so every column on that line was one to the right.
      const text = '[{"name": "getOrder", "description": "Use this when the user asks about one order by its number.", "parameters": {"type": "object", "properties": {}}}]';
      writeFileSync(join(fixDir, 'bom1.tool.json'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
      const r = run(['lint', '--format', 'json', 'bom1.tool.json'], fixDir);
      const out = JSON.parse(r.stdout) as { files: { diagnostics: { rule: string; range: { start: { line: number; character: number } } }[] }[] };
      const name = out.files[0]!.diagnostics.find((d) => d.rule === 'name-format');
      assert.deepEqual(name?.range.start, { line: 0, character: text.indexOf('"getOrder"') }, r.stdout);
      // Two marks: editors strip one and show the other as U+FEFF (not JSON): positions count it, and the parse says so.
      writeFileSync(join(fixDir, 'bom2.tool.json'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), Buffer.from(text)]));
      const two = JSON.parse(run(['lint', '--format', 'json', 'bom2.tool.json'], fixDir).stdout) as typeof out;
      const diags = two.files[0]!.diagnostics as { rule: string; message: string; range: { start: { line: number; character: number } } }[];
      assert.deepEqual(diags.find((d) => d.rule === 'name-format')?.range.start, { line: 0, character: 1 + text.indexOf('"getOrder"') }, JSON.stringify(diags));
      assert.ok(diags.some((d) => d.rule === 'parse-error' && /U\+FEFF/.test(d.message)), JSON.stringify(diags));
    });

    it('--fix works against the names the other files define after their fixes: a fixed point, reporting what a plain lint reports', () => {
      // forecast.tool.json spells its name key "Name": the safe fix gives the tool its name, get_forecast, which the
      // two other files mention. Before: each file was fixed and reported against the names from before the
      // fixes, so weather.tool.json kept a description-sibling-unknown that a plain lint no longer reports, and
      // the fix of alerts.tool.json's "descripton" (it then names two unknown tools, more errors than the missing
      // description) was dropped by the first --fix and applied by the second.
      const sub = mkdtempSync(join(fixDir, 'names-'));
      const params = '"parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] }';
      writeFileSync(join(sub, 'forecast.tool.json'), `{\n  "Name": "get_forecast",\n  "description": "Use this when the user asks for the weather forecast of a city for the next days.",\n  ${params}\n}\n`);
      writeFileSync(join(sub, 'weather.tool.json'), `{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather in a city. For forecasts use get_forecast instead.",\n  ${params}\n}\n`);
      writeFileSync(join(sub, 'alerts.tool.json'), `{\n  "name": "get_alerts",\n  "descripton": "Use this when the user asks for weather alerts in a city. For forecasts use get_forecast, for the current weather use get_weather_now.",\n  ${params}\n}\n`);
      // A file that is not UTF-8 is never fixed, but it is reported against the names after the fixes too.
      writeFileSync(join(sub, 'rain.tool.json'), Buffer.concat([Buffer.from(`{\n  "name": "get_rain",\n  "description": "Use this when the user asks whether it will rain today. For the next days use get_forecast. `), Buffer.from([0xff]), Buffer.from(`",\n  ${params}\n}\n`)]));
      const files = ['weather.tool.json', 'rain.tool.json', 'alerts.tool.json', 'forecast.tool.json'];
      type Report = { files: { path: string; fixed: { rule: string }[]; diagnostics: { rule: string }[] }[] };
      const fix = run(['lint', ...files, '--fix', '--format', 'json'], sub);
      const fixed = JSON.parse(fix.stdout) as Report;
      const report = (r: Report, path: string) => r.files.find((f) => f.path === path)!;
      for (const f of ['weather.tool.json', 'rain.tool.json']) assert.ok(!report(fixed, f).diagnostics.some((d) => d.rule === 'description-sibling-unknown'), fix.stdout);
      assert.match(readFileSync(join(sub, 'alerts.tool.json'), 'utf8'), /"description": "Use this when the user asks for weather alerts/);
      // The rename also ends description-missing: listed as fixed on the way.
      assert.deepEqual(report(fixed, 'alerts.tool.json').fixed.map((f) => f.rule), ['description-missing', 'keyword-unknown']);
      const written = files.map((f) => readFileSync(join(sub, f), 'utf8'));
      const plain = run(['lint', ...files, '--format', 'json'], sub);
      assert.deepEqual((JSON.parse(plain.stdout) as Report).files.map((f) => f.diagnostics), fixed.files.map((f) => f.diagnostics), 'what --fix reports is what a plain lint reports');
      assert.equal(fix.code, plain.code);
      const again = run(['lint', ...files, '--fix', '--format', 'json'], sub);
      assert.deepEqual((JSON.parse(again.stdout) as Report).files.map((f) => f.fixed), [[], [], [], []], 'a second --fix has nothing to fix');
      assert.deepEqual(files.map((f) => readFileSync(join(sub, f), 'utf8')), written);
    });

    it('--fix reports the other files of a name in the order a plain lint gives', () => {
      // seen.tool.json gets its name from the fix ("Name"). Before: it went to the end of the names table when
      // it changed, and name-duplicate on first.tool.json named the other files in another order than a plain lint.
      const sub = mkdtempSync(join(fixDir, 'order-'));
      const body = '"description": "Use this when the user asks for the current weather in a city. Returns the temperature.",\n  "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] }';
      writeFileSync(join(sub, 'first.tool.json'), `{\n  "name": "get_weather",\n  ${body}\n}\n`);
      writeFileSync(join(sub, 'seen.tool.json'), `{\n  "Name": "get_weather",\n  ${body}\n}\n`);
      writeFileSync(join(sub, 'last.tool.json'), `{\n  "name": "get_weather",\n  ${body}\n}\n`);
      const files = ['first.tool.json', 'seen.tool.json', 'last.tool.json'];
      const fix = run(['lint', ...files, '--fix', '--format', 'json'], sub);
      const plain = run(['lint', ...files, '--format', 'json'], sub);
      const diagnostics = (stdout: string) => (JSON.parse(stdout) as { files: { diagnostics: { rule: string; message: string }[] }[] }).files.map((f) => f.diagnostics);
      // The other files are named in path order (last before seen), whatever the order of the arguments or of the fixes.
      assert.match(diagnostics(fix.stdout)[0]!.find((d) => d.rule === 'name-duplicate')?.message ?? '', /also defined in last\.tool\.json and 1 other file/);
      assert.deepEqual(diagnostics(fix.stdout), diagnostics(plain.stdout));
    });

    it('--fix never breaks a file: broken JSON is reported and left as it is; both flags together are a usage error', () => {
      writeFileSync(join(fixDir, 'broken.tool.json'), '{ "name": "x", "parameters": { "type": "int" ');
      const r = run(['lint', '--fix', 'broken.tool.json'], fixDir);
      assert.equal(r.code, 1);
      assert.equal(readFileSync(join(fixDir, 'broken.tool.json'), 'utf8'), '{ "name": "x", "parameters": { "type": "int" ');
      assert.match(r.stdout, /parse-error/);
      const both = run(['lint', '--fix', '--fix-dry-run', 'broken.tool.json'], fixDir);
      assert.equal(both.code, 2);
      assert.match(both.stderr, /cannot be used together/);
    });
  });
});
