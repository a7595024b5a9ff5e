import { billTypes } from '@coffer/contract/constants';
import { useTranslation } from 'react-i18next';

export type BillTypeKey = keyof typeof billTypes;

/** The bill types of spec §9 the filter offers, in the spec's order. */
export const billTypeEntries = Object.entries(billTypes) as Array<[BillTypeKey, number]>;

const keyByCode = new Map<number, BillTypeKey>(billTypeEntries.map(([key, code]) => [code, key]));

/** Spec §3 detail labels, in the order the drawer lists them. */
export const billDetailKeys = [
  'serialNumber',
  'sourceAccount',
  'targetAccount',
  'withdrawalAddress',
  'txid',
  'merchant',
  'merchantOrderNumber',
  'loanId',
  'relatedLoanId',
  'campaignName',
  'remarks',
] as const;
export type BillDetailKey = (typeof billDetailKeys)[number];

/** Values long enough to shorten in the middle with a copy button. */
export const longDetailKeys: ReadonlySet<string> = new Set<BillDetailKey>(['serialNumber', 'txid', 'withdrawalAddress']);

export function isBillDetailKey(key: string): key is BillDetailKey {
  return (billDetailKeys as readonly string[]).includes(key);
}

/** Names a bill type; a code outside spec §9's list shows as itself. */
export function useBillTypeLabel(): (code: number) => string {
  const { t } = useTranslation('wallet');
  return (code) => {
    const key = keyByCode.get(code);
    return key ? t(`billTypes.${key}`) : t('billTypes.unknown', { code });
  };
}

/** Names a detail key; an unknown key shows as itself. */
export function useDetailLabel(): (key: string) => string {
  const { t } = useTranslation('wallet');
  return (key) => (isBillDetailKey(key) ? t(`billDetail.${key}`) : key);
}

/** The detail entries of a bill in the drawer's order, unknown keys last. */
export function orderedDetail(detail: Record<string, string>): Array<[string, string]> {
  const entries = Object.entries(detail).filter(([, value]) => value !== '');
  const rank = (key: string) => (isBillDetailKey(key) ? billDetailKeys.indexOf(key) : billDetailKeys.length);
  return entries.sort(([a], [b]) => rank(a) - rank(b));
}
