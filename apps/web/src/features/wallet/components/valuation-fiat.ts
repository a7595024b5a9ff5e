import type { FiatCurrency } from '@coffer/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { sessionUserQuery } from '../../../shared/api/session-user';

/** The valuation currency of local storage (spec §3: "fiat", default usd), until the session says. */
function storedFiat(): FiatCurrency {
  try {
    return localStorage.getItem('fiat')?.toUpperCase() === 'CNY' ? 'CNY' : 'USD';
  } catch {
    return 'USD';
  }
}

/** The user's valuation currency (account info preference), USD by default. */
export function useValuationFiat(): FiatCurrency {
  const session = useQuery(sessionUserQuery);
  return session.data?.fiat ?? storedFiat();
}

/** A value in both currencies, as the summary (rmbValue) and the asset rows (cnyValue) carry it. */
export type FiatValued = { usdValue: string } & ({ rmbValue: string } | { cnyValue: string });

export function valueIn(value: FiatValued, fiat: FiatCurrency): string {
  if (fiat === 'USD') return value.usdValue;
  return 'rmbValue' in value ? value.rmbValue : value.cnyValue;
}
