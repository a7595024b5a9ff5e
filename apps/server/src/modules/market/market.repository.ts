/** The only SQL over `market_price` and `market_tick` (favourites: `favourites.repository.ts`). */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** `null` quote: USD. Otherwise a coin code: every value is the exact quotient, cut to 8 decimals. */
function valueExpression(quote: string | null) {
  return quote === null ? sql`(c.usd_price * 100000000)::numeric(40, 0)` : sql`div(c.usd_price * 100000000, q.usd_price)::numeric(40, 0)`;
}

function quoteJoin(quote: string | null) {
  return quote === null ? sql`` : sql`join market_tick q on q.minute = c.minute and q.asset = ${quote}`;
}

/** A live price row for the coins the catalogue lists that have none yet: at the reference price, slot 0. */
export async function seedMissingPrices(db: Db, references: Array<{ code: string; usdPrice: string }>): Promise<void> {
  await sql`
      insert into market_price (asset, seq, usd_price)
      select code, 0, trunc(usd_price, 8)
        from unnest(${references.map((reference) => reference.code)}::text[], ${references.map((reference) => reference.usdPrice)}::numeric[])
          as reference (code, usd_price)
      on conflict (asset) do nothing`.execute(db);
}

/** Every coin's live price row as stored. */
export function livePriceRows(db: Db) {
  return db.selectFrom('market_price').select(['asset', 'seq', 'usd_price']).execute();
}

/**
 * One statement: each candidate's price is set for `slot` only if its row is still at the slot
 * it was read at (compare-and-set), and the minute's close recorded for each advanced coin;
 * answers the coins advanced.
 */
export async function advancePrices(
  db: Db,
  move: { slot: number; minute: Date; at: Date; candidates: Array<{ asset: string; readSeq: string; usdPrice: string }> },
): Promise<string[]> {
  const { slot, minute, at } = move;
  const candidates = move.candidates.map((row) => sql`(${row.asset}, ${row.readSeq}::bigint, ${row.usdPrice}::numeric)`);
  const advanced = await sql<{ asset: string }>`
      with candidate (asset, read_seq, usd_price) as (values ${sql.join(candidates)}),
      advanced as (
        update market_price p
           set seq = ${slot}, usd_price = candidate.usd_price, updated_at = ${at}
          from candidate
         where p.asset = candidate.asset and p.seq = candidate.read_seq
        returning p.asset, p.usd_price
      ),
      closed as (
        insert into market_tick (asset, minute, usd_price)
        select asset, ${minute}, usd_price from advanced
        on conflict (asset, minute) do update set usd_price = excluded.usd_price
      )
      select asset from advanced`.execute(db);
  return advanced.rows.map((row) => row.asset);
}

/** `NOTIFY` on `channel` with the slot number. */
export async function notifySlot(db: Db, channel: string, slot: number): Promise<void> {
  await sql`select pg_notify(${channel}, ${String(slot)})`.execute(db);
}

/** Every coin's live price with its slot, as text. */
export async function livePrices(db: Db): Promise<Array<{ asset: string; usd_price: string; seq: string; updated_at: Date }>> {
  const rows = await sql<{ asset: string; usd_price: string; seq: string; updated_at: Date }>`
        select asset, usd_price::text as usd_price, seq::text as seq, updated_at from market_price`.execute(db);
  return rows.rows;
}

/** First, highest and lowest minute close per coin in [since, until), in units of 1e-8 of USD or a coin, as text. */
export async function minuteCloseStats(
  db: Db,
  quote: string | null,
  since: Date,
  until: Date,
): Promise<Array<{ asset: string; earliest: string; high: string; low: string }>> {
  const rows = await sql<{ asset: string; earliest: string; high: string; low: string }>`
        select c.asset,
               (array_agg(${valueExpression(quote)} order by c.minute))[1]::text as earliest,
               max(${valueExpression(quote)})::text as high,
               min(${valueExpression(quote)})::text as low
          from market_tick c ${quoteJoin(quote)}
         where c.minute >= ${since} and c.minute < ${until}
         group by c.asset`.execute(db);
  return rows.rows;
}

/** The last minute close of each `bucketSeconds` interval since `since` and the minute it closed, oldest first. */
export async function bucketCloses(
  db: Db,
  coin: string,
  quote: string | null,
  since: Date,
  bucketSeconds: number,
): Promise<Array<{ closed_at: Date; close: string }>> {
  const rows = await sql<{ closed_at: Date; close: string }>`
        select date_bin(${`${bucketSeconds} seconds`}::interval, c.minute, timestamptz '2000-01-01') as bucket,
               max(c.minute) as closed_at,
               (array_agg(${valueExpression(quote)} order by c.minute desc))[1]::text as close
          from market_tick c ${quoteJoin(quote)}
         where c.asset = ${coin} and c.minute >= ${since}
         group by bucket order by bucket`.execute(db);
  return rows.rows;
}

/** Forgets minute closes before `before`. */
export async function deleteMinuteClosesBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('market_tick').where('minute', '<', before).execute();
}

/** Every coin's USD minute closes from `since` on, by coin then minute: one indexed range read. */
export async function usdMinuteCloseRows(db: Db, since: Date): Promise<Array<{ asset: string; minute: Date; usd_price: string }>> {
  const rows = await sql<{ asset: string; minute: Date; usd_price: string }>`
    select asset, minute, usd_price::text as usd_price from market_tick where minute >= ${since} order by asset, minute`.execute(db);
  return rows.rows;
}
