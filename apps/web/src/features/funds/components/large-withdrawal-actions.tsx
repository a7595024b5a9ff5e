import type { WithdrawalRecord } from '@coffer/contract';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { useConfirmWithdrawal } from '../api/confirm-withdrawal';
import { buttonTestId } from './button-test-id';
import styles from './large-withdrawal-actions.module.css';

/** The second confirmation of a large withdrawal (spec §9): confirm it, or cancel and get the amount back. */
export function LargeWithdrawalActions({
  record,
  onChanged,
  size = 'middle',
}: {
  record: WithdrawalRecord;
  onChanged?: (record: WithdrawalRecord) => void;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation('funds');
  const confirm = useConfirmWithdrawal();
  const cancel = useCancelWithdrawal();
  const isBusy = confirm.isPending || cancel.isPending;

  const run = async (action: typeof confirm | typeof cancel) => {
    try {
      // Not `onChanged?.(await …)`: an optional call skips its arguments, and the records list passes no onChanged.
      const result = await action.mutateAsync(record.serialNumber);
      onChanged?.(result.record);
    } catch {
      // Expired or already handled: the HTTP client has said why; the list shows the state.
    }
  };

  return (
    <span className={styles.actions}>
      <Button
        type="primary"
        size={size}
        loading={confirm.isPending}
        disabled={isBusy}
        onClick={() => void run(confirm)}
        data-testid="withdraw-second-confirm"
      >
        {t('withdraw.secondConfirm')}
      </Button>
      <Popconfirm
        title={t('withdraw.cancelTitle')}
        okText={t('withdraw.cancelYes')}
        cancelText={t('withdraw.cancelNo')}
        okButtonProps={{ danger: true, ...buttonTestId('withdraw-cancel-yes') }}
        onConfirm={() => run(cancel)}
      >
        <Button size={size} danger loading={cancel.isPending} disabled={isBusy} data-testid="withdraw-cancel">
          {t('withdraw.cancelWithdrawal')}
        </Button>
      </Popconfirm>
    </span>
  );
}
