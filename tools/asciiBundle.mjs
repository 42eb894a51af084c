/**
 * Rewrites a JavaScript bundle so that it holds only ASCII characters, with the same meaning.
 *
 * Why: V8 keeps a script's source as a one-byte string only when every character is Latin-1; one ’ in a regular
 * expression makes the whole 1.6 MB CLI bundle a two-byte string, which every start reads, hashes and scans twice
 * over (about 4% of the instructions of a one-file lint). esbuild's `charset: 'ascii'` (its default) escapes
 * string literals, but leaves regular expression literals, `String.raw` templates and comments as written.
 *
 * Each non-ASCII character is rewritten according to the token it is in (found with the TypeScript parser):
 * - regular expression literal: `\uXXXX` (`\u{X}` for a character beyond U+FFFF under the `u` or `v` flag, its
 *   two surrogates escaped without them, which is what the literal character means there);
 * - string literal or identifier: `\uXXXX` (`\u{X}` in an identifier);
 * - template literal, tagged or not: a substitution `${"\uXXXX"}`, which gives the same cooked and the same raw
 *   text to `String.raw` (the tag the engine uses for regular expression sources). A template with any other tag
 *   is refused: a substitution would change the arguments its tag receives;
 * - comment: `\uXXXX` (no meaning);
 * - anything else (a character that is not in a token, a comment or whitespace): refused.
 * The result must compile. A bundle that is already ASCII is left alone.
 *
 * Source maps (TOOLSCHEMA_SOURCEMAP=1): columns after a rewritten character on the same line are off by the
 * length of its escape.
 */
import { createRequire } from 'node:module';
import vm from 'node:vm';

// Required when first needed, not imported: an ESM import of TypeScript's 9 MB CommonJS file runs Node's export
// scan over it (about 1 s), and a build whose bundles are ASCII needs no parser.
let ts;

const hex4 = (u) => '\\u' + u.toString(16).padStart(4, '0');
const unitsEscape = (ch) => [...Array(ch.length).keys()].map((i) => hex4(ch.charCodeAt(i))).join('');

/** `text` with every non-ASCII character escaped (see above); throws when that cannot keep the meaning. */
export function asciiOnly(text, fileName = 'bundle.js') {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  ts ??= createRequire(import.meta.url)('typescript');
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  if (source.parseDiagnostics.length > 0) throw new Error(`${fileName}: cannot be parsed: ${source.parseDiagnostics[0].messageText}`);
  const edits = [];
  const re = /[^\x00-\x7f]/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index;
    const ch = m[0];
    const path = pathTo(source, at);
    const token = path[path.length - 1];
    let replacement;
    if (!token) {
      if (!inComment(source, text, at)) throw new Error(`${fileName}: character U+${ch.codePointAt(0).toString(16)} at ${where(text, at)} is outside any token or comment`);
      replacement = unitsEscape(ch);
    } else if (token.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const flags = token.text.slice(token.text.lastIndexOf('/') + 1);
      replacement = ch.length > 1 && /[uv]/.test(flags) ? `\\u{${ch.codePointAt(0).toString(16)}}` : unitsEscape(ch);
    } else if (token.kind === ts.SyntaxKind.StringLiteral) {
      replacement = unitsEscape(ch);
    } else if (token.kind === ts.SyntaxKind.Identifier || token.kind === ts.SyntaxKind.PrivateIdentifier) {
      replacement = ch.length > 1 ? `\\u{${ch.codePointAt(0).toString(16)}}` : hex4(ch.charCodeAt(0));
    } else if (isTemplatePart(token.kind)) {
      const i = path.findLastIndex((n) => n.kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral || n.kind === ts.SyntaxKind.TemplateExpression);
      const template = path[i];
      const parent = path[i - 1];
      const tag = parent && ts.isTaggedTemplateExpression(parent) && parent.template === template ? parent.tag.getText(source) : undefined;
      if (tag !== undefined && tag !== 'String.raw') throw new Error(`${fileName}: character U+${ch.codePointAt(0).toString(16)} at ${where(text, at)} is in a template tagged ${tag}; only String.raw templates can be rewritten`);
      replacement = '${"' + unitsEscape(ch) + '"}';
    } else {
      throw new Error(`${fileName}: character U+${ch.codePointAt(0).toString(16)} at ${where(text, at)} is in a ${ts.SyntaxKind[token.kind]}`);
    }
    edits.push([at, at + ch.length, replacement]);
  }
  let out = '';
  let last = 0;
  for (const [s, e, r] of edits) {
    out += text.slice(last, s) + r;
    last = e;
  }
  out += text.slice(last);
  try {
    new vm.Script(out, { filename: fileName }); // compiles (lazily: syntax only), never runs
  } catch (e) {
    throw new Error(`${fileName}: the rewritten bundle does not compile: ${e.message}`);
  }
  return out;
}

function isTemplatePart(kind) {
  return kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral || kind === ts.SyntaxKind.TemplateHead || kind === ts.SyntaxKind.TemplateMiddle || kind === ts.SyntaxKind.TemplateTail;
}

/** The nodes from the file down to the token (a node without children) whose text covers `pos`; ends with
 * undefined when `pos` is in trivia. */
function pathTo(source, pos) {
  const path = [];
  let node = source;
  for (;;) {
    let next;
    ts.forEachChild(node, (c) => {
      if (c.getStart(source) <= pos && pos < c.end) {
        next = c;
        return true;
      }
      return undefined;
    });
    if (!next) {
      // A node without children that covers pos from its start is the token itself (a template's literal parts
      // are such nodes, children of its TemplateExpression and TemplateSpans).
      path.push(node !== source && node.getStart(source) <= pos && pos < node.end && isToken(node) ? node : undefined);
      return path;
    }
    path.push(node);
    node = next;
  }
}

function isToken(node) {
  let has = false;
  ts.forEachChild(node, () => {
    has = true;
    return true;
  });
  return !has;
}

/**
 * Whether `at`, which no token of the parse covers, lies in a comment. The parse's nodes do not include
 * punctuation or keywords, so the text between the last node that ends before `at` and `at` is scanned: it holds
 * only punctuation, keywords, whitespace and comments (a regular expression, string, template or identifier
 * there would be a node), so the scanner reads it without the context a `/` or a `}` needs elsewhere.
 */
function inComment(source, text, at) {
  let from = 0;
  const visit = (n) =>
    ts.forEachChild(n, (c) => {
      if (c.end <= at) from = Math.max(from, c.end);
      else if (c.pos <= at) visit(c);
    });
  visit(source);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text, undefined, from);
  const tokenStart = () => (scanner.getTokenStart ? scanner.getTokenStart() : scanner.getTokenPos());
  for (;;) {
    const kind = scanner.scan();
    if (kind === ts.SyntaxKind.EndOfFileToken || tokenStart() > at) return false;
    if (at < scanner.getTextPos()) return kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia;
  }
}

function where(text, at) {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return `line ${line}, column ${at - before.lastIndexOf('\n')}`;
}
