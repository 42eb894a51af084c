/** CLI output formats: text (ESLint "stylish"-like), json (the public contract), sarif (2.1.0). */
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Finding, Severity } from '../../../shared/src/types';
import { rulesInOrder, ruleDocUrl, ruleMarkdown } from '../../../shared/src/docs';
import { RULES } from '../../../shared/src/rules';
import { printable } from './terminal';
import { isAbsolute, relative, resolve, sep } from 'node:path';

export interface FileReport {
  /** The path as found (relative to the working directory when discovered, as given otherwise). */
  path: string;
  findings: Finding[];
  tools: number;
  /** With --fix / --fix-dry-run: the findings the safe fixes resolved. */
  fixed?: Finding[];
  /** With --fix-dry-run: the file's text after the fixes (only when it changed). */
  output?: string;
  /** With --fix-dry-run: a unified diff of that change. */
  patch?: string;
  /** With --fix: fixes found but not written (the file was reached through a link, changed, or not writable). */
  notApplied?: number;
}

export interface Totals {
  error: number;
  warning: number;
  info: number;
  hint: number;
}

export function totals(files: readonly FileReport[]): Totals {
  const t: Totals = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const f of files) for (const d of f.findings) t[d.severity]++;
  return t;
}

// ---------------------------------------------------------------------------------------------- json

/**
 * The JSON format is a public contract: exactly these keys, zero-based lines and characters as in LSP. With
 * --fix or --fix-dry-run each file also has `fixed` (what the safe fixes resolved) and, for a dry run of a
 * file that would change, `output` (its text after the fixes), as ESLint's JSON formatter does.
 */
export function formatJson(files: readonly FileReport[], write: (chunk: string) => void): void {
  // What writeJson would write for { version, files: [{ path, fixed?, output?, diagnostics }] }, byte for byte
  // (test/cli/formatters.test.ts compares them), with each finding written from a template: through writeJson, the
  // objects made for the 70,000 findings of the bench workspace and their stringifying took a third of a run from
  // the lint cache.
  const out = new JsonWriter(write);
  out.raw('{\n  "version": 1,\n  "files": ');
  if (files.length === 0) out.raw('[]');
  else {
    out.raw('[');
    files.forEach((f, i) => {
      out.raw(`${i ? ',' : ''}\n    {\n      "path": ${JSON.stringify(f.path)}`);
      if (f.fixed) {
        out.raw(',\n      "fixed": ');
        out.value(f.fixed.map((d) => ({ rule: d.rule, message: d.message, tool: d.tool, pointer: d.pointer, line: d.range.start.line, character: d.range.start.character })), '      ');
      }
      if (f.output !== undefined) out.raw(`,\n      "output": ${JSON.stringify(f.output)}`);
      out.raw(',\n      "diagnostics": ');
      if (f.findings.length === 0) out.raw('[]');
      else {
        out.raw('[');
        f.findings.forEach((d, j) => {
          const { start, end } = d.range;
          out.raw(
            `${j ? ',' : ''}\n        {\n          "rule": ${JSON.stringify(d.rule)},\n          "severity": ${JSON.stringify(d.severity)},\n          "message": ${JSON.stringify(d.message)},\n          "tool": ${JSON.stringify(d.tool ?? null)},\n          "pointer": ${JSON.stringify(d.pointer)},\n          "range": {\n            "start": {\n              "line": ${start.line},\n              "character": ${start.character}\n            },\n            "end": {\n              "line": ${end.line},\n              "character": ${end.character}\n            }\n          }\n        }`,
          );
        });
        out.raw('\n      ]');
      }
      out.raw('\n    }');
    });
    out.raw('\n  ]');
  }
  out.raw('\n}');
  out.end();
}

/**
 * Writes `value` as JSON.stringify(value, null, 2) does, byte for byte, in chunks of about 1 MB: the whole text of
 * a large report (200,000 findings in SARIF) is longer than a string may be ("Invalid string length"). A part of
 * the value with at most `small` values inside (a finding) is written by one JSON.stringify, its line breaks
 * indented where it sits: written a token at a time, the 70,000 findings of the bench workspace took 1 s, a fifth
 * of the run from the lint cache.
 */
export function writeJson(write: (chunk: string) => void, value: unknown, small = 64): void {
  const out = new JsonWriter(write, small);
  out.value(value, '');
  out.end();
}

/** JSON text written in chunks of about 1 MB (see writeJson). */
class JsonWriter {
  private buf = '';

  constructor(
    private readonly write: (chunk: string) => void,
    private readonly small = 64,
  ) {}

  raw(s: string): void {
    this.buf += s;
    if (this.buf.length > 1 << 20) {
      this.write(this.buf);
      this.buf = '';
    }
  }

