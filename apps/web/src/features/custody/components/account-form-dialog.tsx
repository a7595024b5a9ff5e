import {
  custodyAccountKinds,
  custodyAccountTiers,
  custodyLimits,
  errorCatalogue,
  type CustodyAccount,
  type CustodyAccountBody,
} from '@coffer/contract';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addCustodyAccount } from '../api/custody-accounts';
import { showRefusal, type FieldPath } from './config-refusal';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';

type AccountFormValues = CustodyAccountBody;
const accountFields = ['name', 'kind', 'tier'] as const;
const fieldByCode = new Map<number, FieldPath>([[errorCatalogue.accountAlreadyExists.code, ['name']]]);

/**
 * Opens a custody account (spec §3): a name unique in the organisation (the server's; at most
 * 50 characters), hot or cold storage, enterprise or prime. A refusal stays in the dialog.
 */
export function AccountFormDialog({
  open,
  onSaved,
  onCancel,
}: {
  open: boolean;
  onSaved: (account: CustodyAccount) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('custodyConfig');
  return (
    <Modal
      open={open}
      title={t('accounts.form.title')}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={560}
    >
      <AccountForm onSaved={onSaved} onCancel={onCancel} />
    </Modal>
  );
}

function AccountForm({ onSaved, onCancel }: { onSaved: (account: CustodyAccount) => void; onCancel: () => void }) {
  const { t } = useTranslation('custodyConfig');
  const [form] = Form.useForm<AccountFormValues>();
  const [refusal, setRefusal] = useState<string | null>(null);

  const { isPending, submit } = useSingleSubmit(async (values: AccountFormValues) => {
    setRefusal(null);
    try {
      onSaved(await addCustodyAccount({ name: values.name.trim(), kind: values.kind, tier: values.tier }));
    } catch (error) {
      setRefusal(showRefusal(form, error, { fields: accountFields, byCode: fieldByCode }));
      throw error;
    }
  });

  return (
    <Form<AccountFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ name: '', kind: 'hot', tier: 'enterprise' }}
      onFinish={submit}
      data-testid="account-form"
    >
      <DialogError message={refusal} testId="account-form-error" />
      <Form.Item
        name="name"
        label={t('accounts.form.name')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const name = (value ?? '').trim();
              if (name === '') throw new Error(t('accounts.form.nameRequired'));
              if (name.length > custodyLimits.nameMaxChars)
                throw new Error(t('accounts.form.nameTooLong', { max: custodyLimits.nameMaxChars }));
            },
          },
        ]}
      >
        <Input
          placeholder={t('accounts.form.namePlaceholder')}
          count={{ show: true, max: custodyLimits.nameMaxChars }}
          data-testid="account-name"
        />
      </Form.Item>
      <Form.Item name="kind" label={t('accounts.form.kind')} extra={t('accounts.form.kindHelp')}>
        <Radio.Group
          optionType="button"
          options={custodyAccountKinds.map((kind) => ({
            value: kind,
            label: <span data-testid={`account-kind-${kind}`}>{t(`accounts.kinds.${kind}`)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item name="tier" label={t('accounts.form.tier')} extra={t('accounts.form.tierHelp')}>
        <Radio.Group
          optionType="button"
          options={custodyAccountTiers.map((tier) => ({
            value: tier,
            label: <span data-testid={`account-tier-${tier}`}>{t(`accounts.tiers.${tier}`)}</span>,
          }))}
        />
      </Form.Item>
      <DialogButtons
        isPending={isPending}
        onCancel={onCancel}
        cancelText={t('common.cancel')}
        submitText={t('accounts.form.add')}
        submitTestId="account-form-submit"
      />
    </Form>
  );
}
