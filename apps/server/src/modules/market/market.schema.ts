import type { ColumnType } from 'kysely';

/** The live price of each coin: one row per coin, advanced once per tick slot (`seq`). */
export interface MarketPriceTable {
  asset: string;
  seq: ColumnType<string, string | number, string | number>;
  usd_price: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A signed-in customer's favourite coins on the quotation screens. */
export interface MarketFavouriteTable {
  user_id: string;
  asset: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** The market's tables (`market.migration.ts`, `market-quotations.migration.ts`). */
export interface MarketTables {
  market_tick: { asset: string; minute: ColumnType<Date, Date | string, never>; usd_price: string };
  market_price: MarketPriceTable;
  market_favourite: MarketFavouriteTable;
}
