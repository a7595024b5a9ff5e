import { groupCommit } from '../../platform/db/group-commit';
import type { PreparedRunner } from './prepared';
import type { QuoteRow } from './quote.repository';

/** A signed quote's columns in `trade_quote` order (see `columns`). */
export type QuoteValues = readonly unknown[];

const columns = [
  ['id', 'bigint'],
  ['user_id', 'bigint'],
  ['purpose', 'text'],
  ['pair', 'text'],
  ['base_asset', 'text'],
  ['quote_asset', 'text'],
  ['side', 'text'],
  ['price', 'numeric'],
  ['price_scale', 'integer'],
  ['base_amount', 'numeric'],
  ['quote_amount', 'numeric'],
  ['fee', 'numeric'],
  ['fee_rate', 'text'],
  ['expires_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['key_id', 'text'],
  ['signature', 'text'],
  ['settlement', 'text'],
] as const;

const names = columns.map(([name]) => name).join(', ');
const insertOneText = `insert into trade_quote (${names}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`;
/** One column array per parameter: the statement's text is the same whatever the batch size. */
const insertManyText = `insert into trade_quote (${names}) select * from unnest(${columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`;

/** A quote row's values in `columns` order, as `insert` takes them. */
export function quoteValuesOf(row: QuoteRow): QuoteValues {
  return [
    row.id,
    row.user_id,
    row.purpose,
    row.pair,
    row.base_asset,
    row.quote_asset,
    row.side,
    row.price,
    row.price_scale,
    row.base_amount,
    row.quote_amount,
    row.fee,
    row.fee_rate,
    row.expires_at,
    row.created_at,
    row.key_id,
    row.signature,
    row.settlement,
  ];
}

export interface QuoteStore {
  /** Resolves once the quote is committed. */
  insert(values: QuoteValues): Promise<void>;
}

/**
 * Stores signed quotes with group commit: concurrent quotes leave together as one multi-row
 * insert (one round trip, one commit); a quiet system sends each at once. A batch that fails
 * is retried row by row, so one bad quote fails alone.
 */
export function quoteStore(run: PreparedRunner, options: { maxInFlight: number; maxBatch: number }): QuoteStore {
  const insert = groupCommit<QuoteValues, void>({
    ...options,
    whenBatchFails: 'alone',
    one: async (values) => {
      await run('insert_quote', insertOneText, [...values]);
    },
    many: async (batch) => {
      await run(
        'insert_quotes',
        insertManyText,
        columns.map((_, column) => batch.map((values) => values[column])),
      );
      return batch.map(() => ({ result: undefined }));
    },
  });
  return {
    /** Resolves once the quote is committed. */
    insert(values: QuoteValues): Promise<void> {
      if (values.length !== columns.length) return Promise.reject(new Error(`a quote has ${columns.length} columns`));
      return insert(values);
    },
  };
}
