import { customerLockReasonMaxChars, type CustomerProfile } from '@coffer/contract';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/admin-call';
import { useCustomerLock } from '../api/customers';
import styles from './admin.module.css';

/**
 * Lock or unlock a customer: the reason first (required, kept in the audit log), then a
 * confirmation that says what happens.
 */
export function LockCustomerDialog({ customer, open, onClose }: { customer: CustomerProfile; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const isLocking = customer.lockedAt === null;
  const [reason, setReason] = useState<string | null>(null);
  // What the operator wrote, given back to the form after "Back" from the confirmation.
  const [draft, setDraft] = useState('');
  const lock = useCustomerLock(customer.userId);
  const who = customer.email ?? customer.phone ?? customer.userNo;

  const handleClose = () => {
    setReason(null);
    setDraft('');
    lock.reset();
    onClose();
  };

  const handleConfirm = () => {
    if (reason === null) return;
    lock.mutate({ isLocking, reason }, { onSuccess: handleClose });
  };

  return (
    <Modal
      open={open}
      title={isLocking ? t('customer.lockTitle') : t('customer.unlockTitle')}
      onCancel={handleClose}
      footer={null}
      destroyOnHidden
      data-testid="customer-lock-dialog"
    >
      {reason === null ? (
        <Form<{ reason: string }>
          layout="vertical"
          requiredMark={false}
          initialValues={{ reason: draft }}
          onFinish={(values) => {
            setDraft(values.reason);
            setReason(values.reason.trim());
          }}
        >
          <Form.Item
            name="reason"
            label={t('customer.reason')}
            rules={[{ required: true, whitespace: true, message: t('customer.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={customerLockReasonMaxChars} data-testid="customer-lock-reason" />
          </Form.Item>
          <div className={styles.toolbar}>
            <Button onClick={handleClose}>{t('actions.cancel')}</Button>
            <Button type="primary" htmlType="submit" data-testid="customer-lock-next">
              {t('actions.continue')}
            </Button>
          </div>
        </Form>
      ) : (
        <div data-testid="customer-lock-confirmation">
          <p className={styles.dialogText}>{isLocking ? t('customer.lockConfirm', { who }) : t('customer.unlockConfirm', { who })}</p>
          <p className={styles.dialogText}>
            <span className={styles.muted}>{t('customer.reason')}:</span> {reason}
          </p>
          {lock.isError ? (
            <Alert type="error" showIcon title={errorText(lock.error)} className={styles.inlineAlert} data-testid="customer-lock-error" />
          ) : null}
          <div className={styles.toolbar}>
            <Button onClick={() => setReason(null)}>{t('actions.back')}</Button>
            <Button type="primary" danger={isLocking} loading={lock.isPending} onClick={handleConfirm} data-testid="customer-lock-confirm">
              {isLocking ? t('customer.lock') : t('customer.unlock')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
