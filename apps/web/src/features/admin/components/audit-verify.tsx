import type { AuditVerificationView } from '@coffer/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../shared/format/format-amount';
import { useLanguage } from '../../../shared/i18n/use-language';

/** What a verification found: the chain intact over N rows, or the first row that breaks it. */
export function AuditVerifyResult({ result }: { result: AuditVerificationView }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const rows = formatDecimal(String(result.rows), 0, language);
  if (result.ok) {
    return <Alert type="success" showIcon title={t('audit.verifyOk', { rows })} data-testid="audit-verify-result" />;
  }
  return (
    <Alert
      type="error"
      showIcon
      title={t('audit.verifyBroken', { seq: result.firstBadSeq ?? '?' })}
      description={`${result.reason ? t(`audit.breaks.${result.reason}`) : ''} ${t('audit.verifyChecked', { rows })}`.trim()}
      data-testid="audit-verify-result"
    />
  );
}
