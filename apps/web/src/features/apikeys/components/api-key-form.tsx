import { errorMessage, type ApiKeyPermission } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Input, Modal, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { DialogButtons } from '../../../shared/ui/dialog-parts';
import { shortenMiddle } from '../../../shared/ui/short-value';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { addressBookQuery } from '../api/get-address-book';
import { apiKeyFieldChecks, isValidDailyUsd, type ApiKeyFormValues } from './api-key-form-rules';
import styles from './apikeys.module.css';

export const keyPairCommands = 'openssl genpkey -algorithm ed25519 -out key.pem && openssl pkey -in key.pem -pubout';

/**
 * The create and edit form of a key (spec §3, §5): note, the customer's Ed25519 public key
 * (creation only), rights (read-only assets always), bound IPs and, with the withdraw right,
 * the key's 24-hour USD limit and the address-book entries it may withdraw to. Checked by the
 * §5 rules before `onSubmit` (the pre-request) runs; the page puts the server's field errors
 * into `form`.
 */
export function ApiKeyForm({
  mode,
  form,
  permission,
  notice,
  onSubmit,
  onCancel,
}: {
  mode: 'create' | 'edit';
  form: FormInstance<ApiKeyFormValues>;
  permission: ApiKeyPermission;
  /** Why the form is shown again (a lost pending change), in the user's language. */
  notice: string | null;
  /** The pre-request; rejects when it failed (shown by the HTTP client and, for a field's code, at the field). */
  onSubmit: (values: ApiKeyFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('apikeys');
  const language = useLanguage();
  const { isPending, submit } = useSingleSubmit(onSubmit);
  const rights = Form.useWatch('rights', form) ?? [];
  const canWithdraw = rights.includes('withdraw');
  const book = useQuery({ ...addressBookQuery, enabled: canWithdraw });

  const message = (key: Parameters<typeof errorMessage>[0]) => errorMessage(key, language);
  const check = (test: (value: string | undefined) => ReturnType<typeof apiKeyFieldChecks.label>) => ({
    validator: async (_rule: unknown, value: string | undefined) => {
      const key = test(value);
      if (key) throw new Error(message(key));
    },
  });

  const rightOptions = (['read', 'trade', 'withdraw'] as const)
    .filter((right) => right === 'read' || permission.rights.includes(right))
    .map((right) => ({
      value: right,
      disabled: right === 'read',
      label: (
        <span data-testid={`apikey-right-${right}`}>
          {t(`rights.${right}`)}
          {right === 'read' ? <span className={styles.hint}> ({t('form.readAlways')})</span> : null}
        </span>
      ),
    }));

  return (
    <Form<ApiKeyFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ label: '', publicKey: '', rights: ['read'], ips: '', withdrawDailyUsd: '', withdrawAddressIds: [] }}
      onFinish={submit}
      data-testid="apikey-form"
    >
      {notice ? <Alert type="warning" showIcon className={styles.alert} title={notice} data-testid="apikey-form-notice" /> : null}
      <Form.Item name="label" label={t('form.label')} rules={[check(apiKeyFieldChecks.label)]}>
        <Input placeholder={t('form.labelPlaceholder')} count={{ show: true, max: 50 }} data-testid="apikey-label" />
      </Form.Item>
      {mode === 'create' ? (
        <Form.Item
          name="publicKey"
          label={t('form.publicKey')}
          rules={[check(apiKeyFieldChecks.publicKey)]}
          extra={
            <div className={styles.help}>
              <p>{t('form.publicKeyHelp')}</p>
              <p>{t('form.publicKeyCommands')}</p>
              <code className={styles.command}>{keyPairCommands}</code>
            </div>
          }
        >
          <Input.TextArea
            rows={4}
            spellCheck={false}
            className={styles.mono}
            placeholder={t('form.publicKeyPlaceholder')}
            data-testid="apikey-public-key"
          />
        </Form.Item>
      ) : (
        <p className={styles.hint}>{t('form.publicKeyKept')}</p>
      )}
      <Form.Item name="rights" label={t('form.rights')}>
        <Checkbox.Group options={rightOptions} className={styles.rights} />
      </Form.Item>
      <Form.Item
        name="ips"
        label={t('form.ips')}
        extra={t('form.ipsHelp', { max: permission.maxIps })}
        rules={[check((value) => apiKeyFieldChecks.ips(value, permission.maxIps))]}
      >
        <Input.TextArea rows={2} spellCheck={false} placeholder={t('form.ipsPlaceholder')} data-testid="apikey-ips" />
      </Form.Item>
      {canWithdraw ? (
        <section className={styles.fieldset} data-testid="apikey-withdraw-limits">
          <h3 className={styles.legend}>{t('form.withdrawTitle')}</h3>
          <Form.Item
            name="withdrawDailyUsd"
            label={t('form.withdrawDailyUsd')}
            extra={t('form.withdrawDailyUsdHelp')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!isValidDailyUsd(value)) throw new Error(t('form.withdrawDailyUsdInvalid'));
                },
              },
            ]}
          >
            <Input inputMode="decimal" suffix="USD" placeholder={t('form.withdrawDailyUsdPlaceholder')} data-testid="apikey-daily-usd" />
          </Form.Item>
          <Form.Item name="withdrawAddressIds" label={t('form.withdrawAddresses')} extra={t('form.withdrawAddressesHelp')}>
            <Select
              mode="multiple"
              allowClear
              loading={book.isPending}
              placeholder={t('form.withdrawAddressesPlaceholder')}
              notFoundContent={book.data ? t('form.addressBookEmpty') : undefined}
              optionFilterProp="search"
              options={(book.data ?? []).map((entry) => ({
                value: entry.id,
                search: `${entry.note} ${entry.chain} ${entry.address}`,
                label: `${entry.note} · ${entry.chain} · ${shortenMiddle(entry.address, 6)}`,
              }))}
              data-testid="apikey-addresses"
            />
          </Form.Item>
        </section>
      ) : null}
      <DialogButtons
        isPending={isPending}
        onCancel={onCancel}
        cancelText={t('form.cancel')}
        submitText={t('form.next')}
        submitTestId="apikey-form-submit"
      />
    </Form>
  );
}

/** The form in its dialog; kept mounted while the verification is open, so going back keeps what was typed. */
export function ApiKeyFormDialog(props: Parameters<typeof ApiKeyForm>[0] & { open: boolean }) {
  const { t } = useTranslation('apikeys');
  const { open, ...formProps } = props;
  return (
    <Modal
      open={open}
      title={props.mode === 'create' ? t('form.createTitle') : t('form.editTitle')}
      onCancel={props.onCancel}
      footer={null}
      forceRender
      mask={{ closable: false }}
      width={600}
    >
      <ApiKeyForm {...formProps} />
    </Modal>
  );
}
