import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { TradeQuoteTable } from './trade.schema';

export type QuoteRow = Selectable<TradeQuoteTable>;

/** A `QuoteRow` read from `trade_quote q` (ids and amounts as text), for queries that join quotes. */
export const quoteColumnsText = `
  q.id::text as id, q.user_id::text as user_id, q.purpose, q.pair, q.base_asset, q.quote_asset, q.side, q.price::text as price,
  q.price_scale, q.base_amount::text as base_amount, q.quote_amount::text as quote_amount, q.fee::text as fee, q.fee_rate,
  q.expires_at, q.created_at, q.key_id, q.signature, q.settlement`;

const idBlockSize = 64;

/** Quote ids, drawn from the sequence in blocks (the signature covers the id, so it is known before the insert). */
export interface QuoteIds {
  next(): Promise<string>;
}

export function createQuoteIds(db: Db): QuoteIds {
  const idBlock: string[] = [];
  let refill: Promise<void> | null = null;
  return {
    async next() {
      while (idBlock.length === 0) {
        refill ??= sql<{ id: string }>`select nextval('trade_quote_id_seq')::text as id from generate_series(1, ${idBlockSize})`
          .execute(db)
          .then((result) => {
            idBlock.push(...result.rows.map((row) => row.id));
          })
          .finally(() => {
            refill = null;
          });
        await refill;
      }
      return idBlock.shift()!;
    },
  };
}

/** A quote stored on a caller's transaction (the group-committed store is `quote-store.ts`). */
export async function insertQuote(executor: Db, row: QuoteRow): Promise<void> {
  await executor.insertInto('trade_quote').values(row).execute();
}

/** One stored quote, undefined when there is none. */
export function findQuote(db: Db, id: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('trade_quote').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One stored quote; kysely's `NoResultError` when there is none. */
export function getQuote(db: Db, id: string): Promise<QuoteRow> {
  return db.selectFrom('trade_quote').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Every signing key that has signed quotes, newest first. */
export function signingKeys(db: Db): Promise<Array<{ key_id: string; public_key: string }>> {
  return db.selectFrom('trade_signing_key').select(['key_id', 'public_key']).orderBy('created_at', 'desc').execute();
}

export async function signingPublicKey(db: Db, keyId: string): Promise<string> {
  const row = await db.selectFrom('trade_signing_key').select('public_key').where('key_id', '=', keyId).executeTakeFirstOrThrow();
  return row.public_key;
}
