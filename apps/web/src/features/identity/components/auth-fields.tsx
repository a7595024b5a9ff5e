import type { AccountType, CodeSent } from '@coffer/contract';
import { Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaDemand } from '../../../shared/captcha/captcha-demand';
import { CaptchaWidget } from '../../../shared/captcha/captcha-widget';
import { CodeField } from '../../../shared/ui/code-field';
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
 * A 6-digit verification code in the sign-in screens' words, with the "send code" button
 * (60-s wait) when the code travels by SMS or e-mail; an authenticator code has no button.
 */
export function AuthCodeField({
  name = 'code',
  label,
  extra,
  onSend,
  inputTestId,
  sendTestId,
  autoFocus,
}: {
  name?: string;
  label: ReactNode;
  extra?: ReactNode;
  onSend?: () => Promise<CodeSent>;
  inputTestId: string;
  sendTestId?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <CodeField
      name={name}
      label={label}
      extra={extra}
      onSend={onSend}
      inputTestId={inputTestId}
      sendTestId={sendTestId}
      autoFocus={autoFocus}
      requiredMessage={t('validation.required')}
      formatMessage={t('validation.codeFormat')}
      placeholder={t('field.codePlaceholder')}
      normalize={trimValue}
      inputClassName={styles.code}
    />
  );
}

/**
 * The code sent to the account being typed (`useAccountCodeStep`), saying where it went, and
 * the captcha once the server asks for one before sending another.
 */
export function AccountCodeField({
  codeSentTo,
  captcha,
  onSend,
  testIdPrefix,
}: {
  codeSentTo: string | null;
  captcha: CaptchaDemand;
  onSend: () => Promise<CodeSent>;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthCodeField
        label={t('field.code')}
        extra={codeSentTo ? t('code.sentTo', { target: codeSentTo }) : undefined}
        onSend={onSend}
        inputTestId={`${testIdPrefix}-code`}
        sendTestId={`${testIdPrefix}-send-code`}
      />
      {captcha.isDemanded && (
        <CaptchaWidget key={captcha.round} purpose="sendCode" onToken={captcha.keepToken} testId={`${testIdPrefix}-send-captcha`} />
      )}
    </>
  );
}
