// Differential fuzz: the language server after an editing session vs the CLI on the same final state.
// Usage: npm run fuzz:server -- --seed S [--sessions N] [--steps K] [--verbose] [--keep] | --session N
// (after `npm run build`). README, Fuzzing, says what it drives and checks. A failing session keeps its
// workspace and writes its log (the steps, and each failure) beside it; `--session N` replays one.
import { createRequire } from 'node:module';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync, readdirSync, statSync, existsSync, cpSync } from 'node:fs';
import { join, dirname, relative, basename } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const rpc = require(join(ROOT, 'node_modules/vscode-jsonrpc/node'));
const { TextDocument } = require(join(ROOT, 'node_modules/vscode-languageserver-textdocument'));
const jsonc = require(join(ROOT, 'node_modules/jsonc-parser'));
const picomatch = require(join(ROOT, 'node_modules/picomatch'));

const SERVER = process.env.TOOLSCHEMA_SERVER ?? join(ROOT, 'dist/server/server.js');
const CLI = join(ROOT, 'dist/cli/toolschema.js');

const argv = process.argv.slice(2);
const opt = (n, d) => {
  const i = argv.indexOf('--' + n);
  return i >= 0 ? argv[i + 1] : d;
};
const SEED = Number(opt('seed', '1'));
const SESSIONS = Number(opt('sessions', '1'));
const STEPS = Number(opt('steps', '40'));
const VERBOSE = argv.includes('--verbose');
const KEEP = argv.includes('--keep');
const QUIET_MS = Number(opt('quiet', '400'));
const SETTLE_TRIES = Number(opt('settle', '8'));

// ---------------------------------------------------------------- random
function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
let rnd = mulberry32(SEED);
const int = (n) => Math.floor(rnd() * n);
const pick = (a) => a[int(a.length)];
const chance = (p) => rnd() < p;

// ---------------------------------------------------------------- pool of real files
function walk(d, out = []) {
  for (const f of readdirSync(d)) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (f.endsWith('.tool.json')) out.push(p);
  }
  return out;
}
const POOL = [
  ...walk(join(ROOT, '../shared/corpus')).filter((p) => statSync(p).size < 4000),
  ...walk(join(ROOT, 'examples')),
].sort();

// ---------------------------------------------------------------- JSON helpers
const TOOL_KEYS = ['parameters', 'input_schema', 'inputSchema', 'description', 'parametersJsonSchema'];
/** Tool-like objects: { name: string, and a description or schema key }. */
function toolObjects(value, out = []) {
  if (Array.isArray(value)) for (const v of value) toolObjects(v, out);
  else if (value && typeof value === 'object') {
    if (typeof value.name === 'string' && TOOL_KEYS.some((k) => k in value)) out.push(value);
    for (const v of Object.values(value)) toolObjects(v, out);
  }
  return out;
}
function namesInText(text) {
  try {
    return toolObjects(JSON.parse(text)).map((t) => t.name);
  } catch {
    return [];
  }
}
/** Arrays of tool-like objects (parent arrays), for deleting / duplicating tools. */
function toolArrays(value, out = []) {
  if (Array.isArray(value)) {
    if (value.some((v) => v && typeof v === 'object' && (toolObjects(v).length > 0))) out.push(value);
    for (const v of value) toolArrays(v, out);
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) toolArrays(v, out);
  return out;
}
function serialize(value) {
  const indent = pick([2, 2, 4, '\t', 0]);
  let s = JSON.stringify(value, null, indent);
  if (chance(0.25)) s = s.replace(/\n/g, '\r\n');
  if (chance(0.7)) s += chance(0.2) ? '\r\n' : '\n';
  return s;
}

const MENTIONS = (other) => pick([
  `Use \`${other}\` instead when the user asks for something else. `,
  `Call ${other} first to get the id. `,
  `Deprecated: use ${other} instead. `,
  `Do not use for updates; use "${other}" instead. `,
  `See ${other} tool. `,
]);
const MISSING = ['get_missing_thing', 'list_ghost_items', 'fetch_data', 'search_nowhere_v2'];

