import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/required-missing-id';

const assignment = `{
  "name": "delete_assignment",
  "description": "Use this to unassign or delete an investigation assignment by its ID.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "assignment_id": { "type": "integer", "minimum": 1, "description": "ID of the assignment to delete." }
    }
  }
}`;

const ticket = `{
  "type": "function",
  "function": {
    "name": "update_ticket",
    "description": "Use this to change the priority or status of an existing support ticket.",
    "parameters": {
      "type": "object",
      "properties": {
        "ticketId": { "type": "string", "description": "ID of the ticket, e.g. T-123." },
        "priority": { "type": "string", "enum": ["low", "medium", "high"] }
      },
      "required": ["priority"]
    }
  }
}`;

const salesOrder = `{
  "name": "crm_cancel_sales_order",
  "description": "Use this to cancel a sales order that has not shipped yet.",
  "input_schema": {
    "type": "object",
    "properties": {
      "id": { "type": "string", "description": "Sales order ID." },
      "reason": { "type": "string", "description": "Why the order is cancelled, shown to the customer." }
    },
    "required": ["reason"]
  }
}`;

const shipment = `{
  "name": "get_status_of_shipment",
  "description": "Use this when the user asks where a parcel is or when it will arrive.",
  "parameters": {
    "type": "object",
    "properties": {
      "shipment_id": { "type": "string", "description": "Tracking ID of the shipment." },
      "language": { "type": "string", "description": "Language of the status text." }
    }
  }
}`;

const oneLine = `{ "type": "function", "name": "delete_invoice", "description": "Use this to void one invoice when the customer asks to cancel it.", "strict": false, "parameters": { "type": "object", "properties": { "invoice_id": { "type": "string", "description": "Invoice to void." } } } }`;

runRuleTests(rule, {
  valid: [
    {
      name: 'get_<thing>(<thing>_id) with the id required (OpenAI chat)',
      code: `{
  "type": "function",
  "function": {
    "name": "get_order",
    "description": "Use this when the customer asks about the status or contents of one of their orders.",
    "parameters": {
      "type": "object",
      "properties": {
        "order_id": { "type": "string", "description": "Order number, e.g. ORD-1042." },
        "include_items": { "type": "boolean", "description": "Also return the line items." }
      },
      "required": ["order_id"]
    }
  }
}`,
    },
    {
      name: 'plural list tool and a lookup by another key',
      code: `[
  { "name": "get_orders", "description": "Use this to list the customer's recent orders, newest first.", "input_schema": { "type": "object", "properties": { "order_id": { "type": "string", "description": "Start after this order (cursor)." } } } },
  { "name": "get_user_by_email", "description": "Use this to find a user account from an email address.", "input_schema": { "type": "object", "properties": { "email": { "type": "string" }, "user_id": { "type": "string", "description": "Restrict to this account." } }, "required": ["email"] } }
]`,
    },
    {
      name: 'the id is optional on purpose (documented fallback)',
      code: `{
  "name": "get_user",
  "description": "Use this to read the profile of a user of the workspace.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "user_id": { "type": "string", "description": "The user to read. If omitted, the authenticated user is returned." }
    }
  }
}`,
    },
    {
      name: 'another identifier of the same thing is required (issue_number)',
      code: `{
  "name": "update_issue",
  "description": "Use this to change the title, body or state of an existing GitHub issue.",
  "inputSchema": {
    "type": "object",
    "properties": {
      "owner": { "type": "string" },
      "repo": { "type": "string" },
      "issue_number": { "type": "integer", "minimum": 1 },
      "issue_id": { "type": "string", "description": "Node ID of the issue (GraphQL)." },
      "title": { "type": "string" }
    },
    "required": ["owner", "repo", "issue_number"]
  }
}`,
    },
    {
      name: 'no identifier property at all: silent',
      code: `{ "name": "delete_file", "description": "Use this to delete a file from the workspace when the user asks to remove it.", "parameters": { "type": "object", "properties": { "path": { "type": "string", "description": "Path of the file, relative to the workspace root." } }, "required": ["path"] } }`,
    },
  ],
  invalid: [
    {
      name: 'delete_<thing> with the id declared but required missing (MCP)',
      code: assignment,
      errors: [
        {
          messageId: 'idNotRequired',
          at: '"assignment_id"',
          data: { property: 'assignment_id', thing: 'assignment' },
          fixes: [{ title: 'Add "assignment_id" to "required"', kind: 'suggestion', output: assignment.replace('\n    }\n  }\n}', '\n    },\n    "required": ["assignment_id"]\n  }\n}') }],
        },
      ],
    },
    {
      name: 'update_<thing> with camelCase id, another field required (OpenAI chat)',
      code: ticket,
      errors: [{ messageId: 'idNotRequired', at: '"ticketId"', data: { thing: 'ticket' }, fixes: [{ kind: 'suggestion', output: ticket.replace('"required": ["priority"]', '"required": ["priority", "ticketId"]') }] }],
    },
    {
      name: 'namespaced name, multi-word object, plain id (Anthropic)',
      code: salesOrder,
      errors: [{ messageId: 'idNotRequired', at: '"id"', data: { property: 'id', thing: 'sales order' }, fixes: [{ output: salesOrder.replace('"required": ["reason"]', '"required": ["reason", "id"]') }] }],
    },
    {
      name: 'get_<thing>_of_<parent>: the parent id identifies it (bare)',
      code: shipment,
      errors: [
        {
          messageId: 'idNotRequired',
          at: '"shipment_id"',
          data: { thing: 'shipment' },
          fixes: [{ output: shipment.replace('"Language of the status text." }\n    }\n', '"Language of the status text." }\n    },\n    "required": ["shipment_id"]\n') }],
        },
      ],
    },
    {
      name: 'one-line OpenAI Responses tool without a required list',
      code: oneLine,
      errors: [{ messageId: 'idNotRequired', at: '"invoice_id"', fixes: [{ output: oneLine.replace('"description": "Invoice to void." } } }', '"description": "Invoice to void." } }, "required": ["invoice_id"] }') }] }],
    },
    {
      name: 'a "required" that is not a list: reported, no fix',
      code: `{ "name": "delete_invoice", "description": "Use this to void one invoice when the customer asks to cancel it.", "inputSchema": { "type": "object", "properties": { "invoice_id": { "type": "string", "description": "Invoice to void." } }, "required": "invoice_id" } }`,
      errors: [{ messageId: 'idNotRequired', at: '"invoice_id"', fixes: [] }],
    },
  ],
});
