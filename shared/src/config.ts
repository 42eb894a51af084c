/**
 * Configuration: `toolschema.config.json` (read by the server and the CLI) and the `toolschema.*` VS Code
 * settings share these keys. A bad file yields diagnostics on the file itself; linting goes on with defaults.
 */
import type { ErrorObject } from 'ajv';
import { validate as validateConfigSchema } from './generated/configSchema';
import { ToolDocument, keptKeyOf, nodeAtPointer, child, pointerOf, valueOf, type Node } from './document';
import { MAX_DUPLICATE_KEYS } from './fastParse';
import type { Finding, Profile, SeveritySetting } from './types';
import { SEVERITY_SETTINGS, PROFILES } from './types';
import { clipValue, type VerbKind } from './text';

export const CONFIG_FILE_NAME = 'toolschema.config.json';

export interface Budgets {
  /** Characters; description-too-long. */
  descriptionLength: number;
  /** Words; description-too-short. */
  descriptionMinWords: number;
  /** Tools in one file; toolset-size. */
  toolsetSize: number;
}

export interface Config {
  /** `auto` picks each tool's profile from its dialect. */
  profile: 'auto' | Profile;
  rules: Record<string, SeveritySetting>;
  /** Globs of tool files (relative to the workspace root). */
  files: string[];
  /** Globs never linted. */
  ignore: string[];
  /** Extra verbs accepted at the start of tool names, by kind. */
  verbs: Record<VerbKind, string[]>;
  budgets: Budgets;
  /**
   * Days a deprecated tool is kept before deprecation-expired asks for its removal. SPEC "Versioning" 5 leaves
   * the length open; the default, 90 days, is this project's choice (README "Deprecation marker").
   */
  deprecationPeriodDays: number;
  /**
   * The git revision tool files are compared with for breaking-change and param-added-required ("HEAD": the last
   * commit); false turns the comparison off.
   */
  baseline: string | false;
}

export const DEFAULT_CONFIG: Readonly<Config> = Object.freeze({
  profile: 'auto',
  rules: {},
  files: ['**/*.tool.json'],
  ignore: ['**/node_modules/**'],
  verbs: { query: [], mutation: [], action: [] },
  budgets: { descriptionLength: 1024, descriptionMinWords: 8, toolsetSize: 20 },
  deprecationPeriodDays: 90,
  baseline: 'HEAD',
});

export function defaultConfig(): Config {
  return {
    profile: DEFAULT_CONFIG.profile,
    rules: {},
    files: [...DEFAULT_CONFIG.files],
    ignore: [...DEFAULT_CONFIG.ignore],
    verbs: { query: [], mutation: [], action: [] },
    budgets: { ...DEFAULT_CONFIG.budgets },
    deprecationPeriodDays: DEFAULT_CONFIG.deprecationPeriodDays,
    baseline: DEFAULT_CONFIG.baseline,
  };
}

/**
 * Whether a baseline ref can be passed to git safely: not empty, no leading "-" (it would read as an option), no
 * whitespace, control character or ":" (the ref is followed by ":<path>"), at most 256 characters.
 */
export function isValidBaselineRef(ref: string): boolean {
  return ref.length > 0 && ref.length <= 256 && BASELINE_REF.test(ref) && !RANGE.test(ref) && !NOT_A_COMMIT.test(ref);
}

/** A revision peeled to a tree or a blob (`HEAD^{tree}`): git reads files from a tree, but it names no commit. */
const NOT_A_COMMIT = /\^\{(?:tree|blob)\}/;

const BASELINE_REF = /^[^\s:\-\x00-\x1f\x7f][^\s:\x00-\x1f\x7f]*$/;
/**
 * A range or a set of commits, not one revision: `A..B`, `A...B`, `..`, `^A`, `A^!`, `A^@`, `A^-`. git reads
 * `HEAD..:./x.tool.json` as the range from HEAD to the staged file, and the comparison silently found nothing.
 */
const RANGE = /\.\.|^\^|\^[!@]$|\^-\d*$/;

