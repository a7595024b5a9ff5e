import type { Bill } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format/figures';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { ShortValue } from '../../../shared/ui/short-value';
import { billInfoQuery } from '../api/get-bill-info';
import { longDetailKeys, orderedDetail, useBillTypeLabel, useDetailLabel, useDetailValue } from './bill-labels';
import styles from './bill-detail-drawer.module.css';

/** One bill in full (billInfo): the row's values at once, the server's detail when it arrives. */
export function BillDetailDrawer({ bill, onClose }: { bill: Bill | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const typeLabel = useBillTypeLabel();
  const detailLabel = useDetailLabel();
  const detailValue = useDetailValue();
  const info = useQuery({ ...billInfoQuery(bill?.id ?? ''), enabled: bill !== null });
  const shown = info.data ?? bill;

  return (
    <Drawer open={bill !== null} onClose={onClose} title={t('bills.drawerTitle')} size={460} destroyOnHidden>
      {shown ? (
        <div data-testid="bill-detail">
          <Descriptions
            column={1}
            size="small"
            colon={false}
            classNames={{ label: styles.label, content: styles.content }}
            items={[
              { key: 'time', label: t('bills.columns.time'), children: formatDateTime(shown.time, language) },
              { key: 'type', label: t('bills.columns.type'), children: typeLabel(shown.type) },
              { key: 'coin', label: t('bills.columns.coin'), children: <CoinBadge coin={shown.coin} size="small" /> },
              {
                key: 'amount',
                label: t('bills.columns.amount'),
                children: (
                  <span className={styles.number}>{formatAmount(shown.coin, shown.amount, language, { signDisplay: 'exceptZero' })}</span>
                ),
              },
              ...(shown.balanceAfter !== null
                ? [
                    {
                      key: 'balanceAfter',
                      label: t('bills.balanceAfter'),
                      children: <span className={styles.number}>{formatAmount(shown.coin, shown.balanceAfter, language)}</span>,
                    },
                  ]
                : []),
              ...orderedDetail(shown.detail).map(([key, value]) => ({
                key,
                label: detailLabel(key),
                children: longDetailKeys.has(key) ? (
                  <ShortValue value={value} />
                ) : (
                  <span className={styles.text} data-detail={key}>
                    {detailValue(key, value, shown, language)}
                  </span>
                ),
              })),
            ]}
          />
          {info.isFetching && !info.data ? <Skeleton active title={false} paragraph={{ rows: 2 }} /> : null}
          {info.isError ? <QueryErrorState namespace="wallet" error={info.error} onRetry={() => void info.refetch()} compact /> : null}
        </div>
      ) : null}
    </Drawer>
  );
}
