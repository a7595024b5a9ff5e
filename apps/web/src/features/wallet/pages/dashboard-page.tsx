import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../shared/ui/page-frame';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { dashboardQuery } from '../api/get-dashboard';
import { AssetTrendCard, EmptyPromptsCard, NewsCard, QuotationsCard, RecentActivityCard } from '../components/dashboard-widgets';
import { useValuationFiat } from '../components/valuation-fiat';
import styles from './dashboard-page.module.css';

function DashboardSkeleton() {
  return (
    <div className={styles.grid} aria-busy="true">
      <Card className={styles.wide}>
        <Skeleton.Input active size="small" />
        <Skeleton.Input active size="large" className={styles.skeletonTotal} />
        <Skeleton.Node active className={styles.skeletonChart}>
          <span />
        </Skeleton.Node>
      </Card>
      {[0, 1, 2].map((index) => (
        <Card key={index}>
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      ))}
    </div>
  );
}

/** Dashboard (spec §2): asset trend, recent activity, quotations, news; prompts when empty. */
export function DashboardPage() {
  const { t } = useTranslation('wallet');
  const fiat = useValuationFiat();
  const dashboard = useQuery(dashboardQuery);
  const data = dashboard.data;

  return (
    <PageFrame title={t('dashboard.title')}>
      {data ? (
        <>
          {data.isEmpty ? <EmptyPromptsCard /> : null}
          <div className={styles.grid}>
            <div className={styles.wide}>
              <AssetTrendCard dashboard={data} fiat={fiat} />
            </div>
            <div className={styles.side}>
              <QuotationsCard quotations={data.quotations} />
            </div>
            <div className={styles.wide}>
              <RecentActivityCard bills={data.recentActivity} />
            </div>
            <div className={styles.side}>
              <NewsCard news={data.news} />
            </div>
          </div>
        </>
      ) : dashboard.isError ? (
        <Card>
          <QueryErrorState namespace="wallet" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        </Card>
      ) : (
        <DashboardSkeleton />
      )}
    </PageFrame>
  );
}
