import { useTranslation } from 'react-i18next';
import { VerificationFields as SharedVerificationFields, type SecondFactor } from '../../../shared/ui/verification-fields';
import { sendWithdrawCode } from '../api/send-withdraw-code';

/** The verification of withdrawals and the address book: its codes are sent by the withdraw-code call. */
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
  return (
    <SharedVerificationFields
      factor={factor}
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
