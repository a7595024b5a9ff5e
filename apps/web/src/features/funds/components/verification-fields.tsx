import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from '../../identity/components/send-code-button';
import { sendWithdrawCode } from '../api/send-withdraw-code';
import styles from './verification-fields.module.css';

export type SecondFactor = 'ga' | 'sms' | 'email';

export interface VerificationValues {
  fundPassword: string;
  code: string;
}

const sixDigits = /^\d{6}$/;

/** The second factor's code as the withdraw and trust calls take it. */
export function codeFields(factor: SecondFactor, code: string): { gaCode: string } | { smsCode: string } | { emailCode: string } {
  return factor === 'ga' ? { gaCode: code } : factor === 'sms' ? { smsCode: code } : { emailCode: code };
}

/**
 * Fund password and the one second factor the server asked for (authenticator code, or an
 * SMS / e-mail code with its send button and 60-s wait), as `fundPassword` and `code` of the
 * surrounding antd Form. The same shape as the internal transfer's verification. Without
 * `withFundPassword` (adding an address), only the second factor.
 */
export function VerificationFields({
  factor,
  testIdPrefix,
  withFundPassword = true,
}: {
  factor: SecondFactor;
  testIdPrefix: string;
  withFundPassword?: boolean;
}) {
  const { t } = useTranslation('funds');
  const codeLabel = factor === 'ga' ? t('verify.gaCode') : factor === 'sms' ? t('verify.smsCode') : t('verify.emailCode');
  return (
    <>
      {withFundPassword ? (
        <Form.Item
          name="fundPassword"
          label={t('verify.fundPassword')}
          rules={[
            { required: true, message: t('verify.fundPasswordRequired') },
            { pattern: sixDigits, message: t('verify.sixDigits') },
          ]}
        >
          <Input.Password data-testid={`${testIdPrefix}-fund-password`} maxLength={6} inputMode="numeric" autoComplete="off" />
        </Form.Item>
      ) : null}
      <Form.Item label={codeLabel} required className={styles.codeItem}>
        <div className={styles.codeRow}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: t('verify.codeRequired') },
              { pattern: sixDigits, message: t('verify.sixDigits') },
            ]}
          >
            <Input
              data-testid={factor === 'ga' ? `${testIdPrefix}-ga-code` : `${testIdPrefix}-code`}
              aria-label={codeLabel}
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={t('verify.codePlaceholder')}
            />
          </Form.Item>
          {factor === 'ga' ? null : <SendCodeButton onSend={sendWithdrawCode} testId={`${testIdPrefix}-send-code`} />}
        </div>
      </Form.Item>
    </>
  );
}
