// The standalone validator of toolschema.config.json generated in configSchema.js (tools/generate.ts).
import type { ErrorObject } from 'ajv';

export declare const validate: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
