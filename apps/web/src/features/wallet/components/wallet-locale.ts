import type { FiatCurrency } from '@coffer/contract/constants';
import { isLanguage, type Language } from '@coffer/contract/languages';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessionUserQuery } from '../../identity/api/identity-api';

/** The interface language as one of ours (English when i18next holds something else). */
export function useWalletLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

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
