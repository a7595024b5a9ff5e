import { centsToString, valueInCents } from '../../platform/money/fiat-valuation';
import type { AssetsApi } from '../assets';
import type { CustodyLedgerBalance } from '../ledger';
import type { MarketApi } from '../market';
import type { AccountRow } from './accounts.repository';

/** One account's holding of one asset, valued: base units, the USD price used, the value in cents (rounded down). */
export interface Holding {
  account: AccountRow;
  asset: string;
  scale: number;
  available: bigint;
  frozen: bigint;
  usdPrice: string;
  usdCents: bigint;
}

export interface ValuationDeps {
  assets: Pick<AssetsApi, 'list' | 'scaleOf' | 'referenceUsdPrices'>;
  market: Pick<MarketApi, 'latestUsdPrices'>;
}

/**
 * The organisation's holdings valued in USD: each ledger balance at the market's live price (a
 * coin the market does not price: the catalogue's reference price, also for a coin no longer
 * enabled), in catalogue order within each account, accounts in the order given.
 */
export async function valuedHoldings(
  deps: ValuationDeps,
  accounts: readonly AccountRow[],
  balances: readonly CustodyLedgerBalance[],
): Promise<Holding[]> {
  const [catalogue, live] = await Promise.all([deps.assets.list(), deps.market.latestUsdPrices()]);
  const order = new Map(catalogue.map((asset, position) => [asset.code, position]));
  const reference = new Map(catalogue.map((asset) => [asset.code, asset.usdPrice]));
  if (balances.some((balance) => !reference.has(balance.asset))) {
    for (const price of await deps.assets.referenceUsdPrices()) if (!reference.has(price.code)) reference.set(price.code, price.usdPrice);
  }
  const codes = [...new Set(balances.map((balance) => balance.asset))];
  const scales = new Map(await Promise.all(codes.map(async (code) => [code, await deps.assets.scaleOf(code)] as const)));
  const accountOrder = new Map(accounts.map((account, position) => [account.id, position]));
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return balances
    .filter((balance) => byId.has(balance.custodyAccountId))
    .map((balance) => {
      const scale = scales.get(balance.asset)!;
      const usdPrice = live.get(balance.asset)?.usdPrice ?? trimZeros(reference.get(balance.asset) ?? '0');
      const available = BigInt(balance.available);
      const frozen = BigInt(balance.frozen);
      return {
        account: byId.get(balance.custodyAccountId)!,
        asset: balance.asset,
        scale,
        available,
        frozen,
        usdPrice,
        usdCents: valueInCents(available + frozen, scale, usdPrice),
      };
    })
    .sort(
      (a, b) =>
        accountOrder.get(a.account.id)! - accountOrder.get(b.account.id)! ||
        (order.get(a.asset) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.asset) ?? Number.MAX_SAFE_INTEGER) ||
        a.asset.localeCompare(b.asset),
    );
}

/** A NUMERIC's text without the zeros its scale pads it with: "65000.500000" → "65000.5". */
export const trimZeros = (value: string): string => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

/** A sum of cents as the wire's two-decimal USD text. */
export const usdText = (cents: bigint): string => centsToString(cents);
