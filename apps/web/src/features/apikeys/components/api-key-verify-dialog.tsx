import type { ApiKeyPendingChange, VerifyApiKeyChangeBody } from '@coffer/contract';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PasskeyChoiceField, usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { apiKeyChanges } from '../api/change-api-key';
import styles from './apikeys.module.css';

interface VerifyValues {
  emailCode?: string;
  smsCode?: string;
  gaCode?: string;
  fundPassword?: string;
}

const sixDigits = /^\d{6}$/;

function CodeField({
  name,
  label,
  extra,
  onSend,
  testId,
}: {
  name: keyof VerifyValues;
  label: string;
  extra?: ReactNode;
  onSend?: () => Promise<{ resendAfterSeconds: number }>;
  testId: string;
}) {
  const { t } = useTranslation('apikeys');
  const id = useId();
  const rules = [
    { required: true, message: t('verify.codeRequired') },
    { pattern: sixDigits, message: t('verify.sixDigits') },
  ];
  const input = (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('verify.codePlaceholder')}
      data-testid={`${testId}-code`}
    />
  );
  if (!onSend) {
    return (
      <Form.Item name={name} label={label} extra={extra} rules={rules} htmlFor={id}>
        {input}
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label} extra={extra} htmlFor={id} required>
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={rules}>
          {input}
        </Form.Item>
        <SendCodeButton onSend={onSend} testId={`${testId}-send`} />
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * The verified request of a pending API key change (spec §4): one field for every factor the
 * server listed — e-mail and SMS codes with their send buttons (60-s wait), the authenticator
 * code — or, for a customer with one, a passkey in their place; and the fund password when the
 * change gives the withdraw right. `onVerify` sends the request and rejects when it failed
 * (already shown); the dialog then stays for another try.
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
  const [isPending, setPending] = useState(false);
  const isSubmitting = useRef(false);
  const passkey = usePasskeyChoice('apiKey');
  const { choose } = passkey;
  const changeId = change?.changeId;

  useEffect(() => {
    if (!changeId) return;
    form.resetFields();
    choose(false);
  }, [changeId, form, choose]);

  if (!change) return null;
  const has = (factor: ApiKeyPendingChange['twofaList'][number]) => change.twofaList.includes(factor);

  const handleFinish = async (values: VerifyValues) => {
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    setPending(true);
    try {
      const body: VerifyApiKeyChangeBody = { changeId: change.changeId };
      if (passkey.isChosen) {
        body.passkey = (await passkey.assert()).passkey;
      } else {
        if (has('email')) body.emailCode = values.emailCode?.trim();
        if (has('sms')) body.smsCode = values.smsCode?.trim();
        if (has('ga')) body.gaCode = values.gaCode?.trim();
      }
      if (change.fundPasswordRequired) body.fundPassword = values.fundPassword;
      await onVerify(body);
    } catch {
      // Shown by the HTTP client, the caller or the passkey field; the codes may be corrected.
    } finally {
      isSubmitting.current = false;
      setPending(false);
    }
  };

  return (
    <Modal open title={t('verify.title')} onCancel={onCancel} footer={null} destroyOnHidden mask={{ closable: false }} width={460}>
      <div data-testid="apikey-verify">
        <p className={styles.muted}>{t(`verify.${change.kind}Intro`)}</p>
        <Form<VerifyValues> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void handleFinish(values)}>
          <PasskeyChoiceField choice={passkey} testIdPrefix="apikey-verify">
            {has('email') ? (
              <CodeField
                name="emailCode"
                label={t('verify.emailCode')}
                onSend={() => apiKeyChanges.sendCode({ changeId: change.changeId, channel: 'email' })}
                testId="apikey-verify-email"
              />
            ) : null}
            {has('sms') ? (
              <CodeField
                name="smsCode"
                label={t('verify.smsCode')}
                onSend={() => apiKeyChanges.sendCode({ changeId: change.changeId, channel: 'sms' })}
                testId="apikey-verify-sms"
              />
            ) : null}
            {has('ga') ? <CodeField name="gaCode" label={t('verify.gaCode')} extra={t('verify.gaHint')} testId="apikey-verify-ga" /> : null}
          </PasskeyChoiceField>
          {change.fundPasswordRequired ? (
            <Form.Item
              name="fundPassword"
              label={t('verify.fundPassword')}
              extra={t('verify.fundPasswordHint')}
              rules={[
                { required: true, message: t('verify.fundPasswordRequired') },
                { pattern: sixDigits, message: t('verify.sixDigits') },
              ]}
            >
              <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" data-testid="apikey-verify-fund-password" />
            </Form.Item>
          ) : null}
          <p className={styles.hint}>{t('verify.expiresAt', { time: formatDateTime(change.expiresAt, language) })}</p>
          <div className={styles.buttons}>
            <Button onClick={onCancel} disabled={isPending}>
              {t('verify.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={isPending || passkey.isAsking} data-testid="apikey-verify-submit">
              {t('verify.confirm')}
            </Button>
          </div>
        </Form>
      </div>
    </Modal>
  );
}
