import type { CustodyInvitation } from '@coffer/contract';
import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';

/** After adding a member or sending its link again: where the activation link went and until when it works. */
export function InvitationSent({
  invitation,
  isResent,
  onClose,
}: {
  invitation: CustodyInvitation | null;
  isResent: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('custodyOrg');
  const language = useLanguage();
  return (
    <Modal open={invitation !== null} onCancel={onClose} footer={null} width={520}>
      {invitation ? (
        <Result
          status="success"
          title={isResent ? t('members.invitation.resentTitle') : t('members.invitation.addedTitle', { name: invitation.member.name })}
          subTitle={
            <span data-testid="member-invitation-text">
              {t('members.invitation.text', {
                email: invitation.member.email,
                expiresAt: formatDateTime(invitation.activationExpiresAt, language),
              })}
            </span>
          }
          extra={
            <Button type="primary" onClick={onClose} data-testid="member-invitation-close">
              {t('members.invitation.close')}
            </Button>
          }
          data-testid="member-invitation"
        />
      ) : null}
    </Modal>
  );
}
