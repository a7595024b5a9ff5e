import type { Language } from '@coffer/contract';
import { researchChannels, type ResearchChannel } from '@coffer/contract/research-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { reportListQuery } from '../../../shared/api/list-reports';
import { ReportList } from '../components/report-list';
import { ResearchFrame } from '../components/research-frame';
import { ReportListSkeleton, ResearchError } from '../components/research-states';
import styles from '../components/research.module.css';

const pageSize = 10;

function channelFrom(value: string | null): ResearchChannel {
  return researchChannels.find((channel) => channel === value) ?? 'research';
}

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Research reports and news (spec §2 propertyMarketResearchMobile), in the page's language. */
export function ResearchListPage() {
  const { t, i18n } = useTranslation('research');
  const [searchParams, setSearchParams] = useSearchParams();
  const channel = channelFrom(searchParams.get('channel'));
  const pageNum = pageFrom(searchParams.get('page'));
  const language = i18n.language as Language;
  const list = useQuery({ ...reportListQuery({ language, channel, pageNum, pageSize }), placeholderData: keepPreviousData });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / pageSize)) : 1;
  const goToPage = (page: number) => setSearchParams({ channel, page: String(page) });

  return (
    <ResearchFrame>
      <p className={styles.eyebrow}>{t('list.eyebrow')}</p>
      <h1 className={styles.pageTitle}>{t('list.title')}</h1>
      <p className={styles.lead}>{t('list.lead')}</p>
      <nav aria-label={t('list.channelsLabel')}>
        <ul className={styles.tabs}>
          {researchChannels.map((candidate) => (
            <li key={candidate}>
              <Link className={styles.tab} to={`?channel=${candidate}`} aria-current={candidate === channel ? 'page' : undefined}>
                {t(`channels.${candidate}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.data ? (
        list.data.records.length === 0 ? (
          <p className={styles.empty}>{t('list.empty')}</p>
        ) : (
          <>
            <ReportList reports={list.data.records} />
            {pages > 1 ? (
              <nav className={styles.pager} aria-label={t('list.pagination')}>
                <button type="button" className={styles.secondaryButton} disabled={pageNum <= 1} onClick={() => goToPage(pageNum - 1)}>
                  {t('list.previous')}
                </button>
                <span>{t('list.pageStatus', { page: pageNum, pages })}</span>
                <button type="button" className={styles.secondaryButton} disabled={pageNum >= pages} onClick={() => goToPage(pageNum + 1)}>
                  {t('list.next')}
                </button>
              </nav>
            ) : null}
          </>
        )
      ) : list.isError ? (
        <ResearchError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ReportListSkeleton count={4} />
      )}
    </ResearchFrame>
  );
}
