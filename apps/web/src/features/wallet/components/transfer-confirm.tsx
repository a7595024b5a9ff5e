import type { TransferBody, TransferRecord } from '@coffer/contract';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ConfirmStep } from '../../../shared/ui/confirm-step';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { secondFactorFields, VerificationFields, type VerificationValues } from '../../../shared/ui/verification-fields';
import { useCreateTransfer } from '../api/create-transfer';
import type { PreTransfer } from '../api/pre-transfer';
import { sendTransferCode } from '../api/send-transfer-code';
import type { TransferDraft } from './transfer-form';

/**
 * Step 2: what will move (fee 0, receiver masked), then the fund password and the second
 * factor the server asked for. `requestId` stays the same while this submission is retried.
 */
export function TransferConfirm({
  prepared,
  draft,
  requestId,
  onBack,
  onDone,
}: {
  prepared: PreTransfer;
  draft: TransferDraft;
  requestId: string;
  onBack: () => void;
  onDone: (record: TransferRecord) => void;
}) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const transfer = useCreateTransfer();
  const passkey = usePasskeyChoice('transfer');
  // The step that confirms the move: every decimal that moves stays visible.
  const amount = (value: string) => `${formatExactAmount(prepared.coin, value, language)} ${prepared.coin}`;

  const handleConfirm = async (values: VerificationValues) => {
    const body: TransferBody = {
      amount: prepared.amount,
      fundPassword: values.fundPassword,
      requestId,
      ...(await secondFactorFields(passkey, prepared.secondFactor, values.code)),
      ...(draft.note ? { note: draft.note } : {}),
    };
    onDone(await transfer.mutateAsync({ coin: prepared.coin, receiver: draft.receiver, body }));
  };

  return (
    <ConfirmStep<VerificationValues>
      testId="transfer-confirm"
      submitTestId="transfer-submit"
      width="narrow"
      rows={[
        { key: 'coin', label: t('transfer.coin'), children: prepared.coin },
        {
          key: 'receiver',
          label: t('transfer.receiver'),
          children: <span data-testid="transfer-receiver-masked">{prepared.receiverMasked}</span>,
        },
        { key: 'amount', label: t('transfer.amount'), children: amount(prepared.amount), figure: 'strong' },
        { key: 'fee', label: t('transfer.fee'), children: amount(prepared.fee), figure: 'plain' },
        { key: 'arrives', label: t('transfer.receiverGets'), children: amount(prepared.amount), figure: 'plain' },
        ...(draft.note ? [{ key: 'note', label: t('transfer.note'), children: draft.note }] : []),
      ]}
      fields={
        <VerificationFields
          factor={prepared.secondFactor}
          passkey={passkey}
          testIdPrefix="transfer"
          onSendCode={sendTransferCode}
          texts={{
            fundPassword: t('transfer.fundPassword'),
            fundPasswordRequired: t('transfer.errors.fundPasswordRequired'),
            gaCode: t('transfer.gaCode'),
            smsCode: t('transfer.smsCode'),
            emailCode: t('transfer.emailCode'),
            codeRequired: t('transfer.errors.codeRequired'),
            codePlaceholder: t('transfer.codePlaceholder'),
            sixDigits: t('transfer.errors.sixDigits'),
          }}
        />
      }
      backText={t('transfer.back')}
      submitText={t('transfer.submit')}
      isPending={transfer.isPending || passkey.isAsking}
      onBack={onBack}
      onConfirm={handleConfirm}
    />
  );
}
