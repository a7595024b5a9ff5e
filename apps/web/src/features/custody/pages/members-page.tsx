import type { CustodyInvitation, CustodyMember } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { showToast } from '../../../shared/ui/toast-store';
import { custodyMemberCalls, custodyMembersKey, custodyMembersQuery } from '../api/custody-members';
import { custodyRolesKey, custodyRolesQuery } from '../api/custody-roles';
import { InvitationSent } from '../components/invitation-sent';
import { MemberFormDialog } from '../components/member-form-dialog';
import { MemberTable, type MemberAction } from '../components/member-table';
import common from '../components/custody-console.module.css';
import { ConsoleRead } from '../components/custody-load-error';

type Editing = { member: CustodyMember | null };
type Sent = { invitation: CustodyInvitation; isResent: boolean };

/**
 * The personnel list (spec §2 "personnel list (add, edit member)", §3, §4): members with their
 * role and state; add (the activation link is e-mailed), edit, freeze and thaw, and the link
 * again for a member still invited.
 */
export function MembersPage() {
  const { t, ready } = useTranslation('custodyOrg');
  const queryClient = useQueryClient();
  const members = useQuery(custodyMembersQuery);
  const roles = useQuery(custodyRolesQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: custodyMembersKey }),
      queryClient.invalidateQueries({ queryKey: custodyRolesKey }),
    ]);
  };

  const handleSaved = (saved: { mode: 'add'; invitation: CustodyInvitation } | { mode: 'edit'; member: CustodyMember }) => {
    setEditing(null);
    if (saved.mode === 'add') setSent({ invitation: saved.invitation, isResent: false });
    else showToast('success', t('members.saved', { name: saved.member.name }));
    void refresh();
  };

  const handleAction = async (action: MemberAction, member: CustodyMember) => {
    if (action === 'edit') {
      setEditing({ member });
      return;
    }
    setBusyId(member.id);
    try {
      if (action === 'resend') setSent({ invitation: await custodyMemberCalls.resendActivation(member.id), isResent: true });
      else if (action === 'freeze') await custodyMemberCalls.freeze(member.id, t('members.frozen', { name: member.name }));
      else await custodyMemberCalls.thaw(member.id, t('members.thawed', { name: member.name }));
      await refresh();
    } catch {
      // Shown by the HTTP client in the user's language.
    } finally {
      setBusyId(null);
    }
  };

  if (!ready) return <TableSkeleton rows={5} columns={8} />;

  const addButton = (testId: string) => (
    <Button type="primary" onClick={() => setEditing({ member: null })} disabled={!members.data} data-testid={testId}>
      {t('members.add')}
    </Button>
  );

  const body = (
    <ConsoleRead reads={[members]} loading={<TableSkeleton rows={5} columns={8} />} errorTestId="members-load-error">
      {(list) =>
        list.length === 0 ? (
          <Empty description={t('members.emptyTitle')} data-testid="members-empty">
            <p className={common.muted}>{t('members.emptyText')}</p>
            {addButton('member-add-empty')}
          </Empty>
        ) : (
          <MemberTable members={list} roles={roles.data} busyId={busyId} onAction={(action, member) => void handleAction(action, member)} />
        )
      }
    </ConsoleRead>
  );

  return (
    <PageFrame title={t('members.title')} testId="custody-members-page" actions={addButton('member-add')}>
      <Card>
        <p className={common.intro}>{t('members.intro')}</p>
        {body}
      </Card>
      <MemberFormDialog
        open={editing !== null}
        member={editing?.member ?? null}
        roles={roles.data}
        onSaved={handleSaved}
        onCancel={() => setEditing(null)}
      />
      <InvitationSent invitation={sent?.invitation ?? null} isResent={sent?.isResent ?? false} onClose={() => setSent(null)} />
    </PageFrame>
  );
}

export default MembersPage;
