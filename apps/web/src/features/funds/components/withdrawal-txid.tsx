import type { WithdrawalRecord } from '@coffer/contract';
import { useTranslation } from 'react-i18next';
import { ShortValue } from '../../../shared/ui/short-value';

/**
 * A withdrawal's transaction hash. An internal withdrawal moves coins between two Coffer
 * accounts in the ledger and never has one, so it says so instead of "not sent yet".
 */
export function WithdrawalTxid({
  record,
  keep,
  className,
}: {
  record: Pick<WithdrawalRecord, 'txid' | 'accountType'>;
  keep: number;
  className?: string;
}) {
  const { t } = useTranslation('funds');
  if (record.txid) return <ShortValue value={record.txid} keep={keep} />;
  return <span className={className}>{record.accountType === 'internal' ? t('records.internalNoTxid') : t('records.noTxid')}</span>;
}