/** Mutates a parsed tool file in place with cross-file intent. */
function mutateValue(value, otherNames) {
  const tools = toolObjects(value);
  if (tools.length === 0) return;
  const k = int(6);
  const t = pick(tools);
  if (k === 0 && otherNames.length) t.name = pick(otherNames); // collide across files
  else if (k === 1) t.description = MENTIONS(otherNames.length && chance(0.7) ? pick(otherNames) : pick(MISSING)) + (typeof t.description === 'string' ? t.description : '');
  else if (k === 2) {
    const arrs = toolArrays(value);
    if (arrs.length) {
      const a = pick(arrs);
      const i = int(a.length);
      const copy = JSON.parse(JSON.stringify(a[i]));
      const ct = toolObjects(copy)[0];
      if (ct) {
        const orig = ct.name;
        ct.name = orig + '_v2';
        if (chance(0.5)) {
          const ot = toolObjects(a[i])[0];
          if (ot) ot.deprecated = chance(0.5) ? { since: '2025-01-01', replacedBy: [ct.name] } : true;
        }
        a.splice(i + 1, 0, copy);
      }
    }
  } else if (k === 3) {
    const arrs = toolArrays(value).filter((a) => a.length > 1);
    if (arrs.length) {
      const a = pick(arrs);
      a.splice(int(a.length), 1);
    }
  } else if (k === 4) t.name = t.name + '_v2';
  else if (k === 5 && tools.length > 1) t.name = pick(tools).name; // collide inside the file
}

// ---------------------------------------------------------------- workspace
function makeWorkspace() {
  const dir = mkdtempSync(join(tmpdir(), `dfz-${SEED}-`));
  const ws = join(dir, 'ws');
  mkdirSync(ws);
  const n = 2 + int(7);
  const files = new Map(); // rel -> text
  const used = new Set();
  for (let i = 0; i < n; i++) {
    const src = pick(POOL);
    let base = basename(src).replace(/\.tool\.json$/, '').replace(/[^a-zA-Z0-9_.-]/g, '_').slice(-30);
    while (used.has(base)) base += '_b';
    used.add(base);
    const sub = chance(0.2) ? 'sub/' : '';
    files.set(`${sub}${base}.tool.json`, readFileSync(src, 'utf8'));
  }
  // Cross-file mutations.
  const rels = [...files.keys()];
  for (let m = 0; m < 2 + int(6); m++) {
    const rel = pick(rels);
    let value;
    try {
      value = JSON.parse(files.get(rel));
    } catch {
      continue;
    }
    const others = rels.filter((r) => r !== rel).flatMap((r) => namesInText(files.get(r)));
    mutateValue(value, others);
    files.set(rel, serialize(value));
  }
  // Evaluation sets.
  for (const rel of rels) {
    if (!chance(0.3)) continue;
    const names = namesInText(files.get(rel));
    const cats = ['normal', 'ambiguous', 'adversarial'];
    const cases = [];
    const nc = 1 + int(9);
    for (let i = 0; i < nc; i++) {
      const c = { id: `case-${i % (chance(0.1) ? 2 : 100)}`, category: chance(0.05) ? 'weird' : cats[i % 3], prompt: `Prompt ${i}`, expect: { tool: chance(0.2) ? null : chance(0.8) && names.length ? pick(names) : pick(MISSING) } };
      if (chance(0.3)) c.expect.arguments = { city: 'Paris' };
      if (chance(0.2)) c.expect.allowed_tools = names.slice(0, 2);
      cases.push(c);
    }
    const set = { cases };
    if (chance(0.3)) set.tools = './' + basename(rel);
    files.set(rel.replace(/\.tool\.json$/, '.eval.json'), serialize(set));
  }
  // Configuration.
  const r = rnd();
  if (r < 0.2) files.set('toolschema.config.json', serialize({ rules: { 'description-when-missing': 'off', 'name-format': 'error' }, budgets: { descriptionMinWords: 3, toolsetSize: 3 } }));
  else if (r < 0.3) files.set('toolschema.config.json', serialize({ rules: { 'no-such-rule': 'off', 'eval-missing': 'loud' }, profile: 'nope', budgets: { descriptionLength: 'x' } }));
  else if (r < 0.35) files.set('toolschema.config.json', '{ "rules": { "name-duplicate": "warning", }');
  else if (r < 0.5) files.set('toolschema.config.json', serialize({ ignore: ['sub/**'], rules: { 'description-too-short': 'error' } }));
  else if (r < 0.55) files.set('toolschema.config.json', serialize({ profile: pick(['openai', 'anthropic', 'mcp', 'gemini', 'generic']), rules: { 'eval-missing': 'off' } }));
  for (const [rel, text] of files) {
    mkdirSync(dirname(join(ws, rel)), { recursive: true });
    writeFileSync(join(ws, rel), text);
  }
  return { dir, ws };
}

