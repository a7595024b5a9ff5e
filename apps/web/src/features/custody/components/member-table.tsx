import type { CustodyMember, CustodyMemberState, CustodyRole } from '@coffer/contract';
import { Button, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { colors } from '../../../shared/ui/theme';
import { useRoleLabels } from './custody-role-labels';
import styles from './custody-org.module.css';
import common from './custody-console.module.css';
import { ConfirmedAction } from './confirmed-action';
import { ConsoleTable } from './console-table';

/** The shared status colours (design.md): invited waits, active is fine, frozen is stopped; always with the word. */
const stateColors: Record<CustodyMemberState, string> = { invited: colors.pending, active: colors.success, frozen: colors.frozen };

export type MemberAction = 'edit' | 'freeze' | 'thaw' | 'resend';

/**
 * The personnel list (spec §3, §4): name, e-mail, role, department, state, hardware key,
 * activation time; edit, freeze or thaw (confirmed), and the activation link again for a
 * member still invited.
 */
export function MemberTable({
  members,
  roles,
  busyId,
  onAction,
}: {
  members: CustodyMember[];
  roles: CustodyRole[] | undefined;
  busyId: string | null;
  onAction: (action: MemberAction, member: CustodyMember) => void;
}) {
  const { t } = useTranslation('custodyOrg');
  const language = useLanguage();
  const labels = useRoleLabels();
  const roleById = new Map((roles ?? []).map((role) => [role.id, role]));
  const roleNameOf = (member: CustodyMember) => {
    const role = roleById.get(member.roleId);
    return role ? labels.roleName(role) : member.roleName;
  };
  const isBusy = (member: CustodyMember) => busyId === member.id;
  const isOtherBusy = (member: CustodyMember) => busyId !== null && busyId !== member.id;

  const columns: TableColumnsType<CustodyMember> = [
    { key: 'name', title: t('members.columns.name'), render: (_value, member) => <span className={common.name}>{member.name}</span> },
    { key: 'email', title: t('members.columns.email'), render: (_value, member) => <span className={common.nowrap}>{member.email}</span> },
    { key: 'role', title: t('members.columns.role'), render: (_value, member) => roleNameOf(member) },
    {
      key: 'department',
      title: t('members.columns.department'),
      render: (_value, member) => member.department || <span className={common.muted}>{t('common.none')}</span>,
    },
    {
      key: 'state',
      title: t('members.columns.state'),
      render: (_value, member) => (
        <Tag color={stateColors[member.state]} data-testid={`member-state-${member.id}`}>
          {t(`members.states.${member.state}`)}
        </Tag>
      ),
    },
    {
      key: 'hardwareKey',
      title: t('members.columns.hardwareKey'),
      render: (_value, member) => (member.hasHardwareKey ? t('common.yes') : t('common.no')),
    },
    {
      key: 'activatedAt',
      title: t('members.columns.activatedAt'),
      render: (_value, member) =>
        member.activatedAt ? (
          <span className={common.nowrap}>{formatDateTime(member.activatedAt, language)}</span>
        ) : (
          <span className={common.muted}>{t('members.notActivated')}</span>
        ),
    },
    {
      key: 'actions',
      title: t('members.columns.actions'),
      render: (_value, member) => (
        <span className={styles.actions}>
          <Button
            type="link"
            size="small"
            onClick={() => onAction('edit', member)}
            disabled={busyId !== null}
            data-testid={`member-edit-${member.id}`}
          >
            {t('members.edit')}
          </Button>
          {member.state === 'invited' ? (
            <Button
              type="link"
              size="small"
              onClick={() => onAction('resend', member)}
              loading={isBusy(member)}
              disabled={isOtherBusy(member)}
              data-testid={`member-resend-${member.id}`}
            >
              {t('members.resend')}
            </Button>
          ) : null}
          {member.state === 'frozen' ? (
            <ConfirmedAction
              namespace="custodyOrg"
              title={t('members.thawTitle')}
              text={t('members.thawText', { name: member.name })}
              okText={t('members.thaw')}
              isDanger={false}
              testId="member-thaw-confirm"
              onConfirm={() => onAction('thaw', member)}
            >
              <Button
                type="link"
                size="small"
                loading={isBusy(member)}
                disabled={isOtherBusy(member)}
                data-testid={`member-thaw-${member.id}`}
              >
                {t('members.thaw')}
              </Button>
            </ConfirmedAction>
          ) : (
            <ConfirmedAction
              namespace="custodyOrg"
              title={t('members.freezeTitle')}
              text={t('members.freezeText', { name: member.name })}
              okText={t('members.freeze')}
              testId="member-freeze-confirm"
              onConfirm={() => onAction('freeze', member)}
            >
              <Button
                type="link"
                size="small"
                danger
                loading={isBusy(member)}
                disabled={isOtherBusy(member)}
                data-testid={`member-freeze-${member.id}`}
              >
                {t('members.freeze')}
              </Button>
            </ConfirmedAction>
          )}
        </span>
      ),
    },
  ];
  return <ConsoleTable<CustodyMember> columns={columns} rows={members} isScrollable testId="member-table" />;
}
