import type { PreWithdraw, WithdrawBody, WithdrawResult } from '@coffer/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatExactAmount, formatFiat } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ConfirmStep } from '../../../shared/ui/confirm-step';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { secondFactorFields, type VerificationValues } from '../../../shared/ui/verification-fields';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useChainLabel } from '../../../shared/i18n/chain-names';
import { VerificationFields } from './verification-fields';
import type { WithdrawDraft } from './withdraw-form';
import styles from './withdraw-confirm.module.css';

/**
 * Step 2: what will leave (address, tag, amount, fee, total; an inner destination settled
 * without a chain fee), the large-withdrawal notice, then the fund password and second factor
 * — unless the address is trusted and past its cooling period. `requestId` stays the same
 * while this submission is retried.
 */
export function WithdrawConfirm({
  prepared,
  draft,
  requestId,
  onBack,
  onDone,
}: {
  prepared: PreWithdraw;
  draft: WithdrawDraft;
  /** Not read: amounts are formatted per asset (shared/format/figures); to be dropped with its callers. */
  displayPrecision?: number;
  requestId: string;
  onBack: () => void;
  onDone: (result: WithdrawResult) => void;
}) {
  const { t } = useTranslation('funds');
  const language = useLanguage();
  const chainLabel = useChainLabel();
  const withdraw = useCreateWithdrawal();
  const passkey = usePasskeyChoice('transfer');
  // The step that confirms the withdrawal: every decimal that moves stays visible.
  const show = (value: string) => `${formatExactAmount(prepared.coin, value, language)} ${prepared.coin}`;

  const handleConfirm = async (values: Partial<VerificationValues>) => {
    const body: WithdrawBody = {
      address: prepared.address,
      amount: prepared.amount,
      requestId,
      ...(prepared.tag ? { tag: prepared.tag } : {}),
      ...(draft.confirmEmptyTag || prepared.needsTagConfirmation ? { confirmEmptyTag: true } : {}),
      ...(prepared.skipsVerification
        ? {}
        : { fundPassword: values.fundPassword ?? '', ...(await secondFactorFields(passkey, prepared.secondFactor, values.code)) }),
    };
    onDone(await withdraw.mutateAsync({ coin: prepared.coin, chain: prepared.chain, body }));
  };

  return (
    <ConfirmStep<Partial<VerificationValues>>
      testId="withdraw-confirm"
      submitTestId="withdraw-submit"
      width="wide"
      rows={[
        { key: 'coin', label: t('withdraw.coinAndChain'), children: `${prepared.coin} · ${chainLabel(prepared.chain)}` },
        {
          key: 'address',
          label: t('withdraw.address'),
          children: <code data-testid="withdraw-confirm-address">{prepared.address}</code>,
        },
        ...(prepared.isInner
          ? [
              {
                key: 'inner',
                label: t('withdraw.innerAccount'),
                children: (
                  <span data-testid="withdraw-confirm-inner">
                    {t('withdraw.innerSettled', { account: prepared.innerAccountMasked ?? '—' })}
                  </span>
                ),
              },
            ]
          : []),
        ...(prepared.tag || prepared.needsTagConfirmation || draft.confirmEmptyTag
          ? [{ key: 'tag', label: t('withdraw.tag'), children: prepared.tag ?? t('withdraw.noTag') }]
          : []),
        { key: 'amount', label: t('withdraw.amount'), children: show(prepared.amount), figure: 'strong' },
        { key: 'fee', label: t('withdraw.fee'), children: show(prepared.fee), figure: 'plain' },
        { key: 'total', label: t('withdraw.totalDebit'), children: show(prepared.totalDebit), figure: 'plain' },
        { key: 'received', label: t('withdraw.received'), children: show(prepared.amount), figure: 'plain' },
        { key: 'value', label: t('withdraw.usdValue'), children: formatFiat(prepared.usdValue, 'USD', language), figure: 'plain' },
      ]}
      notice={
        prepared.needsSecondConfirmation ? (
          <Alert
            type="warning"
            showIcon
            title={t('withdraw.largeTitle')}
            description={t('withdraw.largeText')}
            data-testid="withdraw-large-notice"
          />
        ) : null
      }
      fields={
        prepared.skipsVerification ? (
          <Alert type="success" showIcon className={styles.trusted} title={t('withdraw.trustedSkip')} data-testid="withdraw-trusted-skip" />
        ) : (
          <VerificationFields factor={prepared.secondFactor} passkey={passkey} testIdPrefix="withdraw" />
        )
      }
      backText={t('withdraw.back')}
      submitText={t('withdraw.submit')}
      isPending={withdraw.isPending || passkey.isAsking}
      onBack={onBack}
      onConfirm={handleConfirm}
    />
  );
}
