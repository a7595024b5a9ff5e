import { isVerificationCodeFormat } from '@coffer/contract/rules';
import { Form, Input, Space, type FormRule } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './send-code-button';

/**
 * A 6-digit verification code (spec §5) as `name` of the surrounding antd Form, required and
 * checked by the contract's rule; with `onSend` it carries the "send code" button (60-s wait).
 */
export function CodeField({
  name,
  label,
  extra,
  onSend,
  inputTestId,
  sendTestId,
}: {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  onSend?: () => Promise<{ resendAfterSeconds: number }>;
  inputTestId?: string;
  sendTestId?: string;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const rules: FormRule[] = [
    { required: true, whitespace: true, message: t('code.required') },
    {
      validator: (_rule, value: unknown) => {
        const text = typeof value === 'string' ? value.trim() : '';
        return text === '' || isVerificationCodeFormat(text) ? Promise.resolve() : Promise.reject(new Error(t('code.format')));
      },
    },
  ];

  const input = (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('code.placeholder')}
      data-testid={inputTestId}
    />
  );

  if (!onSend) {
    return (
      <Form.Item name={name} label={label} extra={extra} rules={rules} htmlFor={id}>
        {input}
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label} extra={extra} htmlFor={id} required>
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={rules}>
          {input}
        </Form.Item>
        <SendCodeButton onSend={onSend} testId={sendTestId} />
      </Space.Compact>
    </Form.Item>
  );
}