  /** Writes `v` as JSON.stringify(v, null, 2) does, each line after the first indented by `indent`. */
  value(v: unknown, indent: string): void {
    if (v !== null && typeof v === 'object' && isSmall(v, this.small)) {
      const s = JSON.stringify(v, null, 2);
      return this.raw(indent ? s.replace(NEWLINES, `\n${indent}`) : s);
    }
    if (Array.isArray(v)) {
      if (v.length === 0) return this.raw('[]');
      const inner = `${indent}  `;
      this.raw('[');
      v.forEach((x, i) => {
        this.raw(`${i ? ',' : ''}\n${inner}`);
        if (x === undefined || typeof x === 'function' || typeof x === 'symbol') this.raw('null');
        else this.value(x, inner);
      });
      return this.raw(`\n${indent}]`);
    }
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function') {
      const keys = Object.keys(v).filter((k) => {
        const x = (v as Record<string, unknown>)[k];
        return x !== undefined && typeof x !== 'function' && typeof x !== 'symbol';
      });
      if (keys.length === 0) return this.raw('{}');
      const inner = `${indent}  `;
      this.raw('{');
      keys.forEach((k, i) => {
        this.raw(`${i ? ',' : ''}\n${inner}${JSON.stringify(k)}: `);
        this.value((v as Record<string, unknown>)[k], inner);
      });
      return this.raw(`\n${indent}}`);
    }
    this.raw(JSON.stringify(v) ?? 'null');
  }

  /** Writes what is left and the final line break. */
  end(): void {
    this.write(`${this.buf}\n`);
    this.buf = '';
  }
}

/** JSON.stringify's output has line breaks only where it indents (a line break in a string is written `\n`). */
const NEWLINES = /\n/g;

