import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../shared/ui/page-frame';
import { SanctionsHolds } from '../components/sanctions-holds';
import { SanctionsManual } from '../components/sanctions-manual';
import { SanctionsVersions } from '../components/sanctions-versions';

/** Sanctions screening: the holds waiting for compliance, the manual block list and the OFAC list versions. */
export function SanctionsPage() {
  const { t } = useTranslation('admin');
  return (
    <PageFrame title={t('sanctions.title')} testId="admin-sanctions-page">
      <SanctionsHolds />
      <SanctionsManual />
      <SanctionsVersions />
    </PageFrame>
  );
}
