import { defineRule } from '../rule';
import type { ToolInfo } from '../discover';
import { toolLists } from '../analysis/names';
import { SOURCES } from '../profiles';
import { isUri } from '../evaluation/paths';

const QUERY_OR_FRAGMENT = /[?#].*$/;

/** A URI's escapes decoded; a plain path (the CLI's) as it is: "%", "#" and "?" are characters of its names. */
function decoded(s: string, uri: boolean): string {
  if (!uri) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The other file, for messages: its name, or, when it has the name of the file being linted (`x/b.tool.json` and
 * `y/b.tool.json`), its path from that file's folder ("../y/b.tool.json"): the name alone read as if the file
 * clashed with itself (an independent tester).
 */
function otherFileLabel(uri: string, from: string): string {
  const isU = isUri(uri);
  const path = isU ? uri.replace(QUERY_OR_FRAGMENT, '') : uri;
  const base = decoded(path.slice(path.lastIndexOf('/') + 1) || path, isU);
  const here = isUri(from) ? from.replace(QUERY_OR_FRAGMENT, '') : from;
  if (decoded(here.slice(here.lastIndexOf('/') + 1), isUri(from)) !== base) return base;
  const a = here.split('/').slice(0, -1);
  const b = path.split('/');
  let common = 0;
  while (common < a.length && common < b.length - 1 && a[common] === b[common]) common++;
  return decoded([...a.slice(common).map(() => '..'), ...b.slice(common)].join('/'), isU);
}

export default defineRule<'inFile' | 'inWorkspace'>({
  id: 'name-duplicate',
  meta: {
    section: 'Names',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'Two tools with the same name in one tool list, or in two files of the workspace.',
      why: 'The name is how the model calls a tool and how the host routes the call (Service rule 4: names are self-describing identifiers). With two tools of one name the model cannot choose between them, the host runs only one of them; Anthropic rejects such a request outright (400 "tools: Tool names must be unique."), and MCP says names SHOULD be unique within a server. In a catalog that lists several servers, each server\'s tool list is checked on its own.',
      spec: 'Service rule 4',
      bad: '[\n  { "name": "get_invoice", "description": "Use this when the user asks about one invoice by its number.", "parameters": { "type": "object", "properties": { "invoice_id": { "type": "string" } }, "required": ["invoice_id"] } },\n  { "name": "get_invoice", "description": "Use this when the user asks for the invoices of a customer.", "parameters": { "type": "object", "properties": { "customer_id": { "type": "string" } }, "required": ["customer_id"] } }\n]',
      sources: [SOURCES.mcpTools],
      good: '[\n  { "name": "get_invoice", "description": "Use this when the user asks about one invoice by its number.", "parameters": { "type": "object", "properties": { "invoice_id": { "type": "string" } }, "required": ["invoice_id"] } },\n  { "name": "list_customer_invoices", "description": "Use this when the user asks for the invoices of a customer.", "parameters": { "type": "object", "properties": { "customer_id": { "type": "string" } }, "required": ["customer_id"] } }\n]',
    },
    messages: {
      inFile: 'Tool name "{{name}}" is also used on {{lines}} of this file: the model cannot tell the two tools apart and the host runs only one. Rename one of them after what it does differently, or remove the copy.',
      inWorkspace: 'Tool name "{{name}}" is also defined in {{file}}{{more}}: the model cannot tell the two tools apart and the host runs only one. Rename one of them after what it does differently, or remove the copy.',
    },
  },
  create(ctx) {
    return {
      fileEnd(tools) {
        const dupInFile = new Set<ToolInfo>();
        for (const list of toolLists(tools)) {
          const byName = new Map<string, ToolInfo[]>();
          for (const t of list) {
            if (t.name === undefined || t.name === '' || !t.nameNode) continue;
            const same = byName.get(t.name);
            if (same) same.push(t);
            else byName.set(t.name, [t]);
          }
          for (const [name, same] of byName) {
            if (same.length < 2) continue;
            // Only the first five other lines are shown: taken from the first six, so that n copies of one name
            // cost n, not n² (10,000 copies took minutes).
            const firstLines = same.slice(0, 6).map((o) => ctx.doc.positionAt(o.nameNode!.offset).line + 1);
            for (const [i, t] of same.entries()) {
              dupInFile.add(t);
              const lines = i < 6 ? firstLines.filter((_, k) => k !== i) : firstLines;
              const others = same.length - 1;
              const shown = (others > 1 ? 'lines ' : 'line ') + lines.slice(0, 5).join(', ') + (others > 5 ? ` and ${others - 5} more` : '');
              ctx.report({ node: t.nameNode!, tool: t, messageId: 'inFile', data: { name, lines: shown } });
            }
          }
        }
        for (const t of tools) {
          if (t.name === undefined || t.name === '' || !t.nameNode || dupInFile.has(t)) continue;
          const others = ctx.workspace.definitions(t.name, t.profile);
          if (others.count === 0 || others.first === undefined) continue;
          const more = others.count > 1 ? ` and ${others.count - 1} other file${others.count > 2 ? 's' : ''}` : '';
          ctx.report({ node: t.nameNode, tool: t, messageId: 'inWorkspace', data: { name: t.name, file: otherFileLabel(others.first, ctx.doc.uri), more } });
        }
      },
    };
  },
});
