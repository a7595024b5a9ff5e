import type { Language, userDashboardSchema } from '@coffer/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { createLedgerReads } from '../ledger';
import type { MarketApi } from '../market';
import type { ResearchApi } from '../research';
import type { AssetsApi } from '../assets';
import type { BalancesService } from './balances.service';
import type { BillsService } from './bills.service';
import { centsToString } from '../../platform/money/fiat-valuation';

const trendDays = 30;
const newsItems = 5;

export type UserDashboard = z.infer<typeof userDashboardSchema>;

export interface DashboardService {
  userDashboard(userId: string, language: Language): Promise<UserDashboard>;
  /** The daily asset snapshot job (the trend's points). */
  snapshotJob(): JobDefinition;
}

/** The dashboard of spec §2: asset trend, recent activity, quotations, news, empty prompts. */
export function createDashboardService(deps: {
  db: Db;
  assets: AssetsApi;
  balances: BalancesService;
  bills: BillsService;
  market: Pick<MarketApi, 'usdQuotations'>;
  research: ResearchApi;
}): DashboardService {
  const { db, assets, balances, bills, market, research } = deps;
  const ledgerReads = createLedgerReads(db);

  return {
    async userDashboard(userId: string, language: Language) {
      const [summary, recent, snapshots, catalogue, marketQuotes, news] = await Promise.all([
        balances.summary(userId),
        bills.page(userId, { pageNo: 1, pageSize: 5 }),
        db
          .selectFrom('wallet_daily_snapshot')
          .select(['day', 'usd_cents', 'cny_cents'])
          .where('user_id', '=', userId)
          .orderBy('day', 'desc')
          .limit(trendDays)
          .execute(),
        assets.list(),
        market.usdQuotations(),
        research.latestNews(language, newsItems),
      ]);
      const today = new Date().toISOString().slice(0, 10);
      const trend = snapshots
        .reverse()
        .map((snapshot) => ({
          date: new Date(snapshot.day).toISOString().slice(0, 10),
          usdValue: centsToString(BigInt(snapshot.usd_cents)),
          rmbValue: centsToString(BigInt(snapshot.cny_cents)),
        }))
        .filter((point) => point.date !== today);
      const live = summary.totalAsset;
      trend.push({ date: today, usdValue: live.usdValue, rmbValue: live.rmbValue });
      return {
        trend,
        live,
        recentActivity: recent.records,
        quotations: catalogue.map((asset) => {
          const quote = marketQuotes.find((candidate) => candidate.coin === asset.code);
          return {
            coin: asset.code,
            usdPrice: quote?.usdPrice ?? asset.usdPrice.replace(/\.?0+$/, ''),
            change24h: quote?.change24h ?? '0.00',
          };
        }),
        news,
        isEmpty: live.usdValue === '0.00' && recent.total === 0,
      };
    },

    /** Scheduled daily: one snapshot per customer holding any account. */
    snapshotJob(): JobDefinition {
      return {
        name: 'wallet.daily-snapshot',
        cron: '5 0 * * *',
        async handle(_data, { logger }) {
          const holders = await ledgerReads.customersWithAccounts();
          const day = new Date().toISOString().slice(0, 10);
          for (const holder of holders) {
            const summary = await balances.summary(holder);
            const cents = (value: string) => value.replace('.', '').replace(/^0+(?=\d)/, '');
            await db
              .insertInto('wallet_daily_snapshot')
              .values({
                user_id: holder,
                day,
                usd_cents: cents(summary.totalAsset.usdValue),
                cny_cents: cents(summary.totalAsset.rmbValue),
              })
              .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
              .execute();
          }
          logger.info({ holders: holders.length }, 'daily snapshots taken');
        },
      };
    },
  };
}
