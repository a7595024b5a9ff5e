import type { AssetRow, Currency } from '@coffer/contract';
import { errorCatalogue } from '@coffer/contract/errors';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountProblem, normalizeAmountInput, type AmountProblem } from '../../../shared/format/amount-input';
import { formatAmount } from '../../../shared/format/figures';
import { ApiError } from '../../../shared/http/http-client';
import { useLanguage } from '../../../shared/i18n/use-language';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { transferRecipientQuery } from '../api/find-transfer-recipient';
import { usePreTransfer, type PreTransfer } from '../api/pre-transfer';
import styles from './transfer-form.module.css';

export interface TransferDraft {
  coin: string;
  receiver: string;
  amount: string;
  note: string;
}

type ReceiverCheck =
  | { address: string; state: 'checking' }
  | { address: string; state: 'inner'; masked: string }
  | { address: string; state: 'unknown' }
  /** The customer's receiver lookups are used up for now; the server's pre-check still decides. */
  | { address: string; state: 'limited' }
  | { address: string; state: 'failed' };

const receiverPattern = /^\S.{1,62}\S$/;

/**
 * Step 1 of an internal transfer: coin, receiver (checked on leaving the field, once per
 * receiver: lookups are limited), amount with "all" and the available balance; the server's
 * pre-check leads to the confirmation.
 */
