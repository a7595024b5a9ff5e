import { kycLevelStates, type KycLevelState } from '@coffer/contract/rules';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const stateColors: Partial<Record<KycLevelState, string>> = { verifying: 'warning', verified: 'success', failed: 'error' };

function isKycLevelState(state: string): state is KycLevelState {
  return (kycLevelStates as readonly string[]).includes(state);
}

/** A KYC state as a tag, in words (colour is never the only signal). */
export function KycStateTag({ state }: { state: string }) {
  const { t } = useTranslation('admin');
  if (!isKycLevelState(state)) return <Tag>{state}</Tag>;
  return (
    <Tag color={stateColors[state]} data-testid={`kyc-state-${state}`}>
      {t(`kyc.states.${state}`)}
    </Tag>
  );
}
