import { billDetailKeys, billWithdrawalStatuses, type BillDetail, type BillDetailKey } from '@coffer/contract';
import { billTypeName, billTypes, type BillTypeKey } from '@coffer/contract/constants';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatPrice } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';

/** The bill types of spec §9 the filter offers, in the spec's order. */
export const billTypeEntries = Object.entries(billTypes) as Array<[BillTypeKey, number]>;

/** Values long enough to shorten in the middle with a copy button. */
export const longDetailKeys: ReadonlySet<string> = new Set<BillDetailKey>(['serialNumber', 'txid', 'withdrawalAddress', 'depositAddress']);

/** Reference numbers: shown in the drawer, left out of the table's one-line summary. */
const referenceKeys: ReadonlySet<string> = new Set<BillDetailKey>(['serialNumber', 'orderNo', 'autoSwapNo']);

export function isBillDetailKey(key: string): key is BillDetailKey {
  return (billDetailKeys as readonly string[]).includes(key);
}

/**
 * Names a bill type in the interface language; a code outside spec §9's list shows as itself.
 * The names live in the contract, shared with the server's CSV download.
 */
export function useBillTypeLabel(): (code: number) => string {
  const language = useLanguage();
  return (code) => billTypeName(code, language);
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

const isWithdrawalStatus = (value: string): value is (typeof billWithdrawalStatuses)[number] =>
  (billWithdrawalStatuses as readonly string[]).includes(value);

/**
 * A detail value as text: trade side and withdrawal status in words, the fee as an amount of
 * the bill's coin, the unit price at its pair's tick in the quote coin, anything else as given.
 */
export function useDetailValue(): (key: string, value: string, bill: { coin: string; detail: BillDetail }, language: string) => string {
  const { t } = useTranslation('wallet');
  return (key, value, bill, language) => {
    if (key === 'side' && (value === 'buy' || value === 'sell')) return t(`billDetailValues.side.${value}`);
    if (key === 'status' && isWithdrawalStatus(value)) return t(`billDetailValues.status.${value}`);
    if (key === 'fee') return `${formatAmount(bill.coin, value, language)} ${bill.coin}`;
    if (key === 'price' && bill.detail.pair) {
      const quoteCoin = bill.detail.pair.split('/')[1] ?? '';
      return `${formatPrice(bill.detail.pair, value, language)} ${quoteCoin}`;
    }
    return value;
  };
}
