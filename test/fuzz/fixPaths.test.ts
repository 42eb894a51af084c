/**
 * The fix paths seen from outside, a fast seeded profile (the engine-level properties of every fix are checked by
 * fuzz.test.ts): `toolschema lint --fix` and `--fix-dry-run` run as a user runs them on files in a temporary
 * folder, and the language server's code actions over stdio. The inputs are the fuzzer's (real files, some
 * mutated, and generated ones), several files per workspace, with misspelt tool keys whose safe fix gives a tool
 * its name (cross-file rules), CRLF, tabs, `\u` escapes, and now and then bytes that are not UTF-8.
 *
 * CLI: exit code 0 or 1 and nothing on stderr; the dry run writes nothing and its output is what --fix writes;
 * only files that parse (and are UTF-8) are rewritten, and they still parse; text outside the tools holding a fix
 * is unchanged, line endings too; what --fix reports is what a plain lint of the written files reports; a second
 * --fix changes nothing.
 * LSP: each quick fix of a diagnostic (a sample) names the document version it was computed for, stays inside the
 * document, does not overlap, parses, leaves the text outside its tool unchanged and removes its diagnostic from
 * the next publish; fix-all reaches a fixed point; a request sent right after a change is answered for the
 * changed text. Same seed, same inputs: a failure replays exactly.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextDocumentEdit, TextEdit } from 'vscode-languageserver-protocol';
import { generateToolFile, loadSources, mutate, mutationArb, rng, shuffled, type Source } from './fuzz';
import { TestClient } from '../lsp/lspClient';
import { ToolDocument } from '../../shared/src/document';
import { discoverTools } from '../../shared/src/discover';
import { toolAt } from '../../shared/src/fix';

const SEED = 20261124;
const CLI_WORKSPACES = 10;
const LSP_INPUTS = 80;
const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');

type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);
const chance = (r: Rand, p: number) => r() < p;

/** One input text: a real file (sometimes mutated) or a generated one, with layout changes and misspelt keys. */
function makeText(r: Rand, sources: readonly Source[]): string {
  let text: string;
  const roll = r();
  if (roll < 0.45) text = generateToolFile(int(r, 1_000_000));
  else {
    text = sources[int(r, sources.length)]!.text;
    if (roll < 0.7) text = mutate(text, fc.sample(mutationArb, { seed: int(r, 2 ** 31), numRuns: 1 })[0]!);
  }
  if (chance(r, 0.4)) {
    // A misspelt tool key: its safe fix gives the tool its name, description or parameters.
    const [re, to] = [[/"name"(\s*:)/g, '"Name"$1'], [/"name"(\s*:)/g, '"nmae"$1'], [/"description"(\s*:)/g, '"descripton"$1'], [/"parameters"(\s*:)/g, '"paramters"$1'], [/"inputSchema"(\s*:)/g, '"inputschema"$1']][int(r, 5)] as [RegExp, string];
    const all = [...text.matchAll(re)];
    const m = all[int(r, all.length)];
    if (m) text = text.slice(0, m.index) + m[0].replace(new RegExp(re.source), to) + text.slice(m.index! + m[0].length);
  }
  if (chance(r, 0.15)) text = text.replace(/^( {2})+/gm, (m) => '\t'.repeat(m.length / 2));
  if (chance(r, 0.1)) text = text.replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')).replace(/"(type)"/g, '"t\\u0079pe"');
  if (chance(r, 0.2)) text = text.replace(/\r?\n/g, '\r\n');
  return text;
}

const parses = (text: string) => {
  const d = new ToolDocument('file:///p.tool.json', text);
  return !!d.tree && d.syntaxProblems.length === 0 && !d.refused;
};

/** The [start, end) of the tool entry holding `offset` (with its key in a map of tools), or undefined. */
function toolSpan(text: string, offset: number): [number, number] | undefined {
  const d = new ToolDocument('file:///s.tool.json', text);
  const t = d.tree ? toolAt(discoverTools(d.tree).tools, offset) : undefined;
  if (!t) return undefined;
  const entry = t.outer.parent?.type === 'property' ? t.outer.parent : t.outer;
  return [entry.offset, entry.offset + entry.length];
}

