/** The meta-schemas the engine validates schemas against, and the ajv options of their validators. */
export const META_SCHEMA_IDS = {
  '07': 'http://json-schema.org/draft-07/schema',
  '2020': 'https://json-schema.org/draft/2020-12/schema',
} as const;

/**
 * ajv's `uniqueItems` code for arrays of strings (the meta-schemas' `required`, `enum` of a typed schema...) keeps
 * the strings seen in a plain `{}`, where `indices["__proto__"]` is Object.prototype and assigning it is a no-op:
 * `"required": ["__proto__", "__proto__"]` passed. Every validator the engine compiles or generates is rewritten
 * to use an object without a prototype.
 */
export function nullPrototypeIndices(code: string): string {
  return code.replace(/\b(const indices\d* = )\{\}/g, '$1Object.create(null)');
}

/** Every error, no strict mode, no logging: the options of the meta-schema validators (generated/ and jsonSchema.ts). */
export const META_VALIDATOR_OPTIONS = { allErrors: true, strict: false, logger: false, code: { process: nullPrototypeIndices } } as const;
