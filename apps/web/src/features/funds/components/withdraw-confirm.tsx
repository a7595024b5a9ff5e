import type { PreWithdraw, WithdrawBody, WithdrawResult } from '@coffer/contract';
import { Alert, Button, Descriptions, Form } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount, formatFiat } from '../../../shared/format/figures';
import { useWalletLanguage } from '../../wallet/components/wallet-locale';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useChainLabel } from './chain-label';
import { codeFields, VerificationFields, type VerificationValues } from './verification-fields';
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
  const language = useWalletLanguage();
  const chainLabel = useChainLabel();
  const withdraw = useCreateWithdrawal();
  const isSubmitting = useRef(false);
  // The step that confirms the withdrawal: every decimal that moves stays visible.
  const show = (value: string) => `${formatExactAmount(prepared.coin, value, language)} ${prepared.coin}`;

  const handleFinish = async (values: Partial<VerificationValues>) => {
    // A second click while the first is on its way sends nothing; the requestId covers retries.
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    const body: WithdrawBody = {
      address: prepared.address,
      amount: prepared.amount,
      requestId,
      ...(prepared.tag ? { tag: prepared.tag } : {}),
      ...(draft.confirmEmptyTag || prepared.needsTagConfirmation ? { confirmEmptyTag: true } : {}),
      ...(prepared.skipsVerification
        ? {}
        : { fundPassword: values.fundPassword ?? '', ...codeFields(prepared.secondFactor, values.code ?? '') }),
    };
    try {
      // Stays "submitting" after success: a click queued behind this one must not send again.
      onDone(await withdraw.mutateAsync({ coin: prepared.coin, chain: prepared.chain, body }));
    } catch {
      // Wrong fund password or code, the lock…: shown as a toast; the user may correct and retry.
      isSubmitting.current = false;
    }
  };

  return (
    <div className={styles.confirm} data-testid="withdraw-confirm">
      <Descriptions
        column={1}
        size="small"
        bordered
        classNames={{ label: styles.label, content: styles.content }}
        items={[
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
          { key: 'amount', label: t('withdraw.amount'), children: <strong className={styles.number}>{show(prepared.amount)}</strong> },
          { key: 'fee', label: t('withdraw.fee'), children: <span className={styles.number}>{show(prepared.fee)}</span> },
          { key: 'total', label: t('withdraw.totalDebit'), children: <span className={styles.number}>{show(prepared.totalDebit)}</span> },
          { key: 'received', label: t('withdraw.received'), children: <span className={styles.number}>{show(prepared.amount)}</span> },
          {
            key: 'value',
            label: t('withdraw.usdValue'),
            children: <span className={styles.number}>{formatFiat(prepared.usdValue, 'USD', language)}</span>,
          },
        ]}
      />

      {prepared.needsSecondConfirmation ? (
        <Alert
          type="warning"
          showIcon
          title={t('withdraw.largeTitle')}
          description={t('withdraw.largeText')}
          data-testid="withdraw-large-notice"
        />
      ) : null}

      <Form<Partial<VerificationValues>> layout="vertical" requiredMark={false} onFinish={(values) => void handleFinish(values)}>
        {prepared.skipsVerification ? (
          <Alert type="success" showIcon className={styles.trusted} title={t('withdraw.trustedSkip')} data-testid="withdraw-trusted-skip" />
        ) : (
          <VerificationFields factor={prepared.secondFactor} testIdPrefix="withdraw" />
        )}
        <div className={styles.buttons}>
          <Button onClick={onBack} disabled={withdraw.isPending}>
            {t('withdraw.back')}
          </Button>
          <Button type="primary" htmlType="submit" loading={withdraw.isPending} data-testid="withdraw-submit">
            {t('withdraw.submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
