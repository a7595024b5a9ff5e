import type { DwChainOption } from '@coffer/contract';

/**
 * Whether the server offers its local chain's test-coin faucet for this coin on this network
 * (embedded default only; absent in production). Read from the network option the server
 * sends, so the button never shows where the faucet route does not exist.
 */
export function hasDevFaucet(option: DwChainOption): boolean {
  return 'devFaucet' in option && option.devFaucet === true;
}
