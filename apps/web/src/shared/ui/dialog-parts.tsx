import { Alert, Button } from 'antd';
import styles from './dialog-parts.module.css';

/**
 * Cancel (or back) and the form's submit button, at the foot of a dialog. Both words come from
 * the caller's namespace. Cancel waits while the submission is on its way.
 */
export function DialogButtons({
  isPending = false,
  onCancel,
  cancelText,
  submitText,
  submitTestId,
  isDanger = false,
}: {
  isPending?: boolean;
  onCancel: () => void;
  cancelText: string;
  submitText: string;
  submitTestId: string;
  /** The submission cannot be taken back (a refusal, a lock): the red button. */
  isDanger?: boolean;
}) {
  return (
    <div className={styles.buttons}>
      <Button onClick={onCancel} disabled={isPending}>
        {cancelText}
      </Button>
      <Button type="primary" danger={isDanger} htmlType="submit" loading={isPending} data-testid={submitTestId}>
        {submitText}
      </Button>
    </div>
  );
}

/** A refusal the dialog shows in itself (one no field owns), in the user's language; nothing without one. */
export function DialogError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return <Alert type="error" showIcon className={styles.error} title={message} data-testid={testId} />;
}
