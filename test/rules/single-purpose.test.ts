import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/single-purpose';

// --- Exact outputs -----------------------------------------------------------------------------------------

/** OpenAI chat, enum operation, inside a request body's "tools" array. */
const ORDERS = `{
  "model": "gpt-4o",
  "tools": [
    {
      "type": "function",
      "function": {
        "name": "manage_orders",
        "description": "Use this to look up or change customer orders. Cancelled orders cannot be updated.",
        "parameters": {
          "type": "object",
          "properties": {
            "action": { "type": "string", "enum": ["get", "list", "create", "update"], "description": "Operation to perform." },
            "order_id": { "type": "string", "description": "Order ID, required for get and update." },
            "items": { "type": "array", "items": { "type": "string" }, "description": "SKUs of the order (for create and update)." },
            "status": { "type": "string", "enum": ["open", "shipped", "cancelled"], "description": "Filter by status when listing." },
            "limit": { "type": "integer", "minimum": 1, "maximum": 100, "description": "Maximum number of orders to list." }
          },
          "required": ["action"]
        }
      }
    }
  ]
}
`;
const ORDER_ID = '"order_id": { "type": "string", "description": "Order ID, required for get and update." }';
const ITEMS = '"items": { "type": "array", "items": { "type": "string" }, "description": "SKUs of the order (for create and update)." }';
const STATUS = '"status": { "type": "string", "enum": ["open", "shipped", "cancelled"], "description": "Filter by status when listing." }';
const LIMIT = '"limit": { "type": "integer", "minimum": 1, "maximum": 100, "description": "Maximum number of orders to list." }';
// Each new tool is the original's text: the operation parameter gone, the others kept only where they apply
// (order_id for get/update and required there, items for create/update, status and limit for list), the
// "required" that only named "action" removed or replaced, and the description drafted.
const GET_ORDER = `{
      "type": "function",
      "function": {
        "name": "get_order",
        "description": "Gets an order by its ID. Use this when the user asks to look up a specific order.",
        "parameters": {
          "type": "object",
          "properties": {
            ${ORDER_ID}
          },
          "required": ["order_id"]
        }
      }
    }`;
const LIST_ORDERS = `{
      "type": "function",
      "function": {
        "name": "list_orders",
        "description": "Lists orders. Use this when the user asks to list orders.",
        "parameters": {
          "type": "object",
          "properties": {
            ${STATUS},
            ${LIMIT}
          }
        }
      }
    }`;
const CREATE_ORDER = `{
      "type": "function",
      "function": {
        "name": "create_order",
        "description": "Creates a new order. Use this when the user asks to create a new order.",
        "parameters": {
          "type": "object",
          "properties": {
            ${ITEMS}
          }
        }
      }
    }`;
const UPDATE_ORDER = `{
      "type": "function",
      "function": {
        "name": "update_order",
        "description": "Updates an existing order. Cancelled orders cannot be updated. Use this when the user asks to update an existing order.",
        "parameters": {
          "type": "object",
          "properties": {
            ${ORDER_ID},
            ${ITEMS}
          },
          "required": ["order_id"]
        }
      }
    }`;
const ORDERS_TOOL = ORDERS.slice(ORDERS.indexOf('    {\n      "type"') + 4, ORDERS.lastIndexOf('\n  ]'));
const ORDERS_NEW = [GET_ORDER, LIST_ORDERS, CREATE_ORDER, UPDATE_ORDER].join(',\n    ');
const ORDERS_REMOVED = ORDERS.replace(ORDERS_TOOL, ORDERS_NEW);
const ORDERS_KEPT = ORDERS.replace(
  ORDERS_TOOL,
  ORDERS_TOOL
    .replace('"Use this to look up', '"Deprecated: use get_order, list_orders, create_order or update_order instead. Use this to look up')
    .replace('          "required": ["action"]\n        }\n', '          "required": ["action"]\n        },\n        "deprecated": {\n          "since": "2026-11-22",\n          "replacedBy": ["get_order", "list_orders", "create_order", "update_order"]\n        }\n') +
    ',\n    ' + ORDERS_NEW,
);