/** JSON Schema of the configuration file (also contributed to VS Code for completion and hover). */
/** The globs `files` and `ignore` accept each (200,000 ignore globs ran the language server out of memory). */
export const MAX_GLOBS = 256;

export const CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'toolschema configuration',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    profile: {
      description: 'Provider profile whose name rules, strict-mode subset and limits apply. "auto" (default) picks it per tool from the tool\'s shape.',
      enum: ['auto', ...PROFILES],
      default: 'auto',
    },
    rules: {
      description: 'Severity per rule id: off, hint, info, warning or error.',
      type: 'object',
      propertyNames: { pattern: '^[a-z][a-z0-9-]*$' },
      additionalProperties: { enum: [...SEVERITY_SETTINGS] },
    },
    files: {
      description: 'Globs of tool files, relative to the workspace root (absolute paths and ".." are refused: only files inside the folder are linted), at most 256. Default: ["**/*.tool.json"].',
      type: 'array',
      maxItems: MAX_GLOBS,
      items: { type: 'string', minLength: 1 },
    },
    ignore: {
      description: 'Globs never linted, relative to the workspace root, at most 256. Default: ["**/node_modules/**"].',
      type: 'array',
      maxItems: MAX_GLOBS,
      items: { type: 'string', minLength: 1 },
    },
    verbs: {
      description: 'Extra verbs accepted at the start of tool names, by kind (query, mutation, action), or a list (kind action).',
      oneOf: [
        { type: 'array', items: { type: 'string', pattern: '^[A-Za-z]+$' } },
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            query: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z]+$' } },
            mutation: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z]+$' } },
            action: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z]+$' } },
          },
        },
      ],
    },
    budgets: {
      type: 'object',
      additionalProperties: false,
      properties: {
        descriptionLength: { description: 'Maximum characters in a tool description (description-too-long). Default 1024.', type: 'integer', minimum: 1 },
        descriptionMinWords: { description: 'Minimum words in a tool description (description-too-short). Default 8.', type: 'integer', minimum: 1 },
        toolsetSize: { description: 'Maximum tools in one file (toolset-size). Default 20.', type: 'integer', minimum: 1 },
      },
    },
    deprecationPeriodDays: {
      description: 'Days a deprecated tool is kept before deprecation-expired asks for its removal (SPEC "Versioning" 5 leaves the length open). Default 90.',
      type: 'integer',
      minimum: 0,
      default: 90,
    },
    baseline: {
      description: 'Git revision the tool files are compared with for breaking changes (breaking-change, param-added-required): "HEAD" (default) is the last commit, or a branch, tag or commit such as "origin/main". false (or "") turns the comparison off. `toolschema lint --base <ref>` overrides it; the CLI compares only when one of the two is given.',
      // The same revisions as isValidBaselineRef: a tree or a blob (HEAD^{tree}) names no commit, and passed here it
      // turned the comparison off in silence (an independent tester).
      oneOf: [{ type: 'string', pattern: '^$|^(?!.*\\.\\.)(?!.*\\^[!@]$)(?!.*\\^-\\d*$)(?!.*\\^\\{(?:tree|blob)\\})[^\\s:\\-^][^\\s:]*$', maxLength: 256 }, { const: false }],
      default: 'HEAD',
    },
  },
} as const;

/**
 * Bounds on the `files` and `ignore` globs of a configuration, which a repository one does not trust can write.
 * picomatch turns each `*` of a path segment into a lazy `[^/]*?`, so k of them cost up to n^k steps on a name of
 * n characters they do not match (`*a*a*…*b` with 12 stars on a 35-character folder name: 17 s; 4 stars on a
 * 250-character one: 0.8 s per path; 3 stars after a `**` against 15 folders of 200-character names: 14 ms per
 * path, 256 such globs on 60 paths 2.5 minutes; 2 stars: 0.2 ms), and each `**` multiplies the work by the depth
 * of the tree (7 of them 60 folders deep: 12 s; 3 of them 1,000 deep: 2 s; 2: as 1).
 */
