import type { CustodyChangeRequest, CustodyLine } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { showToast } from '../../../shared/ui/toast-store';
import { custodyAccountsQuery } from '../api/custody-accounts';
import { custodyChangeCalls, custodyChangesKey, custodyChangesQuery } from '../api/custody-changes';
import { custodyLinesKey, custodyLinesQuery } from '../api/custody-lines';
import { custodyMeQuery } from '../api/custody-me';
import { custodyMembersQuery } from '../api/custody-members';
import { ChangeRequestsCard } from '../components/change-requests-card';
import { ConfirmedAction } from '../components/confirmed-action';
import { LineFormDialog } from '../components/line-form-dialog';
import { LineTable } from '../components/line-table';
import common from '../components/custody-console.module.css';
import styles from '../components/custody-config.module.css';
import { ConsoleRead } from '../components/custody-load-error';

type Editing = { line: CustodyLine | null };

/**
 * Business line management (spec §2, §3, §5): the organisation's lines with their admin,
 * currencies, accounts, reviewers, limits and whitelist; add and edit in a dialog. Issue 18 item
 * 6: an edit of the minimum reviewers, reviewers, limits or whitelist is sent for approval and
 * waits among the pending change requests below, where eligible reviewers approve or reject it;
 * a line or the whole organisation is frozen at once, and unfreezing asks the quorum.
 */
export function BusinessLinesPage() {
  const { t, ready } = useTranslation('custodyConfig');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const lines = useQuery(custodyLinesQuery);
  const accounts = useQuery(custodyAccountsQuery);
  const members = useQuery(custodyMembersQuery);
  const changes = useQuery(custodyChangesQuery);
  const me = useQuery(custodyMeQuery);
  const [editing, setEditing] = useState<Editing | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: custodyLinesKey });
    void queryClient.invalidateQueries({ queryKey: custodyChangesKey });
  };

  const handleSaved = (line: CustodyLine, mode: 'add' | 'edit', changeRequest: CustodyChangeRequest | null) => {
    setEditing(null);
    if (changeRequest?.state === 'pending') showToast('success', t('changes.sent', { name: line.name, required: changeRequest.required }));
    else showToast('success', mode === 'add' ? t('lines.added', { name: line.name }) : t('lines.saved', { name: line.name }));
    refresh();
  };

  /** Runs a change call, tells what happened, and reloads lines and requests (a refusal is the app's toast). */
  const act = (run: () => Promise<unknown>, done: (answer: never) => string) => {
    void run()
      .then((answer) => showToast('success', done(answer as never)))
      .catch(() => undefined)
      .finally(refresh);
  };

  const unfrozenOrAsked = (request: CustodyChangeRequest) =>
    request.state === 'applied' ? t('freeze.unfrozenNow') : t('freeze.unfreezeAsked', { required: request.required });

  if (!ready) return <TableSkeleton rows={4} columns={7} />;

  const addButton = (testId: string) => (
    <Button type="primary" onClick={() => setEditing({ line: null })} disabled={!lines.data} data-testid={testId}>
      {t('lines.add')}
    </Button>
  );

  const organisationFrozenAt = changes.data?.organisationFrozenAt ?? null;
  const organisationAction = organisationFrozenAt ? (
    <ConfirmedAction
      namespace="custodyConfig"
      title={t('freeze.unfreezeOrganisationTitle')}
      text={t('freeze.unfreezeText')}
      okText={t('freeze.unfreeze')}
      isDanger={false}
      testId="organisation-unfreeze-confirm"
      onConfirm={() => act(custodyChangeCalls.unfreezeOrganisation, unfrozenOrAsked)}
    >
      <Button data-testid="organisation-unfreeze">{t('freeze.unfreezeOrganisation')}</Button>
    </ConfirmedAction>
  ) : (
    <ConfirmedAction
      namespace="custodyConfig"
      title={t('freeze.freezeOrganisationTitle')}
      text={t('freeze.freezeOrganisationText')}
      okText={t('freeze.freeze')}
      testId="organisation-freeze-confirm"
      onConfirm={() => act(custodyChangeCalls.freezeOrganisation, () => t('freeze.organisationFrozen'))}
    >
      <Button danger disabled={!changes.data} data-testid="organisation-freeze">
        {t('freeze.freezeOrganisation')}
      </Button>
    </ConfirmedAction>
  );

  const body = (
    <ConsoleRead reads={[lines]} loading={<TableSkeleton rows={4} columns={7} />} errorTestId="lines-load-error">
      {(list) => (
        <LineTable
          lines={list}
          accounts={accounts.data}
          members={members.data}
          onEdit={(line) => setEditing({ line })}
          onFreeze={(line) =>
            act(
              () => custodyChangeCalls.freezeLine(line.id),
              () => t('freeze.lineFrozen', { name: line.name }),
            )
          }
          onUnfreeze={(line) => act(() => custodyChangeCalls.unfreezeLine(line.id), unfrozenOrAsked)}
          empty={
            <div data-testid="lines-empty">
              <TableEmpty text={t('lines.emptyText')}>{addButton('line-add-empty')}</TableEmpty>
            </div>
          }
        />
      )}
    </ConsoleRead>
  );

  return (
    <PageFrame
      title={t('lines.title')}
      testId="custody-lines-page"
      actions={
        <Space>
          {organisationAction}
          {addButton('line-add')}
        </Space>
      }
    >
      {organisationFrozenAt ? (
        <Alert
          type="error"
          showIcon
          className={styles.frozenBanner}
          message={t('freeze.organisationBanner', { at: formatDateTime(organisationFrozenAt, language) })}
          data-testid="organisation-frozen"
        />
      ) : null}
      <Card>
        <p className={common.intro}>{t('lines.intro')}</p>
        {body}
      </Card>
      {changes.data ? (
        <ChangeRequestsCard
          requests={changes.data.requests}
          members={members.data}
          memberId={me.data?.member.id}
          onApprove={(request) =>
            act(
              () => custodyChangeCalls.approve(request.id),
              (answer: CustodyChangeRequest) =>
                answer.state === 'applied'
                  ? t('changes.applied')
                  : t('changes.approved', { counted: answer.counted, required: answer.required }),
            )
          }
          onReject={(request, opinion) =>
            act(
              () => custodyChangeCalls.reject(request.id, opinion),
              () => t('changes.rejected'),
            )
          }
        />
      ) : null}
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
