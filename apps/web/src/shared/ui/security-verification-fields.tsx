import type { SecurityVerification } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { secondFactorsApi, twofaStatusQuery } from '../api/second-factors';
import { CodeField } from './code-field';
import { PasskeyChoiceField, type PasskeyChoice } from './passkey-choice';
import styles from './security-verification-fields.module.css';

/**
 * The security verification a change asks for (SecurityVerification): one code field for
 * every factor bound to the account — e-mail code, SMS code, authenticator code — as
 * `emailCode`, `smsCode` and `gaCode` of the surrounding antd Form. An account with a passkey
 * may choose it instead (`passkey`, of the change's purpose; `securityVerification` asks the
 * browser for its assertion when the form is sent). In the `security` catalogue, which the
 * page using it loads.
 */
export function SecurityVerificationFields({ passkey }: { passkey: PasskeyChoice }) {
  const { t } = useTranslation('security');
  const status = useQuery(twofaStatusQuery);
  const { purpose } = passkey;

  if (status.isPending) {
    return (
      <div className={styles.fieldset} aria-busy="true">
        <Skeleton active title={{ width: 180 }} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (status.isError) {
    return (
      <div className={styles.fieldset}>
        <Alert
          type="error"
          showIcon
          title={t('common.loadFailed')}
          action={
            <Button size="small" onClick={() => void status.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }

  const { twofaList, maskedEmail, maskedPhone } = status.data;
  const has = (factor: (typeof twofaList)[number]) => twofaList.includes(factor);

  return (
    <fieldset className={styles.fieldset} data-testid="security-verification">
      <legend className={styles.legend}>{t('verification.title')}</legend>
      <p className={styles.fieldsetIntro}>{t('verification.intro')}</p>
      <PasskeyChoiceField choice={passkey} testIdPrefix="verify">
        {has('email') ? (
          <CodeField
            name="emailCode"
            label={t('verification.emailCode')}
            extra={maskedEmail ? t('verification.emailSentTo', { target: maskedEmail }) : undefined}
            onSend={() => secondFactorsApi.sendUserCode({ purpose, channel: 'email' })}
            inputTestId="verify-email-code"
            sendTestId="verify-email-send"
          />
        ) : null}
        {has('sms') ? (
          <CodeField
            name="smsCode"
            label={t('verification.smsCode')}
            extra={maskedPhone ? t('verification.smsSentTo', { target: maskedPhone }) : undefined}
            onSend={() => secondFactorsApi.sendUserCode({ purpose, channel: 'sms' })}
            inputTestId="verify-sms-code"
            sendTestId="verify-sms-send"
          />
        ) : null}
        {has('ga') ? (
          <CodeField
            name="gaCode"
            label={purpose === 'changeAuthenticator' ? t('verification.gaCodeCurrent') : t('verification.gaCode')}
            extra={t('verification.gaHint')}
            inputTestId="verify-ga-code"
          />
        ) : null}
      </PasskeyChoiceField>
    </fieldset>
  );
}

/**
 * The verification part of submitted form values, trimmed, without absent factors; the
 * passkey's assertion, asked for now, in place of them all when the customer chose it.
 */
export async function securityVerification(values: SecurityVerification, passkey: PasskeyChoice): Promise<SecurityVerification> {
  if (passkey.isChosen) return passkey.assert();
  const verification: SecurityVerification = {};
  if (values.emailCode) verification.emailCode = values.emailCode.trim();
  if (values.smsCode) verification.smsCode = values.smsCode.trim();
  if (values.gaCode) verification.gaCode = values.gaCode.trim();
  return verification;
}
