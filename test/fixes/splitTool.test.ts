/**
 * The split refactor called directly (as the "Toolschema: Split Tool" command does): the plan (names,
 * parameters, `required`, descriptions) and the edits, on every dialect and container, with the invariants of
 * every fix checked on each output (it parses, single-purpose no longer reports, no new error, bytes outside
 * the tool unchanged).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkFix, lintOf, TEST_TODAY } from '../ruleTester';
import { EditBuilder, applyEdits } from '../../shared/src/fixes/edits';
import { planSplit, splitToolEdits, type SplitPlan } from '../../shared/src/fixes/splitTool';
import { EMPTY_INDEX, type WorkspaceIndex } from '../../shared/src/rule';
import type { ToolInfo } from '../../shared/src/discover';

function toolNamed(code: string, name: string): { tools: readonly ToolInfo[]; tool: ToolInfo } {
  const lint = lintOf(code);
  const tool = lint.discovery.tools.find((t) => t.name === name);
  assert.ok(tool, `no tool ${name}`);
  return { tools: lint.discovery.tools, tool };
}

function plan(code: string, name: string, workspace: WorkspaceIndex = EMPTY_INDEX): SplitPlan | undefined {
  const { tools, tool } = toolNamed(code, name);
  return planSplit(tool, { tools, workspace });
}

/** name → kept parameters (and required, after a "|"). */
function shape(p: SplitPlan | undefined): Record<string, string> {
  assert.ok(p, 'expected a plan');
  const out: Record<string, string> = {};
  for (const o of p.operations) out[o.name] = o.params.join(',') + (o.required.length > 0 ? ` | ${o.required.join(',')}` : '');
  return out;
}

/** Applies both proposals and checks the invariants of every fix on them; returns [removed, kept] outputs. */
function split(code: string, name: string, workspace: WorkspaceIndex = EMPTY_INDEX, outside = false): [string, string] {
  const lint = lintOf(code);
  const tool = lint.discovery.tools.find((t) => t.name === name);
  assert.ok(tool, `no tool ${name}`);
  const finding = lint.findings.find((f) => f.rule === 'single-purpose' && f.tool === name);
  const outputs: string[] = [];
  for (const keepOriginal of [false, true]) {
    const r = splitToolEdits(new EditBuilder(lint.doc), tool, lint.discovery.tools, workspace, { keepOriginal, today: TEST_TODAY });
    assert.ok(r, 'expected a split');
    const output = applyEdits(code, r.edits);
    if (finding) checkFix(code, lint, finding, { title: `split ${keepOriginal}`, kind: 'suggestion', edits: r.edits, rule: 'single-purpose' }, undefined, { outside });
    const after = lintOf(output);
    assert.deepEqual(after.findings.filter((f) => f.rule === 'single-purpose').map((f) => f.message), [], output);
    for (const n of r.names) assert.ok(after.discovery.tools.some((t) => t.name === n), `${n} defined`);
    assert.equal(after.discovery.tools.some((t) => t.name === name), keepOriginal, `original ${keepOriginal ? 'kept' : 'removed'}`);
    outputs.push(output);
  }
  return [outputs[0]!, outputs[1]!];
}

const RECORDS = `{ "name": "manage_records", "description": "Use this to read or change rows in the customer database.", "parameters": { "type": "object", "properties": { "operation": { "type": "string", "description": "What to do: get, create, update or delete." }, "table": { "type": "string", "description": "Table to operate on." }, "payload": { "type": "string", "description": "JSON of the row." } }, "required": ["operation", "table"] } }`;

