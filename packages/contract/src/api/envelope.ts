import { z } from 'zod';

/** Every API answer is this envelope (spec §7): `code` 0 is success. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    data,
  });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z
    .object({
      requestId: z.string(),
      field: z.string().optional(),
    })
    .nullable(),
});

export interface Envelope<T> {
  code: number;
  msg: string;
  /** Some callers of the original product read `message`; the client accepts either. */
  message?: string;
  data: T;
}
