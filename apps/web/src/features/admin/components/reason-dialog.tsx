import { Alert, Button, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './admin.module.css';

export interface ReasonDialogProps {
  title: string;
  /** What the decision is about, above the field. */
  description: ReactNode;
  label: string;
  /** The message when the reason is left empty; without it the reason is optional. */
  requiredMessage?: string;
  maxChars: number;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  /** The server's refusal, in words; null when there is none. */
  error: string | null;
  /** Called with the reason trimmed ('' when an optional one is left empty). */
  onConfirm: (reason: string) => void;
  onClose: () => void;
  testIds: { form?: string; reason: string; confirm: string };
}

/** A decision that takes a written reason: the reason, the server's refusal if any, then cancel or confirm. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  const { requiredMessage, testIds } = props;
  return (
    <Modal open title={props.title} onCancel={props.onClose} footer={null} destroyOnHidden>
      <p className={styles.dialogText}>{props.description}</p>
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={(values: { reason?: string }) => props.onConfirm(values.reason?.trim() ?? '')}
        data-testid={testIds.form}
      >
        <Form.Item
          name="reason"
          label={props.label}
          rules={requiredMessage ? [{ required: true, whitespace: true, message: requiredMessage }] : []}
        >
          <Input.TextArea rows={3} maxLength={props.maxChars} data-testid={testIds.reason} />
        </Form.Item>
        {props.error !== null ? <Alert type="error" showIcon title={props.error} className={styles.inlineAlert} /> : null}
        <div className={styles.toolbar}>
          <Button onClick={props.onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" danger={props.danger} htmlType="submit" loading={props.pending} data-testid={testIds.confirm}>
            {props.confirmLabel}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
