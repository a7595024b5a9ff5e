import { Button, Descriptions, Form } from 'antd';
import { useRef, type ReactNode } from 'react';
import styles from './confirm-step.module.css';

/** One line of what will move. A `figure` is an amount: tabular digits, `strong` for the amount itself. */
export interface ConfirmRow {
  key: string;
  label: string;
  children: ReactNode;
  figure?: 'plain' | 'strong';
}

/**
 * The confirmation step of a money movement (withdrawal, internal transfer): what will move,
 * an optional notice, the verification fields, then back and submit. A second click while the
 * first submission is on its way sends nothing; after a failure (already shown by the HTTP
 * client) the user may correct and submit again; after a success it stays submitted, so a
 * click queued behind it cannot send twice. Callers keep one request id while retrying.
 */
export function ConfirmStep<Values extends object>({
  testId,
  submitTestId,
  width,
  rows,
  notice,
  fields,
  backText,
  submitText,
  isPending,
  onBack,
  onConfirm,
}: {
  testId: string;
  submitTestId: string;
  width: 'wide' | 'narrow';
  rows: readonly ConfirmRow[];
  notice?: ReactNode;
  /** Form items of the verification, named after the fields of `Values`. */
  fields: ReactNode;
  backText: string;
  submitText: string;
  isPending: boolean;
  onBack: () => void;
  /** Sends the movement; rejects when it failed. */
  onConfirm: (values: Values) => Promise<void>;
}) {
  const isSubmitting = useRef(false);

  const handleFinish = async (values: Values) => {
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    try {
      await onConfirm(values);
    } catch {
      isSubmitting.current = false;
    }
  };

  return (
    <div className={`${styles.confirm} ${styles[width]}`} data-testid={testId}>
      <Descriptions
        column={1}
        size="small"
        bordered
        classNames={{ label: styles.label, content: styles.content }}
        items={rows.map(({ key, label, children, figure }) => ({
          key,
          label,
          children:
            figure === 'strong' ? (
              <strong className={styles.number}>{children}</strong>
            ) : figure === 'plain' ? (
              <span className={styles.number}>{children}</span>
            ) : (
              children
            ),
        }))}
      />

      {notice}

      <Form<Values> layout="vertical" requiredMark={false} onFinish={(values) => void handleFinish(values)}>
        {fields}
        <div className={styles.buttons}>
          <Button onClick={onBack} disabled={isPending}>
            {backText}
          </Button>
          <Button type="primary" htmlType="submit" loading={isPending} data-testid={submitTestId}>
            {submitText}
          </Button>
        </div>
      </Form>
    </div>
  );
}
