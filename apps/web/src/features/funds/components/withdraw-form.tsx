import type { DwOption, PreWithdraw, WithdrawLimit } from '@coffer/contract';
import { messageForCode } from '@coffer/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeAmountInput } from '../../../shared/format/amount-input';
import { formatAmount, formatExactAmount, formatFiat } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { canWithdrawCoinQuery } from '../api/get-can-withdraw-coin';
import { withdrawLimitQuery } from '../api/get-withdraw-limit';
import { usePreWithdraw } from '../api/pre-withdraw';
import { AddressBookPicker } from './address-book-picker';
import { CoinChainSelect } from '../../../shared/ui/coin-chain-select';
import { EmptyTagConfirm } from './empty-tag-confirm';
import { feeOf, maxAmountOf, totalDebitOf, withdrawAmountProblem, type WithdrawAmountProblem } from './withdraw-amount';
import { TagField, useAddressRules } from './withdrawal-fields';
import { withdrawalFieldRules } from './withdrawal-rules';
import styles from './withdraw-form.module.css';

export type WithdrawMode = 'ordinary' | 'internal';

export interface WithdrawDraft {
  coin: string;
  chain: string;
  address: string;
  tag: string;
  amount: string;
  /** The customer confirmed sending to a tag-taking network without a tag (spec §5). */
  confirmEmptyTag: boolean;
}

interface FieldValues {
  address: string;
  tag?: string;
  amount: string;
}

/**
 * Step 1 of a withdrawal: coin and network, address (or one from the address book), XRP tag,
 * amount with "all"; available, fee, what arrives, minimum and the 24-hour limit left. The
 * rules of spec §5 are checked here; the server's pre-check leads to the confirmation.
 */
