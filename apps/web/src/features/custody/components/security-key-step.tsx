import type { SecurityVerification } from '@coffer/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasskeyNotCreated, registerPasskey } from '../../../shared/api/passkey-registration';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { securityVerification, SecurityVerificationFields } from '../../../shared/ui/security-verification-fields';
import { showToast } from '../../../shared/ui/toast-store';
import { custodyQueryRoot } from '../api/custody-me';
import styles from './custody.module.css';
import keyStyles from './security-key.module.css';

interface Values extends SecurityVerification {
  name: string;
}

/**
 * The hardware-key link (issue 17 item 5): a member of an organisation that requires hardware
 * keys registers a security key or passkey through identity's registration (the security
 * verification of every bound factor, then the browser's prompt), then goes on with `onDone`.
 * `onLater` leaves it for now; the console's banner keeps asking.
 */
export function SecurityKeyStep({ organisation, onDone, onLater }: { organisation: string; onDone: () => void; onLater: () => void }) {
  const { t } = useTranslation('custody');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const passkey = usePasskeyChoice('passkey');
  const [isBrowserFailed, setBrowserFailed] = useState(false);

  const register = useMutation({
    mutationFn: async (values: Values) => {
      setBrowserFailed(false);
      await registerPasskey(await securityVerification(values, passkey), values.name.trim()).catch((error: unknown) => {
        if (error instanceof PasskeyNotCreated) setBrowserFailed(true);
        throw error;
      });
    },
    onSuccess: async () => {
      showToast('success', t('securityKey.registered'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [custodyQueryRoot] }),
        queryClient.invalidateQueries({ queryKey: ['identity'] }),
      ]);
      onDone();
    },
  });

  return (
    <div className={styles.stack} data-testid="custody-security-key-step">
      <p>{t('securityKey.intro', { organisation })}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className={styles.form}
        initialValues={{ name: t('securityKey.defaultName') }}
        onFinish={(values) => register.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('securityKey.name')}
          rules={[{ required: true, whitespace: true, max: 50, message: t('securityKey.nameRequired') }]}
        >
          <Input maxLength={50} data-testid="custody-security-key-name" />
        </Form.Item>
        <SecurityVerificationFields passkey={passkey} />
        {isBrowserFailed ? (
          <Alert type="error" showIcon role="alert" title={t('securityKey.browserFailed')} data-testid="custody-security-key-failed" />
        ) : null}
        <div className={`${styles.actions} ${keyStyles.stepActions}`}>
          <Button type="primary" htmlType="submit" loading={register.isPending} data-testid="custody-security-key-register">
            {t('securityKey.register')}
          </Button>
          <Button onClick={onLater} disabled={register.isPending} data-testid="custody-security-key-later">
            {t('securityKey.later')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
