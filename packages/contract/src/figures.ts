/**
 * How figures are shown, one rule per kind, shared by every screen (apps/web/src/shared/format/
 * figures.ts applies them). Amounts and prices are cut to these decimals, never rounded up;
 * downloads (the bills CSV) keep every decimal.
 */

/**
 * Decimals an amount of each asset is shown with. The asset table's `display_precision`
 * (answered by getCurrency as `displayPrecision`) holds the same values; a server test keeps
 * them equal.
 */
export const assetDisplayPrecision: Readonly<Record<string, number>> = {
  BTC: 8,
  ETH: 8,
  USDT: 2,
  USDC: 2,
  XRP: 4,
};

/** An asset outside the table (one added to the database before this list) shows 8 decimals. */
export const defaultDisplayPrecision = 8;

/**
 * The price step of each pair (quote coin per one base coin), a power of ten: its decimals are
 * the decimals a price of the pair is shown with. `…/USD` are the dollar prices of the
 * quotation boards and the dashboard.
 */
export const pairPriceTicks: Readonly<Record<string, string>> = {
  'BTC/USDT': '0.01',
  'ETH/USDT': '0.01',
  'XRP/USDT': '0.0001',
  'USDC/USDT': '0.0001',
  'BTC/USDC': '0.01',
  'ETH/USDC': '0.01',
  'XRP/USDC': '0.0001',
  'USDT/USDC': '0.0001',
  'ETH/BTC': '0.00001',
  'XRP/BTC': '0.00000001',
  'USDT/BTC': '0.00000001',
  'USDC/BTC': '0.00000001',
  'BTC/USD': '0.01',
  'ETH/USD': '0.01',
  'XRP/USD': '0.0001',
  'USDT/USD': '0.0001',
  'USDC/USD': '0.0001',
};

/** A pair outside the table (a configured TRADE_PAIRS entry) shows the platform's price scale. */
export const defaultPriceTick = '0.00000001';

/** Fiat values (USD, CNY) are shown in cents. */
export const fiatDecimals = 2;

export function displayPrecisionOf(asset: string): number {
  return assetDisplayPrecision[asset.trim().toUpperCase()] ?? defaultDisplayPrecision;
}

export function priceTickOf(pair: string): string {
  return pairPriceTicks[pair.trim().toUpperCase()] ?? defaultPriceTick;
}

/** Decimals of a power-of-ten tick: "0.01" → 2, "1" → 0. */
export function tickDecimals(tick: string): number {
  return tick.split('.')[1]?.length ?? 0;
}