// ---------------------------------------------------------------- LSP client
class Client {
  constructor(ws) {
    this.ws = ws;
    this.published = []; // every publish, in order
    this.last = new Map(); // uri -> last publish
    this.errors = [];
    this.stderr = '';
    this.lastMessageAt = Date.now();
    this.proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stderr.on('data', (d) => (this.stderr += d.toString()));
    this.exited = null;
    this.proc.on('exit', (code, sig) => (this.exited = { code, sig }));
    // The reader's partial-message timer off: a server killed mid-message would otherwise leave a timer that
    // re-arms itself forever and keeps this process alive (see tools/messageReader.ts).
    const reader = new rpc.StreamMessageReader(this.proc.stdout);
    reader.partialMessageTimeout = 0;
    this.conn = rpc.createMessageConnection(reader, new rpc.StreamMessageWriter(this.proc.stdin));
    this.conn.onNotification('textDocument/publishDiagnostics', (p) => {
      this.lastMessageAt = Date.now();
      this.published.push(p);
      if (process.env.TRACE && p.uri.includes(process.env.TRACE)) console.log(`PUB ${Date.now() % 100000} ${p.uri.split('/').pop()} v${p.version} ${JSON.stringify(p.diagnostics.map((d) => d.message.slice(0, 50)))}`);
      this.onPublish?.(p);
      this.last.set(p.uri, p);
    });
    this.conn.onNotification('window/logMessage', (p) => {
      this.lastMessageAt = Date.now();
      if (p.type === 1) this.errors.push(`logMessage error: ${p.message}`);
      if (/exception|TypeError|RangeError|at .*\.js:\d+/i.test(p.message)) this.errors.push(`logMessage suspicious: ${p.message}`);
    });
    this.conn.onNotification('window/showMessage', (p) => {
      if (p.type === 1) this.errors.push(`showMessage error: ${p.message}`);
    });
    this.conn.onRequest('workspace/configuration', (p) => p.items.map(() => ({})));
    this.conn.onRequest('client/registerCapability', () => null);
    this.conn.onRequest('client/unregisterCapability', () => null);
    this.conn.onRequest('window/workDoneProgress/create', () => null);
    this.conn.onNotification('$/progress', () => (this.lastMessageAt = Date.now()));
    this.conn.onRequest('workspace/applyEdit', () => ({ applied: false }));
    this.conn.listen();
  }
  async initialize() {
    const uri = pathToFileURL(this.ws).href;
    await this.conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uri,
      workspaceFolders: [{ uri, name: 'ws' }],
      capabilities: {
        workspace: {
          configuration: true,
          didChangeConfiguration: { dynamicRegistration: true },
          didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
          workspaceFolders: true,
          workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
          applyEdit: true,
        },
        textDocument: {
          synchronization: { didSave: true, dynamicRegistration: true },
          publishDiagnostics: { versionSupport: true, relatedInformation: true, codeDescriptionSupport: true, dataSupport: true },
          codeAction: { resolveSupport: { properties: ['edit'] }, dataSupport: true },
        },
        window: { workDoneProgress: true },
      },
    });
    await this.conn.sendNotification('initialized', {});
  }
  async shutdown() {
    if (this.exited) return;
    const exited = new Promise((r) => this.proc.once('exit', r));
    try {
      await Promise.race([this.conn.sendRequest('shutdown').then(() => this.conn.sendNotification('exit')), new Promise((r) => setTimeout(r, 3000))]);
    } catch {}
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (!this.exited) this.proc.kill();
    this.conn.dispose();
  }
}

