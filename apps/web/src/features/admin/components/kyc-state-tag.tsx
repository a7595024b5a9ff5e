import type { KycApplicationState } from '@coffer/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const stateColors: Partial<Record<KycApplicationState, string>> = { verifying: 'warning', verified: 'success', failed: 'error' };

/** A KYC application's state as a tag, in words (colour is never the only signal). */
export function KycStateTag({ state }: { state: KycApplicationState }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={stateColors[state]} data-testid={`kyc-state-${state}`}>
      {t(`kyc.states.${state}`)}
    </Tag>
  );
}
