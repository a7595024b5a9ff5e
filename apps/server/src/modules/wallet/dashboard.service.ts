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
import { insertSnapshot, newestSnapshots } from './dashboard.repository';

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
        newestSnapshots(db, userId, trendDays),
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
            await insertSnapshot(db, {
              user_id: holder,
              day,
              usd_cents: cents(summary.totalAsset.usdValue),
              cny_cents: cents(summary.totalAsset.rmbValue),
            });
          }
          logger.info({ holders: holders.length }, 'daily snapshots taken');
        },
      };
    },
  };
}
