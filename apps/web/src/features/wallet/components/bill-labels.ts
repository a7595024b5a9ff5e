import { billDetailKeys, billWithdrawalStatuses, type BillDetail, type BillDetailKey } from '@coffer/contract';
import { billTypes } from '@coffer/contract/constants';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format/format-amount';

export type BillTypeKey = keyof typeof billTypes;

/** The bill types of spec §9 the filter offers, in the spec's order. */
export const billTypeEntries = Object.entries(billTypes) as Array<[BillTypeKey, number]>;

const keyByCode = new Map<number, BillTypeKey>(billTypeEntries.map(([key, code]) => [code, key]));

/** Values long enough to shorten in the middle with a copy button. */
export const longDetailKeys: ReadonlySet<string> = new Set<BillDetailKey>(['serialNumber', 'txid', 'withdrawalAddress', 'depositAddress']);

/** Reference numbers: shown in the drawer, left out of the table's one-line summary. */
const referenceKeys: ReadonlySet<string> = new Set<BillDetailKey>(['serialNumber', 'orderNo', 'autoSwapNo']);

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
export function orderedDetail(detail: BillDetail): Array<[string, string]> {
  const entries = Object.entries(detail).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  const rank = (key: string) => (isBillDetailKey(key) ? billDetailKeys.indexOf(key) : billDetailKeys.length);
  return entries.sort(([a], [b]) => rank(a) - rank(b));
}

/** The entry the bills table shows in its detail column: the first that is not a reference number. */
export function summaryDetail(detail: BillDetail): [string, string] | undefined {
  return orderedDetail(detail).find(([key]) => !referenceKeys.has(key));
}

const isWithdrawalStatus = (value: string): value is (typeof billWithdrawalStatuses)[number] => (billWithdrawalStatuses as readonly string[]).includes(value);

/**
 * A detail value as text: trade side and withdrawal status in words, the fee in the bill's
 * coin, the unit price in the pair's quote coin (exact, never cut), anything else as given.
 */
export function useDetailValue(): (key: string, value: string, bill: { coin: string; detail: BillDetail }, language: string, coinPrecision: number) => string {
  const { t } = useTranslation('wallet');
  return (key, value, bill, language, coinPrecision) => {
    if (key === 'side' && (value === 'buy' || value === 'sell')) return t(`billDetailValues.side.${value}`);
    if (key === 'status' && isWithdrawalStatus(value)) return t(`billDetailValues.status.${value}`);
    if (key === 'fee') return `${formatAmount(value, coinPrecision, language)} ${bill.coin}`;
    if (key === 'price') {
      const decimals = value.split('.')[1]?.length ?? 0;
      const quoteCoin = bill.detail.pair?.split('/')[1];
      return `${formatAmount(value, decimals, language)}${quoteCoin ? ` ${quoteCoin}` : ''}`;
    }
    return value;
  };
}
