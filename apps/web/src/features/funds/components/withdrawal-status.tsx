import type { WithdrawalStatus as Status } from '@coffer/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const look: Record<Status, { color: string; mark: string }> = {
  awaitingConfirmation: { color: 'warning', mark: '!' },
  processing: { color: 'processing', mark: '◔' },
  confirming: { color: 'processing', mark: '◑' },
  completed: { color: 'success', mark: '✓' },
  failed: { color: 'error', mark: '✕' },
  cancelled: { color: 'default', mark: '–' },
};

/** A withdrawal's state in the shared status colours, with a mark so colour is not alone. */
export function WithdrawalStatus({ status }: { status: Status }) {
  const { t } = useTranslation('funds');
  return (
    <Tag color={look[status].color} data-testid="withdrawal-status">
      <span aria-hidden="true">{look[status].mark} </span>
      {t(`withdrawalStatus.${status}`)}
    </Tag>
  );
}