/** MCP, a file holding one tool; free-form operation whose values the description lists; one-entity table. */
const CRM = `{
  "name": "crm_records",
  "description": "Use this to read or change rows in the CRM. Creating a contact sends a welcome email.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "operation": { "type": "string", "description": "One of 'search', 'create' or 'delete'." },
      "entity": { "type": "string", "const": "contacts", "description": "The CRM entity." },
      "contact_id": { "type": "string", "description": "Contact to delete." },
      "query": { "type": "string", "description": "Free-text search over names and emails." },
      "fields": { "type": "object", "description": "Contact fields for create, such as name and email." }
    },
    "required": ["operation", "entity"]
  }
}`;
// The file becomes an array: every tool one level deeper. "entity" named one entity (contacts): gone, and
// the names say "contact".
const SEARCH_CONTACTS = `{
    "name": "search_contacts",
    "description": "Searches contacts. Use this when the user asks to search for contacts.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "query": { "type": "string", "description": "Free-text search over names and emails." }
      }
    }
  }`;
const CREATE_CONTACT = `{
    "name": "create_contact",
    "description": "Creates a new contact. Creating a contact sends a welcome email. Use this when the user asks to create a new contact.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "fields": { "type": "object", "description": "Contact fields for create, such as name and email." }
      }
    }
  }`;
const DELETE_CONTACT = `{
    "name": "delete_contact",
    "description": "Deletes a contact. Use this when the user asks to delete a contact.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "contact_id": { "type": "string", "description": "Contact to delete." }
      },
      "required": ["contact_id"]
    }
  }`;
const CRM_REMOVED = `[\n  ${SEARCH_CONTACTS},\n  ${CREATE_CONTACT},\n  ${DELETE_CONTACT}\n]`;
const CRM_DEPRECATED = CRM.replace('"Use this to read', '"Deprecated: use search_contacts, create_contact or delete_contact instead. Use this to read').replace(
  '    "required": ["operation", "entity"]\n  }\n',
  '    "required": ["operation", "entity"]\n  },\n  "_meta": {\n    "io.github.toolschema/deprecated": {\n      "since": "2026-11-22",\n      "replacedBy": ["search_contacts", "create_contact", "delete_contact"]\n    }\n  }\n',
);
const CRM_KEPT = `[\n  ${CRM_DEPRECATED.split('\n').join('\n  ')},\n  ${SEARCH_CONTACTS},\n  ${CREATE_CONTACT},\n  ${DELETE_CONTACT}\n]`;

/** OpenAI chat, one line, a file holding one tool (the Mistral booking example). */
const BOOKING = `{ "type": "function", "function": { "name": "manage_booking", "description": "Use this when the user wants to change or cancel a booking.", "parameters": { "type": "object", "properties": { "booking_id": { "type": "string" }, "action": { "type": "string", "description": "The action to perform. Can be 'modify' or 'cancel'." } }, "required": ["booking_id", "action"] } } }`;
const UPDATE_BOOKING = `{ "type": "function", "function": { "name": "update_booking", "description": "Updates an existing booking. Use this when the user asks to update an existing booking.", "parameters": { "type": "object", "properties": { "booking_id": { "type": "string" } }, "required": ["booking_id"] } } }`;
const CANCEL_BOOKING = `{ "type": "function", "function": { "name": "cancel_booking", "description": "Cancels a booking. Use this when the user asks to cancel a booking.", "parameters": { "type": "object", "properties": { "booking_id": { "type": "string" } }, "required": ["booking_id"] } } }`;
const BOOKING_DEPRECATED = BOOKING.replace('"Use this when', '"Deprecated: use update_booking or cancel_booking instead. Use this when').replace(
  '"required": ["booking_id", "action"] } } }',
  '"required": ["booking_id", "action"] }, "deprecated": { "since": "2026-11-22", "replacedBy": ["update_booking", "cancel_booking"] } } }',
);

