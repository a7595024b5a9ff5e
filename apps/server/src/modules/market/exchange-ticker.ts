import { z } from 'zod';

/** One coin's 24-hour ticker, read as USD. */
export interface ExchangeQuotation {
  coin: string;
  usdPrice: string;
  change24h: string;
  high24h: string;
  low24h: string;
}

/**
 * A major exchange's public 24-hour ticker, in its documented shape
 * (`GET /api/v3/ticker/24hr?symbols=["BTCUSDT",…]`): prices against USDT, read as USD.
 */
const tickerSchema = z.array(
  z.object({
    symbol: z.string(),
    lastPrice: z.string().regex(/^\d+(\.\d+)?$/),
    priceChangePercent: z.string().regex(/^-?\d+(\.\d+)?$/),
    highPrice: z.string().regex(/^\d+(\.\d+)?$/),
    lowPrice: z.string().regex(/^\d+(\.\d+)?$/),
  }),
);

/** Drops trailing zeros and keeps at most 8 decimals, cutting (never rounding up). */
function decimal(value: string, decimals = 8): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const kept = fraction.slice(0, decimals).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : whole;
}

function percent(value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const text = `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  return negative && text !== '0.00' ? `-${text}` : text;
}

export function createExchangeTicker(options: { baseUrl: string; fetchImpl?: typeof fetch; timeoutMs?: number }) {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    async quotations(coins: string[]): Promise<ExchangeQuotation[]> {
      const priced = coins.filter((coin) => coin !== 'USDT');
      const symbols = JSON.stringify(priced.map((coin) => `${coin}USDT`));
      const response = await fetchImpl(`${options.baseUrl}/api/v3/ticker/24hr?symbols=${encodeURIComponent(symbols)}`, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      if (!response.ok) throw new Error(`ticker answered HTTP ${response.status}`);
      const tickers = tickerSchema.parse(await response.json());
      const quotes = tickers
        .filter((ticker) => ticker.symbol.endsWith('USDT'))
        .map((ticker) => ({
          coin: ticker.symbol.slice(0, -'USDT'.length),
          usdPrice: decimal(ticker.lastPrice),
          change24h: percent(ticker.priceChangePercent),
          high24h: decimal(ticker.highPrice),
          low24h: decimal(ticker.lowPrice),
        }));
      if (coins.includes('USDT')) quotes.push({ coin: 'USDT', usdPrice: '1', change24h: '0.00', high24h: '1', low24h: '1' });
      return quotes.sort((a, b) => a.coin.localeCompare(b.coin));
    },
  };
}
