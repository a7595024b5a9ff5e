import { custodyLimits, errorMessage, type CustodyAddress } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { FilterBar, FilterField } from '../../../shared/ui/filter-bar';
import { PageFrame } from '../../../shared/ui/page-frame';
import { pageFromParams, writePageParams } from '../../../shared/ui/paged-table';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { showToast } from '../../../shared/ui/toast-store';
import { custodyAccountsKey, custodyAccountsQuery } from '../api/custody-accounts';
import { custodyAddressCalls, custodyAddressesQuery } from '../api/custody-addresses';
import { custodyMeQuery } from '../api/custody-me';
import { AddressBookTable } from '../components/address-book-table';
import { AddressFormDialog } from '../components/address-form-dialog';
import styles from '../components/custody-config.module.css';
import common from '../components/custody-console.module.css';
import { ConsoleRead } from '../components/custody-load-error';

/**
 * Common address management (spec §2, §3, §5, §9): choose a custody account, see its address
 * book (at most 200, the count shown against that limit), add an address and remove one after
 * confirmation. The account and page live in the address (`account`, `page`, `size`).
 */
export function AddressesPage() {
  const { t, ready } = useTranslation('custodyConfig');
  const queryClient = useQueryClient();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const me = useQuery(custodyMeQuery);
  const accounts = useQuery(custodyAccountsQuery);
  const chosenId = params.get('account');
  const account = accounts.data?.find((candidate) => candidate.id === chosenId) ?? accounts.data?.[0] ?? null;
  const addresses = useQuery({ ...custodyAddressesQuery(account?.id ?? ''), enabled: account !== null });
  const [isAdding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: custodyAddressesQuery(account?.id ?? '').queryKey }),
      queryClient.invalidateQueries({ queryKey: custodyAccountsKey }),
    ]);
  };

  const showPage = (accountId: string, pageNo: number, pageSize: number) => {
    const next = new URLSearchParams();
    next.set('account', accountId);
    writePageParams(next, pageNo, pageSize);
    setParams(next, { replace: true });
  };

  const handleSaved = (address: CustodyAddress) => {
    setAdding(false);
    showToast('success', t('addresses.added', { asset: address.asset }));
    void refresh();
  };

  const handleDelete = async (address: CustodyAddress) => {
    setBusyId(address.id);
    try {
      await custodyAddressCalls.remove(address.id, t('addresses.deleted'));
      await refresh();
    } catch {
      // Shown by the HTTP client in the user's language.
    } finally {
      setBusyId(null);
    }
  };

  if (!ready) return <TableSkeleton rows={5} columns={7} />;

  const count = addresses.data?.length ?? 0;
  const isFull = count >= custodyLimits.addressesPerAccount;
  const addButton = (testId: string) => {
    const button = (
      <Button type="primary" onClick={() => setAdding(true)} disabled={!addresses.data || isFull} data-testid={testId}>
        {t('addresses.add')}
      </Button>
    );
    return isFull ? (
      <Tooltip title={errorMessage('addressLimitReached', language)}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };

  const skeleton = <TableSkeleton rows={5} columns={7} />;
  const body = (
    <ConsoleRead reads={[accounts]} loading={skeleton} errorTestId="addresses-load-error">
      {() =>
        account ? (
          <ConsoleRead reads={[addresses]} loading={skeleton} errorTestId="addresses-load-error">
            {(list) => {
              const { pageNo, pageSize } = pageFromParams(params);
              const current = Math.min(pageNo, Math.max(1, Math.ceil(count / pageSize)));
              return (
                <AddressBookTable
                  page={{ records: list.slice((current - 1) * pageSize, current * pageSize), pageNo: current, pageSize, total: count }}
                  busyId={busyId}
                  onPageChange={(nextPage, nextSize) => showPage(account.id, nextPage, nextSize)}
                  onDelete={(address) => void handleDelete(address)}
                  empty={
                    <div data-testid="addresses-empty">
                      <TableEmpty text={t('addresses.emptyText', { account: account.name })}>{addButton('address-add-empty')}</TableEmpty>
                    </div>
                  }
                />
              );
            }}
          </ConsoleRead>
        ) : (
          <div data-testid="addresses-no-accounts">
            <TableEmpty text={t('addresses.noAccounts')}>
              {me.data?.permissions.includes('settings') ? <Link to={pathTo('custodySettings')}>{t('addresses.openAccount')}</Link> : null}
            </TableEmpty>
          </div>
        )
      }
    </ConsoleRead>
  );

  return (
    <PageFrame title={t('addresses.title')} testId="custody-addresses-page">
      <Card>
        <p className={common.intro}>{t('addresses.intro', { max: custodyLimits.addressesPerAccount, note: custodyLimits.noteMaxChars })}</p>
        {account ? (
          <div className={styles.toolbar}>
            <FilterBar>
              <FilterField id="custody-address-account" label={t('addresses.account')}>
                <Select
                  id="custody-address-account"
                  className={styles.accountSelect}
                  value={account.id}
                  onChange={(id: string) => showPage(id, 1, pageFromParams(params).pageSize)}
                  options={(accounts.data ?? []).map((option) => ({
                    value: option.id,
                    label: `${option.name} · ${t(`accounts.kinds.${option.kind}`)} · ${t(`accounts.tiers.${option.tier}`)}`,
                  }))}
                  data-testid="address-account"
                />
              </FilterField>
            </FilterBar>
            <div className={styles.toolbarEnd}>
              {addresses.data ? (
                <span className={isFull ? styles.countFull : styles.countText} data-testid="address-count">
                  {t('addresses.count', { count, max: custodyLimits.addressesPerAccount })}
                </span>
              ) : null}
              {addButton('address-add')}
            </div>
          </div>
        ) : null}
        {body}
      </Card>
      <AddressFormDialog
        account={isAdding ? account : null}
        onSaved={handleSaved}
        onRefused={() => void refresh()}
        onCancel={() => setAdding(false)}
      />
    </PageFrame>
  );
}

export default AddressesPage;