/** Anthropic, tab indentation; create_note already exists in the file. */
const NOTES_TOOL = '{\n\t\t"name": "notes_manager",\n\t\t"description": "Use this to work with the user\'s notes.",\n\t\t"input_schema": {\n\t\t\t"type": "object",\n\t\t\t"properties": {\n\t\t\t\t"action": { "type": "string", "enum": ["list", "create", "delete"], "description": "What to do." },\n\t\t\t\t"note_id": { "type": "string", "description": "The note to delete." },\n\t\t\t\t"content": { "type": "string", "description": "Text of the new note." }\n\t\t\t},\n\t\t\t"required": ["action"]\n\t\t}\n\t}';
const NOTES = `[\n\t${NOTES_TOOL},\n\t{\n\t\t"name": "create_note",\n\t\t"description": "Use this when the user dictates a note.",\n\t\t"input_schema": { "type": "object", "properties": { "content": { "type": "string", "description": "Text of the note." } }, "required": ["content"] }\n\t}\n]`;
// list: no parameter applies (note_id is for delete, content for create): empty properties, no "required".
const LIST_NOTES = '{\n\t\t"name": "list_notes",\n\t\t"description": "Lists notes. Use this when the user asks to list notes.",\n\t\t"input_schema": {\n\t\t\t"type": "object",\n\t\t\t"properties": {}\n\t\t}\n\t}';
const CREATE_NOTE_ALT = '{\n\t\t"name": "create_note_alt",\n\t\t"description": "Creates a new note. Use this when the user asks to create a new note.",\n\t\t"input_schema": {\n\t\t\t"type": "object",\n\t\t\t"properties": {\n\t\t\t\t"content": { "type": "string", "description": "Text of the new note." }\n\t\t\t}\n\t\t}\n\t}';
const DELETE_NOTE = '{\n\t\t"name": "delete_note",\n\t\t"description": "Deletes a note. Use this when the user asks to delete a note.",\n\t\t"input_schema": {\n\t\t\t"type": "object",\n\t\t\t"properties": {\n\t\t\t\t"note_id": { "type": "string", "description": "The note to delete." }\n\t\t\t},\n\t\t\t"required": ["note_id"]\n\t\t}\n\t}';
const NOTES_NEW = [LIST_NOTES, CREATE_NOTE_ALT, DELETE_NOTE].join(',\n\t');
const NOTES_KEPT = NOTES.replace(
  NOTES_TOOL,
  NOTES_TOOL.replace('"Use this to work', '"Deprecated: use list_notes, create_note_alt or delete_note instead. Use this to work').replace(
    '\t\t\t"required": ["action"]\n\t\t}\n',
    '\t\t\t"required": ["action"]\n\t\t},\n\t\t"deprecated": {\n\t\t\t"since": "2026-11-22",\n\t\t\t"replacedBy": ["list_notes", "create_note_alt", "delete_note"]\n\t\t}\n',
  ) + ',\n\t' + NOTES_NEW,
);