describe('planSplit', () => {
  it('one tool per listed operation; without an id, read becomes query_<entities>; a multi-table parameter stays', () => {
    const p = plan(RECORDS, 'manage_records');
    assert.equal(p?.operationParam, 'operation');
    assert.equal(p?.entity, 'record');
    assert.deepEqual(shape(p), {
      query_records: 'table | table',
      create_record: 'table,payload | table',
      update_record: 'table,payload | table',
      delete_record: 'table | table',
    });
  });

  it('with an id-like parameter, read becomes get_<entity>, and the id is required for get/update/delete', () => {
    const code = RECORDS.replace('"payload": {', '"record_id": { "type": "string", "description": "Row ID." }, "payload": {');
    assert.deepEqual(shape(plan(code, 'manage_records')), {
      get_record: 'table,record_id | table,record_id',
      create_record: 'table,payload | table',
      update_record: 'table,record_id,payload | table,record_id',
      delete_record: 'table,record_id | table,record_id',
    });
  });

  it('filters and paging go to read-many operations, "required for …" makes a parameter required there, "ignored for …" removes it', () => {
    const code = `{ "name": "ticket_ops", "description": "Use this for support tickets.", "inputSchema": { "type": "object", "properties": {
      "action": { "type": "string", "enum": ["list", "search", "create", "update", "delete"] },
      "ticket_id": { "type": "string", "description": "Ticket ID." },
      "query": { "type": "string", "description": "Search text." },
      "limit": { "type": "integer", "minimum": 1, "maximum": 50, "description": "Page size." },
      "subject": { "type": "string", "description": "Subject, required for create." },
      "priority": { "type": "string", "enum": ["low", "high"], "description": "Priority; ignored for delete." }
    }, "required": ["action"] } }`;
    assert.deepEqual(shape(plan(code, 'ticket_ops')), {
      list_tickets: 'query,limit,priority',
      search_tickets: 'query,limit,priority',
      create_ticket: 'subject,priority | subject',
      update_ticket: 'ticket_id,priority | ticket_id',
      delete_ticket: 'ticket_id | ticket_id',
    });
  });

  it('verb-first operation values are used as is, with the namespace the file shares; a taken name gets a suffix', () => {
    const code = `[{ "name": "github_manage_issues", "description": "Use this to work with GitHub issues.", "parameters": { "type": "object", "properties": {
      "method": { "type": "string", "enum": ["list_issues", "create_issue", "close_issue"] },
      "repo": { "type": "string", "description": "owner/name" },
      "issue_number": { "type": "integer", "description": "Issue to close (for close_issue)." },
      "title": { "type": "string", "description": "Title, when creating." } }, "required": ["method", "repo"] } },
      { "name": "github_get_user", "description": "Use this to look up a user.", "parameters": { "type": "object", "properties": {} } }]`;
    assert.deepEqual(shape(plan(code, 'github_manage_issues')), {
      github_list_issues: 'repo | repo',
      github_create_issue: 'repo,title | repo',
      github_close_issue: 'repo,issue_number | repo',
    });
    const workspace: WorkspaceIndex = { definitions: (n) => (n === 'github_create_issue' ? { count: 1, first: 'file:///other.tool.json' } : { count: 0, first: undefined }) };
    assert.deepEqual(Object.keys(shape(plan(code, 'github_manage_issues', workspace))), ['github_list_issues', 'github_create_issue_alt', 'github_close_issue']);
  });

  it('the entity comes from a one-entity table, else the name, else the description, else "item"', () => {
    const withConst = RECORDS.replace('"table": { "type": "string",', '"table": { "type": "string", "enum": ["invoices"],');
    assert.deepEqual(Object.keys(shape(plan(withConst, 'manage_records'))), ['query_invoices', 'create_invoice', 'update_invoice', 'delete_invoice']);
    // The one-entity table parameter is gone.
    assert.ok(plan(withConst, 'manage_records')!.operations.every((o) => !o.params.includes('table')));
    const described = RECORDS.replace('"manage_records"', '"crud"');
    assert.equal(plan(described, 'crud')?.entity, 'customer');
    const bare = RECORDS.replace('"manage_records"', '"crud"').replace('in the customer database', 'somewhere');
    assert.deepEqual(Object.keys(shape(plan(bare, 'crud'))), ['query_items', 'create_item', 'update_item', 'delete_item']);
  });

  it('a path identifies what is read (get_<entity>), and stays for every operation; camelCase names stay camelCase', () => {
    const code = `{ "name": "fileTool", "description": "Use this for files in the workspace.", "input_schema": { "type": "object", "properties": {
      "command": { "type": "string", "enum": ["read", "write", "ls"] },
      "path": { "type": "string", "description": "File or directory path." },
      "content": { "type": "string", "description": "New content of the file." } }, "required": ["command", "path"] } }`;
    assert.deepEqual(shape(plan(code, 'fileTool')), { getFile: 'path | path', writeFile: 'path,content | path', listFiles: 'path | path' });
  });

  it('descriptions: a lead sentence, the original sentences about that operation only, a usage cue', () => {
    const code = `{ "name": "manage_orders", "description": "Use this to look up or change orders. Deleted orders cannot be restored. Updating an order emails the customer. Orders are kept for 90 days.", "parameters": { "type": "object", "properties": {
      "action": { "type": "string", "enum": ["get", "update", "delete"] }, "order_id": { "type": "string", "description": "Order ID." } }, "required": ["action", "order_id"] } }`;
    const p = plan(code, 'manage_orders')!;
    assert.deepEqual(p.operations.map((o) => o.description), [
      'Gets an order by its ID. Use this when the user asks to look up a specific order.',
      'Updates an existing order. Updating an order emails the customer. Use this when the user asks to update an existing order.',
      'Deletes an order. Deleted orders cannot be restored. Use this when the user asks to delete an order.',
    ]);
  });

  it('a quoted operation in a copied sentence becomes "this"; a tool-shaped one becomes the new name', () => {
    const code = `{ "name": "memory", "description": "Use this to keep notes. Use 'view' to read a note. The 'str_replace' command swaps text. Call str_replace with old_str.", "inputSchema": { "type": "object", "properties": {
      "command": { "type": "string", "enum": ["view", "create", "str_replace"] }, "path": { "type": "string", "description": "Note path." } }, "required": ["command", "path"] } }`;
    const p = plan(code, 'memory')!;
    assert.deepEqual(p.operations.map((o) => [o.name, o.description]), [
      ['get_memory', 'Gets a memory by its path. Use this to read a note. Use this when the user asks to look up a specific memory.'],
      ['create_memory', 'Creates a new memory. Use this when the user asks to create a new memory.'],
      ['replace_str_memory', 'Replaces a memory. This tool swaps text. Call replace_str_memory with old_str. Use this when the user asks to replace a memory.'],
    ]);
  });

  it('a list of operations in the description gives each tool its own line', () => {
    const code = `{ "name": "notes", "description": "Manage notes.\\nCommands:\\n- \`view\`: Show a note.\\n- \`create\`: Create a note. Fails if it exists.\\n- \`delete\`: Delete a note.", "inputSchema": { "type": "object", "properties": {
      "command": { "type": "string", "enum": ["view", "create", "delete"] }, "note_id": { "type": "string", "description": "Note ID." }, "text": { "type": "string", "description": "Required for \`create\`." } }, "required": ["command"] } }`;
    assert.deepEqual(plan(code, 'notes')!.operations.map((o) => [o.name, o.description, o.required.join(',')]), [
      ['get_note', 'Gets a note by its ID. Show a note. Use this when the user asks to look up a specific note.', 'note_id'],
      ['create_note', 'Creates a new note. Create a note. Use this when the user asks to create a new note.', 'text'],
      ['delete_note', 'Deletes a note. Delete a note. Use this when the user asks to delete a note.', 'note_id'],
    ]);
  });

  it('"select" reads beside SQL writes, and picks a tab in a browser; two values with one name keep their own verbs', () => {
    const sql = `{ "name": "manage_rows", "description": "Use this for table rows.", "parameters": { "type": "object", "properties": {
      "operation": { "type": "string", "enum": ["select", "insert", "update", "delete"] }, "table": { "type": "string", "description": "Table name." },
      "where": { "type": "string", "description": "Row filter." }, "values": { "type": "object", "description": "Column values." } }, "required": ["operation", "table"] } }`;
    assert.deepEqual(shape(plan(sql, 'manage_rows')), {
      query_rows: 'table,where | table',
      create_row: 'table,values | table',
      update_row: 'table,where,values | table',
      delete_row: 'table,where | table',
    });
    const tabs = `{ "name": "browser_tabs", "description": "List, create, close, or select a browser tab.", "inputSchema": { "type": "object", "properties": {
      "action": { "type": "string", "enum": ["list", "new", "close", "select"] }, "index": { "type": "number", "description": "Tab index, used for close/select." } }, "required": ["action"] } }`;
    assert.deepEqual(shape(plan(tabs, 'browser_tabs')), { list_browser_tabs: '', create_browser_tab: '', close_browser_tab: 'index', select_browser_tab: 'index' });
    const both = RECORDS.replace('What to do: get, create, update or delete.', "One of 'get', 'delete' or 'remove'.").replace('"payload": {', '"record_id": { "type": "string", "description": "Row ID." }, "payload": {');
    const p = plan(both, 'manage_records')!;
    assert.deepEqual(p.operations.map((o) => o.name), ['get_record', 'delete_record', 'remove_record']);
    assert.equal(p.operations[2]!.description, 'Removes a record. Use this when the user asks to remove a record.');
  });

  it('a docstring-style description (FastMCP "Args:") lists the operations and ties parameters to them', () => {
    const code = `{ "name": "manage_hyperlinks", "description": "Manage hyperlinks in text shapes.\\n\\nArgs:\\n    operation: Operation type (\\"add\\", \\"remove\\", \\"list\\")\\n    slide_index: Index of the slide\\n    text: Text to make into a hyperlink (for \\"add\\" operation)\\n    url: URL for the hyperlink", "inputSchema": { "type": "object", "properties": {
      "operation": { "title": "Operation", "type": "string" }, "slide_index": { "title": "Slide Index", "type": "integer" }, "text": { "title": "Text", "type": "string" }, "url": { "title": "Url", "type": "string" } }, "required": ["operation", "slide_index"] } }`;
    const p = plan(code, 'manage_hyperlinks')!;
    assert.deepEqual(shape(p), { add_hyperlink: 'slide_index,text,url | slide_index', delete_hyperlink: 'slide_index,url | slide_index', list_hyperlinks: 'slide_index,url | slide_index' });
    // The "Args:" lines belong to the parameters, not to the new descriptions.
    assert.equal(p.operations[0]!.description, 'Adds a new hyperlink. Use this when the user asks to add a new hyperlink.');
    split(code, 'manage_hyperlinks');
  });

  it('nothing to split: no listed operations, one operation, only reads, a conditional schema on the operation, two selectors', () => {
    assert.equal(plan(RECORDS.replace('What to do: get, create, update or delete.', 'What to do.'), 'manage_records'), undefined);
    assert.equal(plan(`{ "name": "issue_read", "description": "Use this to read issues.", "inputSchema": { "type": "object", "properties": { "method": { "type": "string", "enum": ["get", "get_comments", "get_labels"] } } } }`, 'issue_read'), undefined);
    const conditional = RECORDS.replace('"required": ["operation", "table"]', '"required": ["operation", "table"], "allOf": [{ "if": { "properties": { "operation": { "const": "create" } } }, "then": { "required": ["payload"] } }]');
    assert.equal(plan(conditional, 'manage_records'), undefined);
    const two = RECORDS.replace('"payload": {', '"mode": { "type": "string", "enum": ["read", "write"] }, "payload": {');
    assert.equal(plan(two, 'manage_records'), undefined);
  });

  it('nothing to split when a new name would be over 64 characters or start with a digit (providers reject such names)', () => {
    const tool = (ops: string[]) => RECORDS.replace('"description": "What to do: get, create, update or delete."', `"enum": ${JSON.stringify(ops)}`);
    // The same shape with short names splits, so the refusals below are about the names.
    assert.deepEqual(Object.keys(shape(plan(tool(['get', 'create', 'delete']), 'manage_records'))), ['query_records', 'create_record', 'delete_record']);
    // It made "create_extraordinarily_comprehensive_internationalization_configurations" (71 characters) and "3_d_record".
    const long = 'create_extraordinarily_comprehensive_internationalization_configurations';
    assert.equal(plan(tool(['get', long, 'delete']), 'manage_records'), undefined, 'a 71-character operation name');
    assert.equal(plan(tool(['get', '3d', 'delete']), 'manage_records'), undefined, 'an operation named from "3d"');
  });

  it('a repeated property key is copied once, as the member that applies (the last), into each new tool', () => {
    const code = RECORDS.replace('"payload": { "type": "string", "description": "JSON of the row." }', '"payload": { "type": "integer", "description": "Shadowed." }, "payload": { "type": "string", "description": "JSON of the row." }');
    const [removed, kept] = split(code, 'manage_records');
    const count = (text: string, s: string) => text.split(s).length - 1;
    assert.equal(count(removed, '"Shadowed."'), 0, removed);
    assert.equal(count(removed, '"JSON of the row."'), count(removed, '"payload"'));
    // Kept as deprecated, the original is left as it was, its repeated key included.
    assert.equal(count(kept, '"Shadowed."'), 1, kept);
  });

  it('odd input never throws', () => {
    const odd = [
      `{ "name": 42, "parameters": { "type": "object", "properties": { "operation": { "type": "string", "enum": ["get", "delete"] } } } }`,
      `{ "name": "x", "parameters": { "type": "object", "properties": [] } }`,
      `{ "name": "x", "parameters": true }`,
      `{ "name": "manage_things", "description": "d", "parameters": { "type": "object", "properties": { "__proto__": { "type": "string", "description": "Only when removing." }, "operation": { "type": "string", "enum": ["get", "remove", "get"] }, "constructor": { "type": "string", "enum": [] } }, "required": ["__proto__", 7, "constructor"] } }`,
    ];
    for (const code of odd) {
      const lint = lintOf(code);
      for (const tool of lint.discovery.tools) {
        assert.doesNotThrow(() => planSplit(tool, { tools: lint.discovery.tools, workspace: EMPTY_INDEX }));
        for (const keepOriginal of [false, true]) {
          const r = splitToolEdits(new EditBuilder(lint.doc), tool, lint.discovery.tools, EMPTY_INDEX, { keepOriginal, today: TEST_TODAY });
          if (r) assert.equal(lintOf(applyEdits(code, r.edits)).doc.syntaxProblems.length, 0);
        }
      }
    }
    const p = plan(odd[3]!, 'manage_things');
    // "things" names no entity: "item"; no id, so the read is a query; "__proto__" is only for delete ("remove").
    assert.deepEqual(shape(p), { query_items: 'constructor | constructor', delete_item: '__proto__,constructor | __proto__,constructor' });
  });
});

