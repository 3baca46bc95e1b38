import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@canteen/contract';

/**
 * Envelope helpers of the messaging answers. The request and answer shapes themselves live in
 * `@canteen/contract` (`packages/contract/src/wxmp.ts`), shared with the web app.
 */

export const ok = <T extends z.ZodType>(data: T) => envelopeSchema(data);
export const okPage = <T extends z.ZodType>(record: T) => envelopeSchema(pageSchema(record));
export const okNull = envelopeSchema(z.null());
