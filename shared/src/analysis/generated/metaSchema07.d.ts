// The standalone meta-schema validator generated in metaSchema07.js (tools/generate.ts).
import type { ErrorObject } from 'ajv';

export declare const validate: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