describe('splitToolEdits', () => {
  it('OpenAI Responses tool in an array: the new tools replace it in place, neighbours untouched', () => {
    // (An enum of only HTTP method names, ["get", "delete"], is a request method, not an operation: "remove" here.)
    const code = `[
  { "type": "function", "name": "get_time", "description": "Use this when the user asks for the time.", "parameters": { "type": "object", "properties": {} } },
  { "type": "function", "name": "manage_records", "description": "Use this to read or change rows.", "parameters": { "type": "object", "properties": { "operation": { "type": "string", "enum": ["get", "remove"] }, "id": { "type": "string", "description": "Row ID." } }, "required": ["operation", "id"] } },
  { "type": "function", "name": "get_date", "description": "Use this when the user asks for the date.", "parameters": { "type": "object", "properties": {} } }
]`;
    const [removed, kept] = split(code, 'manage_records');
    const tool = code.split('\n')[2]!.slice(2, -1);
    const getRecord = '{ "type": "function", "name": "get_record", "description": "Gets a record by its ID. Use this when the user asks to look up a specific record.", "parameters": { "type": "object", "properties": { "id": { "type": "string", "description": "Row ID." } }, "required": ["id"] } }';
    const deleteRecord = '{ "type": "function", "name": "delete_record", "description": "Deletes a record. Use this when the user asks to delete a record.", "parameters": { "type": "object", "properties": { "id": { "type": "string", "description": "Row ID." } }, "required": ["id"] } }';
    assert.equal(removed, code.replace(tool, `${getRecord},\n  ${deleteRecord}`));
    const deprecated = tool
      .replace('"Use this to read', '"Deprecated: use get_record or delete_record instead. Use this to read')
      .replace(/ \}$/, ', "deprecated": { "since": "2026-11-22", "replacedBy": ["get_record", "delete_record"] } }');
    assert.equal(kept, code.replace(tool, `${deprecated},\n  ${getRecord},\n  ${deleteRecord}`));
  });

  it('a map keyed by tool name: the first new tool takes the key, the others get their own', () => {
    const code = `{
  "tools": {
    "manage_records": {
      "name": "manage_records",
      "description": "Use this to read or change rows.",
      "inputSchema": { "type": "object", "properties": { "operation": { "type": "string", "enum": ["list", "create"] }, "row": { "type": "object", "description": "The new row." } }, "required": ["operation"] }
    }
  }
}`;
    // The key is renamed too: the only edit outside the tool's value.
    const [removed] = split(code, 'manage_records', EMPTY_INDEX, true);
    assert.equal(
      removed,
      `{
  "tools": {
    "list_records": {
      "name": "list_records",
      "description": "Lists records. Use this when the user asks to list records.",
      "inputSchema": { "type": "object", "properties": {} }
    },
    "create_record": {
      "name": "create_record",
      "description": "Creates a new record. Use this when the user asks to create a new record.",
      "inputSchema": { "type": "object", "properties": { "row": { "type": "object", "description": "The new row." } } }
    }
  }
}`,
    );
  });

  it('an error of the shared schema is fixed in the copies (safe fixes only), not repeated in every new tool', () => {
    const code = `[
 {
  "name": "database.modify_columns",
  "description": "This function allows deletion or addition of columns in a database",
  "parameters": {
   "type": "dict",
   "properties": {
    "table": { "type": "string", "description": "The name of the table to modify." },
    "operation": { "type": "string", "description": "The operation to carry out on the table. Can be 'delete' or 'add'." },
    "columns": { "type": "array", "description": "Columns to add or delete.", "items": { "type": "string" } }
   },
   "required": ["table", "operation", "columns"]
  }
 }
]`;
    const [removed, kept] = split(code, 'database.modify_columns');
    const copy = (name: string, lead: string) => `{
  "name": "${name}",
  "description": "${lead}",
  "parameters": {
   "type": "object",
   "properties": {
    "table": { "type": "string", "description": "The name of the table to modify." },
    "columns": { "type": "array", "description": "Columns to add or delete.", "items": { "type": "string" } }
   },
   "required": ["table", "columns"]
  }
 }`;
    const copies = `${copy('database.delete_column', 'Deletes a column. Use this when the user asks to delete a column.')},\n ${copy('database.add_column', 'Adds a new column. Use this when the user asks to add a new column.')}`;
    const original = code.slice(3, -2);
    assert.equal(removed, code.replace(original, copies));
    assert.equal(kept.split('"dict"').length, 2, 'only the deprecated original keeps "dict"');
  });

  it('MCP annotations and titles follow each operation; Anthropic, Gemini and chat single-tool files become arrays', () => {
    const mcp = `{ "name": "records", "title": "Records", "description": "Use this for rows.", "inputSchema": { "type": "object", "properties": { "action": { "type": "string", "enum": ["get", "remove"] }, "record_id": { "type": "string", "description": "Row." } }, "required": ["action", "record_id"] }, "annotations": { "title": "Records", "readOnlyHint": false, "destructiveHint": true } }`;
    const [removed] = split(mcp, 'records');
    assert.ok(removed.includes('"title": "Get Record", "description"'));
    assert.ok(removed.includes('"annotations": { "title": "Get Record", "readOnlyHint": true }'));
    assert.ok(removed.includes('"annotations": { "title": "Delete Record", "readOnlyHint": false, "destructiveHint": true }'));
    for (const code of [
      `{ "name": "todo_tool", "description": "Use this for the todo list.", "input_schema": { "type": "object", "properties": { "mode": { "type": "string", "description": "One of 'list', 'add' or 'remove'." }, "text": { "type": "string", "description": "Text of the todo (for add)." } } } }`,
      `{ "functionDeclarations": [ { "name": "manage_events", "description": "Use this for calendar events.", "parameters": { "type": "OBJECT", "properties": { "action": { "type": "STRING", "enum": ["list", "create", "delete"] }, "event_id": { "type": "STRING", "description": "Event ID." } }, "required": ["action"] } } ] }`,
      `{"type":"function","function":{"name":"manage_users","description":"Use this for user accounts.","parameters":{"type":"object","properties":{"op":{"type":"string","description":"'get', 'create' or 'delete'"},"user_id":{"type":"string","description":"User ID."},"email":{"type":"string","description":"Email of the new user, for create."}},"required":["op"]}}}`,
    ]) {
      const name = lintOf(code).discovery.tools[0]!.name!;
      const [r, k] = split(code, name);
      assert.ok(r.length > 0 && k.length > 0);
    }
  });
});
