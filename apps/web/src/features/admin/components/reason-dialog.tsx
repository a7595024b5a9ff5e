import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { DecisionDialog } from './decision-dialog';

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
  const { requiredMessage, testIds } = props;
  return (
    <DecisionDialog<{ reason?: string }>
      title={props.title}
      onClose={props.onClose}
      description={props.description}
      onConfirm={(values) => props.onConfirm(values.reason?.trim() ?? '')}
      testId={testIds.form}
      error={props.error}
      confirmText={props.confirmLabel}
      confirmTestId={testIds.confirm}
      isDanger={props.danger}
      isPending={props.pending}
    >
      <Form.Item
        name="reason"
        label={props.label}
        rules={requiredMessage ? [{ required: true, whitespace: true, message: requiredMessage }] : []}
      >
        <Input.TextArea rows={3} maxLength={props.maxChars} data-testid={testIds.reason} />
      </Form.Item>
    </DecisionDialog>
  );
}
