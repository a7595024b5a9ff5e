import type { AddWithdrawAddressBody } from '@coffer/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { secondFactorFields, type SecondFactor } from '../../../shared/ui/verification-fields';
import { useAddWithdrawAddress } from '../api/add-withdraw-address';
import type { AddressNetwork } from './address-networks';
import { buttonTestId } from './button-test-id';
import { useChainLabel } from '../../../shared/i18n/chain-names';
import { EmptyTagConfirm } from './empty-tag-confirm';
import { VerificationFields } from './verification-fields';
import { TagField, useAddressRules } from './withdrawal-fields';
import { withdrawalFieldRules } from './withdrawal-rules';

interface FieldValues {
  note: string;
  chain: string;
  address: string;
  tag?: string;
  /** Absent when a passkey answers instead. */
  code?: string;
}

/** The entry as typed, and the code that verifies it (the passkey is asked for only when it is sent). */
interface AddressDraft {
  body: AddWithdrawAddressBody;
  code: string | undefined;
}

/**
 * Adds an address book entry (spec §3/§5): note of at most 10 characters, network, address,
 * tag/memo where the network takes one — an empty tag there asks for confirmation first —
 * and the account's second factor, as a withdrawal asks for it (spec §6).
 */
export function AddAddressDialog({
  open,
  networks,
  factor,
  onClose,
}: {
  open: boolean;
  networks: AddressNetwork[];
  factor: SecondFactor;
  onClose: () => void;
}) {
  const { t } = useTranslation('funds');
  const chainLabel = useChainLabel();
  const addressRules = useAddressRules();
  const [form] = Form.useForm<FieldValues>();
  const add = useAddWithdrawAddress();
  const passkey = usePasskeyChoice('transfer');
  const [pending, setPending] = useState<AddressDraft | null>(null);
  const chain = Form.useWatch('chain', form);
  const needsMemo = networks.find((network) => network.chain === chain)?.needsMemo ?? false;

  const save = async ({ body, code }: AddressDraft) => {
    try {
      await add.mutateAsync({ ...body, ...(await secondFactorFields(passkey, factor, code)) });
      form.resetFields();
      onClose();
    } catch {
      // Invalid address, duplicate, wrong code, no passkey…: the HTTP client or the passkey field has said why; the dialog stays open.
    }
  };

  const handleFinish = (values: FieldValues) => {
    const tag = needsMemo ? (values.tag ?? '').trim() : '';
    const body: AddWithdrawAddressBody = {
      chain: values.chain,
      address: values.address.trim(),
      note: values.note.trim(),
      ...(tag ? { tag } : {}),
    };
    if (needsMemo && tag === '') {
      setPending({ body, code: values.code });
      return;
    }
    void save({ body, code: values.code });
  };

  return (
    <>
      <Modal
        open={open}
        title={t('addresses.addTitle')}
        okText={t('addresses.save')}
        cancelText={t('addresses.cancel')}
        onCancel={onClose}
        onOk={() => form.submit()}
        confirmLoading={add.isPending || passkey.isAsking}
        okButtonProps={buttonTestId('address-save')}
        destroyOnHidden
      >
        <Form<FieldValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={handleFinish}
          data-testid="address-form"
          initialValues={{ chain: networks[0]?.chain }}
        >
          <Form.Item
            name="note"
            label={t('addresses.note')}
            rules={[
              { required: true, whitespace: true, message: t('addresses.errors.noteRequired') },
              {
                max: withdrawalFieldRules.noteMaxChars,
                message: t('addresses.errors.noteTooLong', { max: withdrawalFieldRules.noteMaxChars }),
              },
            ]}
          >
            <Input
              data-testid="address-note"
              showCount
              maxLength={withdrawalFieldRules.noteMaxChars}
              autoComplete="off"
              placeholder={t('addresses.notePlaceholder')}
            />
          </Form.Item>
          <Form.Item name="chain" label={t('addresses.chain')} rules={[{ required: true, message: t('addresses.errors.chainRequired') }]}>
            <Select
              data-testid="address-chain"
              options={networks.map((network) => ({
                value: network.chain,
                label: `${chainLabel(network.chain)} · ${network.coins.join(', ')}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="address" label={t('addresses.address')} rules={addressRules}>
            <Input data-testid="address-address" autoComplete="off" maxLength={withdrawalFieldRules.addressMaxChars} />
          </Form.Item>
          {needsMemo ? <TagField testId="address-tag" /> : null}
          <VerificationFields factor={factor} passkey={passkey} testIdPrefix="address" withFundPassword={false} />
        </Form>
      </Modal>
      <EmptyTagConfirm
        draft={pending}
        text={t('addresses.emptyTagText')}
        continueTestId="address-empty-tag-continue"
        onClose={() => setPending(null)}
        onContinue={(draft) => void save({ ...draft, body: { ...draft.body, confirmEmptyTag: true } })}
      />
    </>
  );
}
