import { errorMessage } from '@coffer/contract/errors';
import type { KycDocumentType, KycLevelState } from '@coffer/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Radio, Result, Select, Skeleton, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { providerCountriesQuery } from '../api/get-provider-countries';
import { useSaveKyc2 } from '../api/save-kyc2';
import { useStartProviderSession } from '../api/start-provider-session';
import { isKyc2BrowserSupported } from './browser-support';
import { FaceQr } from './face-qr';
import { failureText } from './failure-text';
import { useRegionName } from '../../../shared/i18n/region-names';
import styles from './kyc.module.css';

/** The provider's session id, kept while the customer is on the provider's page (it comes back in a new page load). */
export const kyc2SessionKey = 'coffer.kyc2.sessionId';

/** How the provider sent the customer back: `?kyc2=returned` or `?kyc2=error` (none when not coming back). */
export type Kyc2Return = 'returned' | 'error' | null;

export function kyc2ReturnOf(value: string | null): Kyc2Return {
  return value === 'returned' || value === 'error' ? value : null;
}

function readSessionId(): string | null {
  try {
    return sessionStorage.getItem(kyc2SessionKey);
  } catch {
    return null;
  }
}

function writeSessionId(sessionId: string | null): void {
  try {
    if (sessionId === null) sessionStorage.removeItem(kyc2SessionKey);
    else sessionStorage.setItem(kyc2SessionKey, sessionId);
  } catch {
    // Storage refused (private mode): the return then asks to start again.
  }
}

