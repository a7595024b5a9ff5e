import type { CustodyPoolPartner } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { custodyAccountsQuery } from '../api/custody-accounts';
import { custodyPoolCalls, custodyPoolPartnersKey, custodyPoolPartnersQuery } from '../api/custody-pool';
import { ConsoleRead } from '../components/custody-load-error';
import { PoolLinkDialog } from '../components/pool-link-dialog';
import { PoolPartnerTable, type PoolPartnerAction } from '../components/pool-partner-table';
import common from '../components/custody-console.module.css';

/**
 * The mining-pool partner linking page (spec §2, issue 17 item 11), the enterprise admin's: the
 * partner links with their state; a new link for an account, coin and network (shown once, to
 * copy and hand to the partner); revoke an open link, unlink a linked partner. Payouts from a
 * linked partner's address name it as their source in the transfer history.
 */
export function MiningPoolPage() {
  const { t, ready } = useTranslation('custodyPool');
  const queryClient = useQueryClient();
  const partners = useQuery(custodyPoolPartnersQuery);
  const accounts = useQuery(custodyAccountsQuery);
  const [isCreating, setCreating] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: custodyPoolPartnersKey });

  const handleAction = async (action: PoolPartnerAction, partner: CustodyPoolPartner) => {
    setBusyId(partner.id);
    try {
      if (action === 'revoke') await custodyPoolCalls.revoke(partner.id, t('list.revoked', { partner: partner.partnerName }));
      else await custodyPoolCalls.unlink(partner.id, t('list.unlinked', { partner: partner.partnerName }));
    } catch {
      // Shown by the HTTP client in the user's language; the list is read again either way.
    } finally {
      setBusyId(null);
      await refresh();
    }
  };

  if (!ready) return <TableSkeleton rows={5} columns={8} />;

  const hasAccounts = (accounts.data?.length ?? 0) > 0;
  const createButton = (testId: string) => (
    <Button type="primary" onClick={() => setCreating(true)} disabled={!hasAccounts || !partners.data} data-testid={testId}>
      {t('page.create')}
    </Button>
  );

  const body = (
    <ConsoleRead reads={[partners, accounts]} loading={<TableSkeleton rows={5} columns={8} />}>
      {(partnerList) => {
        if (!hasAccounts)
          return (
            <div data-testid="pool-no-accounts">
              <TableEmpty text={t('page.noAccounts')}>
                <Link to={pathTo('custodySettings')}>{t('page.openAccount')}</Link>
              </TableEmpty>
            </div>
          );
        if (partnerList.length === 0)
          return (
            <div data-testid="pool-empty">
              <TableEmpty text={t('page.empty')}>{createButton('pool-create-empty')}</TableEmpty>
            </div>
          );
        return (
          <PoolPartnerTable partners={partnerList} busyId={busyId} onAction={(action, partner) => void handleAction(action, partner)} />
        );
      }}
    </ConsoleRead>
  );

  return (
    <PageFrame title={t('page.title')} testId="custody-mining-pool-page" actions={createButton('pool-create')}>
      <Card>
        <p className={common.intro}>{t('page.intro')}</p>
        {body}
      </Card>
      <PoolLinkDialog
        open={isCreating}
        accounts={accounts.data ?? []}
        onCreated={() => void refresh()}
        onClose={() => setCreating(false)}
      />
    </PageFrame>
  );
}

export default MiningPoolPage;
