import type { ApiKeyPendingChange, PasskeyResponse, VerifyApiKeyChangeBody } from '@coffer/contract';
import { Form, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCaptchaDemand } from '../../../shared/captcha/captcha-demand';
import { CaptchaWidget } from '../../../shared/captcha/captcha-widget';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { CodeField } from '../../../shared/ui/code-field';
import { DialogButtons } from '../../../shared/ui/dialog-parts';
import { PasskeyChoiceField, usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { FundPasswordField } from '../../../shared/ui/verification-fields';
import { apiKeyChanges } from '../api/change-api-key';
import styles from './apikeys.module.css';

interface VerifyValues {
  emailCode?: string;
  smsCode?: string;
  gaCode?: string;
  fundPassword?: string;
}

type Factor = ApiKeyPendingChange['twofaList'][number];

/**
 * The verified request's body: the passkey's assertion when the customer chose it, else the code
 * of every factor the change asks for; the fund password when it does, the captcha token when
 * one was solved.
 */
function verifyBody(
  change: ApiKeyPendingChange,
  values: VerifyValues,
  passkey: PasskeyResponse | undefined,
  captchaToken: string | undefined,
): VerifyApiKeyChangeBody {
  const has = (factor: Factor) => change.twofaList.includes(factor);
  const body: VerifyApiKeyChangeBody = { changeId: change.changeId };
  if (passkey) {
    body.passkey = passkey;
  } else {
    if (has('email')) body.emailCode = values.emailCode?.trim();
    if (has('sms')) body.smsCode = values.smsCode?.trim();
    if (has('ga')) body.gaCode = values.gaCode?.trim();
  }
  if (change.fundPasswordRequired) body.fundPassword = values.fundPassword;
  if (captchaToken) body.captchaToken = captchaToken;
  return body;
}

/**
 * The verified request of a pending API key change (spec §4): one field for every factor the
 * server listed — e-mail and SMS codes with their send buttons (60-s wait), the authenticator
 * code — or, for a customer with one, a passkey in their place; and the fund password when the
 * change gives the withdraw right. `onVerify` sends the request and rejects when it failed
 * (already shown); the dialog then stays for another try. After repeated failures the server
 * answers captchaRequired: the captcha widget appears and, once solved, the request is sent
 * again with its token (and, with the passkey chosen, a new assertion).
 */
export function ApiKeyVerifyDialog({
  change,
  onVerify,
  onCancel,
}: {
  change: ApiKeyPendingChange | null;
  onVerify: (body: VerifyApiKeyChangeBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('apikeys');
  const language = useLanguage();
  const [form] = Form.useForm<VerifyValues>();
  const passkey = usePasskeyChoice('apiKey');
  const { choose } = passkey;
  const captcha = useCaptchaDemand();
  const { isPending, submit } = useSingleSubmit(async (values: VerifyValues, captchaToken?: string) => {
    if (!change) return;
    try {
      // The server spends a passkey challenge with one request: every try asks for a new assertion.
      const assertion = passkey.isChosen ? (await passkey.assert()).passkey : undefined;
      await onVerify(verifyBody(change, values, assertion, captchaToken));
    } catch (error) {
      captcha.handleError(error);
      throw error;
    } finally {
      // The token is spent whatever the answer; a further try needs a new challenge.
      if (captchaToken) captcha.spent();
    }
  });
  const changeId = change?.changeId;

  useEffect(() => {
    if (!changeId) return;
    form.resetFields();
    choose(false);
  }, [changeId, form, choose]);

  if (!change) return null;
  const has = (factor: Factor) => change.twofaList.includes(factor);
  const codeField = (name: 'emailCode' | 'smsCode' | 'gaCode', testId: string, channel?: 'email' | 'sms') => (
    <CodeField
      name={name}
      label={t(`verify.${name}`)}
      extra={channel ? undefined : t('verify.gaHint')}
      onSend={channel ? () => apiKeyChanges.sendCode({ changeId: change.changeId, channel }) : undefined}
      inputTestId={`${testId}-code`}
      sendTestId={`${testId}-send`}
    />
  );

  // The server asked for a captcha: once solved, the same verification goes again with its token.
  const handleCaptchaToken = (captchaToken: string) => {
    void form.validateFields().then(
      (values) => submit(values, captchaToken),
      () => undefined,
    );
  };

  return (
    <Modal open title={t('verify.title')} onCancel={onCancel} footer={null} destroyOnHidden mask={{ closable: false }} width={460}>
      <div data-testid="apikey-verify">
        <p className={styles.muted}>{t(`verify.${change.kind}Intro`)}</p>
        <Form<VerifyValues> form={form} layout="vertical" requiredMark={false} onFinish={(values) => submit(values)}>
          <PasskeyChoiceField choice={passkey} testIdPrefix="apikey-verify">
            {has('email') ? codeField('emailCode', 'apikey-verify-email', 'email') : null}
            {has('sms') ? codeField('smsCode', 'apikey-verify-sms', 'sms') : null}
            {has('ga') ? codeField('gaCode', 'apikey-verify-ga') : null}
          </PasskeyChoiceField>
          {change.fundPasswordRequired ? (
            <FundPasswordField
              testId="apikey-verify-fund-password"
              extra={t('verify.fundPasswordHint')}
              texts={{
                fundPassword: t('verify.fundPassword'),
                fundPasswordRequired: t('verify.fundPasswordRequired'),
                sixDigits: t('verify.sixDigits'),
              }}
            />
          ) : null}
          {captcha.isDemanded ? (
            <CaptchaWidget key={captcha.round} purpose="apiKey" onToken={handleCaptchaToken} testId="apikey-verify-captcha" />
          ) : null}
          <p className={styles.hint}>{t('verify.expiresAt', { time: formatDateTime(change.expiresAt, language) })}</p>
          <DialogButtons
            isPending={isPending}
            onCancel={onCancel}
            cancelText={t('verify.cancel')}
            submitText={t('verify.confirm')}
            submitTestId="apikey-verify-submit"
          />
        </Form>
      </div>
    </Modal>
  );
}
