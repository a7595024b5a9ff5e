import { customerLockReasonMaxChars, type CustomerProfile } from '@coffer/contract';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/admin-call';
import { useCustomerLock } from '../api/customers';
import styles from './admin.module.css';
import { DecisionDialog } from './decision-dialog';

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

  const frame = {
    title: isLocking ? t('customer.lockTitle') : t('customer.unlockTitle'),
    isOpen: open,
    onClose: handleClose,
    dialogTestId: 'customer-lock-dialog',
  };
  if (reason === null) {
    return (
      <DecisionDialog<{ reason: string }>
        {...frame}
        step="reason"
        initialValues={{ reason: draft }}
        onConfirm={(values) => {
          setDraft(values.reason);
          setReason(values.reason.trim());
        }}
        confirmText={t('actions.continue')}
        confirmTestId="customer-lock-next"
      >
        <Form.Item
          name="reason"
          label={t('customer.reason')}
          rules={[{ required: true, whitespace: true, message: t('customer.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={customerLockReasonMaxChars} data-testid="customer-lock-reason" />
        </Form.Item>
      </DecisionDialog>
    );
  }
  return (
    <DecisionDialog
      {...frame}
      step="confirm"
      description={isLocking ? t('customer.lockConfirm', { who }) : t('customer.unlockConfirm', { who })}
      onConfirm={handleConfirm}
      testId="customer-lock-confirmation"
      error={lock.isError ? errorText(lock.error) : null}
      errorTestId="customer-lock-error"
      onBack={() => setReason(null)}
      confirmText={isLocking ? t('customer.lock') : t('customer.unlock')}
      confirmTestId="customer-lock-confirm"
      isDanger={isLocking}
      isPending={lock.isPending}
    >
      <p className={styles.dialogText}>
        <span className={styles.muted}>{t('customer.reason')}:</span> {reason}
      </p>
    </DecisionDialog>
  );
}
