import { custodyLimits, type CustodyAccountBalances, type CustodyOverview } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount, formatFiat } from '../../../shared/format/figures';
import { errorText } from '../../../shared/http/error-text';
import { useLanguage } from '../../../shared/i18n/use-language';
import { custodyBalancesQuery } from '../api/custody-balances';
import { custodyMeQuery } from '../api/custody-me';
import { useInternalMove } from './internal-move-dialog';
import styles from './custody-money.module.css';
import common from './custody-console.module.css';

type Account = CustodyOverview['accounts'][number];

/**
 * The overview's "accounts with balances" (issue 17 item 10): every custody account with its
 * type, common addresses, what it holds per asset (frozen parts named) and its USD value, the
 * organisation's USD total above. The balances are their own read: while they load or if they
 * fail, the accounts still show. A member who may move funds opens the internal move here.
 */
export function AccountBalancesCard({ accounts }: { accounts: Account[] }) {
  const { t } = useTranslation('custodyMoney');
  const language = useLanguage();
  const me = useQuery(custodyMeQuery);
  const balances = useQuery(custodyBalancesQuery);
  const move = useInternalMove();
  const canMove = me.data?.permissions.includes('orders') ?? false;
  const byId = new Map<string, CustodyAccountBalances>(balances.data?.accounts.map((account) => [account.accountId, account]) ?? []);
  const usd = (value: string) => formatFiat(value, 'USD', language);
  const pending = <Skeleton.Input active size="small" />;
  const failed = <span className={common.muted}>{t('common.none')}</span>;

  const figures = (account: Account, show: (held: CustodyAccountBalances) => ReactNode) => {
    const held = byId.get(account.id);
    if (held) return show(held);
    return balances.isError ? failed : pending;
  };

  const columns: TableColumnsType<Account> = [
    {
      key: 'account',
      title: t('balances.columns.account'),
      render: (_value, account) => <span className={common.name}>{account.name}</span>,
    },
    {
      key: 'kind',
      title: t('balances.columns.kind'),
      render: (_value, account) => (
        <span className={styles.tags}>
          <Tag>{t(`accountKinds.${account.kind}`)}</Tag>
          <span className={`${common.sub} ${styles.inline}`}>{t(`accountTiers.${account.tier}`)}</span>
        </span>
      ),
    },
    {
      key: 'assets',
      title: t('balances.columns.assets'),
      render: (_value, account) =>
        figures(account, (held) =>
          held.assets.length === 0 ? (
            <span className={common.muted}>{t('balances.nothingHeld')}</span>
          ) : (
            <ul className={styles.assetList} data-testid={`balances-assets-${account.id}`}>
              {held.assets.map((asset) => (
                <li key={asset.coin}>
                  <span className={styles.figure}>{formatExactAmount(asset.coin, asset.total, language)}</span> {asset.coin}
                  {asset.frozen !== '0' ? (
                    <span className={common.sub}>
                      {t('balances.frozenPart', { amount: formatExactAmount(asset.coin, asset.frozen, language) })}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ),
        ),
    },
    {
      key: 'addresses',
      title: t('balances.columns.addresses'),
      align: 'right',
      render: (_value, account) => (
        <span className={styles.figure}>
          {account.addressCount.toLocaleString(language)} / {custodyLimits.addressesPerAccount.toLocaleString(language)}
        </span>
      ),
    },
    {
      key: 'usdValue',
      title: t('balances.columns.usdValue'),
      align: 'right',
      render: (_value, account) =>
        figures(account, (held) => (
          <strong className={styles.figure} data-testid={`balances-usd-${account.id}`}>
            {usd(held.usdValue)}
          </strong>
        )),
    },
  ];

  const extra = (
    <span className={styles.cardExtra}>
      {balances.data ? (
        <span className={styles.total} data-testid="balances-total">
          {t('balances.total', { value: usd(balances.data.usdValue) })}
        </span>
      ) : null}
      {canMove && accounts.length > 1 ? (
        <Button onClick={() => move.open()} data-testid="balances-move">
          {t('report.moveButton')}
        </Button>
      ) : null}
    </span>
  );

  return (
    <Card title={t('balances.title')} extra={extra}>
      {balances.isError && !balances.data ? (
        <Alert
          className={styles.notice}
          type="warning"
          showIcon
          title={errorText(balances.error, t('balances.loadFailed')) ?? t('balances.loadFailed')}
          action={
            <Button size="small" onClick={() => void balances.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid="balances-load-error"
        />
      ) : null}
      {accounts.length === 0 ? (
        <p className={styles.empty} data-testid="custody-no-accounts">
          {t('balances.noAccounts')}
        </p>
      ) : (
        <Table<Account>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={accounts}
          pagination={false}
          data-testid="custody-accounts"
        />
      )}
      {move.dialog}
    </Card>
  );
}
