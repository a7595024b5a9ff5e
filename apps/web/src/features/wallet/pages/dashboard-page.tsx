import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { dashboardQuery } from '../api/get-dashboard';
import { AssetTrendCard, EmptyPromptsCard, NewsCard, QuotationsCard, RecentActivityCard } from '../components/dashboard-widgets';
import { QueryErrorState } from '../components/query-error';
import { WalletPageFrame } from '../components/wallet-page-frame';
import { useValuationFiat } from '../components/wallet-locale';
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
    <WalletPageFrame title={t('dashboard.title')}>
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
          <QueryErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        </Card>
      ) : (
        <DashboardSkeleton />
      )}
    </WalletPageFrame>
  );
}
