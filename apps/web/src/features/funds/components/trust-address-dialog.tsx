import type { WithdrawAddress } from '@coffer/contract';
import { Form, Modal } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenMiddle } from '../../../shared/ui/short-value';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { secondFactorFields, type SecondFactor, type VerificationValues } from '../../../shared/ui/verification-fields';
import { useVerifyTrustedAddress } from '../api/verify-trusted-address';
import { buttonTestId } from './button-test-id';
import { VerificationFields } from './verification-fields';
import styles from './trust-address-dialog.module.css';

/**
 * Marks an address trusted (whitelist) after the fund password and second factor. It skips
 * verification only after the cooling period, which the list shows once the server has it.
 */
export function TrustAddressDialog({
  entry,
  factor,
  onClose,
}: {
  entry: WithdrawAddress | null;
  factor: SecondFactor;
  onClose: () => void;
}) {
  const { t } = useTranslation('funds');
  const [form] = Form.useForm<VerificationValues>();
  const trust = useVerifyTrustedAddress();
  const passkey = usePasskeyChoice('transfer');
  const isSubmitting = useRef(false);

  const handleFinish = async (values: VerificationValues) => {
    if (!entry || isSubmitting.current) return;
    isSubmitting.current = true;
    try {
      await trust.mutateAsync({
        id: entry.id,
        fundPassword: values.fundPassword,
        ...(await secondFactorFields(passkey, factor, values.code)),
      });
      form.resetFields();
      onClose();
    } catch {
      // Wrong fund password or code, or no passkey: the HTTP client or the passkey field has said why; the user may retry.
    } finally {
      isSubmitting.current = false;
    }
  };

  return (
    <Modal
      open={entry !== null}
      title={t('addresses.trustTitle')}
      okText={t('addresses.trustConfirm')}
      cancelText={t('addresses.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={trust.isPending || passkey.isAsking}
      okButtonProps={buttonTestId('address-trust-submit')}
      destroyOnHidden
    >
      {entry ? (
        <p className={styles.intro}>{t('addresses.trustIntro', { note: entry.note, address: shortenMiddle(entry.address, 10) })}</p>
      ) : null}
      <Form<VerificationValues> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void handleFinish(values)}>
        <VerificationFields factor={factor} passkey={passkey} testIdPrefix="trust" />
      </Form>
    </Modal>
  );
}