/** Whether `v` holds at most `budget` arrays, objects and values in all (an object with toJSON counts as one). */
function isSmall(v: object, budget: number): boolean {
  const stack: unknown[] = [v];
  let seen = 0;
  while (stack.length > 0) {
    const x = stack.pop();
    if (++seen > budget) return false;
    if (x === null || typeof x !== 'object' || typeof (x as { toJSON?: unknown }).toJSON === 'function') continue;
    if (Array.isArray(x)) {
      if (seen + stack.length + x.length > budget) return false;
      for (const y of x) stack.push(y);
    } else {
      for (const k in x) {
        if (!Object.prototype.hasOwnProperty.call(x, k)) continue;
        if (seen + stack.length >= budget) return false;
        stack.push((x as Record<string, unknown>)[k]);
      }
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------- text

const COLORS = { red: 31, yellow: 33, cyan: 36, gray: 90, bold: 1, underline: 4, green: 32 } as const;

export function formatText(files: readonly FileReport[], useColor: boolean): string {
  const c = (code: keyof typeof COLORS, s: string) => (useColor ? `\u001b[${COLORS[code]}m${s}\u001b[0m` : s);
  const sevColor: Record<Severity, keyof typeof COLORS> = { error: 'red', warning: 'yellow', info: 'cyan', hint: 'gray' };
  const out: string[] = [];
  for (const f of files) {
    if (f.patch) out.push('', printable(f.patch.trimEnd(), true));
  }
  for (const f of files) {
    if (f.findings.length === 0) continue;
    out.push('', c('underline', printable(f.path)));
    const rows = f.findings.map((d) => [`${d.range.start.line + 1}:${d.range.start.character + 1}`, d.severity, printable(d.message.replace(/\s*\n\s*/g, ' ')), d.rule] as const);
    // A loop, not Math.max(...): 150,000 findings in one file are more arguments than a call may have.
    let w0 = 0;
    let w1 = 0;
    for (const r of rows) {
      w0 = Math.max(w0, r[0].length);
      w1 = Math.max(w1, r[1].length);
    }
    for (const [pos, sev, msg, rule] of rows) {
      out.push(`  ${c('gray', pos.padEnd(w0))}  ${c(sevColor[sev], sev.padEnd(w1))}  ${msg}  ${c('gray', rule)}`);
    }
  }
  const t = totals(files);
  const problems = t.error + t.warning + t.info + t.hint;
  const toolCount = files.reduce((n, f) => n + f.tools, 0);
  const scope = `${files.length} file${files.length === 1 ? '' : 's'}, ${toolCount} tool${toolCount === 1 ? '' : 's'}`;
  out.push('');
  const fixedSummary = fixSummary(files);
  if (fixedSummary) out.push(c('green', fixedSummary));
  if (problems === 0) out.push(c('green', `✔ No problems (${scope}).`));
  else {
    const parts = [`${t.error} error${t.error === 1 ? '' : 's'}`, `${t.warning} warning${t.warning === 1 ? '' : 's'}`];
    if (t.info) parts.push(`${t.info} info`);
    if (t.hint) parts.push(`${t.hint} hint${t.hint === 1 ? '' : 's'}`);
    const line = `✖ ${problems} problem${problems === 1 ? '' : 's'} (${parts.join(', ')}) in ${scope}.`;
    out.push(c(t.error ? 'red' : 'yellow', c('bold', line)));
  }
  return out.join('\n') + '\n';
}

/** "Fixed 7 problems in 2 files: type-unknown (5), strict-additional-properties (2)." (or "Would fix" for a dry run). */
function fixSummary(files: readonly FileReport[]): string | undefined {
  if (!files.some((f) => f.fixed)) return undefined;
  const dry = files.some((f) => f.output !== undefined);
  const byRule = new Map<string, number>();
  let n = 0;
  let changed = 0;
  for (const f of files) {
    if (!f.fixed?.length) continue;
    changed++;
    for (const d of f.fixed) {
      n++;
      byRule.set(d.rule, (byRule.get(d.rule) ?? 0) + 1);
    }
  }
  const unapplied = files.reduce((k, f) => k + (f.notApplied ?? 0), 0);
  const notApplied = unapplied ? ` ${unapplied} fix${unapplied === 1 ? ' was' : 'es were'} not applied: see the messages above.` : '';
  if (n === 0) return unapplied ? `No fixes were applied.${notApplied}` : 'No safe fixes to apply; the problems below need a decision (quick fixes in the editor offer suggestions).';
  const rules = [...byRule].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([r, k]) => `${r} (${k})`).join(', ');
  return `${dry ? 'Would fix' : 'Fixed'} ${n} problem${n === 1 ? '' : 's'} in ${changed} file${changed === 1 ? '' : 's'}: ${rules}.${dry ? ' Nothing was written (--fix-dry-run).' : ''}${notApplied}`;
}

// ---------------------------------------------------------------------------------------------- sarif

const SARIF_LEVEL: Record<Severity, Result.level> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };

/**
 * `where.root`: the folder the results' paths are relative to (%SRCROOT%): the git repository holding the working
 * folder, as GitHub code scanning reads them (run from packages/agent/, "tools/crm.tool.json" named a file that is
 * not at the repository's root; an independent tester), else the working folder. A file outside it gets an
 * absolute URI.
 */
export function formatSarif(files: readonly FileReport[], version: string, write: (chunk: string) => void, where: { cwd: string; root: string } = { cwd: process.cwd(), root: process.cwd() }): void {
  const rules = rulesInOrder(RULES);
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const descriptors: ReportingDescriptor[] = rules.map((r) => ({
    id: r.id,
    name: r.id.replace(/(^|-)([a-z0-9])/g, (_m, _d, ch: string) => ch.toUpperCase()),
    shortDescription: { text: r.meta.docs.description },
    fullDescription: { text: r.meta.docs.why },
    helpUri: ruleDocUrl(r.id),
    help: { text: `${r.meta.docs.description} ${r.meta.docs.why}`, markdown: ruleMarkdown(r) },
    defaultConfiguration: { level: SARIF_LEVEL[r.meta.defaultSeverity] },
    properties: { tags: [r.meta.section], fixable: r.meta.fixable || 'none' },
  }));
  const results: Result[] = [];
  for (const f of files) {
    for (const d of f.findings) {
      results.push({
        ruleId: d.rule,
        ...(index.has(d.rule) ? { ruleIndex: index.get(d.rule)! } : {}),
        level: SARIF_LEVEL[d.severity],
        message: { text: d.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: artifactOf(f.path, where),
              region: {
                startLine: d.range.start.line + 1,
                startColumn: d.range.start.character + 1,
                endLine: d.range.end.line + 1,
                endColumn: d.range.end.character + 1,
              },
            },
            ...(d.pointer || d.tool ? { logicalLocations: [{ ...(d.tool ? { name: d.tool } : {}), fullyQualifiedName: d.pointer || '/', kind: 'member' }] } : {}),
          },
        ],
      });
    }
  }
  const log: Log = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: { driver: { name: 'toolschema', version, semanticVersion: version, informationUri: 'https://github.com/toolschema/toolschema', rules: descriptors } },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileUri(where.root).replace(/\/?$/, '/') } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  writeJson(write, log);
}

/** A report's path (relative to `where.cwd`) as a SARIF artifact location: relative to `where.root` when inside it. */
function artifactOf(path: string, where: { cwd: string; root: string }): { uri: string; uriBaseId?: string } {
  const abs = resolve(where.cwd, path);
  const rel = relative(where.root, abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? { uri: uriPath(rel), uriBaseId: '%SRCROOT%' } : { uri: pathToFileUri(abs) };
}

function pathToFileUri(p: string): string {
  return 'file://' + uriPath(p).replace(/^([^/])/, '/$1');
}

/**
 * A path as the path part of a URI: encodeURI, and "#" and "?" too (encodeURI keeps them, so "report #1?.tool.json"
 * read as the file "report " with a query and a fragment). A backslash is a separator on Windows only: elsewhere it
 * is part of a name, encoded as %5C ("a\\b.tool.json" was written as "a/b.tool.json", another file; an independent
 * tester).
 */
export function uriPath(p: string, windows = sep === '\\'): string {
  return encodeURI(windows ? p.split('\\').join('/') : p).replace(/[#?]/g, (c) => (c === '#' ? '%23' : '%3F'));
}
