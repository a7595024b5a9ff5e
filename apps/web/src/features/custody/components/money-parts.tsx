import { fromBaseUnits, toBaseUnits, type CustodyTransfer } from '@coffer/contract';
import type { CustodyAccountKind, CustodyAccountTier } from '@coffer/contract/rules';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import styles from './custody-money.module.css';

/** "Treasury hot · Hot storage · Enterprise": a custody account as the money screens name it in pickers. */
export function useAccountLabel(): (account: { name: string; kind: CustodyAccountKind; tier: CustodyAccountTier }) => string {
  const { t } = useTranslation('custodyMoney');
  return (account) =>
    t('common.accountOption', { name: account.name, kind: t(`accountKinds.${account.kind}`), tier: t(`accountTiers.${account.tier}`) });
}

/** USD figures (two decimals, as the server writes them) added exactly, in cents. */
export function sumUsd(values: readonly string[]): string {
  return fromBaseUnits(
    values.reduce((sum, value) => sum + toBaseUnits(value, 2), 0n),
    2,
  );
}

/** The shared status colours (design.md), each with a mark so colour is not alone. */
const tones = {
  pending: { color: 'warning', mark: '◷' },
  success: { color: 'success', mark: '✓' },
  failed: { color: 'error', mark: '✕' },
} as const;

const stateTones = {
  released: 'success',
  credited: 'success',
  pendingRelease: 'pending',
  pendingCredit: 'pending',
  failure: 'failed',
} as const satisfies Record<CustodyTransfer['state'], keyof typeof tones>;

/** A transfer record's §4 state; a failure says why, a settled one when (on hover). */
export function TransferStateTag({ record }: { record: Pick<CustodyTransfer, 'state' | 'failReason' | 'completedTime'> }) {
  const { t } = useTranslation('custodyMoney');
  const language = useLanguage();
  const { color, mark } = tones[stateTones[record.state]];
  const tag = (
    <Tag color={color} className={styles.stateTag} data-testid={`transfer-state-${record.state}`}>
      <span aria-hidden="true">{mark} </span>
      {t(`states.${record.state}`)}
    </Tag>
  );
  if (record.failReason) {
    return (
      <span className={styles.stateCell}>
        {tag}
        <span className={styles.reason}>{t(`failReasons.${record.failReason}`)}</span>
      </span>
    );
  }
  return record.completedTime ? (
    <Tooltip title={t('transfers.completedAt', { time: formatDateTime(record.completedTime, language) })}>{tag}</Tooltip>
  ) : (
    tag
  );
}
