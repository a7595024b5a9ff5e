import type { WithdrawAddress } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { dwOptionsQuery } from '../api/get-dw-options';
import { withdrawAddressesQuery } from '../api/get-withdraw-addresses';
import { withdrawCheckQuery } from '../api/get-withdraw-check';
import { AddAddressDialog } from '../components/add-address-dialog';
import { AddressBookTable } from '../components/address-book-table';
import { addressNetworks } from '../components/address-networks';
import { TrustAddressDialog } from '../components/trust-address-dialog';
import layout from '../../../shared/ui/form-page-layout.module.css';

/** Address management (spec §2): the address book, add, delete, mark trusted with verification. */
export function AddressesPage() {
  const { t } = useTranslation('funds');
  const book = useQuery(withdrawAddressesQuery());
  const options = useQuery(dwOptionsQuery);
  const check = useQuery(withdrawCheckQuery);
  const [isAdding, setAdding] = useState(false);
  const [trusting, setTrusting] = useState<WithdrawAddress | null>(null);
  // The cooling period is compared with the clock of the moment the list arrived.
  const now = book.dataUpdatedAt;

  let body;
  if (book.isError && !book.data)
    body = <QueryErrorState namespace="wallet" error={book.error} onRetry={() => void book.refetch()} compact />;
  else if (!book.data) body = <TableSkeleton rows={4} columns={6} />;
  else body = <AddressBookTable entries={book.data} now={now} canTrust={check.data !== undefined} onTrust={setTrusting} />;

  return (
    <PageFrame
      title={t('addresses.title')}
      testId="addresses-page"
      actions={
        <>
          <Link className={layout.headerLink} to={pathTo('propertyCenterWithdraw')}>
            {t('nav.withdraw')}
          </Link>
          <Button type="primary" onClick={() => setAdding(true)} disabled={!options.data || !check.data} data-testid="address-add">
            {t('addresses.add')}
          </Button>
        </>
      }
    >
      <Card>{body}</Card>
      <Card>
        <h2 className={layout.asideTitle}>{t('addresses.aboutTitle')}</h2>
        <ul className={`${layout.points} ${layout.pointsWide}`}>
          <li>{t('addresses.aboutNote')}</li>
          <li>{t('addresses.aboutAdd')}</li>
          <li>{t('addresses.aboutTrusted')}</li>
          <li>{t('addresses.aboutCooling')}</li>
          <li>{t('addresses.aboutTag')}</li>
        </ul>
      </Card>
      {check.data ? (
        <>
          <AddAddressDialog
            open={isAdding}
            networks={addressNetworks(options.data ?? [])}
            factor={check.data.secondFactor}
            onClose={() => setAdding(false)}
          />
          <TrustAddressDialog entry={trusting} factor={check.data.secondFactor} onClose={() => setTrusting(null)} />
        </>
      ) : null}
    </PageFrame>
  );
}
