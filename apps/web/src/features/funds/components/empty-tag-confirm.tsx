import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { buttonTestId } from './button-test-id';

/**
 * Spec §5: an XRP destination without a tag asks before it goes on. Open while `draft` is
 * set; continuing hands the draft back to be sent with the confirmation.
 */
export function EmptyTagConfirm<Draft>(props: {
  draft: Draft | null;
  text: string;
  continueTestId: string;
  textTestId?: string;
  onClose: () => void;
  onContinue: (draft: Draft) => void;
}) {
  const { t } = useTranslation('funds');
  const { draft } = props;
  return (
    <Modal
      open={draft !== null}
      title={t('withdraw.emptyTagTitle')}
      okText={t('withdraw.emptyTagContinue')}
      cancelText={t('withdraw.emptyTagBack')}
      onCancel={props.onClose}
      onOk={() => {
        props.onClose();
        if (draft !== null) props.onContinue(draft);
      }}
      okButtonProps={{ danger: true, ...buttonTestId(props.continueTestId) }}
    >
      <p {...(props.textTestId ? { 'data-testid': props.textTestId } : {})}>{props.text}</p>
    </Modal>
  );
}