export const MAX_GLOB_STARS_PER_SEGMENT = 3;
/** After a `**`, which tries the segment at every depth: at most 2. */
export const MAX_GLOB_STARS_AFTER_GLOBSTAR = 2;
export const MAX_GLOBSTARS = 2;
/** `*` inside path segments (a `**` segment aside), in all the globs of one list. */
export const MAX_GLOB_STARS_PER_LIST = 128;
export const MAX_GLOB_LENGTH = 1024;

/** Why a glob of the configuration is refused (too long, too many wildcards), or undefined. */
export function globProblem(glob: string, folder?: string): string | undefined {
  if (glob.length > MAX_GLOB_LENGTH) return `A glob is at most ${MAX_GLOB_LENGTH.toLocaleString('en-US')} characters; this one has ${glob.length.toLocaleString('en-US')}.`;
  // Globs are relative to the folder the configuration belongs to: one that starts at the root of the file system
  // or climbs out with `..` (also inside braces, `{..,src}/**`) would have the language server and the CLI read
  // and lint files outside the workspace, which a repository one does not trust can ask for.
  if (/^(?:[\\/]|[A-Za-z]:)|(?:^|[{,])[\\/]/.test(glob)) {
    // The suggestion: the glob from the configuration's folder when it starts there (an absolute path to it); else
    // without its leading slashes ("/tools/*.json" meant from the folder), unless it names another place of this
    // machine (its first folder is the configuration's: "/tmp/x/tools" for a configuration in /tmp/y).
    const inFolder = folder && glob.startsWith(folder.replace(/\/?$/, '/')) ? glob.slice(folder.replace(/\/?$/, '/').length) : undefined;
    const firstOf = (p: string) => p.replace(/^\/+/, '').split('/')[0];
    const relative = inFolder || (/^\/+[^/]/.test(glob) && !(folder && firstOf(glob) === firstOf(folder)) ? glob.replace(/^\/+/, '') : undefined);
    return `"${clip(glob)}" is an absolute path: globs are relative to the folder of the configuration file${relative ? ` (for a path in that folder, write "${clip(relative)}")` : ''}.`;
  }
  if (/(?:^|[\\/{,(|])\.\.(?:$|[\\/},)|])/.test(glob)) return `"${clip(glob)}" climbs out of the folder with "..": globs are relative to the folder of the configuration file and match only files inside it.`;
  let globstars = 0;
  for (const segment of glob.split('/')) {
    if (segment === '**') {
      globstars++;
      continue;
    }
    let stars = 0;
    for (const c of segment) if (c === '*') stars++;
    const max = globstars > 0 ? MAX_GLOB_STARS_AFTER_GLOBSTAR : MAX_GLOB_STARS_PER_SEGMENT;
    if (stars > max) return `"${clip(segment)}" has ${stars} "*" in one path segment (at most ${max}${globstars > 0 ? ' after a "**"' : ''}): matching it against a long file or folder name can take minutes.`;
  }
  if (globstars > MAX_GLOBSTARS) return `A glob has at most ${MAX_GLOBSTARS} "**" segments; this one has ${globstars}: each one multiplies the matching work by the depth of the folder tree.`;
  return undefined;
}

const clip = (s: string) => (s.length > 60 ? s.slice(0, 60) + '…' : s);

/**
 * The ajv options of the configuration's validator, generated ahead of time (tools/generate.ts). strictNumbers: a
 * number written 1e400 is read as Infinity, which ajv otherwise accepts as an integer above any minimum.
 */
export const CONFIG_VALIDATOR_OPTIONS = { allErrors: true, strict: false, strictNumbers: true } as const;

export interface ConfigProblem {
  message: string;
  pointer: string;
}

/**
 * Validates a raw configuration value; returns the problems and a config built from the valid parts over
 * `base` (an invalid key keeps its default, so one typo does not switch everything off).
 */
/** `folder`: the configuration file's folder (a path with `/`), for the suggestions about absolute globs. */
export function resolveConfig(raw: unknown, base: Config = defaultConfig(), folder?: string): { config: Config; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  if (!validateConfigSchema(raw)) {
    // A oneOf reports each branch: one problem per message and place, looked up in a set (a search of the list per
    // error took minutes on a configuration of 200,000 wrong entries, which a repository can ship; an independent
    // tester).
    const seen = new Set<string>();
    for (const e of relevantErrors(validateConfigSchema.errors ?? [])) {
      const p = { message: configErrorMessage(e, valueAt(raw, e.instancePath)), pointer: errorPointer(e) };
      const key = `${p.pointer}\u0000${p.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(p);
    }
  }
  const config: Config = { ...base, rules: { ...base.rules }, budgets: { ...base.budgets }, verbs: { ...base.verbs } };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { config, problems: problems.slice(0, 1) };
  const r = raw as Record<string, unknown>;
  for (const key of ['files', 'ignore'] as const) {
    const globs = r[key];
    // Over the bound the list is refused whole (above): its globs are not looked at one by one.
    if (!Array.isArray(globs) || globs.length > MAX_GLOBS) continue;
    globs.forEach((g, i) => {
      const why = typeof g === 'string' ? globProblem(g, folder) : undefined;
      if (why) problems.push({ message: why, pointer: `/${key}/${i}` });
    });
    // Every glob is matched against every path: their wildcards together bound the work (256 globs "*a*a*b<i>/**",
    // each within the bounds above, took 46 s on folders of 250-character names).
    let stars = 0;
    for (const g of globs) {
      if (typeof g !== 'string') continue;
      for (const segment of g.split('/')) if (segment !== '**') for (const c of segment) if (c === '*') stars++;
    }
    if (stars > MAX_GLOB_STARS_PER_LIST) {
      problems.push({ message: `The globs of "${key}" have ${stars} "*" inside names in all (at most ${MAX_GLOB_STARS_PER_LIST}; "**" segments aside): each glob is matched against every path, so many wildcards can take minutes on long names. Use fewer globs, or whole folders ("dist/**").`, pointer: `/${key}` });
    }
  }
  const bad = (p: string) => problems.some((x) => x.pointer === p || x.pointer.startsWith(p + '/'));
  if (typeof r.profile === 'string' && !bad('/profile')) config.profile = r.profile as Config['profile'];
  if (r.rules && typeof r.rules === 'object') {
    for (const [id, sev] of Object.entries(r.rules as Record<string, unknown>)) {
      if (typeof sev === 'string' && (SEVERITY_SETTINGS as readonly string[]).includes(sev)) config.rules[id] = sev as SeveritySetting;
    }
  }
  if (Array.isArray(r.files) && !bad('/files')) config.files = r.files as string[];
  if (Array.isArray(r.ignore) && !bad('/ignore')) config.ignore = r.ignore as string[];
  if (!bad('/verbs')) {
    if (Array.isArray(r.verbs)) config.verbs = { query: [], mutation: [], action: r.verbs as string[] };
    else if (r.verbs && typeof r.verbs === 'object') {
      const v = r.verbs as Partial<Record<VerbKind, string[]>>;
      config.verbs = { query: v.query ?? [], mutation: v.mutation ?? [], action: v.action ?? [] };
    }
  }
  if (r.budgets && typeof r.budgets === 'object') {
    for (const k of ['descriptionLength', 'descriptionMinWords', 'toolsetSize'] as const) {
      const v = (r.budgets as Record<string, unknown>)[k];
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1) config.budgets[k] = v;
    }
  }
  if (typeof r.deprecationPeriodDays === 'number' && !bad('/deprecationPeriodDays')) config.deprecationPeriodDays = r.deprecationPeriodDays;
  if (r.baseline === false || r.baseline === '') config.baseline = false;
  else if (typeof r.baseline === 'string' && isValidBaselineRef(r.baseline)) config.baseline = r.baseline;
  return { config, problems };
}

function errorPointer(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return `${e.instancePath}/${String((e.params as { additionalProperty: string }).additionalProperty).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return e.instancePath;
}

/**
 * The schema's errors a user should read. A rule id that is not a word is left to "Unknown rule id" (ajv's
 * propertyNames errors read '"rules" is not a rule id' and '"rules" property name must be valid'). A `oneOf`
 * (`verbs`: a list, or an object of lists) reports a type error per branch and a summary: the branch errors
 * inside the value, when there are any, say what is wrong; else the summary alone.
 */
function relevantErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  // The paths with a more specific error at or below them (a type error counts below its path only), gathered in one
  // pass over the errors and their ancestors, not by a search of every error per oneOf error.
  const specific = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'oneOf') continue;
    if (e.keyword !== 'type') specific.add(e.instancePath);
    for (let i = e.instancePath.lastIndexOf('/'); i >= 0; i = i === 0 ? -1 : e.instancePath.lastIndexOf('/', i - 1)) specific.add(e.instancePath.slice(0, i));
  }
  const specificWithin = (path: string) => specific.has(path);
  return errors.filter((e) => {
    if (e.instancePath === '/rules' && (e.keyword === 'propertyNames' || e.keyword === 'pattern')) return false;
    if (e.keyword === 'type' && oneOfPaths.has(e.instancePath)) return false;
    if (e.keyword === 'oneOf' && specificWithin(e.instancePath)) return false;
    return true;
  });
}

/** The value at an ajv instance path (RFC 6901) of the raw configuration, own members only. */
function valueAt(raw: unknown, path: string): unknown {
  let v = raw;
  for (const seg of path.split('/').slice(1)) {
    const key = seg.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!v || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** ESLint's severities, for the hint of a rule set the way .eslintrc sets it. */
const ESLINT_SEVERITIES: Readonly<Record<string, SeveritySetting>> = { '0': 'off', '1': 'warning', '2': 'error', warn: 'warning' };

/**
 * What a severity that is not one of ours probably meant: ESLint's "warn", 0, 1 and 2 and its `[severity, options]`
 * form (a user of ESLint writes them from habit), or one of ours in other capitals.
 */
function severityHint(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string' && typeof first !== 'number') return '';
  const text = String(first).trim().toLowerCase();
  const meant = ESLINT_SEVERITIES[text] ?? ((SEVERITY_SETTINGS as readonly string[]).includes(text) ? (text as SeveritySetting) : undefined);
  if (!meant) return '';
  const written = JSON.stringify(value).length > 60 ? 'this' : JSON.stringify(value);
  return Array.isArray(value) ? ` (${written} is ESLint's form with options, which toolschema rules do not take: write "${meant}")` : ` (for ${written} write "${meant}")`;
}

function configErrorMessage(e: ErrorObject, value: unknown): string {
  const where = e.instancePath ? `"${clipValue(e.instancePath.slice(1).replace(/\//g, '.'))}"` : 'The configuration';
  if (e.instancePath === '/baseline') return '"baseline" must be one git revision such as "HEAD" or "origin/main" (no spaces, not starting with "-", not a range such as "HEAD..main", not a tree or a blob such as "HEAD^{tree}"), or false to turn the comparison off; it is ignored.';
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = (e.params as { additionalProperty: string }).additionalProperty;
      const known = e.instancePath === '' ? 'profile, rules, files, ignore, verbs, budgets, deprecationPeriodDays, baseline' : e.instancePath === '/budgets' ? 'descriptionLength, descriptionMinWords, toolsetSize' : 'query, mutation, action';
      return `Unknown setting "${clipValue(key)}"; it is ignored. Known settings here: ${known}.`;
    }
    case 'maxItems':
      return `${where} holds ${where === '"files"' || where === '"ignore"' ? 'globs' : 'items'} past the first ${(e.params as { limit: number }).limit}: at most ${(e.params as { limit: number }).limit} are accepted (each is matched against every path); the list is ignored and the default is used.`;
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ');
      if (e.instancePath.startsWith('/rules/')) return `${where}: unknown severity${severityHint(value)}; use one of ${allowed}. The rule keeps its default.`;
      return `${where} must be one of ${allowed}; the default is used.`;
    }
    case 'type':
      if (typeof value === 'number' && !Number.isFinite(value)) return `${where} is too large to be a number (JSON readers take it as infinity); the default is used.`;
      return `${where} must be ${(e.params as { type: string }).type === 'array' ? 'an array' : `of type ${(e.params as { type: string }).type}`}; the default is used.`;
    case 'pattern':
      if (e.instancePath.startsWith('/rules')) return `${where} is not a rule id.`;
      return `${where} must be a single word of letters; it is ignored.`;
    case 'minimum':
      return `${where} must be at least ${(e.params as { limit: number }).limit}; the default is used.`;
    case 'oneOf':
      return `${where} must be a list of verbs or an object {"query": [...], "mutation": [...], "action": [...]}; it is ignored.`;
    default:
      return `${where} ${e.message ?? 'is invalid'}; the default is used.`;
  }
}

