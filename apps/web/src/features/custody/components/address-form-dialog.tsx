import { errorCatalogue, type CustodyAccount, type CustodyAddress } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { custodyAddressCalls } from '../api/custody-addresses';
import { custodyNetworksQuery } from '../api/custody-networks';
import { showRefusal, type FieldPath } from './config-refusal';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { DestinationFields, destinationBodyOf, emptyDestination, type DestinationValues } from './destination-fields';

const addressFields = ['asset', 'chain', 'address', 'tag', 'note'] as const;

/** The §8 refusals of an address, at the field they are about (the server names it too). */
const fieldByCode = new Map<number, FieldPath>([
  [errorCatalogue.invalidAddress.code, ['address']],
  [errorCatalogue.burnAddressRefused.code, ['address']],
  [errorCatalogue.addressAlreadySaved.code, ['address']],
  [errorCatalogue.invalidTag.code, ['tag']],
  [errorCatalogue.withdrawalNetworkNotSupported.code, ['chain']],
  [errorCatalogue.coinNotSupported.code, ['asset']],
  [errorCatalogue.custodyNoteTooLong.code, ['note']],
]);

/**
 * Adds a common address to a custody account (spec §3, §5, §9): coin, network, address,
 * tag/memo where the network takes one, a note of at most 150 characters with its counter.
 * The server's refusals (address invalid for the chain, already saved, the limit of 200) stay
 * in the dialog — at their field where they have one; `onRefused` lets the page reload the count.
 */
export function AddressFormDialog({
  account,
  onSaved,
  onRefused,
  onCancel,
}: {
  account: CustodyAccount | null;
  onSaved: (address: CustodyAddress) => void;
  onRefused: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('custodyConfig');
  return (
    <Modal
      open={account !== null}
      title={account ? t('addresses.form.title', { account: account.name }) : ''}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={640}
    >
      {account ? <AddressForm account={account} onSaved={onSaved} onRefused={onRefused} onCancel={onCancel} /> : null}
    </Modal>
  );
}

function AddressForm({
  account,
  onSaved,
  onRefused,
  onCancel,
}: {
  account: CustodyAccount;
  onSaved: (address: CustodyAddress) => void;
  onRefused: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('custodyConfig');
  const [form] = Form.useForm<DestinationValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const networks = useQuery(custodyNetworksQuery);

  const { isPending, submit } = useSingleSubmit(async (values: DestinationValues) => {
    setRefusal(null);
    try {
      onSaved(await custodyAddressCalls.add(account.id, destinationBodyOf(values, networks.data)));
    } catch (error) {
      const message = showRefusal(form, error, { fields: addressFields, byCode: fieldByCode });
      setRefusal(message);
      // A refusal about the account itself (its 200 addresses): the page reloads its count.
      if (message !== null) onRefused();
      throw error;
    }
  });

  return (
    <Form<DestinationValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={emptyDestination}
      onFinish={submit}
      data-testid="address-form"
    >
      <DialogError message={refusal} testId="address-form-error" />
      <DestinationFields name={[]} path={[]} networks={networks.data} testIdPrefix="address" />
      <DialogButtons
        isPending={isPending}
        onCancel={onCancel}
        cancelText={t('common.cancel')}
        submitText={t('addresses.form.add')}
        submitTestId="address-form-submit"
      />
    </Form>
  );
}
