import type { KycLevelInfo } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../shared/ui/page-frame';
import layout from '../../../shared/ui/form-page-layout.module.css';
import { kycCountriesQuery } from '../api/get-kyc-countries';
import { kycLevelQuery } from '../api/get-kyc-level';
import { AllowancePanel } from '../components/allowance-panel';
import { CountryStep, isAcceptedCountry } from '../components/country-step';
import { failureText } from '../components/failure-text';
import { kycToday } from '../components/kyc-day';
import { Kyc1Form } from '../components/kyc1-form';
import { Kyc2Panel, kyc2ReturnOf } from '../components/kyc2-panel';
import { Kyc3Form } from '../components/kyc3-form';
import { LevelCards, levelNames, nextOpenLevel, statusOf, type StepLevel } from '../components/level-cards';
import styles from '../components/kyc.module.css';

/** The country chosen first, kept for the tab's session: the customer leaves for the provider's page and comes back. */
const countryKey = 'coffer.kyc.country';

function readCountry(): string {
  try {
    return sessionStorage.getItem(countryKey) ?? '';
  } catch {
    return '';
  }
}

function storeCountry(code: string): void {
  try {
    sessionStorage.setItem(countryKey, code);
  } catch {
    // Not kept across the provider's page; the customer picks it again.
  }
}

/** What the open level shows once it is submitted or in review instead of its form. */
function LevelDone({ level, info }: { level: StepLevel; info: KycLevelInfo }) {
  const { t } = useTranslation('kyc');
  const { state } = statusOf(info, level);
  if (state === 'verified') return <Result status="success" title={t('panel.verified')} data-testid={`kyc${level}-verified`} />;
  return (
    <Result
      status="success"
      title={t(level === 3 ? 'kyc3.submittedTitle' : 'panel.submittedTitle')}
      subTitle={t(level === 3 ? 'kyc3.submittedText' : 'panel.submittedText')}
      data-testid={`kyc${level}-submitted`}
    />
  );
}

/**
 * Identity verification (spec §2 "identification"): the country first, the three levels of
 * spec §4 with their states, what the current and the next level allow, and the open level's
 * form — KYC1 basic information and proof of address, KYC2 on the identity provider's page
 * (also where the provider sends the customer back, `?kyc2=`), KYC3 questions and video.
 */
export function IdentificationPage() {
  const { t } = useTranslation('kyc');
  const level = useQuery(kycLevelQuery);
  const countries = useQuery(kycCountriesQuery);
  const [params, setParams] = useSearchParams();
  const [kyc2Return] = useState(() => kyc2ReturnOf(params.get('kyc2')));
  const [country, setCountry] = useState(readCountry);
  const [openLevel, setOpenLevel] = useState<StepLevel | null>(kyc2Return ? 2 : null);
  const [submitted, setSubmitted] = useState<StepLevel | null>(null);
  const today = kycToday();

  // The return marker is read once; a reload must not submit the provider's session again.
  useEffect(() => {
    if (!params.has('kyc2')) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('kyc2');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);

  const handleCountry = (code: string) => {
    setCountry(code);
    storeCountry(code);
  };

  const handleSubmitted = (step: StepLevel) => () => {
    setOpenLevel(step);
    setSubmitted(step);
  };

  let body: ReactNode;
  let aside: ReactNode = <Skeleton active paragraph={{ rows: 6 }} />;
  const failed = (level.isError && !level.data) || (countries.isError && !countries.data);
  if (failed) {
    body = (
      <Card>
        <Result
          status="warning"
          title={t('errors.loadFailedTitle')}
          subTitle={failureText(level.error ?? countries.error, t('errors.loadFailed')) ?? t('errors.loadFailed')}
          extra={
            <Button
              type="primary"
              onClick={() => {
                void level.refetch();
                void countries.refetch();
              }}
              data-testid="kyc-retry"
            >
              {t('errors.retry')}
            </Button>
          }
          data-testid="kyc-load-error"
        />
      </Card>
    );
  } else if (!level.data || !countries.data) {
    body = (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 2 }} />
        <div className={styles.levelsSkeleton}>
          {[1, 2, 3].map((each) => (
            <Skeleton.Node key={each} active className={styles.levelSkeleton} />
          ))}
        </div>
      </Card>
    );
  } else {
    const info = level.data;
    const isCountryChosen = isAcceptedCountry(countries.data, country);
    const isComplete = info.level === 3;
    const shown = openLevel ?? (isCountryChosen ? nextOpenLevel(info) : null);
    const canShowPanel = shown !== null && (isCountryChosen || (shown === 2 && kyc2Return !== null));
    aside = <AllowancePanel info={info} />;

    let panel: ReactNode = null;
    if (shown !== null && canShowPanel) {
      const { state } = statusOf(info, shown);
      const isDone = submitted === shown || (shown !== 2 && (state === 'verifying' || state === 'verified'));
      panel = (
        <Card
          title={<h2 className={styles.panelTitle}>{t(`levels.${levelNames[shown]}.title`)}</h2>}
          className={styles.panel}
          data-testid={`kyc-panel-${shown}`}
        >
          {isDone ? (
            <LevelDone level={shown} info={info} />
          ) : shown === 1 ? (
            <Kyc1Form countries={countries.data} defaultCountry={country} today={today} onSubmitted={handleSubmitted(1)} />
          ) : shown === 2 ? (
            <Kyc2Panel state={state} defaultCountry={country} returned={kyc2Return} />
          ) : (
            <Kyc3Form fullName={info.fullName} onSubmitted={handleSubmitted(3)} />
          )}
        </Card>
      );
    }

    body = (
      <>
        <Card>
          {isComplete ? (
            <Result status="success" title={t('complete.title')} subTitle={t('complete.text')} data-testid="kyc-complete" />
          ) : (
            <CountryStep countries={countries.data} value={country} onChange={handleCountry} />
          )}
          <h2 className={styles.sectionTitle}>{t('levels.title')}</h2>
          <LevelCards
            info={info}
            isCountryChosen={isCountryChosen}
            openLevel={canShowPanel ? shown : null}
            onOpen={(step) => {
              setSubmitted(null);
              setOpenLevel(step);
            }}
          />
        </Card>
        {panel}
      </>
    );
  }

  return (
    <PageFrame title={t('title')} testId="kyc-page">
      <div className={layout.layout}>
        <div className={`${layout.main} ${styles.mainColumn}`}>{body}</div>
        <div className={`${layout.aside} ${styles.asideColumn}`}>
          <Card>{aside}</Card>
          <Card>
            <h2 className={layout.asideTitle}>{t('about.title')}</h2>
            <ul className={layout.points}>
              <li>{t('about.order')}</li>
              <li>{t('about.documents')}</li>
              <li>{t('about.video')}</li>
              <li>{t('about.privacy')}</li>
            </ul>
          </Card>
        </div>
      </div>
    </PageFrame>
  );
}
