/** Generated tool files for the benchmark and the scale tests. */

/** A realistic tool (OpenAI Chat Completions shape), about 2 KB, varied by index. */
export function generatedTool(i: number): unknown {
  if (i % 2 === 1) return queryTool(i - 1);
  const entity = ['order', 'invoice', 'customer', 'ticket', 'shipment'][(i / 2) % 5]!;
  return {
    type: 'function',
    function: {
      name: `get_${entity}_${i}`,
      description: `Use this when the user asks about one ${entity} they identify by its number (tool ${i}). Returns the ${entity}'s status, dates and amounts. Do not use for lists: use query_${entity}s_${i} instead.`,
      parameters: {
        type: 'object',
        properties: {
          [`${entity}_id`]: { type: 'string', description: `The ${entity} number, for example "A-${1000 + i}".` },
          include_history: { type: 'boolean', description: `Whether to include the change history of the ${entity}.` },
          currency: { type: 'string', enum: ['EUR', 'USD', 'GBP', 'JPY'], description: 'Currency for the amounts in the answer.' },
          max_events: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'How many history events to return, from 1 to 100.' },
          fields: { type: 'array', items: { type: 'string', enum: ['status', 'dates', 'amounts', 'lines', 'notes'] }, description: 'Which parts of the record to return; all when omitted.' },
          locale: { type: 'string', description: `Language for human-readable texts, as a BCP 47 tag such as "fr-FR" (record ${i}).` },
        },
        required: [`${entity}_id`],
        additionalProperties: false,
      },
    },
  };
}

/** n tools: pairs of get_<entity>_<i> / query_<entity>s_<i> that redirect to each other, as real files do. */
export function generatedFile(n: number): string {
  return JSON.stringify(Array.from({ length: n }, (_, i) => generatedTool(i)), null, 2);
}

/** The list counterpart of generatedTool(i): query_<entity>s_<i>. */
function queryTool(i: number): unknown {
  const entity = ['order', 'invoice', 'customer', 'ticket', 'shipment'][(i / 2) % 5]!;
  return {
    type: 'function',
    function: {
      name: `query_${entity}s_${i}`,
      description: `Use this when the user looks for ${entity}s by status or date range (set ${i}). Returns up to 50 ${entity}s with their number, status and date. Use get_${entity}_${i} for the details of one ${entity}.`,
      parameters: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['open', 'paid', 'cancelled', 'refunded'], description: `Only ${entity}s in this state.` },
          created_after: { type: 'string', format: 'date', description: 'Only records created on or after this date (YYYY-MM-DD).' },
          created_before: { type: 'string', format: 'date', description: 'Only records created before this date (YYYY-MM-DD).' },
          limit: { type: 'integer', minimum: 1, maximum: 50, default: 20, description: 'How many records to return, from 1 to 50.' },
          sort_order: { type: 'string', enum: ['newest_first', 'oldest_first'], description: 'Order of the results.' },
        },
        required: [],
        additionalProperties: false,
      },
    },
  };
}
