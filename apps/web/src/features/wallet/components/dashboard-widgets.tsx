import type { Bill } from '@coffer/contract';
import type { FiatCurrency } from '@coffer/contract/constants';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount, formatFiat, formatPrice } from '../../../shared/format/figures';
import { formatPercent } from '../../../shared/format/format-amount';
import { formatDate, formatDateTime, formatShortDate } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { PriceChange } from '../../../shared/ui/price-direction';
import { TrendChart } from '../../../shared/ui/trend-chart';
import type { UserDashboard } from '../api/get-dashboard';
import { useBillTypeLabel } from './bill-labels';
import { valueIn } from './valuation-fiat';
import styles from './dashboard-widgets.module.css';

/** Total asset value now and its trend over the last days. */
export function AssetTrendCard({ dashboard, fiat }: { dashboard: UserDashboard; fiat: FiatCurrency }) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const points = dashboard.trend.map((point) => ({ date: point.date, value: valueIn(point, fiat) }));
  const first = dashboard.trend[0];
  const last = dashboard.trend.at(-1);
  const live = formatFiat(valueIn(dashboard.live, fiat), fiat, language);
  const chartLabel =
    first && last
      ? t('dashboard.trendLabel', {
          days: dashboard.trend.length,
          from: formatFiat(valueIn(first, fiat), fiat, language),
          to: formatFiat(valueIn(last, fiat), fiat, language),
        })
      : t('dashboard.trendEmpty');

  return (
    <Card className={styles.card}>
      <div className={styles.totalHead}>
        <div>
          <p className={styles.caption}>{t('dashboard.totalValue', { fiat })}</p>
          <p className={styles.total} data-testid="dashboard-total">
            {live}
          </p>
        </div>
        <Link className={styles.more} to={pathTo('propertyCenterBalance')}>
          {t('dashboard.toBalance')}
        </Link>
      </div>
      <p className={styles.caption}>
        {dashboard.trend.length > 1 ? t('dashboard.trendTitle', { days: dashboard.trend.length }) : t('dashboard.trendStarting')}
      </p>
      <TrendChart
        points={points}
        label={chartLabel}
        startLabel={first ? formatShortDate(first.date, language) : ''}
        endLabel={last ? formatShortDate(last.date, language) : ''}
      />
    </Card>
  );
}

/** The last movements of the balance account, with the way to all bills. */
export function RecentActivityCard({ bills }: { bills: Bill[] }) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const typeLabel = useBillTypeLabel();
  return (
    <Card
      className={styles.card}
      title={<h2 className={styles.cardTitle}>{t('dashboard.recentActivity')}</h2>}
      extra={
        <Link className={styles.more} to={pathTo('propertyCenterBills')}>
          {t('dashboard.allBills')}
        </Link>
      }
    >
      {bills.length === 0 ? (
        <p className={styles.none}>{t('dashboard.noActivity')}</p>
      ) : (
        <ul className={styles.list} data-testid="dashboard-activity">
          {bills.map((bill) => (
            <li key={bill.id} className={styles.activity}>
              <CoinBadge coin={bill.coin} size="small" />
              <span className={styles.activityText}>
                <span className={styles.activityType}>{typeLabel(bill.type)}</span>
                <span className={styles.muted}>{formatDateTime(bill.time, language)}</span>
              </span>
              <span className={styles.amount}>
                {formatAmount(bill.coin, bill.amount, language, { signDisplay: 'exceptZero' })} {bill.coin}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Prices in USD with the 24-hour change (arrow and sign, colour per convention). */
export function QuotationsCard({ quotations }: { quotations: UserDashboard['quotations'] }) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  return (
    <Card className={styles.card} title={<h2 className={styles.cardTitle}>{t('dashboard.quotations')}</h2>}>
      {quotations.length === 0 ? (
        <p className={styles.none}>{t('dashboard.noQuotations')}</p>
      ) : (
        <table className={styles.quotes} data-testid="dashboard-quotations">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.coin')}</th>
              <th scope="col" className={styles.right}>
                {t('dashboard.price')}
              </th>
              <th scope="col" className={styles.right}>
                {t('dashboard.change24h')}
              </th>
            </tr>
          </thead>
          <tbody>
            {quotations.map((quote) => (
              <tr key={quote.coin}>
                <th scope="row">
                  <CoinBadge coin={quote.coin} size="small" />
                </th>
                <td className={styles.right}>{formatPrice(`${quote.coin}/USD`, quote.usdPrice, language)}</td>
                <td className={styles.right}>
                  <PriceChange value={quote.change24h} text={formatPercent(quote.change24h, 2, language, { signDisplay: 'exceptZero' })} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** The newest research and news items in the user's language, each opening its reading page. */
export function NewsCard({ news }: { news: UserDashboard['news'] }) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  return (
    <Card className={styles.card} title={<h2 className={styles.cardTitle}>{t('dashboard.news')}</h2>}>
      {news.length === 0 ? (
        <p className={styles.none}>{t('dashboard.noNews')}</p>
      ) : (
        <ul className={styles.list}>
          {news.map((item) => (
            <li key={item.url} className={styles.news}>
              <Link to={item.url}>{item.title}</Link>
              <span className={styles.muted}>{formatDate(item.time, language)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Spec §2: an empty dashboard invites the user to recharge, lend or invest. */
export function EmptyPromptsCard() {
  const { t } = useTranslation('wallet');
  const prompts = [
    { key: 'recharge', route: 'propertyCenterRecharge' },
    { key: 'lend', route: 'propertyCenterLoanBalance' },
    { key: 'invest', route: 'propertyCenterInvestmentBalancePage' },
  ] as const;
  return (
    <Card className={`${styles.card} ${styles.prompts}`} data-testid="dashboard-prompts">
      <h2 className={styles.promptsTitle}>{t('dashboard.emptyTitle')}</h2>
      <p className={styles.promptsText}>{t('dashboard.emptyText')}</p>
      <ul className={styles.promptList}>
        {prompts.map((prompt) => (
          <li key={prompt.key}>
            <Link to={pathTo(prompt.route)} className={styles.prompt}>
              <span className={styles.promptName}>{t(`dashboard.prompts.${prompt.key}.title`)}</span>
              <span className={styles.promptText}>{t(`dashboard.prompts.${prompt.key}.text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
