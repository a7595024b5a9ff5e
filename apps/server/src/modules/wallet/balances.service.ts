import { fromBaseUnits, type AssetRow, type AssetSummary, type assetTableSchema } from '@coffer/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { createLedgerReads } from '../ledger';
import type { MarketApi } from '../market';
import type { AssetsApi } from '../assets';
import { centsToString, convertCents, valueInCents } from '../../platform/money/fiat-valuation';

const oneDollarInCents = 100n;

export type AssetTable = z.infer<typeof assetTableSchema>;

export interface BalancesService {
  /** The asset table: one row per coin (filtered), and the summary. */
  assetTable(userId: string, filters: { coin?: string | undefined; hideSmall?: boolean }): Promise<AssetTable>;
  /** The asset summary of spec §3. */
  summary(userId: string): Promise<AssetSummary>;
}

/** The balance account of spec §2/§3: one row per supported coin, valued in USD and CNY. */
export function createBalancesService(deps: {
  db: Db;
  assets: AssetsApi;
  usdCnyRate: string;
  market: Pick<MarketApi, 'latestUsdPrices'>;
}): BalancesService {
  const { db, assets, usdCnyRate, market } = deps;
  const ledgerReads = createLedgerReads(db);

  async function rowsFor(userId: string) {
    const [catalogue, livePrices, accounts] = await Promise.all([
      assets.list(),
      market.latestUsdPrices(),
      ledgerReads.customerWalletBalances(userId),
    ]);
    return catalogue.map((asset) => {
      const account = accounts.find((candidate) => candidate.asset === asset.code);
      const available = BigInt(account?.available ?? '0');
      const frozen = BigInt(account?.frozen ?? '0');
      // Live market price; the catalogue's reference price only for a coin the market does not price.
      const usdCents = valueInCents(available + frozen, asset.scale, livePrices.get(asset.code)?.usdPrice ?? asset.usdPrice);
      const row: AssetRow = {
        coin: asset.code,
        name: asset.name,
        icon: asset.icon,
        displayPrecision: asset.displayPrecision,
        total: fromBaseUnits(available + frozen, asset.scale),
        available: fromBaseUnits(available, asset.scale),
        frozen: fromBaseUnits(frozen, asset.scale),
        usdValue: centsToString(usdCents),
        cnyValue: centsToString(convertCents(usdCents, usdCnyRate)),
      };
      return { row, usdCents };
    });
  }

  return {
    /** Spec §2: search by coin name and hide balances under 1 USD. */
    async assetTable(userId: string, filters: { coin?: string | undefined; hideSmall?: boolean }) {
      const rows = await rowsFor(userId);
      const search = filters.coin?.trim().toUpperCase();
      const shown = rows.filter(
        ({ row, usdCents }) =>
          (!search || row.coin.includes(search) || row.name.toUpperCase().includes(search)) &&
          (!filters.hideSmall || usdCents >= oneDollarInCents),
      );
      return { rows: shown.map(({ row }) => row), summary: summarise(rows.reduce((sum, { usdCents }) => sum + usdCents, 0n)) };
    },

    async summary(userId: string): Promise<AssetSummary> {
      const rows = await rowsFor(userId);
      return summarise(rows.reduce((sum, { usdCents }) => sum + usdCents, 0n));
    },
  };

  /** Spec §3 asset summary; loan and investment accounts arrive with their capabilities. */
  function summarise(balanceCents: bigint): AssetSummary {
    const value = (cents: bigint) => ({ usdValue: centsToString(cents), rmbValue: centsToString(convertCents(cents, usdCnyRate)) });
    return {
      totalAsset: value(balanceCents),
      balance: value(balanceCents),
      bollateral: value(0n),
      borrow: value(0n),
      investment: value(0n),
    };
  }
}
