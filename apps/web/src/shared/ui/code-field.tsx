import { isVerificationCodeFormat } from '@coffer/contract/rules';
import { Form, Input, Space, type FormRule } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './send-code-button';

/**
 * A 6-digit verification code (spec §5) as `name` of the surrounding antd Form, required and
 * checked by the contract's rule; with `onSend` it carries the "send code" button (60-s wait).
 * The words default to the common catalogue's; a screen with its own passes them.
 */
export function CodeField({
  name,
  label,
  extra,
  onSend,
  inputTestId,
  sendTestId,
  requiredMessage,
  formatMessage,
  placeholder,
  normalize,
  autoFocus,
  className,
  inputClassName,
  rowClassName,
}: {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  onSend?: () => Promise<{ resendAfterSeconds: number }>;
  inputTestId?: string;
  sendTestId?: string;
  requiredMessage?: string;
  formatMessage?: string;
  placeholder?: string;
  /** Applied to the value as typed (e.g. dropping the spaces a paste brings along). */
  normalize?: (value: unknown) => unknown;
  autoFocus?: boolean;
  /** Of the labelled form item. */
  className?: string;
  inputClassName?: string;
  /** With `onSend`: input and button in a plain row of this class, apart, instead of joined. */
  rowClassName?: string;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const rules: FormRule[] = [
    { required: true, whitespace: true, message: requiredMessage ?? t('code.required') },
    {
      validator: (_rule, value: unknown) => {
        const text = typeof value === 'string' ? value.trim() : '';
        return text === '' || isVerificationCodeFormat(text)
          ? Promise.resolve()
          : Promise.reject(new Error(formatMessage ?? t('code.format')));
      },
    },
  ];

  const input = (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={placeholder ?? t('code.placeholder')}
      autoFocus={autoFocus}
      className={inputClassName}
      data-testid={inputTestId}
    />
  );

  if (!onSend) {
    return (
      <Form.Item name={name} label={label} extra={extra} rules={rules} normalize={normalize} htmlFor={id} className={className}>
        {input}
      </Form.Item>
    );
  }
  const field = (
    <Form.Item name={name} noStyle rules={rules} normalize={normalize}>
      {input}
    </Form.Item>
  );
  const button = <SendCodeButton onSend={onSend} testId={sendTestId} />;
  return (
    <Form.Item label={label} extra={extra} htmlFor={id} required className={className}>
      {rowClassName ? (
        <div className={rowClassName}>
          {field}
          {button}
        </div>
      ) : (
        <Space.Compact block>
          {field}
          {button}
        </Space.Compact>
      )}
    </Form.Item>
  );
}
