import type { TransferBody, TransferRecord } from '@coffer/contract';
import { Button, Descriptions, Form, Input } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/format/figures';
import { SendCodeButton } from '../../identity/components/send-code-button';
import { useCreateTransfer } from '../api/create-transfer';
import type { PreTransfer } from '../api/pre-transfer';
import { sendTransferCode } from '../api/send-transfer-code';
import type { TransferDraft } from './transfer-form';
import { useWalletLanguage } from './wallet-locale';
import styles from './transfer-confirm.module.css';

interface Verification {
  fundPassword: string;
  code: string;
}

const sixDigits = /^\d{6}$/;

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
  const language = useWalletLanguage();
  const transfer = useCreateTransfer();
  const isSubmitting = useRef(false);
  // The step that confirms the move: every decimal that moves stays visible.
  const amount = (value: string) => `${formatExactAmount(prepared.coin, value, language)} ${prepared.coin}`;
  const factor = prepared.secondFactor;

  const handleFinish = async (values: Verification) => {
    // A second click while the first is on its way sends nothing; the requestId covers retries.
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    const body: TransferBody = {
      amount: prepared.amount,
      fundPassword: values.fundPassword,
      requestId,
      ...(factor === 'ga' ? { gaCode: values.code } : factor === 'sms' ? { smsCode: values.code } : { emailCode: values.code }),
      ...(draft.note ? { note: draft.note } : {}),
    };
    try {
      // Stays "submitting" after success: a click queued behind this one must not send again.
      onDone(await transfer.mutateAsync({ coin: prepared.coin, receiver: draft.receiver, body }));
    } catch {
      // Wrong fund password or code, the lock…: shown as a toast; the user may correct and retry.
      isSubmitting.current = false;
    }
  };

  const codeLabel = factor === 'ga' ? t('transfer.gaCode') : factor === 'sms' ? t('transfer.smsCode') : t('transfer.emailCode');

  return (
    <div className={styles.confirm} data-testid="transfer-confirm">
      <Descriptions
        column={1}
        size="small"
        bordered
        className={styles.summary}
        classNames={{ label: styles.label, content: styles.content }}
        items={[
          { key: 'coin', label: t('transfer.coin'), children: prepared.coin },
          {
            key: 'receiver',
            label: t('transfer.receiver'),
            children: <span data-testid="transfer-receiver-masked">{prepared.receiverMasked}</span>,
          },
          { key: 'amount', label: t('transfer.amount'), children: <strong className={styles.number}>{amount(prepared.amount)}</strong> },
          { key: 'fee', label: t('transfer.fee'), children: <span className={styles.number}>{amount(prepared.fee)}</span> },
          { key: 'arrives', label: t('transfer.receiverGets'), children: <span className={styles.number}>{amount(prepared.amount)}</span> },
          ...(draft.note ? [{ key: 'note', label: t('transfer.note'), children: draft.note }] : []),
        ]}
      />

      <Form<Verification> layout="vertical" requiredMark={false} onFinish={(values) => void handleFinish(values)} className={styles.form}>
        <Form.Item
          name="fundPassword"
          label={t('transfer.fundPassword')}
          rules={[
            { required: true, message: t('transfer.errors.fundPasswordRequired') },
            { pattern: sixDigits, message: t('transfer.errors.sixDigits') },
          ]}
        >
          <Input.Password data-testid="transfer-fund-password" maxLength={6} inputMode="numeric" autoComplete="off" />
        </Form.Item>

        <Form.Item label={codeLabel} required className={styles.codeItem}>
          <div className={styles.codeRow}>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, message: t('transfer.errors.codeRequired') },
                { pattern: sixDigits, message: t('transfer.errors.sixDigits') },
              ]}
            >
              <Input
                data-testid={factor === 'ga' ? 'transfer-ga-code' : 'transfer-code'}
                aria-label={codeLabel}
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder={t('transfer.codePlaceholder')}
              />
            </Form.Item>
            {factor === 'ga' ? null : <SendCodeButton onSend={sendTransferCode} testId="transfer-send-code" />}
          </div>
        </Form.Item>

        <div className={styles.buttons}>
          <Button onClick={onBack} disabled={transfer.isPending}>
            {t('transfer.back')}
          </Button>
          <Button type="primary" htmlType="submit" loading={transfer.isPending} data-testid="transfer-submit">
            {t('transfer.submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