export function TransferForm({
  currencies,
  assets,
  initial,
  isBlocked,
  onPrepared,
}: {
  currencies: Currency[];
  assets: AssetRow[] | undefined;
  initial: TransferDraft;
  /** The 24-hour lock or a missing fund password: the form explains why elsewhere. */
  isBlocked: boolean;
  onPrepared: (prepared: PreTransfer, draft: TransferDraft) => void;
}) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TransferDraft>();
  const preTransfer = usePreTransfer();
  const [receiverCheck, setReceiverCheck] = useState<ReceiverCheck | null>(null);

  const coin = Form.useWatch('coin', form) ?? initial.coin;
  const currency = currencies.find((candidate) => candidate.coin === coin);
  const row = assets?.find((candidate) => candidate.coin === coin);
  const available = row?.available;

  const checkReceiver = async (raw: string): Promise<ReceiverCheck | null> => {
    const address = raw.trim();
    if (!receiverPattern.test(address)) {
      setReceiverCheck(null);
      return null;
    }
    if (receiverCheck && receiverCheck.address === address && receiverCheck.state !== 'checking') return receiverCheck;
    setReceiverCheck({ address, state: 'checking' });
    let result: ReceiverCheck;
    try {
      const answer = await queryClient.fetchQuery(transferRecipientQuery(address));
      result = answer.isCustomer ? { address, state: 'inner', masked: answer.receiverMasked ?? address } : { address, state: 'unknown' };
    } catch (error) {
      // The HTTP client has said why; the server's pre-check decides on "Next".
      const isLimited = error instanceof ApiError && error.code === errorCatalogue.tooManyRequests.code;
      result = { address, state: isLimited ? 'limited' : 'failed' };
    }
    setReceiverCheck((current) => (current?.address === address ? result : current));
    return result;
  };

  const amountMessage = (problem: AmountProblem) =>
    problem === 'tooManyDecimals'
      ? t('transfer.errors.tooManyDecimals', { coin, decimals: currency?.scale ?? 0 })
      : problem === 'overAvailable'
        ? t('transfer.errors.overAvailable')
        : problem === 'notPositive'
          ? t('transfer.errors.notPositive')
          : problem === 'notNumber'
            ? t('transfer.errors.notNumber')
            : t('transfer.errors.amountRequired');

  const handleFinish = async (values: TransferDraft) => {
    const receiver = values.receiver.trim();
    const check = await checkReceiver(receiver);
    if (check?.state === 'unknown') {
      void form.validateFields(['receiver']);
      return;
    }
    const draft = { ...values, receiver, note: values.note?.trim() ?? '' };
    try {
      const prepared = await preTransfer.mutateAsync({ coin: draft.coin, amount: draft.amount, receiver });
      onPrepared(prepared, draft);
    } catch {
      // Insufficient balance, self-transfer, the lock…: the HTTP client has shown the reason.
    }
  };

  const receiverHelp =
    receiverCheck?.state === 'checking'
      ? t('transfer.receiverChecking')
      : receiverCheck?.state === 'inner'
        ? t('transfer.receiverFound', { account: receiverCheck.masked })
        : receiverCheck?.state === 'limited'
          ? t('transfer.receiverLimited')
          : t('transfer.receiverHint');

  return (
    <Form<TransferDraft>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void handleFinish(values)}
      requiredMark={false}
      className={styles.form}
      data-testid="transfer-form"
    >
      <Form.Item name="coin" label={t('transfer.coin')} rules={[{ required: true, message: t('transfer.errors.coinRequired') }]}>
        <Select
          data-testid="transfer-coin"
          showSearch
          optionFilterProp="title"
          onChange={() => {
            if (form.getFieldValue('amount')) void form.validateFields(['amount']);
          }}
          options={currencies.map((item) => ({
            value: item.coin,
            title: `${item.coin} ${item.name}`,
            label: <CoinBadge coin={item.coin} icon={item.icon} name={item.name} size="small" />,
          }))}
          className={styles.coinSelect}
        />
      </Form.Item>

      <Form.Item
        name="receiver"
        label={t('transfer.receiver')}
        extra={<span data-testid="transfer-receiver-status">{receiverHelp}</span>}
        validateStatus={receiverCheck?.state === 'checking' ? 'validating' : receiverCheck?.state === 'inner' ? 'success' : undefined}
        validateTrigger={['onBlur', 'onSubmit']}
        rules={[
          { required: true, whitespace: true, message: t('transfer.errors.receiverRequired') },
          {
            validator: async (_rule, value: string | undefined) => {
              const address = (value ?? '').trim();
              if (address === '') return;
              if (!receiverPattern.test(address)) throw new Error(t('transfer.errors.receiverFormat'));
              const check = await checkReceiver(address);
              if (check?.state === 'unknown') throw new Error(t('transfer.errors.receiverUnknown'));
            },
          },
        ]}
      >
        <Input data-testid="transfer-receiver" autoComplete="off" maxLength={64} placeholder={t('transfer.receiverPlaceholder')} />
      </Form.Item>

      <Form.Item
        name="amount"
        label={t('transfer.amount')}
        normalize={(value: string) => normalizeAmountInput(value ?? '')}
        extra={
          <span className={styles.available} data-testid="transfer-available">
            {t('transfer.available')}{' '}
            <strong>{available !== undefined && currency ? `${formatAmount(coin, available, language)} ${coin}` : '—'}</strong>
          </span>
        }
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = amountProblem(value ?? '', currency?.scale ?? 0, available);
              if (problem) throw new Error(amountMessage(problem));
            },
          },
        ]}
      >
        <Input
          data-testid="transfer-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('transfer.amountPlaceholder')}
          suffix={
            <span className={styles.amountSuffix}>
              <span className={styles.suffixCoin}>{coin}</span>
              <Button
                type="link"
                size="small"
                className={styles.all}
                disabled={available === undefined}
                onClick={() => {
                  form.setFieldValue('amount', available);
                  void form.validateFields(['amount']);
                }}
                data-testid="transfer-all"
              >
                {t('transfer.all')}
              </Button>
            </span>
          }
        />
      </Form.Item>

      <Form.Item name="note" label={t('transfer.note')} rules={[{ max: 50, message: t('transfer.errors.noteTooLong') }]}>
        <Input maxLength={50} showCount placeholder={t('transfer.notePlaceholder')} autoComplete="off" />
      </Form.Item>

      <p className={styles.fee}>{t('transfer.feeNote')}</p>

      <Button type="primary" htmlType="submit" block loading={preTransfer.isPending} disabled={isBlocked} data-testid="transfer-next">
        {t('transfer.next')}
      </Button>
    </Form>
  );
}
