import type { CustodyApplicationState } from '@coffer/contract/rules';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const stateColours: Record<CustodyApplicationState, string> = { pending: 'processing', enabled: 'success', rejected: 'error' };

/** A custody application's state, in the shared status colours. */
export function CustodyStateTag({ state }: { state: CustodyApplicationState }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={stateColours[state]} data-testid="custody-state">
      {t(`custody.states.${state}`)}
    </Tag>
  );
}