const eol = (s: string) => (/\r(?!\n)/.test(s) ? 'cr' : s.includes('\r\n') ? (/(^|[^\r])\n/.test(s) ? 'mixed' : 'crlf') : s.includes('\n') ? 'lf' : 'none');

interface FileReport {
  path: string;
  diagnostics: { rule: string }[];
  fixed?: { rule: string; line: number; character: number }[];
  output?: string;
}

function lint(dir: string, args: string[]): { code: number | null; stderr: string; files: Map<string, FileReport> } {
  const r = spawnSync(process.execPath, [CLI, 'lint', ...args, '--format', 'json'], { cwd: dir, encoding: 'utf8' });
  let files = new Map<string, FileReport>();
  try {
    files = new Map((JSON.parse(r.stdout) as { files: FileReport[] }).files.map((f) => [f.path, f]));
  } catch {
    // reported by the caller (no report for a file)
  }
  return { code: r.status, stderr: r.stderr, files };
}

describe('fix paths from outside (fast seeded profile)', { timeout: 300_000 }, () => {
  const sources = loadSources(48 * 1024);

  it('toolschema lint --fix and --fix-dry-run', () => {
    const root = mkdtempSync(join(tmpdir(), 'toolschema-fixpaths-'));
    let rewritten = 0;
    try {
      for (let w = 0; w < CLI_WORKSPACES; w++) {
        const r = rng(SEED + w);
        const dir = join(root, `w${w}`);
        mkdirSync(dir);
        const files = Array.from({ length: 2 + int(r, 3) }, (_, i) => `f${i}.tool.json`);
        const original = new Map<string, Buffer>();
        for (const f of files) {
          const text = makeText(r, sources);
          // Now and then a byte that is not UTF-8: linted, never rewritten.
          const bytes = chance(r, 0.08) ? Buffer.concat([Buffer.from(text), Buffer.from([0xff])]) : Buffer.from(text);
          writeFileSync(join(dir, f), bytes);
          original.set(f, bytes);
        }
        // A file whose only tool takes a name another file defines once its misspelt "Name" key is fixed, and
        // mentions another: the other files' cross-file findings change with that fix.
        const defined = files.flatMap((f) => {
          const d = new ToolDocument('file:///d.tool.json', original.get(f)!.toString());
          return d.tree ? discoverTools(d.tree).tools.flatMap((t) => (typeof t.name === 'string' && /^[a-z_]+$/.test(t.name) ? [t.name] : [])) : [];
        });
        if (defined.length > 0 && chance(r, 0.6)) {
          const name = defined[int(r, defined.length)]!;
          const text = `{\n  "Name": "${name}",\n  "description": "Use this when the user asks for ${name.replace(/_/g, ' ')}. For more use ${defined[int(r, defined.length)]} or get_weather_v2.",\n  "parameters": { "type": "object", "properties": { "id": { "type": "str", "description": "The id." } }, "required": ["id"] }\n}\n`;
          files.push('named.tool.json');
          writeFileSync(join(dir, 'named.tool.json'), text);
          original.set('named.tool.json', Buffer.from(text));
        }
        if (chance(r, 0.3)) writeFileSync(join(dir, 'toolschema.config.json'), JSON.stringify({ rules: { 'keyword-unknown': 'off', 'name-duplicate': 'warning' } }));
        const order = shuffled(files, r);
        const where = (f: string) => `workspace ${w} (seed ${SEED + w}), ${f}`;
        const ok = (run: ReturnType<typeof lint>, name: string) => {
          assert.ok(run.code === 0 || run.code === 1, `${name}: exit code ${run.code}: ${run.stderr}`);
          assert.equal(run.stderr, '', name);
          for (const f of files) assert.ok(run.files.has(f), `${name}: no report for ${f}`);
        };
        const dry = lint(dir, [...order, '--fix-dry-run']);
        ok(dry, 'dry run');
        for (const f of files) assert.ok(readFileSync(join(dir, f)).equals(original.get(f)!), `${where(f)}: the dry run wrote`);
        const fix = lint(dir, [...order, '--fix']);
        ok(fix, '--fix');
        const written = new Map(files.map((f) => [f, readFileSync(join(dir, f))]));
        const plain = lint(dir, order);
        ok(plain, 'plain lint');
        assert.equal(fix.code, plain.code, `workspace ${w}: exit code of --fix and of a plain lint`);
        for (const [p, rep] of fix.files) assert.deepEqual(rep.diagnostics, plain.files.get(p)?.diagnostics, `${where(p)}: --fix reports what a plain lint of the written files reports`);
        const again = lint(dir, [...order, '--fix']);
        ok(again, 'second --fix');
        for (const f of files) {
          const before = original.get(f)!;
          const after = written.get(f)!;
          const d = dry.files.get(f)!;
          assert.ok(after.equals(d.output !== undefined ? Buffer.from(d.output) : before), `${where(f)}: --fix wrote what the dry run printed`);
          assert.deepEqual(again.files.get(f)!.fixed, [], `${where(f)}: a second --fix fixes nothing`);
          assert.ok(readFileSync(join(dir, f)).equals(after), `${where(f)}: a second --fix changes nothing`);
          if (after.equals(before)) continue;
          rewritten++;
          const text = before.toString();
          const out = after.toString();
          assert.ok(isUtf8(before) && parses(text), `${where(f)}: only files that parse are rewritten`);
          assert.ok(parses(out), `${where(f)}: the fixed file parses`);
          assert.ok(eol(out) === eol(text) || eol(out) === 'none', `${where(f)}: line endings ${eol(text)} became ${eol(out)}`);
          // Outside the tools holding a fix, the bytes are the same (in order).
          const doc = new ToolDocument('file:///x.tool.json', text);
          const spans = (fix.files.get(f)!.fixed ?? []).map((x) => toolSpan(text, doc.offsetAt({ line: x.line, character: x.character })));
          if (spans.some((s) => !s)) continue; // a file-level fix
          spans.sort((a, b) => a![0] - b![0]);
          let at = 0;
          let pos = 0;
          for (const [s, e] of spans as [number, number][]) {
            const seg = text.slice(at, Math.max(at, s));
            const i = at === 0 ? (out.startsWith(seg) ? 0 : -1) : out.indexOf(seg, pos);
            assert.ok(i >= 0, `${where(f)}: text outside the fixed tools changed: ${JSON.stringify(seg.slice(0, 60))}`);
            pos = i + seg.length;
            at = Math.max(at, e);
          }
          assert.ok(out.endsWith(text.slice(at)), `${where(f)}: text after the last fixed tool changed`);
        }
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    assert.ok(rewritten > 5, `${rewritten} files rewritten`);
  });

  describe('code actions over stdio', () => {
    let client: TestClient;
    before(async () => {
      client = new TestClient();
      await client.initialize(null, { workspace: { applyEdit: true, workspaceEdit: { documentChanges: true } } });
    });
    after(() => client.proc.kill());

    /** The next publish of `uri` at `version`, received after this call. */
    const published = (uri: string, version: number) => {
      const from = client.published.length;
      return client.waitForDiagnostics((p) => p.uri === uri && p.version === version && client.published.indexOf(p) >= from, 30_000);
    };
    const actions = (uri: string, range: Diagnostic['range'], diagnostics: Diagnostic[], only?: string[]) =>
      client.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics, ...(only ? { only } : {}) } }) as Promise<CodeAction[]>;

    /** Applies a versioned edit to the text of the version it names, after checking its ranges. */
    const apply = (a: CodeAction, uri: string, texts: Map<number, string>, where: string): { out: string; version: number; edits: TextEdit[] } => {
      const changes = a.edit?.documentChanges ?? [];
      assert.equal(changes.length, 1, `${where}: one document change`);
      const te = changes[0] as TextDocumentEdit;
      assert.equal(te.textDocument.uri, uri, where);
      const version = te.textDocument.version!;
      const text = texts.get(version);
      assert.ok(text !== undefined, `${where}: edit for version ${version}, never sent`);
      const lines = text.split(/\r\n|\r|\n/);
      const doc = TextDocument.create(uri, 'tool-json', version, text);
      const spans = te.edits.map((e) => {
        for (const p of [e.range.start, e.range.end]) assert.ok(p.line >= 0 && p.line < lines.length && p.character >= 0 && p.character <= lines[p.line]!.length, `${where}: position ${JSON.stringify(p)} outside the document`);
        return [doc.offsetAt(e.range.start), doc.offsetAt(e.range.end)] as const;
      });
      spans.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      for (let i = 1; i < spans.length; i++) assert.ok(spans[i]![0] >= spans[i - 1]![1], `${where}: overlapping edits`);
      return { out: TextDocument.applyEdits(doc, te.edits), version, edits: te.edits };
    };

    it('quick fixes, fix-all and requests after a change', async () => {
      let applied = 0;
      for (let k = 0; k < LSP_INPUTS; k++) {
        const r = rng(SEED * 3 + k);
        const uri = `file:///fixpaths/in${k}.tool.json`;
        const text0 = makeText(r, sources);
        const ok0 = parses(text0);
        const texts = new Map<number, string>([[1, text0]]);
        let version = 1;
        const set = async (text: string, wait = true) => {
          texts.set(++version, text);
          const p = wait ? published(uri, version) : undefined;
          await client.change(uri, version, [{ text }]);
          return (await p)?.diagnostics;
        };
        const opened = published(uri, 1);
        await client.open(uri, text0);
        let diags = (await opened).diagnostics;
        const same = (a: Diagnostic, b: Diagnostic) => a.code === b.code && a.message === b.message && JSON.stringify(a.data) === JSON.stringify(b.data);
        for (const diag of diags.filter((_, i) => i % Math.max(1, Math.ceil(diags.length / 3)) === 0)) {
          const titles = (await actions(uri, diag.range, [diag], ['quickfix'])).map((a) => a.title);
          for (const title of titles) {
            // Asked again at the current version (the text goes back to the original after each fix).
            const a = (await actions(uri, diag.range, [diag], ['quickfix'])).find((x) => x.title === title);
            const where = `input ${k} (seed ${SEED * 3 + k}): "${title}" for ${diag.code}`;
            assert.ok(a?.edit, `${where}: offered with an edit`);
            const { out, version: v, edits } = apply(a, uri, texts, where);
            assert.equal(v, version, `${where}: computed for the current version`);
            assert.ok(ok0, `${where}: offered on a file that does not parse`);
            assert.ok(parses(out), `${where}: the result parses`);
            const target = a.diagnostics?.[0] ?? diag;
            if (!title.startsWith('Fix all ')) {
              const span = toolSpan(text0, TextDocument.create(uri, 'tool-json', 1, text0).offsetAt(target.range.start));
              const removal = edits.length === 1 && edits[0]!.newText === '';
              if (span && !removal) assert.ok(out.slice(0, span[0]) === text0.slice(0, span[0]) && out.slice(span[1] + out.length - text0.length) === text0.slice(span[1]), `${where}: text outside its tool changed`);
            }
            applied++;
            const after = (await set(out))!;
            assert.ok(after.filter((x) => same(x, target)).length < diags.filter((x) => same(x, target)).length, `${where}: the diagnostic is gone from the next publish`);
            diags = (await set(text0))!;
          }
        }
        // Fix-all: a fixed point.
        const all = await actions(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, [], ['source.fixAll']);
        if (all[0]) {
          const { out } = apply(all[0], uri, texts, `input ${k}: fix-all`);
          assert.ok(ok0 && parses(out), `input ${k}: fix-all parses`);
          await set(out);
          assert.deepEqual(await actions(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, [], ['source.fixAll']), [], `input ${k}: fix-all is a fixed point`);
        }
        // A request right behind a change is answered for the changed text; a change right behind a request
        // does not relabel what was computed before it.
        const base = texts.get(version)!;
        await set('\n' + base, false);
        const asked = version;
        const pending = Promise.all(diags.slice(0, 3).map((d) => actions(uri, d.range, [d])));
        const last = set(base);
        for (const list of await pending) for (const a of list) if (a.edit) assert.equal(apply(a, uri, texts, `input ${k}: after a change`).version, asked);
        await last;
        await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      }
      assert.ok(applied > 30, `${applied} quick fixes applied`);
      assert.equal(client.stderr, '');
    });
  });
});
