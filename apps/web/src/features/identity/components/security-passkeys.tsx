import type { Passkey, SecurityVerification } from '@coffer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasskeyNotCreated, registerPasskey } from '../../../shared/api/passkey-registration';
import { showToast } from '../../../shared/ui/toast-store';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { identityApi, passkeysQuery } from '../api/identity-api';
import { useDateTimeFormat } from './security-format';
import { securityVerification, SecurityVerificationFields } from '../../../shared/ui/security-verification-fields';
import styles from './security-passkeys.module.css';

type Dialog = { kind: 'add' } | { kind: 'rename'; passkey: Passkey } | { kind: 'remove'; passkey: Passkey } | null;

interface DialogValues extends SecurityVerification {
  name?: string;
}

/**
 * Passkeys and security keys (issue 16 item 8): each with its name, when it was added and last
 * used; adding asks for the security verification, then the browser's prompt; removing asks
 * for the verification too; renaming asks for nothing.
 */
export function SecurityPasskeys() {
  const { t } = useTranslation('security');
  const formatTime = useDateTimeFormat();
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeysQuery);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [browserFailed, setBrowserFailed] = useState(false);
  const [form] = Form.useForm<DialogValues>();
  const passkey = usePasskeyChoice('passkey');

  const close = () => {
    setDialog(null);
    setBrowserFailed(false);
    passkey.choose(false);
    form.resetFields();
  };

  const submit = useMutation({
    mutationFn: async (values: DialogValues) => {
      if (!dialog) return;
      if (dialog.kind === 'rename') {
        await identityApi.renamePasskey({ id: dialog.passkey.id, name: values.name ?? '' });
      } else if (dialog.kind === 'remove') {
        await identityApi.removePasskey({ id: dialog.passkey.id, ...(await securityVerification(values, passkey)) });
      } else {
        await registerPasskey(await securityVerification(values, passkey), values.name ?? '').catch((error: unknown) => {
          if (error instanceof PasskeyNotCreated) setBrowserFailed(true);
          throw error;
        });
      }
    },
    onSuccess: async () => {
      const kind = dialog?.kind;
      close();
      showToast('success', t(kind === 'add' ? 'passkeys.added' : kind === 'remove' ? 'passkeys.removed' : 'passkeys.renamed'));
      await queryClient.invalidateQueries({ queryKey: ['identity'] });
    },
  });

  const open = (next: Dialog) => {
    form.resetFields();
    if (next?.kind === 'rename') form.setFieldsValue({ name: next.passkey.name });
    setBrowserFailed(false);
    passkey.choose(false);
    setDialog(next);
  };

  const title =
    dialog?.kind === 'add'
      ? t('passkeys.addTitle')
      : dialog?.kind === 'rename'
        ? t('passkeys.renameTitle')
        : dialog?.kind === 'remove'
          ? t('passkeys.removeTitle', { name: dialog.passkey.name })
          : '';

  return (
    <Card className={styles.card} data-testid="security-passkeys">
      <div className={styles.header}>
        <div>
          <h2 className={styles.title}>{t('passkeys.title')}</h2>
          <p className={styles.intro}>{t('passkeys.intro')}</p>
        </div>
        <Button type="primary" onClick={() => open({ kind: 'add' })} data-testid="passkey-add">
          {t('passkeys.add')}
        </Button>
      </div>
      {passkeys.data ? (
        passkeys.data.length === 0 ? (
          <p className={styles.empty}>{t('passkeys.empty')}</p>
        ) : (
          <ul className={styles.list}>
            {passkeys.data.map((passkey) => (
              <li key={passkey.id} className={styles.item} data-testid={`passkey-${passkey.id}`}>
                <div>
                  <div className={styles.name} data-testid="passkey-name">
                    {passkey.name}
                  </div>
                  <div className={styles.meta}>
                    {t('passkeys.created', { time: formatTime(passkey.createdAt) })} ·{' '}
                    {passkey.lastUsedAt ? t('passkeys.lastUsed', { time: formatTime(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
                  </div>
                </div>
                <div className={styles.actions}>
                  <Button size="small" onClick={() => open({ kind: 'rename', passkey })} data-testid="passkey-rename">
                    {t('passkeys.rename')}
                  </Button>
                  <Button size="small" danger onClick={() => open({ kind: 'remove', passkey })} data-testid="passkey-remove">
                    {t('passkeys.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      )}
      <Modal open={dialog !== null} title={title} onCancel={close} footer={null} destroyOnHidden>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => submit.mutate(values)}>
          {dialog?.kind === 'remove' ? null : (
            <Form.Item
              name="name"
              label={t('passkeys.name')}
              rules={[{ required: true, whitespace: true, max: 50, message: t('passkeys.nameRequired') }]}
            >
              <Input maxLength={50} data-testid="passkey-name-input" />
            </Form.Item>
          )}
          {dialog?.kind === 'rename' || dialog === null ? null : <SecurityVerificationFields passkey={passkey} />}
          {browserFailed ? <Alert type="error" showIcon title={t('passkeys.browserFailed')} data-testid="passkey-browser-failed" /> : null}
          <div className={styles.dialogActions}>
            <Button onClick={close}>{t('passkeys.cancel')}</Button>
            <Button
              type="primary"
              htmlType="submit"
              danger={dialog?.kind === 'remove'}
              loading={submit.isPending}
              data-testid="passkey-submit"
            >
              {dialog?.kind === 'add' ? t('passkeys.continue') : dialog?.kind === 'remove' ? t('passkeys.remove') : t('passkeys.save')}
            </Button>
          </div>
        </Form>
      </Modal>
    </Card>
  );
}
