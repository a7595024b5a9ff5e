import { useTranslation } from 'react-i18next';
import type { PasskeyChoice } from '../../../shared/ui/passkey-choice';
import { VerificationFields as SharedVerificationFields, type SecondFactor } from '../../../shared/ui/verification-fields';
import { sendWithdrawCode } from '../api/send-withdraw-code';

/** The verification of withdrawals and the address book: its codes are sent by the withdraw-code call. */
export function VerificationFields({
  factor,
  passkey,
  testIdPrefix,
  withFundPassword = true,
}: {
  factor: SecondFactor;
  passkey: PasskeyChoice;
  testIdPrefix: string;
  withFundPassword?: boolean;
}) {
  const { t } = useTranslation('funds');
  return (
    <SharedVerificationFields
      factor={factor}
      passkey={passkey}
      testIdPrefix={testIdPrefix}
      withFundPassword={withFundPassword}
      onSendCode={sendWithdrawCode}
      texts={{
        fundPassword: t('verify.fundPassword'),
        fundPasswordRequired: t('verify.fundPasswordRequired'),
        gaCode: t('verify.gaCode'),
        smsCode: t('verify.smsCode'),
        emailCode: t('verify.emailCode'),
        codeRequired: t('verify.codeRequired'),
        codePlaceholder: t('verify.codePlaceholder'),
        sixDigits: t('verify.sixDigits'),
      }}
    />
  );
}
