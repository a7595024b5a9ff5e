import type { CustodyLine } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { showToast } from '../../../shared/ui/toast-store';
import { custodyAccountsQuery } from '../api/custody-accounts';
import { custodyLinesKey, custodyLinesQuery } from '../api/custody-lines';
import { custodyMembersQuery } from '../api/custody-members';
import { LineFormDialog } from '../components/line-form-dialog';
import { LineTable } from '../components/line-table';
import common from '../components/custody-console.module.css';
import { CustodyReadError } from '../components/custody-load-error';

type Editing = { line: CustodyLine | null };

/**
 * Business line management (spec §2, §3, §5): the organisation's lines with their admin,
 * currencies, accounts, reviewers, limits and whitelist; add and edit in a dialog.
 */
export function BusinessLinesPage() {
  const { t, ready } = useTranslation('custodyConfig');
  const queryClient = useQueryClient();
  const lines = useQuery(custodyLinesQuery);
  const accounts = useQuery(custodyAccountsQuery);
  const members = useQuery(custodyMembersQuery);
  const [editing, setEditing] = useState<Editing | null>(null);

  const handleSaved = (line: CustodyLine, mode: 'add' | 'edit') => {
    setEditing(null);
    showToast('success', mode === 'add' ? t('lines.added', { name: line.name }) : t('lines.saved', { name: line.name }));
    void queryClient.invalidateQueries({ queryKey: custodyLinesKey });
  };

  if (!ready) return <TableSkeleton rows={4} columns={7} />;

  const addButton = (testId: string) => (
    <Button type="primary" onClick={() => setEditing({ line: null })} disabled={!lines.data} data-testid={testId}>
      {t('lines.add')}
    </Button>
  );

  let body;
  if (lines.isError && !lines.data) {
    body = <CustodyReadError error={lines.error} onRetry={() => void lines.refetch()} testId="lines-load-error" />;
  } else if (!lines.data) {
    body = <TableSkeleton rows={4} columns={7} />;
  } else {
    body = (
      <LineTable
        lines={lines.data}
        accounts={accounts.data}
        members={members.data}
        onEdit={(line) => setEditing({ line })}
        empty={
          <div data-testid="lines-empty">
            <TableEmpty text={t('lines.emptyText')}>{addButton('line-add-empty')}</TableEmpty>
          </div>
        }
      />
    );
  }

  return (
    <PageFrame title={t('lines.title')} testId="custody-lines-page" actions={addButton('line-add')}>
      <Card>
        <p className={common.intro}>{t('lines.intro')}</p>
        {body}
      </Card>
      <LineFormDialog
        open={editing !== null}
        line={editing?.line ?? null}
        accounts={accounts.data}
        members={members.data}
        onSaved={handleSaved}
        onCancel={() => setEditing(null)}
      />
    </PageFrame>
  );
}

export default BusinessLinesPage;
