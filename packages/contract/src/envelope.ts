import { z } from 'zod';

/** Every API answer: `code` 0 is success, 1 is failure with a human message in `msg`. */
export interface Envelope<T> {
  code: 0 | 1;
  msg: string | null;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.union([z.literal(0), z.literal(1)]), msg: z.string().nullable(), data });

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: null, data });
export const fail = (msg: string): Envelope<null> => ({ code: 1, msg, data: null });
