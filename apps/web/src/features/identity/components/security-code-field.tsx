import { Form, Input, Space } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { useSecurityRules } from './security-form-rules';

/** A 6-digit code input; with `onSend` it carries the "send code" button (60-s wait). */
export function SecurityCodeField({
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
  const { t } = useTranslation('security');
  const rules = useSecurityRules();
  const id = useId();

  const input = (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('common.codePlaceholder')}
      data-testid={inputTestId}
    />
  );

  if (!onSend) {
    return (
      <Form.Item name={name} label={label} extra={extra} rules={[rules.required, rules.code]} htmlFor={id}>
        {input}
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label} extra={extra} htmlFor={id} required>
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={[rules.required, rules.code]}>
          {input}
        </Form.Item>
        <SendCodeButton onSend={onSend} testId={sendTestId} />
      </Space.Compact>
    </Form.Item>
  );
}
