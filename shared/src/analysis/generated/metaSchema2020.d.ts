// The standalone meta-schema validator generated in metaSchema2020.js (tools/generate.ts).
import type { ErrorObject } from 'ajv';

export declare const validate: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