/** The document to show the provider (`get-jumioCountry`) and the button to its hosted page. */
function StartVerification({
  defaultCountry,
  isBrowserSupported,
  openProviderPage,
}: {
  defaultCountry: string;
  isBrowserSupported: boolean;
  openProviderPage: (url: string) => void;
}) {
  const { t } = useTranslation('kyc');
  const language = useLanguage();
  const nameOf = useRegionName();
  const countries = useQuery(providerCountriesQuery);
  const start = useStartProviderSession();
  const [chosenCountry, setChosenCountry] = useState<string | null>(null);
  const [chosenType, setChosenType] = useState<KycDocumentType | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);

  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    return (countries.data ?? [])
      .map((country) => ({ value: country.code, label: nameOf(country.code) }))
      .sort((left, right) => collator.compare(left.label, right.label));
  }, [countries.data, language, nameOf]);

  if (countries.isError && !countries.data) {
    return (
      <Alert
        type="warning"
        showIcon
        title={failureText(countries.error, t('errors.loadFailed')) ?? t('errors.loadFailed')}
        action={<Button onClick={() => void countries.refetch()}>{t('errors.retry')}</Button>}
        data-testid="kyc2-countries-error"
      />
    );
  }
  if (!countries.data) return <Skeleton active paragraph={{ rows: 3 }} />;

  const country =
    chosenCountry ?? (countries.data.some((each) => each.code === defaultCountry) ? defaultCountry : (countries.data[0]?.code ?? ''));
  const documentTypes = countries.data.find((each) => each.code === country)?.documentTypes ?? [];
  const documentType = chosenType && documentTypes.includes(chosenType) ? chosenType : (documentTypes[0] ?? null);
  const startProblem = start.error ? failureText(start.error, t('errors.submitFailed')) : null;

  const handleStart = () => {
    if (!documentType || country === '') return;
    start.mutate(
      { documentCountry: country, documentType },
      {
        onSuccess: (session) => {
          writeSessionId(session.sessionId);
          setIsLeaving(true);
          openProviderPage(session.url);
        },
      },
    );
  };

  return (
    <div className={styles.kyc2Start}>
      <div className={styles.kyc2Fields}>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>{t('kyc2.documentCountry')}</span>
          <Select
            className={styles.countrySelect}
            options={options}
            value={country === '' ? undefined : country}
            onChange={(value: string) => setChosenCountry(value)}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('kyc2.documentCountry')}
            data-testid="kyc2-document-country"
          />
        </label>
        <div className={styles.field}>
          <span className={styles.fieldLabel} id="kyc2-document-type-label">
            {t('kyc2.documentType')}
          </span>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={documentType}
            onChange={(event) => setChosenType(event.target.value as KycDocumentType)}
            aria-labelledby="kyc2-document-type-label"
            data-testid="kyc2-document-type"
          >
            {documentTypes.map((type) => (
              <Radio.Button key={type} value={type}>
                <span data-testid={`kyc2-document-type-${type}`}>{t(`documentTypes.${type}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </div>
      </div>
      <ul className={styles.points}>
        <li>{t('kyc2.pointDocument')}</li>
        <li>{t('kyc2.pointSelfie')}</li>
        <li>{t('kyc2.pointReturn')}</li>
      </ul>
      {!isBrowserSupported ? (
        <Alert type="error" showIcon title={errorMessage('kycBrowserUnsupported', language)} data-testid="kyc2-browser-unsupported" />
      ) : null}
      {startProblem ? <Alert type="error" showIcon title={startProblem} data-testid="kyc2-start-error" /> : null}
      <div className={styles.formActions}>
        <Button
          type="primary"
          onClick={handleStart}
          disabled={!isBrowserSupported || !documentType}
          loading={start.isPending || isLeaving}
          data-testid="kyc2-start"
        >
          {t('kyc2.start')}
        </Button>
        <span className={styles.muted}>{t('kyc2.startHint')}</span>
      </div>
    </div>
  );
}

/**
 * KYC2, advanced verification (spec §4: face and document) on the identity provider's hosted
 * page: the document to show, Chrome or Safari only (spec §8), then the provider's page. Back
 * from it (`?kyc2=returned`) the stored session is submitted and the customer told to wait for
 * the result; `?kyc2=error` asks to try again. While an application is open (`continue`), face
 * recognition can go on on a phone through the QR code.
 */
export function Kyc2Panel({
  state,
  defaultCountry,
  returned,
  userAgent = navigator.userAgent,
  openProviderPage = (url) => window.location.assign(url),
}: {
  state: KycLevelState;
  defaultCountry: string;
  returned: Kyc2Return;
  userAgent?: string;
  openProviderPage?: (url: string) => void;
}) {
  const { t } = useTranslation('kyc');
  const save = useSaveKyc2();
  const [sessionId] = useState(() => (returned === 'returned' ? readSessionId() : null));
  const isSubmitting = useRef(false);
  const isBrowserSupported = isKyc2BrowserSupported(userAgent);

  useEffect(() => {
    if (returned !== 'returned' || sessionId === null || isSubmitting.current) return;
    isSubmitting.current = true;
    save.mutate({ sessionId }, { onSuccess: () => writeSessionId(null) });
  }, [returned, sessionId, save]);

  const start = (
    <StartVerification defaultCountry={defaultCountry} isBrowserSupported={isBrowserSupported} openProviderPage={openProviderPage} />
  );

  if (returned === 'returned' && sessionId !== null && !save.isError) {
    if (!save.isSuccess) {
      return (
        <div className={styles.centred} data-testid="kyc2-returning">
          <Spin /> <span>{t('kyc2.returning')}</span>
        </div>
      );
    }
    return <Result status="info" title={t('kyc2.verifyingTitle')} subTitle={t('kyc2.verifyingText')} data-testid="kyc2-verifying" />;
  }
  if (state === 'verifying') {
    return <Result status="info" title={t('kyc2.verifyingTitle')} subTitle={t('kyc2.verifyingText')} data-testid="kyc2-verifying" />;
  }

  const returnProblem =
    returned === 'error'
      ? t('kyc2.providerError')
      : returned === 'returned'
        ? (failureText(save.error, t('kyc2.returnFailed')) ?? t('kyc2.returnFailed'))
        : null;

  return (
    <div className={styles.panelStack} data-testid="kyc2-panel">
      {returnProblem ? <Alert type="warning" showIcon title={returnProblem} data-testid="kyc2-retry" /> : null}
      {state === 'continue' ? <p className={styles.muted}>{t('kyc2.continueText')}</p> : null}
      {start}
      {state === 'continue' ? <FaceQr /> : null}
    </div>
  );
}
