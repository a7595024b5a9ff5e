import type { QuoteCurrency } from '@coffer/contract/market-paths';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../../../shared/routes';

const quoteByRoute: Record<string, QuoteCurrency> = {
  propertyCenterQuotationBtc: 'BTC',
  propertyCenterQuotationUsdc: 'USDC',
  propertyCenterQuotationUsdt: 'USDT',
};

/** The quote currency of the quotation route being shown; USDT on the plain quotation route. */
export function useRouteQuote(): QuoteCurrency {
  const matches = useMatches();
  for (const match of matches) {
    const name = (match.handle as RouteHandle | undefined)?.route?.name;
    if (name && quoteByRoute[name]) return quoteByRoute[name];
  }
  return 'USDT';
}