// ---------------------------------------------------------------- session state
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class Session {
  constructor(ws, client, log) {
    this.ws = ws;
    this.client = client;
    this.log = log;
    this.open = new Map(); // uri -> TextDocument (the client's view, same implementation as the server)
    this.maxVersion = new Map(); // uri -> highest version published while open
    this.failures = [];
    this.edits = 0;
    this.closedConfirmed = new Set(); // closed, and the server has answered a request sent after the close
    client.onPublish = (p) => this.checkPublish(p);
  }
  uriOf(rel) {
    return pathToFileURL(join(this.ws, rel)).href;
  }
  relOf(uri) {
    return relative(this.ws, fileURLToPath(uri)).split('\\').join('/');
  }
  /** Whether the configuration as the server sees it (open text, else disk) ignores a path: never linted, open or not. */
  ignored(uri) {
    const cfg = join(this.ws, 'toolschema.config.json');
    const open = this.open.get(pathToFileURL(cfg).href);
    let text;
    try {
      text = open ? open.getText() : readFileSync(cfg, 'utf8');
    } catch {
      return false;
    }
    const ignore = jsonc.parse(text)?.ignore;
    if (!Array.isArray(ignore) || !ignore.every((g) => typeof g === 'string')) return false;
    return picomatch([...ignore, '**/node_modules/**'], { dot: true })(this.relOf(uri));
  }
  diskFiles() {
    const out = [];
    const rec = (d) => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) rec(p);
        else out.push(relative(this.ws, p));
      }
    };
    rec(this.ws);
    return out.sort();
  }
  fail(kind, detail) {
    this.failures.push({ kind, detail });
    this.log(`FAIL ${kind}: ${typeof detail === 'string' ? detail : JSON.stringify(detail).slice(0, 2000)}`);
  }
  checkPublish(p) {
    const doc = this.open.get(p.uri);
    if (p.version !== undefined && p.version !== null) {
      if (!doc) {
        if (this.closedConfirmed.has(p.uri)) this.fail('publish-versioned-for-closed', { uri: p.uri, version: p.version });
        return;
      }
      const max = this.maxVersion.get(p.uri) ?? 0;
      if (p.version < max) this.fail('publish-older-version', { uri: p.uri, version: p.version, after: max });
      this.maxVersion.set(p.uri, Math.max(max, p.version));
      if (p.version > doc.version) this.fail('publish-future-version', { uri: p.uri, version: p.version, current: doc.version });
    }
  }

  async openDoc(rel) {
    const uri = this.uriOf(rel);
    if (this.open.has(uri)) return;
    const text = readFileSync(join(this.ws, rel), 'utf8');
    const languageId = rel.endsWith('.tool.json') ? 'tool-json' : 'json';
    const doc = TextDocument.create(uri, languageId, 1, text);
    this.open.set(uri, doc);
    this.closedConfirmed.delete(uri);
    this.maxVersion.set(uri, 0);
    this.log(`open ${rel}`);
    this.client.lastMessageAt = Date.now();
    await this.client.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }
  async closeDoc(uri) {
    this.log(`close ${this.relOf(uri)}`);
    this.open.delete(uri);
    this.maxVersion.delete(uri);
    await this.client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    this.client.lastMessageAt = Date.now();
    // barrier: any publish after this answer was sent after the close was processed
    await this.client.conn.sendRequest('textDocument/foldingRange', { textDocument: { uri: uri + '.none' } }).catch(() => undefined);
    if (!this.open.has(uri)) this.closedConfirmed.add(uri);
  }
  /** One incremental change: offsets in the current text. */
  async change(uri, start, end, text) {
    const doc = this.open.get(uri);
    const range = { start: doc.positionAt(start), end: doc.positionAt(end) };
    const version = doc.version + 1;
    TextDocument.update(doc, [{ range, text }], version);
    this.edits++;
    if (VERBOSE) this.log(`  change ${Date.now() % 100000} ${this.relOf(uri)} v${version} [${start},${end}) ${JSON.stringify(text).slice(0, 80)}`);
    this.client.lastMessageAt = Date.now();
    await this.client.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text }] });
  }
  async save(uri) {
    const doc = this.open.get(uri);
    writeFileSync(fileURLToPath(uri), doc.getText());
    this.log(`save ${this.relOf(uri)}`);
    this.client.lastMessageAt = Date.now();
    await this.client.conn.sendNotification('textDocument/didSave', { textDocument: { uri } });
    await this.client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }] });
  }
  async notify(rel, type) {
    this.client.lastMessageAt = Date.now();
    await this.client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: this.uriOf(rel), type }] });
  }

  /** All tool names the server can see (open texts + disk). */
  allNames(exceptUri) {
    const names = [];
    for (const rel of this.diskFiles()) {
      if (!rel.endsWith('.tool.json')) continue;
      const uri = this.uriOf(rel);
      if (uri === exceptUri) continue;
      names.push(...namesInText(this.open.get(uri)?.getText() ?? readFileSync(join(this.ws, rel), 'utf8')));
    }
    for (const [uri, d] of this.open) if (uri !== exceptUri && !existsSync(fileURLToPath(uri)) && uri.endsWith('.tool.json')) names.push(...namesInText(d.getText()));
    return names;
  }

  // ------------------------------------------------------------ edits
  /** A valid offset: not inside a CRLF pair nor a surrogate pair. */
  okOffset(text, o) {
    if (o <= 0 || o >= text.length) return true;
    if (text[o - 1] === '\r' && text[o] === '\n') return false;
    const c = text.charCodeAt(o);
    const p = text.charCodeAt(o - 1);
    return !(c >= 0xdc00 && c <= 0xdfff && p >= 0xd800 && p <= 0xdbff);
  }
  randOffset(text) {
    for (let i = 0; i < 20; i++) {
      const o = int(text.length + 1);
      if (this.okOffset(text, o)) return o;
    }
    return 0;
  }
  async typeText(uri, at, s) {
    // character by character (a surrogate pair is one keystroke)
    const chars = Array.from(s);
    for (const ch of chars) {
      await this.change(uri, at, at, ch);
      at += ch.length;
      if (chance(0.15)) await sleep(int(30));
    }
  }
  async editDoc(uri) {
    const doc = this.open.get(uri);
    const text = doc.getText();
    const isTool = uri.endsWith('.tool.json');
    const isEval = uri.endsWith('.eval.json');
    const isConfig = uri.endsWith('toolschema.config.json');
    const tree = jsonc.parseTree(text, [], { allowTrailingComma: true });
    const props = [];
    const collect = (n) => {
      if (!n) return;
      if (n.type === 'property' && n.children?.length === 2) props.push(n);
      for (const c of n.children ?? []) collect(c);
    };
    collect(tree);
    const strProp = (key) => props.filter((p) => p.children[0].value === key && p.children[1].type === 'string');
    const k = int(isTool ? 12 : 8);
    const others = this.allNames(uri);
    const myNames = namesInText(text);
    if (k === 0 || (isEval && k < 3)) {
      // rename: a "name" (or expect.tool) value, typed char by char or replaced at once
      const cands = isEval ? strProp('tool') : strProp('name');
      if (cands.length) {
        const v = pick(cands).children[1];
        const base = isEval ? pick([...namesInText(readTarget(this, uri)), ...MISSING]) : others.length && chance(0.6) ? pick(others) : (v.value ?? 'x') + '_v2';
        const newName = base ?? 'x';
        this.log(`  rename ${this.relOf(uri)} ${v.value} -> ${newName}`);
        if (chance(0.5)) {
          await this.change(uri, v.offset + 1, v.offset + v.length - 1, '');
          await this.typeText(uri, v.offset + 1, newName);
        } else await this.change(uri, v.offset + 1, v.offset + v.length - 1, JSON.stringify(newName).slice(1, -1));
        return;
      }
    }
    if (k === 1 && isTool) {
      const cands = strProp('description');
      if (cands.length) {
        const v = pick(cands).children[1];
        const target = others.length && chance(0.7) ? pick(others) : pick([...MISSING, ...myNames]);
        const s = JSON.stringify(MENTIONS(target ?? 'get_x')).slice(1, -1);
        const at = chance(0.5) ? v.offset + 1 : v.offset + v.length - 1;
        this.log(`  mention ${target} in ${this.relOf(uri)}`);
        if (chance(0.5)) await this.typeText(uri, at, s);
        else await this.change(uri, at, at, s);
        return;
      }
    }
    if (k === 2 && isTool) {
      // paste a tool: copy an array element that is a tool, renamed
      const arrays = [];
      const findArr = (n) => {
        if (!n) return;
        if (n.type === 'array' && n.children?.some((c) => c.type === 'object' && c.children?.some((p) => p.children?.[0]?.value === 'name' || p.children?.[0]?.value === 'function'))) arrays.push(n);
        for (const c of n.children ?? []) findArr(c);
      };
      findArr(tree);
      if (arrays.length) {
        const a = pick(arrays);
        const el = pick(a.children.filter((c) => c.type === 'object'));
        if (el) {
          let copy = text.slice(el.offset, el.offset + el.length);
          const names = [...copy.matchAll(/"name"\s*:\s*"((?:[^"\\]|\\.)*)"/g)];
          if (names.length) {
            const nm = names[0];
            const repl = chance(0.5) && others.length ? pick(others) : nm[1] + '_v2';
            copy = copy.slice(0, nm.index) + nm[0].replace(`"${nm[1]}"`, JSON.stringify(repl)) + copy.slice(nm.index + nm[0].length);
          }
          const at = el.offset + el.length;
          this.log(`  paste tool into ${this.relOf(uri)}`);
          await this.change(uri, at, at, ',' + (text.includes('\r\n') ? '\r\n' : '\n') + copy);
          return;
        }
      }
    }
    if (k === 3 && isTool) {
      // delete a tool with its comma
      const arrays = [];
      const findArr = (n) => {
        if (!n) return;
        if (n.type === 'array' && (n.children?.length ?? 0) > 1) arrays.push(n);
        for (const c of n.children ?? []) findArr(c);
      };
      findArr(tree);
      if (arrays.length) {
        const a = pick(arrays);
        const i = int(a.children.length);
        const el = a.children[i];
        let s = el.offset;
        let e = el.offset + el.length;
        if (i + 1 < a.children.length) e = a.children[i + 1].offset;
        else s = a.children[i - 1].offset + a.children[i - 1].length;
        this.log(`  delete element ${i} in ${this.relOf(uri)}`);
        await this.change(uri, s, e, '');
        return;
      }
    }
    if (k === 4) {
      // break the JSON and mend it
      const structural = [];
      for (let i = 0; i < text.length; i++) if ('{}[],:"'.includes(text[i])) structural.push(i);
      if (structural.length) {
        const o = pick(structural);
        const ch = text[o];
        this.log(`  break+mend at ${o} ${JSON.stringify(ch)}`);
        await this.change(uri, o, o + 1, '');
        if (chance(0.5)) await sleep(int(50));
        const d2 = this.open.get(uri).getText();
        if (chance(0.7)) await this.change(uri, o, o, ch);
        else {
          // mend by undoing with a different edit shape: replace a wider range
          const s = Math.max(0, o - 3);
          let s2 = s;
          while (!this.okOffset(d2, s2)) s2--;
          await this.change(uri, s2, o, d2.slice(s2, o) + ch);
        }
        return;
      }
    }
    if (k === 5) {
      // near CRLF / surrogate pairs
      const spots = [];
      for (let i = 0; i < text.length - 1; i++) {
        if (text[i] === '\r' && text[i + 1] === '\n') spots.push({ s: i, e: i + 2 });
        const c = text.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff) spots.push({ s: i, e: i + 2 });
      }
      if (spots.length) {
        const sp = pick(spots);
        const r = int(4);
        this.log(`  near-pair edit ${r} at ${sp.s}`);
        if (r === 0) await this.change(uri, sp.s, sp.s, pick([' ', '\r\n', '😀', 'x']));
        else if (r === 1) await this.change(uri, sp.e, sp.e, pick([' ', '\n', '😀', '\r\n']));
        else if (r === 2) await this.change(uri, sp.s, sp.e, ''); // delete the whole pair
        else await this.change(uri, sp.s, sp.e, text.slice(sp.s, sp.e));
        return;
      }
      // insert a surrogate pair into a string
      const cands = props.filter((p) => p.children[1].type === 'string');
      if (cands.length) {
        const v = pick(cands).children[1];
        await this.change(uri, v.offset + 1, v.offset + 1, pick(['😀 ', '𝒳', '\u{1F680}x']));
        return;
      }
    }
    if (k === 6 && isConfig) {
      const variants = [
        '{ "rules": { "description-when-missing": "off" } }',
        '{ "rules": { "name-duplicate": "warning", "eval-missing": "hint" }, "budgets": { "toolsetSize": 2 } }',
        '{ "profile": "openai" }',
        '{ "rules": { "bogus": "off" ',
        '{}',
        '{ "verbs": { "query": ["weather"] }, "rules": { "name-verb-first": "error" } }',
        '{ "ignore": ["sub/**"] }',
        '{ "ignore": ["**/node_modules/**", "*_b.tool.json"], "rules": { "eval-missing": "off" } }',
      ];
      this.log(`  config rewrite`);
      await this.change(uri, 0, text.length, pick(variants));
      return;
    }
    if (k === 7 && isTool) {
      // make a description long / remove description
      const cands = strProp('description');
      if (cands.length) {
        const p = pick(cands);
        if (chance(0.5)) await this.change(uri, p.children[1].offset + 1, p.children[1].offset + p.children[1].length - 1, '');
        else await this.change(uri, p.children[1].offset + 1, p.children[1].offset + 1, 'Use this when needed. '.repeat(60));
        return;
      }
    }
    // raw random edit
    const r = int(3);
    const snippets = ['"', '{', '}', ',', '\n', '\r\n', '😀', 'é', '"x": 1', '  ', ']', '[', 'null', '"name": "get_it"', '\\'];
    const a = this.randOffset(text);
    let b = a;
    if (r > 0) {
      b = Math.min(text.length, a + int(r === 1 ? 200 : 20));
      while (!this.okOffset(text, b)) b++;
    }
    this.log(`  raw edit ${r} [${a},${b})`);
    await this.change(uri, a, b, r === 1 ? '' : pick(snippets));
  }

  // ------------------------------------------------------------ quiet point and comparison
  async quiet(timeoutMs = 30000) {
    const start = Date.now();
    for (;;) {
      if (this.client.exited) throw new Error(`server exited ${JSON.stringify(this.client.exited)}\n${this.client.stderr}`);
      const pending = [...this.open].filter(([uri, d]) => {
        if (uri.endsWith('toolschema.config.json') || this.ignored(uri)) return false;
        const l = this.client.last.get(uri);
        return !l || l.version !== d.version;
      });
      if (pending.length === 0 && Date.now() - this.client.lastMessageAt > QUIET_MS) return;
      if (Date.now() - start > timeoutMs) {
        this.fail('no-publish-for-latest-version', pending.map(([u, d]) => ({ uri: this.relOf(u), version: d.version, last: this.client.last.get(u)?.version })));
        return;
      }
      await sleep(50);
    }
  }

  /**
   * Compares once the server has settled. A quiet moment does not prove it: work on files changed on disk may
   * still be under way in the server's worker process (slow to start on a loaded machine) with no message sent
   * meanwhile. A difference is compared again after another quiet moment, up to SETTLE_TRIES times, and is a
   * failure only if it stays: the server must converge to the CLI's answer; how long it took is counted.
   */
  async settledCompare(copyDir, totals) {
    for (let attempt = 1; ; attempt++) {
      const before = this.failures.length;
      const n = this.compare(copyDir);
      if (this.failures.length === before || attempt >= SETTLE_TRIES) return n;
      this.log(`  (the ${this.failures.length - before} failure(s) above are not kept: not settled after ${attempt} quiet moment(s), compared again)`);
      this.failures.length = before;
      totals.resettled = (totals.resettled ?? 0) + 1;
      await sleep(QUIET_MS);
      await this.quiet();
    }
  }

  compare(copyDir) {
    // the server's view: open texts, the rest as on disk
    rmSync(copyDir, { recursive: true, force: true });
    cpSync(this.ws, copyDir, { recursive: true });
    for (const [uri, d] of this.open) {
      const p = join(copyDir, this.relOf(uri));
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, d.getText());
    }
    const r = spawnSync(process.execPath, [CLI, 'lint', '--format', 'json', '--concurrency', 'off'], { cwd: copyDir, encoding: 'utf8', env: { ...process.env, TOOLSCHEMA_CACHE_DIR: '' }, maxBuffer: 1 << 28 });
    if (r.status === 2 || !r.stdout) {
      this.fail('cli-failed', { status: r.status, stderr: r.stderr });
      return 0;
    }
    if (r.stderr && !/not in a git repository/.test(r.stderr)) this.log(`cli stderr: ${r.stderr}`);
    const out = JSON.parse(r.stdout);
    const cli = new Map(out.files.map((f) => [f.path.split('\\').join('/'), f.diagnostics]));
    const sevName = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' };
    const key = (rule, sev, range, message) => `${rule}|${sev}|${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}|${message}`;
    let comparisons = 0;
    const uris = new Set([...this.open.keys()]);
    // also files not open that the server published for (disk files), compared separately
    for (const uri of this.client.last.keys()) if (existsSync(fileURLToPath(uri))) uris.add(uri);
    for (const uri of uris) {
      const rel = this.relOf(uri);
      const isOpen = this.open.has(uri);
      const text = isOpen ? this.open.get(uri).getText() : readFileSync(fileURLToPath(uri), 'utf8');
      const pub = this.client.last.get(uri);
      const serverDiags = pub?.diagnostics ?? [];
      // ranges inside the document
      const td = TextDocument.create(uri, 'json', 0, text);
      for (const d of serverDiags) {
        const s = td.offsetAt(d.range.start);
        const e = td.offsetAt(d.range.end);
        const back = td.positionAt(s);
        if (d.range.start.line > td.lineCount - 1 || d.range.end.line > td.lineCount - 1 || s > e || back.line !== d.range.start.line || back.character !== d.range.start.character) this.fail('range-outside', { rel, range: d.range, rule: d.code, lines: td.lineCount });
      }
      const a = new Set(serverDiags.map((d) => key(d.code, sevName[d.severity], d.range, d.message)));
      const cliDiags = cli.get(rel);
      if (cliDiags === undefined && !rel.endsWith('toolschema.config.json') && !rel.endsWith('.eval-results.json')) {
        // An open document the CLI does not lint: outside the files globs, the server lints it for its language
        // (tool-json); counted, not a failure (ignored paths are not linted, open or not).
        if (serverDiags.length && isOpen) totals.openIgnored = (totals.openIgnored ?? 0) + 1;
        else if (serverDiags.length) this.fail('disk-cli-did-not-report-file', { rel, server: [...a] });
        continue;
      }
      const b = new Set((cliDiags ?? []).map((d) => key(d.rule, d.severity, d.range, d.message)));
      const onlyServer = [...a].filter((x) => !b.has(x));
      const onlyCli = [...b].filter((x) => !a.has(x));
      comparisons++;
      if (onlyServer.length || onlyCli.length) {
        this.fail(isOpen ? 'diff-open' : 'diff-disk', { rel, version: pub?.version, onlyServer, onlyCli });
        if (VERBOSE && rel.endsWith('config.json')) this.log(`config text: ${JSON.stringify(text)} on disk ${JSON.stringify(readFileSync(fileURLToPath(uri), 'utf8'))}`);
      }
    }
    return comparisons;
  }
}

