import type { CodePurpose, SecurityVerification } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assertPasskey } from '../../../shared/passkey';
import { identityApi, twofaStatusQuery } from '../api/identity-api';
import { CodeField } from '../../../shared/ui/code-field';
import styles from './security-forms.module.css';

/**
 * The security verification a change asks for (SecurityVerification): one code field for
 * every factor bound to the account — e-mail code, SMS code, authenticator code — as
 * `emailCode`, `smsCode` and `gaCode` of the surrounding antd Form. An account with a passkey
 * may answer with it instead (`passkey`, the browser's assertion for this purpose).
 */
export function SecurityVerificationFields({ purpose }: { purpose: CodePurpose }) {
  const { t } = useTranslation('security');
  const status = useQuery(twofaStatusQuery);
  const form = Form.useFormInstance<SecurityVerification>();
  const [passkey, setPasskey] = useState<'idle' | 'asking' | 'ready' | 'failed'>('idle');

  const askPasskey = async () => {
    setPasskey('asking');
    try {
      const options = await identityApi.passkeyAssertionOptions({ purpose });
      form.setFieldValue('passkey', await assertPasskey(options));
      setPasskey('ready');
    } catch {
      setPasskey('failed');
    }
  };

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
      <Form.Item name="passkey" hidden>
        <input type="hidden" />
      </Form.Item>
      {status.data.hasPasskey ? (
        <div className={styles.passkey}>
          <Button
            onClick={() => void askPasskey()}
            loading={passkey === 'asking'}
            disabled={passkey === 'ready'}
            data-testid="verify-passkey"
          >
            {t('verification.usePasskey')}
          </Button>
          {passkey === 'ready' ? (
            <Alert type="success" showIcon title={t('verification.passkeyReady')} data-testid="verify-passkey-ready" />
          ) : null}
          {passkey === 'failed' ? <Alert type="error" showIcon title={t('verification.passkeyFailed')} /> : null}
        </div>
      ) : null}
      {passkey === 'ready' ? null : (
        <>
          {has('email') ? (
            <CodeField
              name="emailCode"
              label={t('verification.emailCode')}
              extra={maskedEmail ? t('verification.emailSentTo', { target: maskedEmail }) : undefined}
              onSend={() => identityApi.sendUserCode({ purpose, channel: 'email' })}
              inputTestId="verify-email-code"
              sendTestId="verify-email-send"
            />
          ) : null}
          {has('sms') ? (
            <CodeField
              name="smsCode"
              label={t('verification.smsCode')}
              extra={maskedPhone ? t('verification.smsSentTo', { target: maskedPhone }) : undefined}
              onSend={() => identityApi.sendUserCode({ purpose, channel: 'sms' })}
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
        </>
      )}
    </fieldset>
  );
}

/** The verification part of submitted form values, trimmed, without absent factors. */
export function pickVerification(values: SecurityVerification): SecurityVerification {
  const verification: SecurityVerification = {};
  if (values.emailCode) verification.emailCode = values.emailCode.trim();
  if (values.smsCode) verification.smsCode = values.smsCode.trim();
  if (values.gaCode) verification.gaCode = values.gaCode.trim();
  // A passkey answers for all the codes.
  if (values.passkey) return { passkey: values.passkey };
  return verification;
}
