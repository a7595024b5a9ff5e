import { fromBaseUnits, type DwOption, type SupportToken } from '@coffer/contract';
import { memoChains, type DepositChain } from './deposit-chains';
import type { DepositSettings } from './deposit-settings';
import type { DevFaucet } from './dev-faucet.service';

/**
 * The recharge and withdraw screens' choices (`anon/DwOption`, `anon/v2/getSupportToken`),
 * from the asset catalogue. A network is open for deposits only when this server runs it.
 */
export interface DepositOptionsService {
  /** `DwOption`: the coins and their chains, with minimums, confirmations and switches. */
  options(coin?: string): Promise<DwOption[]>;
  /** `getSupportToken`: the coins open for deposit or withdrawal. */
  supportTokens(type: 'deposit' | 'withdraw'): Promise<SupportToken[]>;
}

export function createDepositOptionsService(deps: {
  settings: DepositSettings;
  chains: Map<string, DepositChain>;
  faucets: readonly DevFaucet[];
}): DepositOptionsService {
  const { settings, chains, faucets } = deps;

  async function options(coin?: string): Promise<DwOption[]> {
    const rows = (await settings.all()).filter((row) => !coin || row.asset === coin);
    const byCoin = new Map<string, DwOption>();
    for (const row of rows) {
      const option =
        byCoin.get(row.asset) ??
        byCoin
          .set(row.asset, { coin: row.asset, name: row.name, icon: row.icon, displayPrecision: row.displayPrecision, chains: [] })
          .get(row.asset)!;
      option.chains.push({
        chain: row.chain,
        tokenStandard: row.tokenStandard,
        contractAddress: chains.get(row.chain)?.contracts?.[row.asset] ?? row.contractAddress,
        needsMemo: memoChains.has(row.chain),
        depositEnabled: row.isDepositEnabled && chains.has(row.chain),
        withdrawEnabled: row.isWithdrawalEnabled,
        minDeposit: fromBaseUnits(row.minDeposit, row.scale),
        confirmationsToCredit: row.confirmationsToCredit,
        confirmationsToWithdraw: row.confirmationsToWithdraw,
        minWithdrawal: fromBaseUnits(row.minWithdrawal, row.scale),
        withdrawalFee: fromBaseUnits(row.withdrawalFee, row.scale),
        devFaucet: faucets.some((faucet) => faucet.chain === row.chain && faucet.coins.includes(row.asset)),
      });
    }
    return [...byCoin.values()];
  }

  return {
    options,
    async supportTokens(type: 'deposit' | 'withdraw'): Promise<SupportToken[]> {
      return (await options())
        .map((option) => ({
          coin: option.coin,
          name: option.name,
          icon: option.icon,
          displayPrecision: option.displayPrecision,
          chains: option.chains
            .filter((chain) => (type === 'deposit' ? chain.depositEnabled : chain.withdrawEnabled))
            .map((chain) => chain.chain),
        }))
        .filter((token) => token.chains.length > 0);
    },
  };
}
