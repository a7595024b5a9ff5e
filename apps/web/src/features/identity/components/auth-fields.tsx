import type { AccountType, CodeSent } from '@coffer/contract';
import { Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { normalisePhone, trimValue, useAuthRules } from './auth-rules';
import { CountrySelect } from './country-select';
import styles from './auth-fields.module.css';

/**
 * The account named by e-mail, or by phone with its country calling code in front
 * (`countryCode` + `account`, the number entered without the country code, spec §5).
 */
export function AuthAccountField({
  accountType,
  formName,
  testIdPrefix,
  autoFocus,
}: {
  accountType: AccountType;
  /** The antd Form's `name`, which prefixes the ids the labels point at. */
  formName: string;
  testIdPrefix: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('auth');
  const rules = useAuthRules();

  if (accountType === 'email') {
    return (
      <Form.Item name="account" label={t('field.email')} rules={rules.email} normalize={trimValue} validateTrigger="onBlur">
        <Input
          inputMode="email"
          autoComplete="username"
          placeholder={t('field.emailPlaceholder')}
          autoFocus={autoFocus}
          data-testid={`${testIdPrefix}-account`}
        />
      </Form.Item>
    );
  }
  return (
    <Form.Item label={t('field.phone')} htmlFor={`${formName}_account`} required>
      <Space.Compact block>
        <Form.Item name="countryCode" noStyle rules={rules.requiredChoice}>
          <CountrySelect
            display="dial"
            aria-label={t('field.dialCode')}
            placeholder={t('field.dialCodePlaceholder')}
            data-testid={`${testIdPrefix}-country`}
          />
        </Form.Item>
        <Form.Item
          name="account"
          noStyle
          rules={rules.phone}
          dependencies={['countryCode']}
          normalize={normalisePhone}
          validateTrigger="onBlur"
        >
          <Input
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('field.phonePlaceholder')}
            autoFocus={autoFocus}
            data-testid={`${testIdPrefix}-account`}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * A 6-digit verification code, with the "send code" button (60-s wait) when the code
 * travels by SMS or e-mail; an authenticator code has no button.
 */
export function AuthCodeField({
  name = 'code',
  formName,
  label,
  extra,
  onSend,
  inputTestId,
  sendTestId,
  autoFocus,
}: {
  name?: string;
  formName: string;
  label: ReactNode;
  extra?: ReactNode;
  onSend?: () => Promise<CodeSent>;
  inputTestId: string;
  sendTestId?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('auth');
  const rules = useAuthRules();
  const input = (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('field.codePlaceholder')}
      autoFocus={autoFocus}
      className={styles.code}
      data-testid={inputTestId}
    />
  );
  if (!onSend) {
    return (
      <Form.Item name={name} label={label} extra={extra} rules={rules.code} normalize={trimValue}>
        {input}
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label} htmlFor={`${formName}_${name}`} required extra={extra}>
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={rules.code} normalize={trimValue}>
          {input}
        </Form.Item>
        <SendCodeButton onSend={onSend} testId={sendTestId} />
      </Space.Compact>
    </Form.Item>
  );
}