export function WithdrawForm({
  mode,
  options,
  initial,
  isBlocked,
  onBlocked,
  onPrepared,
}: {
  mode: WithdrawMode;
  options: DwOption[];
  initial: WithdrawDraft;
  /** Forbidden, locked or intercepted: "Next" opens the interception dialog instead. */
  isBlocked: boolean;
  onBlocked: () => void;
  onPrepared: (prepared: PreWithdraw, draft: WithdrawDraft) => void;
}) {
  const { t } = useTranslation('funds');
  const language = useLanguage();
  const addressRules = useAddressRules();
  const [form] = Form.useForm<FieldValues>();
  const [selection, setSelection] = useState({ coin: initial.coin, chain: initial.chain });
  const [emptyTagDraft, setEmptyTagDraft] = useState<WithdrawDraft | null>(null);
  const preWithdraw = usePreWithdraw();
  const limit = useQuery(withdrawLimitQuery(selection.coin, selection.chain));
  const coinState = useQuery(canWithdrawCoinQuery(selection.coin, selection.chain));
  const isInternal = mode === 'internal';
  const amount = Form.useWatch('amount', form) ?? initial.amount;

  const chainOption = options.find((option) => option.coin === selection.coin)?.chains.find((chain) => chain.chain === selection.chain);
  const needsMemo = limit.data?.needsMemo ?? chainOption?.needsMemo ?? false;
  const isSuspended = coinState.data ? !coinState.data.canWithdraw : false;

  // Terms of the withdrawal being prepared (minimum, fee, what arrives) in full; balances and limits as amounts.
  const show = (value: string, data: WithdrawLimit) => `${formatExactAmount(data.coin, value, language)} ${data.coin}`;
  const held = (value: string, data: WithdrawLimit) => `${formatAmount(data.coin, value, language)} ${data.coin}`;

  const amountMessage = (problem: WithdrawAmountProblem, data: WithdrawLimit) => {
    switch (problem) {
      case 'required':
        return t('withdraw.errors.amountRequired');
      case 'notNumber':
        return t('withdraw.errors.notNumber');
      case 'notPositive':
        return t('withdraw.errors.notPositive');
      case 'tooManyDecimals':
        return t('withdraw.errors.tooManyDecimals', { coin: data.coin, decimals: data.scale });
      case 'belowMinimum':
        return t('withdraw.errors.belowMinimum', { amount: show(data.minWithdrawal, data) });
      case 'overAvailable':
        return t('withdraw.errors.overAvailable');
      case 'overDailyLimit':
        return t('withdraw.errors.overDailyLimit', { amount: held(data.dailyRemainingCoin, data) });
    }
  };

  const handleSelection = (next: { coin: string; chain: string }) => {
    setSelection(next);
    form.setFieldsValue({ tag: '' });
    if (form.getFieldValue('amount')) void form.validateFields(['amount']).catch(() => undefined);
  };

  const submit = async (draft: WithdrawDraft) => {
    try {
      const prepared = await preWithdraw.mutateAsync({
        coin: draft.coin,
        chain: draft.chain,
        address: draft.address,
        amount: draft.amount,
        ...(draft.tag ? { tag: draft.tag } : {}),
      });
      if (isInternal && !prepared.isInner) {
        form.setFields([{ name: 'address', errors: [t('withdraw.errors.notInner')] }]);
        return;
      }
      onPrepared(prepared, draft);
    } catch {
      // Invalid address, insufficient balance, the lock…: the HTTP client has shown why.
    }
  };

  const handleFinish = (values: FieldValues) => {
    if (isBlocked) {
      onBlocked();
      return;
    }
    const draft: WithdrawDraft = {
      coin: selection.coin,
      chain: selection.chain,
      address: values.address.trim(),
      tag: needsMemo ? (values.tag ?? '').trim() : '',
      amount: values.amount.trim(),
      confirmEmptyTag: false,
    };
    if (needsMemo && draft.tag === '') {
      setEmptyTagDraft(draft);
      return;
    }
    void submit(draft);
  };

  const data = limit.data;
  let facts = null;
  if (limit.isError && !data) {
    facts = <QueryErrorState namespace="wallet" error={limit.error} onRetry={() => void limit.refetch()} compact />;
  } else if (!data) {
    facts = selection.coin && selection.chain ? <Skeleton active title={false} paragraph={{ rows: 4 }} /> : null;
  } else {
    const problem = amount ? withdrawAmountProblem(amount, data, isInternal) : 'required';
    const hasAmount = problem === null || problem === 'belowMinimum' || problem === 'overAvailable' || problem === 'overDailyLimit';
    facts = (
      <Descriptions
        column={2}
        size="small"
        bordered
        className={styles.facts}
        classNames={{ label: styles.factLabel, content: styles.factValue }}
        items={[
          {
            key: 'available',
            label: t('withdraw.available'),
            children: <span data-testid="withdraw-available">{held(data.available, data)}</span>,
          },
          {
            key: 'fee',
            label: t('withdraw.fee'),
            children: <span data-testid="withdraw-fee">{isInternal ? t('withdraw.noFee') : show(feeOf(data, false), data)}</span>,
          },
          {
            key: 'minimum',
            label: t('withdraw.minimum'),
            children: <span data-testid="withdraw-minimum">{show(data.minWithdrawal, data)}</span>,
          },
          {
            key: 'received',
            label: t('withdraw.received'),
            children: <span data-testid="withdraw-received">{hasAmount ? show(amount, data) : '—'}</span>,
          },
          {
            key: 'daily',
            label: t('withdraw.dailyLeft'),
            children: (
              <span data-testid="withdraw-daily-left">
                {t('withdraw.dailyLeftValue', {
                  left: formatFiat(data.dailyRemainingUsd, 'USD', language),
                  limit: formatFiat(data.dailyLimitUsd, 'USD', language),
                })}
              </span>
            ),
          },
          {
            key: 'total',
            label: t('withdraw.totalDebit'),
            children: <span data-testid="withdraw-total">{hasAmount ? show(totalDebitOf(amount, data, isInternal), data) : '—'}</span>,
          },
        ]}
      />
    );
  }

  return (
    <div className={styles.wrap}>
      <CoinChainSelect
        options={options}
        coin={selection.coin}
        chain={selection.chain}
        direction="withdraw"
        onChange={handleSelection}
        idPrefix="withdraw"
      />
      {isSuspended && coinState.data?.reasonCode ? (
        <Alert type="warning" showIcon title={messageForCode(coinState.data.reasonCode, language) ?? t('withdraw.suspended')} />
      ) : null}
      {isInternal ? <Alert type="info" showIcon title={t('withdraw.internalIntro')} /> : null}
      <Form<FieldValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ address: initial.address, tag: initial.tag, amount: initial.amount }}
        onFinish={handleFinish}
        className={styles.form}
        data-testid="withdraw-form"
      >
        <Form.Item label={isInternal ? t('withdraw.innerAddress') : t('withdraw.address')} required className={styles.addressItem}>
          <div className={styles.addressRow}>
            <Form.Item name="address" noStyle rules={addressRules}>
              <Input
                data-testid="withdraw-address"
                aria-label={isInternal ? t('withdraw.innerAddress') : t('withdraw.address')}
                autoComplete="off"
                maxLength={withdrawalFieldRules.addressMaxChars}
                placeholder={t('withdraw.addressPlaceholder')}
              />
            </Form.Item>
            <AddressBookPicker
              chain={selection.chain}
              onPick={(entry) => {
                form.setFieldsValue({ address: entry.address, tag: entry.tag ?? '' });
                void form.validateFields(['address']).catch(() => undefined);
              }}
            />
          </div>
        </Form.Item>

        {needsMemo ? <TagField testId="withdraw-tag" placeholder={t('withdraw.tagPlaceholder')} /> : null}

        <Form.Item
          name="amount"
          label={t('withdraw.amount')}
          normalize={(value: string) => normalizeAmountInput(value ?? '')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                // Without the limits (still loading) only emptiness can be judged; "Next" waits for them.
                if (!data) {
                  if (!(value ?? '').trim()) throw new Error(t('withdraw.errors.amountRequired'));
                  return;
                }
                const problem = withdrawAmountProblem(value ?? '', data, isInternal);
                if (problem) throw new Error(amountMessage(problem, data));
              },
            },
          ]}
        >
          <Input
            data-testid="withdraw-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={data ? t('withdraw.amountPlaceholder', { amount: show(data.minWithdrawal, data) }) : undefined}
            suffix={
              <span className={styles.amountSuffix}>
                <span className={styles.suffixCoin}>{selection.coin}</span>
                <Button
                  type="link"
                  size="small"
                  className={styles.all}
                  disabled={!data}
                  onClick={() => {
                    if (!data) return;
                    form.setFieldValue('amount', maxAmountOf(data, isInternal));
                    void form.validateFields(['amount']).catch(() => undefined);
                  }}
                  data-testid="withdraw-all"
                >
                  {t('withdraw.all')}
                </Button>
              </span>
            }
          />
        </Form.Item>

        {facts}

        <Button
          type="primary"
          htmlType="submit"
          block
          className={styles.next}
          loading={preWithdraw.isPending}
          disabled={!chainOption || isSuspended || !data}
          data-testid="withdraw-next"
        >
          {t('withdraw.next')}
        </Button>
      </Form>

      <EmptyTagConfirm
        draft={emptyTagDraft}
        text={t('withdraw.emptyTagText')}
        continueTestId="withdraw-empty-tag-continue"
        textTestId="withdraw-empty-tag"
        onClose={() => setEmptyTagDraft(null)}
        onContinue={(draft) => void submit({ ...draft, confirmEmptyTag: true })}
      />
    </div>
  );
}
