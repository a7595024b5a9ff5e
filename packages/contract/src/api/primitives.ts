import { z } from 'zod';

/** A coin code as typed: trimmed and upper-cased, `BTC`, `USDT`. */
export const coinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/);

/** A network code as typed: trimmed and lower-cased, `ethereum`, `bitcoin`, `xrpl`. */
export const chainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]{2,20}$/);

/** A decimal amount on the wire: at most 30 integer and 18 fraction digits, no sign. */
export const amountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,30}(\.\d{1,18})?$/);

/**
 * The `pageNo`/`pageSize` fields of a paged list's query or body; long lists (orders, bills)
 * allow deeper pages and show more records by default.
 */
export function pageQueryFields(options: { maxPageNo: number; defaultPageSize: number }) {
  return {
    pageNo: z.coerce.number().int().min(1).max(options.maxPageNo).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(options.defaultPageSize),
  };
}

/** The query of a paged list: up to page 10 000, 10 records by default. */
export const pageQuerySchema = z.object(pageQueryFields({ maxPageNo: 10_000, defaultPageSize: 10 }));

/** One page of a list: the page asked for, the total count and the page's records. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    records: z.array(item),
  });
}