runRuleTests(rule, {
  valid: [
    {
      name: 'a shell tool\'s command and a maps tool\'s travel mode are not operation selectors (OpenAI chat)',
      code: `[{ "type": "function", "function": { "name": "run_shell_command", "description": "Use this to run a command in the sandbox.", "parameters": { "type": "object", "properties": { "command": { "type": "string", "description": "The shell command to run, for example 'ls -la && cat notes.txt'." } }, "required": ["command"] } } },
        { "type": "function", "function": { "name": "get_directions", "description": "Use this to plan a route.", "parameters": { "type": "object", "properties": { "origin": { "type": "string" }, "mode": { "type": "string", "description": "Travel mode: driving, walking or transit." } } } } }]`,
    },
    {
      name: 'all-action enum (browser automation) and an all-read enum (GitHub issue_read)',
      code: `[{ "name": "browser_interact", "description": "Use this to act on the open page.", "inputSchema": { "type": "object", "properties": { "action": { "type": "string", "enum": ["click", "type", "scroll", "hover"] }, "selector": { "type": "string" } } } },
        { "name": "issue_read", "description": "Use this to read an issue.", "inputSchema": { "type": "object", "properties": { "method": { "type": "string", "enum": ["get", "get_comments", "get_sub_issues", "get_labels"] }, "issue_number": { "type": "integer" } } } }]`,
    },
    {
      name: 'a generic HTTP client: method is GET/POST/PUT/DELETE (Anthropic)',
      code: `{ "name": "send_http_request", "description": "Use this to call a web API.", "input_schema": { "type": "object", "properties": { "url": { "type": "string" }, "method": { "type": "string", "enum": ["GET", "POST", "PUT", "DELETE"] }, "body": { "type": "string" } } } }`,
    },
    {
      name: 'an "action" that is data, not a selector; an all-write enum',
      code: `[{ "name": "suggest_climate_actions", "description": "Use this to estimate emissions saved.", "parameters": { "type": "object", "properties": { "action": { "type": "string", "description": "The action proposed to reduce emissions, e.g. 'plant trees' or 'install solar panels'." } } } },
        { "name": "label_write", "description": "Use this to change labels.", "parameters": { "type": "object", "properties": { "method": { "type": "string", "enum": ["create", "update", "delete"] }, "name": { "type": "string" } } } }]`,
    },
    {
      name: 'a deprecated tool is on its way out (what the split leaves when the original is kept)',
      code: `{ "name": "manage_records", "description": "Deprecated: use get_record or delete_record instead. Use this to read or change rows.", "parameters": { "type": "object", "properties": { "operation": { "type": "string", "enum": ["get", "remove"] }, "record_id": { "type": "string" } } }, "deprecated": { "since": "2026-11-22", "replacedBy": ["get_record", "delete_record"] } }`,
    },
  ],
  invalid: [
    {
      // Generative fuzzer: the payload named was the first in property order ("body" or "payload"), and the
      // entity of manage_event_v2 was "event_v".
      name: 'two payload parameters: the message names the same one whatever their order; a version suffix is not the entity',
      code: `[{ "name": "manage_event_v2", "description": "Use this to read or change events.", "parameters": { "type": "object", "properties": { "operation": { "type": "string", "description": "The operation to perform." }, "collection": { "type": "string" }, "body": { "type": "string" }, "payload": { "type": "object" } } } },
        { "name": "manage_event_v3", "description": "Use this to read or change events.", "parameters": { "type": "object", "properties": { "payload": { "type": "object" }, "operation": { "type": "string", "description": "The operation to perform." }, "body": { "type": "string" }, "collection": { "type": "string" } } } }]`,
      errors: [
        { messageId: 'freeFormCrud', at: '"operation"', occurrence: 1, data: { tool: 'manage_event_v2', entityParam: 'collection', payload: 'payload' }, messageIncludes: '"get_event", "create_event", "update_event", "delete_event"' },
        { messageId: 'freeFormCrud', at: '"operation"', occurrence: 2, data: { tool: 'manage_event_v3', entityParam: 'collection', payload: 'payload' }, messageIncludes: '"get_event", "create_event", "update_event", "delete_event"' },
      ],
    },
    {
      name: 'free-form operation with a table name and a string payload (SPEC Service rule 5)',
      code: `{ "name": "manage_records", "description": "Use this to read or change rows in the customer database.", "parameters": { "type": "object", "properties": { "operation": { "type": "string", "description": "What to do: get, create, update or delete." }, "table": { "type": "string" }, "payload": { "type": "string" } }, "required": ["operation", "table"] } }`,
      errors: [{ messageId: 'freeFormCrud', at: '"operation"', data: { tool: 'manage_records', entityParam: 'table', payload: 'payload' }, messageIncludes: '"get_record"' }],
    },
    {
      name: 'enum mixing reads and writes is a warning (MCP memory tool)',
      code: `{ "name": "memory", "description": "Use this to keep notes between sessions.", "inputSchema": { "type": "object", "properties": { "command": { "type": "string", "enum": ["view", "create", "str_replace", "delete"] }, "path": { "type": "string" } }, "required": ["command"] } }`,
      errors: [{ messageId: 'mixedEnum', at: '"command"', severity: 'warning', data: { reads: '"view"', writes: '"create", "str_replace", "delete"' } }],
    },
    {
      name: 'free-form action with listed operations (Mistral booking tool): split, one-line file holding one tool',
      code: BOOKING,
      errors: [{
        messageId: 'freeForm', at: '"action"', data: { split: '"modify_booking", "cancel_booking"', param: 'action', values: 'modify,cancel' },
        fixes: [
          { title: 'Split into update_booking, cancel_booking (remove manage_booking)', kind: 'suggestion', output: `[\n  ${UPDATE_BOOKING},\n  ${CANCEL_BOOKING}\n]` },
          { title: 'Split into update_booking, cancel_booking (keep manage_booking, deprecated)', kind: 'suggestion', output: `[\n  ${BOOKING_DEPRECATED},\n  ${UPDATE_BOOKING},\n  ${CANCEL_BOOKING}\n]` },
        ],
      }],
    },
    {
      name: 'a "mode" that selects reads and writes, and a bare free-form "op"',
      code: `[{ "name": "todo_tool", "description": "Use this to work with the todo list.", "input_schema": { "type": "object", "properties": { "mode": { "type": "string", "description": "One of 'list', 'add' or 'remove'." }, "text": { "type": "string" } } } },
        { "name": "edit_note", "description": "Use this to edit a note.", "input_schema": { "type": "object", "properties": { "op": { "type": "string" }, "content": { "type": "string" } } } }]`,
      errors: [
        { messageId: 'freeForm', at: '"mode"', data: { tool: 'todo_tool', split: '"list_todos", "add_todo", "remove_todo"' } },
        // No operation is listed: nothing to split on.
        { messageId: 'freeForm', at: '"op"', data: { tool: 'edit_note' }, fixes: [] },
      ],
    },
    {
      name: 'split an OpenAI chat tool in a {"tools": [...]} request body: enum operation, parameters tied to operations by their descriptions',
      code: ORDERS,
      errors: [{
        messageId: 'mixedEnum', at: '"action"', severity: 'warning', data: { param: 'action', values: 'get,list,create,update' },
        fixes: [
          { title: 'Split into get_order, list_orders, create_order, update_order (remove manage_orders)', kind: 'suggestion', output: ORDERS_REMOVED },
          { title: 'Split into get_order, list_orders, create_order, update_order (keep manage_orders, deprecated)', kind: 'suggestion', output: ORDERS_KEPT },
        ],
      }],
    },
    {
      name: 'split an MCP tool that is the whole file: free-form operation listed in its description, one-entity table removed',
      code: CRM,
      errors: [{
        messageId: 'freeFormCrud', at: '"operation"', data: { param: 'operation', entityParam: 'entity', payload: 'fields', values: 'search,create,delete' },
        fixes: [
          { title: 'Split into search_contacts, create_contact, delete_contact (remove crm_records)', output: CRM_REMOVED },
          { title: 'Split into search_contacts, create_contact, delete_contact (keep crm_records, deprecated)', output: CRM_KEPT },
        ],
      }],
    },
    {
      name: 'Gemini functionDeclarations, camelCase names kept camelCase, one-value collection enum names the entity',
      code: `{
  "functionDeclarations": [
    {
      "name": "inventoryOperation",
      "description": "Reads or changes items in the warehouse inventory.",
      "parameters": {
        "type": "OBJECT",
        "properties": {
          "action": { "type": "STRING", "enum": ["get", "list", "create", "update", "delete"], "description": "The operation." },
          "collection": { "type": "STRING", "enum": ["products"], "description": "Collection name." },
          "productId": { "type": "STRING", "description": "Product ID." },
          "data": { "type": "OBJECT", "description": "Product fields." },
          "pageSize": { "type": "INTEGER", "description": "Results per page." }
        },
        "required": ["action", "collection"]
      }
    }
  ]
}`,
      errors: [{
        // Every fix is still checked: it parses, the finding is gone, no new error, bytes outside the tool unchanged.
        messageId: 'mixedEnum', at: '"action"', severity: 'warning', data: { split: '"get_product", "list_products", "create_product", "update_product", …' },
      }],
    },
    {
      name: 'Anthropic tools indented with tabs; a name already defined in the file gets a suffix',
      code: NOTES,
      errors: [{
        messageId: 'mixedEnum', at: '"action"', severity: 'warning',
        fixes: [
          { title: 'Split into list_notes, create_note_alt, delete_note (remove notes_manager)', output: NOTES.replace(NOTES_TOOL, NOTES_NEW) },
          { title: 'Split into list_notes, create_note_alt, delete_note (keep notes_manager, deprecated)', output: NOTES_KEPT },
        ],
      }],
    },
  ],
});
