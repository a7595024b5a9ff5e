import { fromBaseUnits, type TradeSide } from '@coffer/contract';
import { sql } from 'kysely';
import type { BillDescriber } from '../wallet';

type TradeFacts =
  | { kind: 'order'; orderNo: string; pair: string; side: TradeSide; price: string; priceScale: number }
  /** An automatic swap not yet priced has no quote. */
  | { kind: 'autoSwap'; recordNo: string; pair: string | null; side: TradeSide | null; price: string | null; priceScale: number | null };

/** The detail of a spot order's bills (reference `trade_order`) and an automatic swap's (`auto_swap`). */
export const tradeBillDescriber: BillDescriber<TradeFacts> = {
  referenceTypes: ['trade_order', 'auto_swap'],
  factsQuery: (type, ids, userId) =>
    type === 'trade_order'
      ? sql`
    select 'trade_order' as reference_type, o.id::text as reference_id,
           jsonb_build_object('kind', 'order', 'orderNo', o.id::text, 'pair', q.pair, 'side', q.side,
                              'price', q.price::text, 'priceScale', q.price_scale) as facts
      from trade_order o
      join trade_quote q on q.id = o.quote_id
     where o.id = any(${ids}::bigint[]) and o.user_id = ${userId}::bigint`
      : sql`
    select 'auto_swap' as reference_type, r.id::text as reference_id,
           jsonb_build_object('kind', 'autoSwap', 'recordNo', r.id::text, 'pair', q.pair, 'side', q.side,
                              'price', q.price::text, 'priceScale', q.price_scale) as facts
      from auto_swap_record r
      left join trade_quote q on q.id = r.quote_id
     where r.id = any(${ids}::bigint[]) and r.user_id = ${userId}::bigint`,
  detailOf: (facts) =>
    facts.kind === 'order'
      ? { orderNo: facts.orderNo, pair: facts.pair, side: facts.side, price: fromBaseUnits(BigInt(facts.price), facts.priceScale) }
      : {
          autoSwapNo: facts.recordNo,
          ...(facts.pair ? { pair: facts.pair } : {}),
          ...(facts.side ? { side: facts.side } : {}),
          ...(facts.price !== null && facts.priceScale !== null ? { price: fromBaseUnits(BigInt(facts.price), facts.priceScale) } : {}),
        },
};
