import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import styles from './admin.module.css';

export interface DecisionDialogProps<Values extends object> {
  title: string;
  /** A dialog its page keeps mounted says when it shows; any other is open while rendered. */
  isOpen?: boolean;
  /** The cross and Escape; also Cancel. */
  onClose: () => void;
  dialogTestId?: string;
  /**
   * A dialog of several steps names the one it shows: each step is then a form of its own, and
   * the dialog stays open around them.
   */
  step?: string;
  /** What is decided, above the fields. */
  description?: ReactNode;
  /** The step's fields, or what its confirmation shows. */
  children?: ReactNode;
  form?: FormInstance<Values>;
  initialValues?: Partial<Values>;
  /** The confirm button (the form's submit), once the fields pass their rules. */
  onConfirm: (values: Values) => void;
  /** The step's form. */
  testId?: string;
  /** The server's refusal, in words; null when there is none. */
  error?: string | null;
  errorTestId?: string;
  /** With it, the left button goes back to the step before instead of cancelling. */
  onBack?: () => void;
  confirmText: string;
  confirmTestId: string;
  isDanger?: boolean;
  isPending?: boolean;
}

/**
 * The frame of a back-office decision: a dialog holding a form — what is decided, its fields
 * (none for a bare confirmation), the server's refusal if any, then cancel (or back) and confirm.
 */
export function DecisionDialog<Values extends object = object>(props: DecisionDialogProps<Values>) {
  const { t } = useTranslation('admin');
  const { isOpen = true, onBack, onClose } = props;
  return (
    <Modal open={isOpen} title={props.title} onCancel={onClose} footer={null} destroyOnHidden data-testid={props.dialogTestId}>
      <Form<Values>
        key={props.step}
        form={props.form}
        layout="vertical"
        requiredMark={false}
        initialValues={props.initialValues}
        onFinish={props.onConfirm}
        data-testid={props.testId}
      >
        {props.description !== undefined ? <p className={styles.dialogText}>{props.description}</p> : null}
        {props.children}
        <DialogError message={props.error ?? null} testId={props.errorTestId} />
        <DialogButtons
          isPending={props.isPending}
          onCancel={onBack ?? onClose}
          cancelText={onBack ? t('actions.back') : t('actions.cancel')}
          submitText={props.confirmText}
          submitTestId={props.confirmTestId}
          isDanger={props.isDanger}
        />
      </Form>
    </Modal>
  );
}
