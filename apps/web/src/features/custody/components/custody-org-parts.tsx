import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/http-client';
import { errorText } from '../../../shared/http/error-text';
import { isRetryable } from '../../../shared/http/retryable';

/**
 * Where a quiet call's refusal belongs: `field` when `fieldOf` names one for its code (or the
 * envelope names a field of the form), else the dialog. Anything but an envelope is rethrown.
 */
export function refusalOf<Field extends string>(
  error: unknown,
  fieldOf: (code: number | null) => Field | null,
  fields: readonly Field[],
): { field: Field | null; message: string } {
  if (!(error instanceof ApiError)) throw error;
  const named = fields.find((field) => field === error.field) ?? null;
  return { field: fieldOf(error.code) ?? named, message: errorText(error) ?? '' };
}

/** A list could not be loaded: the envelope message in the user's language, with a retry where it can help. */
export function CustodyOrgLoadError({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId: string }) {
  const { t } = useTranslation('custodyOrg');
  const message = errorText(error, t('common.loadFailed')) ?? undefined;
  if (!isRetryable(error)) {
    return <Result status="info" title={message} data-testid={testId} />;
  }
  return (
    <Result
      status="warning"
      title={t('common.loadFailedTitle')}
      subTitle={message}
      data-testid={testId}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
