/**
 * Text the CLI prints to a terminal that comes from the files it reads (names, descriptions and values quoted in
 * messages, file names, a set's case ids, a model's replies): a hostile repository can put control characters in
 * them. Printed raw, ESC sequences set the terminal's title, move the cursor and erase or recolour what was
 * printed before, hide text, or (OSC 52, in some terminals) write the clipboard; a lone CR overwrites a line;
 * bidirectional controls reorder what the reader sees. `printable` shows each such character as a `\u001b`
 * escape, as JSON would, so the output is what the files hold and nothing more.
 */

/**
 * C0 controls except tab, line feed and carriage return, DEL, C1 controls, the bidirectional formatting characters,
 * the line and paragraph separators (U+2028, U+2029: a line break in some terminals) and U+FEFF (invisible).
 */
const CONTROLS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069\\ufeff';
/** Half of a surrogate pair without the other half: a terminal shows U+FFFD, hiding what the file holds. */
const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
/** With layout kept: those, lone surrogates, and a carriage return not before a line feed. */
const UNSAFE = new RegExp(`[${CONTROLS}]|${LONE_SURROGATE}|\\r(?!\\n)`, 'g');
/** On one line: those, lone surrogates, tab, line feed and carriage return. */
const UNSAFE_OR_LAYOUT = new RegExp(`[${CONTROLS}\\t\\n\\r]|${LONE_SURROGATE}`, 'g');

const escape = (ch: string): string => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0');

/**
 * `text` with every control character as a visible `\u001b`-style escape. `layout`: tab, line feed and CR LF are
 * kept (a multi-line report, a diff); otherwise they are escaped too (one line: a file name, a message).
 */
export function printable(text: string, layout = false): string {
  return text.replace(layout ? UNSAFE : UNSAFE_OR_LAYOUT, escape);
}

/**
 * Colours in text output: `--color` / `--no-color` first, then the NO_COLOR (https://no-color.org) and
 * FORCE_COLOR environment variables, else whether stdout is a terminal.
 */
export function useColor(flag: boolean | undefined, isTTY: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR) return false;
  // Set, even empty, is on (as Node and supports-color read it), but for "0" and "false".
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY;
}
