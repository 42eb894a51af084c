/**
 * What an evaluation run recorded of each tool, so a later edit can be noticed (eval-stale): a hash of the
 * description and a hash of the parameter schema, each the first 16 hex digits of SHA-256. The schema is
 * hashed in a canonical form (object keys sorted), so reformatting or reordering keys is not a change;
 * the description is hashed exactly as written, since any wording change can change model behaviour
 * (SPEC Service rule 6).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { valueOf, type JsonValue } from '../document';
import type { ToolInfo } from '../discover';

export interface ToolHashes {
  description: string;
  parameters: string;
}

export function shortHash(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text))).slice(0, 16);
}

/** JSON text with object keys sorted at every depth (the same value always gives the same text). */
export function canonicalJson(v: JsonValue | undefined): string {
  if (v === undefined) return 'null';
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(v).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`).join(',')}}`;
}

export function toolHashes(tool: ToolInfo): ToolHashes {
  return {
    description: shortHash(tool.description ?? ''),
    parameters: shortHash(canonicalJson(valueOf(tool.params))),
  };
}
