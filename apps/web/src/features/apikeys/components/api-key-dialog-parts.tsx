import { Button } from 'antd';
import styles from './apikeys.module.css';

export { useSingleSubmit } from '../../../shared/ui/use-single-submit';

/** Cancel and the form's submit button, at the foot of a key dialog. */
export function DialogButtons({
  isPending,
  onCancel,
  cancelText,
  submitText,
  submitTestId,
}: {
  isPending: boolean;
  onCancel: () => void;
  cancelText: string;
  submitText: string;
  submitTestId: string;
}) {
  return (
    <div className={styles.buttons}>
      <Button onClick={onCancel} disabled={isPending}>
        {cancelText}
      </Button>
      <Button type="primary" htmlType="submit" loading={isPending} data-testid={submitTestId}>
        {submitText}
      </Button>
    </div>
  );
}
