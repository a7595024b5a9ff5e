import type { DwOption } from '@coffer/contract';

export interface AddressNetwork {
  chain: string;
  needsMemo: boolean;
  /** The coins that leave on this network, for the picker's hint. */
  coins: string[];
}

/** The networks an address book entry can be for: every network some coin can be withdrawn on. */
export function addressNetworks(options: DwOption[]): AddressNetwork[] {
  const byChain = new Map<string, AddressNetwork>();
  for (const option of options) {
    for (const chain of option.chains) {
      if (!chain.withdrawEnabled) continue;
      const network = byChain.get(chain.chain) ?? { chain: chain.chain, needsMemo: chain.needsMemo, coins: [] };
      network.coins.push(option.coin);
      network.needsMemo ||= chain.needsMemo;
      byChain.set(chain.chain, network);
    }
  }
  return [...byChain.values()];
}