/**
 * Reads a configuration file's text. Problems (bad JSON, unknown keys, bad values, unknown rule ids) come
 * back as findings of rule `config-invalid` on the file itself; the returned config falls back to defaults.
 */
/**
 * The folder of a configuration given as a `file:` URI (the language server) or an absolute path (the CLI), with
 * `/` (a Windows drive as `C:/…`); undefined for anything else.
 */
function folderOfUri(uri: string): string | undefined {
  let path: string;
  if (uri.startsWith('file:')) {
    try {
      path = decodeURIComponent(new URL(uri).pathname).replace(/^\/([A-Za-z]:)/, '$1');
    } catch {
      return undefined;
    }
  } else if (/^(?:\/|[A-Za-z]:[\\/])/.test(uri)) path = uri.split('\\').join('/');
  else return undefined;
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

export function parseConfigText(uri: string, text: string, knownRules: ReadonlySet<string>, base?: Config): { config: Config; findings: Finding[] } {
  const doc = new ToolDocument(uri, text);
  const findings: Finding[] = [];
  const report = (node: Node | undefined, message: string, offset = node?.offset ?? 0, length = node?.length ?? 1, severity: Finding['severity'] = 'error') => {
    findings.push({
      rule: 'config-invalid',
      messageId: 'invalid',
      message,
      severity,
      tool: null,
      pointer: node ? pointerOf(node) : '',
      range: doc.rangeOf(offset, length),
      offset,
      length,
    });
  };
  if (doc.refused) {
    report(undefined, 'The configuration file is too large or too deeply nested to read; defaults are used.');
    return { config: base ?? defaultConfig(), findings };
  }
  const first = doc.syntaxProblems[0];
  if (first) report(undefined, `${first.message} The configuration is not read; defaults are used.`, first.offset, first.length);
  if (doc.syntaxProblems.length > 0 || !doc.tree) {
    if (!doc.tree && doc.syntaxProblems.length === 0) report(undefined, 'The configuration file is empty; defaults are used.');
    return { config: base ?? defaultConfig(), findings };
  }
  // A repeated key: the last one applies (as JSON.parse reads it), which a reader of the file may not expect.
  for (const key of doc.duplicateKeys.slice(0, MAX_DUPLICATE_KEYS)) {
    const kept = keptKeyOf(key);
    report(key, `"${clipValue(String(key.value))}" is repeated in this object: the one on line ${doc.positionAt(kept.offset).line + 1} applies and this one is ignored; remove one of them.`, key.offset, key.length, 'warning');
  }
  const raw = valueOf(doc.tree);
  const { config, problems } = resolveConfig(raw, base, folderOfUri(uri));
  for (const p of problems) {
    const node = nodeAtPointer(doc.tree, p.pointer);
    const target = node?.parent?.type === 'property' && p.message.startsWith('Unknown setting') ? node.parent.children?.[0] : node;
    report(target ?? doc.tree, p.message);
  }
  const rules = child(doc.tree, 'rules');
  if (rules?.type === 'object') {
    for (const prop of rules.children ?? []) {
      const k = prop.children?.[0];
      if (k && typeof k.value === 'string' && !knownRules.has(k.value)) {
        report(k, `Unknown rule id "${clipValue(k.value)}"; run "toolschema --list-rules" for the list.`);
      }
    }
  }
  return { config, findings };
}