function readTarget(session, evalUri) {
  const p = fileURLToPath(evalUri).replace(/\.eval\.json$/, '.tool.json');
  const u = pathToFileURL(p).href;
  try {
    return session.open.get(u)?.getText() ?? readFileSync(p, 'utf8');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------- main loop
async function runSession(sessionSeed, totals) {
  rnd = mulberry32(sessionSeed);
  const { dir, ws } = makeWorkspace();
  const lines = [];
  const log = (m) => {
    lines.push(m);
    if (VERBOSE) console.log(m);
  };
  log(`session ${sessionSeed} in ${ws}: ${readdirSync(ws).join(' ')}`);
  const client = new Client(ws);
  const s = new Session(ws, client, log);
  try {
    await client.initialize();
    await s.quiet();
    totals.comparisons += await s.settledCompare(join(dir, 'copy'), totals);
    for (let step = 0; step < STEPS; step++) {
      const files = s.diskFiles().filter((f) => !f.endsWith('.eval-results.json'));
      const openUris = [...s.open.keys()];
      const r = rnd();
      if (r < 0.18 || openUris.length === 0) {
        const closed = files.filter((f) => !s.open.has(s.uriOf(f)));
        if (closed.length) await s.openDoc(pick(closed));
      } else if (r < 0.6) {
        const uri = pick(openUris);
        const n = 1 + int(3);
        for (let i = 0; i < n && s.open.has(uri); i++) await s.editDoc(uri);
      } else if (r < 0.68) {
        await s.save(pick(openUris));
      } else if (r < 0.74) {
        await s.closeDoc(pick(openUris));
      } else if (r < 0.86) {
        // change a file on disk that is not open
        const closed = files.filter((f) => !s.open.has(s.uriOf(f)) && f.endsWith('.tool.json'));
        if (closed.length) {
          const rel = pick(closed);
          let value;
          try {
            value = JSON.parse(readFileSync(join(ws, rel), 'utf8'));
          } catch {}
          if (value !== undefined) {
            mutateValue(value, s.allNames(s.uriOf(rel)));
            writeFileSync(join(ws, rel), serialize(value));
          } else writeFileSync(join(ws, rel), readFileSync(join(ws, rel), 'utf8').slice(0, -5));
          log(`disk change ${rel}`);
          await s.notify(rel, 2);
        }
      } else if (r < 0.92) {
        // create a file on disk
        const src = pick(POOL);
        let value = JSON.parse(readFileSync(src, 'utf8'));
        mutateValue(value, s.allNames());
        const rel = (chance(0.3) ? 'sub/' : '') + `new${step}_${int(1000)}.tool.json`;
        mkdirSync(dirname(join(ws, rel)), { recursive: true });
        writeFileSync(join(ws, rel), serialize(value));
        log(`disk create ${rel}`);
        await s.notify(rel, 1);
      } else if (r < 0.96) {
        // delete a file on disk (not open)
        const closed = files.filter((f) => !s.open.has(s.uriOf(f)));
        if (closed.length) {
          const rel = pick(closed);
          rmSync(join(ws, rel));
          log(`disk delete ${rel}`);
          await s.notify(rel, 3);
        }
      } else {
        // config on disk
        const rel = 'toolschema.config.json';
        if (!s.open.has(s.uriOf(rel))) {
          const existed = existsSync(join(ws, rel));
          if (existed && chance(0.3)) {
            rmSync(join(ws, rel));
            log('disk delete config');
            await s.notify(rel, 3);
          } else {
            const ctext = pick(['{ "rules": { "description-when-missing": "off" } }', '{ "profile": "anthropic" }', '{ "rules": { "x": 1 } }', '{"budgets":{"toolsetSize":1}}']);
            writeFileSync(join(ws, rel), ctext);
            log(`disk ${existed ? 'change' : 'create'} config ${ctext}`);
            await s.notify(rel, existed ? 2 : 1);
          }
        }
      }
      if (chance(0.25) || step === STEPS - 1) {
        await s.quiet();
        totals.comparisons += await s.settledCompare(join(dir, 'copy'), totals);
      }
    }
  } catch (e) {
    s.fail('driver-or-server', String(e?.stack ?? e));
  }
  await client.shutdown();
  if (client.errors.length) s.fail('server-errors', client.errors.slice(0, 5));
  if (client.stderr.trim()) s.fail('server-stderr', client.stderr.slice(0, 2000));
  totals.edits += s.edits;
  totals.sessions++;
  if (s.failures.length) {
    totals.failed.push(sessionSeed);
    const log = join(dir, `fail-${sessionSeed}.log`);
    writeFileSync(log, lines.join('\n') + '\n');
    console.log(`session ${sessionSeed}: ${s.failures.length} failure(s): ${[...new Set(s.failures.map((f) => f.kind))].join(', ')} (log ${log}, ws ${ws})`);
  } else if (!KEEP) rmSync(dir, { recursive: true, force: true });
}

globalThis.totals = { sessions: 0, edits: 0, comparisons: 0, failed: [] };
if (opt('session')) await runSession(Number(opt('session')), totals);
else for (let i = 0; i < SESSIONS; i++) await runSession(SEED * 1000 + i, totals);

console.log(JSON.stringify(totals));
process.exitCode = totals.failed.length > 0 ? 1 : 0;
