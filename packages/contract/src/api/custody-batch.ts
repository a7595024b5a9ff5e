import { z } from 'zod';
import { custodyBatchLimits } from '../rules/custody-batch-rules';
import { custodyOrderStateSchema } from './custody-orders';
import { recordIdSchema } from './record-id';

/**
 * Batch withdrawal by CSV (issue 18 item 7): the file travels base64-encoded in a JSON body (its
 * bytes are checked on the server: CSV text, no NUL or control characters, at most
 * `custodyBatchLimits.maxBytes`), is pre-validated row by row before anything is held, and is
 * submitted only when every row is clean.
 */
export const custodyBatchTemplateQuerySchema = z.object({ lineId: recordIdSchema('noMatchingData') });

export const custodyBatchFileSchema = z.object({
  lineId: recordIdSchema('noMatchingData'),
  accountId: recordIdSchema('noMatchingData'),
  /** The uploaded file's name; must end in `.csv`. */
  fileName: z.string().trim().max(200),
  /** The file's bytes, base64. */
  content: z
    .string()
    .max(Math.ceil(custodyBatchLimits.maxBytes / 3) * 4 + 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
});
export type CustodyBatchFile = z.input<typeof custodyBatchFileSchema>;

/** Submission: the same file, and the client's idempotency key (a retry holds once). */
export const custodyBatchBodySchema = custodyBatchFileSchema.extend({
  requestId: z.string().trim().min(8).max(64),
});
export type CustodyBatchBody = z.input<typeof custodyBatchBodySchema>;

export const custodyBatchProblemSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  /** The column at fault (`coin`, `network`, `amount`, `address`, `tag`, `note`), or null for the whole row. */
  field: z.string().nullable(),
});

/** One row of the file as read, with every problem found on it; `line` is its line in the file (1 = the first). */
export const custodyBatchRowSchema = z.object({
  line: z.number().int(),
  coin: z.string(),
  network: z.string(),
  amount: z.string(),
  address: z.string(),
  tag: z.string(),
  note: z.string(),
  /** The network fee of the row's coin and network, or null when the row is not valid. */
  fee: z.string().nullable(),
  problems: z.array(custodyBatchProblemSchema),
});

/** The pre-validation answer: clean only when no row has a problem. */
export const custodyBatchValidationSchema = z.object({
  clean: z.boolean(),
  rowCount: z.number().int(),
  problemRows: z.number().int(),
  /** Per coin: the batch's total amount and fees. */
  totals: z.array(z.object({ coin: z.string(), amount: z.string(), fee: z.string() })),
  rows: z.array(custodyBatchRowSchema),
});
export type CustodyBatchValidation = z.infer<typeof custodyBatchValidationSchema>;

/** A submitted batch: its orders (one per row, in file order) and its state computed from theirs (`custodyBatchState`). */
export const custodyBatchSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  accountId: z.string(),
  state: custodyOrderStateSchema,
  orderIds: z.array(z.string()),
  submittedAt: z.string(),
});
export type CustodyBatch = z.infer<typeof custodyBatchSchema>;
