import type { PasskeyResponse } from '@coffer/contract';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { CodeField } from './code-field';
import { PasskeyChoiceField, type PasskeyChoice } from './passkey-choice';
import styles from './verification-fields.module.css';

export type SecondFactor = 'ga' | 'sms' | 'email';

export interface VerificationValues {
  fundPassword: string;
  /** Absent when a passkey answers instead. */
  code?: string;
}

/** The words of the fields, from the catalogue of the screen that shows them. */
export interface VerificationTexts {
  fundPassword: string;
  fundPasswordRequired: string;
  gaCode: string;
  smsCode: string;
  emailCode: string;
  codeRequired: string;
  codePlaceholder: string;
  sixDigits: string;
}

const sixDigits = /^\d{6}$/;

type SecondFactorFields = { gaCode: string } | { smsCode: string } | { emailCode: string } | { passkey: PasskeyResponse };

/**
 * The second factor as the withdraw, address-book and transfer calls take it: the passkey's
 * assertion, asked for now, when the customer chose it; else the code of `factor`.
 */
export async function secondFactorFields(
  passkey: PasskeyChoice,
  factor: SecondFactor,
  code: string | undefined,
): Promise<SecondFactorFields> {
  if (passkey.isChosen) return passkey.assert();
  const trimmed = (code ?? '').trim();
  return factor === 'ga' ? { gaCode: trimmed } : factor === 'sms' ? { smsCode: trimmed } : { emailCode: trimmed };
}

/** The 6-digit fund password as `fundPassword` of the surrounding antd Form (never autofilled). */
export function FundPasswordField({
  testId,
  texts,
  extra,
}: {
  testId: string;
  texts: Pick<VerificationTexts, 'fundPassword' | 'fundPasswordRequired' | 'sixDigits'>;
  extra?: ReactNode;
}) {
  return (
    <Form.Item
      name="fundPassword"
      label={texts.fundPassword}
      extra={extra}
      rules={[
        { required: true, message: texts.fundPasswordRequired },
        { pattern: sixDigits, message: texts.sixDigits },
      ]}
    >
      <Input.Password data-testid={testId} maxLength={6} inputMode="numeric" autoComplete="off" />
    </Form.Item>
  );
}

/**
 * Fund password and the one second factor the server asked for (authenticator code, or an
 * SMS / e-mail code with its send button and 60-s wait), as `fundPassword` and `code` of the
 * surrounding antd Form; a customer with a passkey may choose it instead of the code
 * (`passkey`, whose assertion `secondFactorFields` asks for on submission). Without
 * `withFundPassword` (adding an address), only the second factor.
 */
export function VerificationFields({
  factor,
  passkey,
  testIdPrefix,
  texts,
  onSendCode,
  withFundPassword = true,
}: {
  factor: SecondFactor;
  passkey: PasskeyChoice;
  testIdPrefix: string;
  texts: VerificationTexts;
  onSendCode: () => Promise<{ resendAfterSeconds: number }>;
  withFundPassword?: boolean;
}) {
  const codeLabel = factor === 'ga' ? texts.gaCode : factor === 'sms' ? texts.smsCode : texts.emailCode;
  return (
    <>
      {withFundPassword ? <FundPasswordField testId={`${testIdPrefix}-fund-password`} texts={texts} /> : null}
      <PasskeyChoiceField choice={passkey} testIdPrefix={testIdPrefix}>
        <CodeField
          name="code"
          label={codeLabel}
          onSend={factor === 'ga' ? undefined : onSendCode}
          inputTestId={factor === 'ga' ? `${testIdPrefix}-ga-code` : `${testIdPrefix}-code`}
          sendTestId={`${testIdPrefix}-send-code`}
          requiredMessage={texts.codeRequired}
          formatMessage={texts.sixDigits}
          placeholder={texts.codePlaceholder}
          className={styles.codeItem}
          rowClassName={styles.codeRow}
        />
      </PasskeyChoiceField>
    </>
  );
}
