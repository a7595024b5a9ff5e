import type { Language } from '@coffer/contract';
import { errorCatalogue } from '@coffer/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/http/http-client';
import { pathTo } from '../../../shared/routes';
import { reportQuery } from '../api/read-report';
import { ReportArticle } from '../components/report-article';
import { ResearchFrame } from '../components/research-frame';
import { ReportListSkeleton, ResearchError, SignInToRead } from '../components/research-states';
import styles from '../components/research.module.css';

/** Reading one report; a language switch follows to the same report in the new language. */
export function ResearchReportPage() {
  const { t, i18n } = useTranslation('research');
  const { t: tCommon } = useTranslation();
  const { reportId = '' } = useParams();
  const navigate = useNavigate();
  const report = useQuery(reportQuery(reportId));
  const language = i18n.language as Language;
  const data = report.data;

  useEffect(() => {
    if (!data || data.language === language) return;
    const translation = data.translations.find((candidate) => candidate.language === language);
    if (translation) void navigate(pathTo('propertyMarketResearchReport', { reportId: translation.id }), { replace: true });
  }, [data, language, navigate]);

  useEffect(() => {
    if (data) document.title = `${data.title} | ${tCommon('app.name')}`;
  }, [data, tCommon]);

  const error = report.error;
  const isLoggedOut = error instanceof ApiError && (error.isRedirect401 || error.code === errorCatalogue.loginRequired.code);
  const isMissing = error instanceof ApiError && error.code === errorCatalogue.researchReportNotFound.code;

  return (
    <ResearchFrame>
      <Link className={styles.back} to={pathTo('propertyMarketResearchMobile')}>
        ← {t('report.back')}
      </Link>
      {data ? (
        <ReportArticle report={data} />
      ) : isLoggedOut ? (
        <SignInToRead />
      ) : isMissing ? (
        <div className={styles.notice} role="alert">
          <h1 className={styles.noticeTitle}>{t('report.notFoundTitle')}</h1>
          <p className={styles.noticeText}>{error.message}</p>
        </div>
      ) : report.isError ? (
        <ResearchError error={error} onRetry={() => void report.refetch()} />
      ) : (
        <ReportListSkeleton count={1} />
      )}
    </ResearchFrame>
  );
}
