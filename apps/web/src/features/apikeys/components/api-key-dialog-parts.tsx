import { Button } from 'antd';
import { useRef, useState } from 'react';
import styles from './apikeys.module.css';

/**
 * A dialog form's submission, one at a time (a double click sends one request): `isPending`
 * while it runs. A rejection was already shown (by the HTTP client, or at its field), so the
 * form simply stays for another try.
 */
export function useSingleSubmit<Args extends unknown[]>(submit: (...args: Args) => Promise<void>) {
  const [isPending, setPending] = useState(false);
  const isSubmitting = useRef(false);
  const run = async (...args: Args) => {
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    setPending(true);
    try {
      await submit(...args);
    } catch {
      // Shown already; the values may be corrected.
    } finally {
      isSubmitting.current = false;
      setPending(false);
    }
  };
  return { isPending, submit: (...args: Args) => void run(...args) };
}

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
