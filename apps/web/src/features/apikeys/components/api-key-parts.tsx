import type { ApiKey, ApiKeyRight, WithdrawAddress } from '@coffer/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { shortenMiddle } from '../../../shared/ui/short-value';
import styles from './apikeys.module.css';

/** The rights of a key as translated tags, in the contract's order. */
export function RightTags({ rights }: { rights: readonly ApiKeyRight[] }) {
  const { t } = useTranslation('apikeys');
  const colours: Record<ApiKeyRight, string | undefined> = { read: undefined, trade: 'blue', withdraw: 'gold' };
  return (
    <span className={styles.tags}>
      {(['read', 'trade', 'withdraw'] as const)
        .filter((right) => rights.includes(right))
        .map((right) => (
          <Tag key={right} color={colours[right]} data-testid={`apikey-tag-${right}`}>
            {t(`rights.${right}`)}
          </Tag>
        ))}
    </span>
  );
}

/** Bound IPs, one a line, or "any IP". */
export function BoundIps({ ips }: { ips: readonly string[] }) {
  const { t } = useTranslation('apikeys');
  if (ips.length === 0) return <span className={styles.muted}>{t('list.anyIp')}</span>;
  return (
    <span className={styles.ips}>
      {ips.map((ip) => (
        <span key={ip} className={`${styles.mono} ${styles.ip}`}>
          {ip}
        </span>
      ))}
    </span>
  );
}

/** A withdraw key's 24-hour limit and bound addresses (named from the address book when it is loaded). */
export function WithdrawalBinding({ apiKey, book, isFull = false }: { apiKey: ApiKey; book?: WithdrawAddress[]; isFull?: boolean }) {
  const { t } = useTranslation('apikeys');
  if (!apiKey.rights.includes('withdraw')) return <span className={styles.muted}>—</span>;
  const limit = apiKey.withdrawDailyUsd ? t('list.dailyLimit', { amount: apiKey.withdrawDailyUsd }) : t('list.noLimit');
  const ids = apiKey.withdrawAddressIds;
  const named = ids.map((id) => {
    const entry = book?.find((candidate) => candidate.id === id);
    return entry ? `${entry.note} · ${entry.chain} · ${shortenMiddle(entry.address, 6)}` : `#${id}`;
  });
  return (
    <span className={styles.ips}>
      <span className={styles.figure}>{limit}</span>
      {ids.length === 0 ? (
        <span className={styles.muted}>{t('list.anyAddress')}</span>
      ) : isFull ? (
        named.map((text) => <span key={text}>{text}</span>)
      ) : (
        <span title={named.join('\n')}>{t('list.boundAddresses', { count: ids.length })}</span>
      )}
    </span>
  );
}
