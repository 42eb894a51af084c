/** The meta-schemas the engine validates schemas against, and the ajv options of their validators. */
export const META_SCHEMA_IDS = {
  '07': 'http://json-schema.org/draft-07/schema',
  '2020': 'https://json-schema.org/draft/2020-12/schema',
} as const;

/** Every error, no strict mode, no logging: the options of the meta-schema validators (generated/ and jsonSchema.ts). */
export const META_VALIDATOR_OPTIONS = { allErrors: true, strict: false, logger: false } as const;
