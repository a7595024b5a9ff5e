import type { CustodyAccount, CustodySettings } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { showToast } from '../../../shared/ui/toast-store';
import { custodyAccountsKey, custodyAccountsQuery } from '../api/custody-accounts';
import { custodyMeQuery } from '../api/custody-me';
import { custodySettingsKey, custodySettingsQuery } from '../api/custody-settings';
import { AccountFormDialog } from '../components/account-form-dialog';
import { AccountTable } from '../components/account-table';
import { SettingsForm } from '../components/settings-form';
import common from '../components/custody-console.module.css';
import { ConsoleRead } from '../components/custody-load-error';

/**
 * Common settings (spec §2, §3): the organisation's console security — hardware keys required,
 * session length, IP allow-list — and its custody accounts, which every member may see and a
 * member with the `accounts` permission may open.
 */
export function SettingsPage() {
  const { t, ready } = useTranslation('custodyConfig');
  if (!ready) return <TableSkeleton rows={3} columns={3} />;
  return (
    <PageFrame title={t('settings.title')} testId="custody-settings-page">
      <div className={common.stack}>
        <SecurityCard />
        <AccountsCard />
      </div>
    </PageFrame>
  );
}

function SecurityCard() {
  const { t } = useTranslation('custodyConfig');
  const queryClient = useQueryClient();
  const settings = useQuery(custodySettingsQuery);

  const handleSaved = (saved: CustodySettings) => {
    queryClient.setQueryData(custodySettingsKey, saved);
    // Requiring hardware keys may leave the saver without one: the console's banner asks at once.
    void queryClient.invalidateQueries({ queryKey: custodyMeQuery.queryKey });
    showToast('success', t('settings.saved'));
  };

  const loading = (
    <div data-testid="settings-loading">
      <Skeleton active paragraph={{ rows: 5 }} />
    </div>
  );
  const body = (
    <ConsoleRead reads={[settings]} loading={loading} errorTestId="settings-load-error">
      {(current) => <SettingsForm settings={current} onSaved={handleSaved} />}
    </ConsoleRead>
  );
  return (
    <Card title={t('settings.securityTitle')}>
      <p className={common.intro}>{t('settings.intro')}</p>
      {body}
    </Card>
  );
}

function AccountsCard() {
  const { t } = useTranslation('custodyConfig');
  const queryClient = useQueryClient();
  const me = useQuery(custodyMeQuery);
  const accounts = useQuery(custodyAccountsQuery);
  const [isAdding, setAdding] = useState(false);
  const canAdd = me.data?.permissions.includes('accounts') ?? false;

  const handleSaved = (account: CustodyAccount) => {
    setAdding(false);
    showToast('success', t('accounts.added', { name: account.name }));
    void queryClient.invalidateQueries({ queryKey: custodyAccountsKey });
  };

  const addButton = (testId: string) =>
    canAdd ? (
      <Button type="primary" onClick={() => setAdding(true)} disabled={!accounts.data} data-testid={testId}>
        {t('accounts.add')}
      </Button>
    ) : null;

  const body = (
    <ConsoleRead reads={[accounts]} loading={<TableSkeleton rows={3} columns={5} />} errorTestId="accounts-load-error">
      {(list) => (
        <AccountTable
          accounts={list}
          empty={
            <div data-testid="accounts-empty">
              <TableEmpty text={canAdd ? t('accounts.emptyText') : t('accounts.emptyTextReadOnly')}>
                {addButton('account-add-empty')}
              </TableEmpty>
            </div>
          }
        />
      )}
    </ConsoleRead>
  );

  return (
    <Card title={t('accounts.title')} extra={addButton('account-add')}>
      <p className={common.intro}>{t('accounts.intro')}</p>
      {body}
      <AccountFormDialog open={isAdding} onSaved={handleSaved} onCancel={() => setAdding(false)} />
    </Card>
  );
}

export default SettingsPage;
