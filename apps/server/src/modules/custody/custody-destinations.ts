import { checkCustodyNote, custodyLimits } from '@coffer/contract';
import type { AssetsApi } from '../assets';
import { checkWithdrawalAddress, type AddressChain, type BitcoinNetwork, type XrpNetwork } from '../chain';
import { custodyError } from './custody.errors';

/** The networks addresses are checked against (the platform's Bitcoin and XRP networks). */
export interface CustodyAddressNetworks {
  bitcoinNetwork: BitcoinNetwork;
  xrpNetwork: XrpNetwork;
}

/** A destination as stored: canonical address (EIP-55, lower-case bech32, classic XRP), tag digits or ''. */
export interface CustodyDestination {
  asset: string;
  chain: string;
  address: string;
  tag: string;
  note: string;
}

export interface CustodyDestinations {
  /**
   * An address-book or whitelist entry by the §5 rules, each with its own code: a coin the
   * platform supports (`coinNotSupported`) on one of its networks (`withdrawalNetworkNotSupported`),
   * an address valid for that chain (`invalidAddress`, `burnAddressRefused`), an XRP tag
   * (`invalidTag`; a tag on another chain too), a note of at most 150 characters. `field`
   * prefixes the field names (`whitelist.3`).
   */
  check(
    entry: { asset: string; chain: string; address: string; tag?: string | undefined; note?: string | undefined },
    field?: string,
  ): Promise<CustodyDestination>;
}

/** Whether a typed text holds a control character (NUL, line breaks, DEL…): refused in every console field. */
export function hasControlCharacters(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const addressChains = new Set<string>(['bitcoin', 'ethereum', 'xrpl']);

/** The custody console's destination rules, over the chain module's address checks and the asset catalogue. */
export function createCustodyDestinations(deps: {
  assets: Pick<AssetsApi, 'get' | 'chainSettings'>;
  networks: CustodyAddressNetworks;
}): CustodyDestinations {
  return {
    async check(entry, field) {
      const at = (name: string) => (field ? `${field}.${name}` : name);
      const note = entry.note ?? '';
      if (checkCustodyNote(note)) throw custodyError('custodyNoteTooLong', { max: custodyLimits.noteMaxChars }, at('note'));
      if (hasControlCharacters(note)) throw custodyError('invalidParameter', {}, at('note'));
      const asset = await deps.assets.get(entry.asset, at('asset'));
      const settings = await deps.assets.chainSettings();
      if (!addressChains.has(entry.chain) || !settings.some((setting) => setting.asset === asset.code && setting.chain === entry.chain))
        throw custodyError('withdrawalNetworkNotSupported', {}, at('chain'));
      const tag = entry.tag ?? '';
      const check = checkWithdrawalAddress({
        chain: entry.chain as AddressChain,
        address: entry.address,
        tag: tag === '' ? null : tag,
        bitcoinNetwork: deps.networks.bitcoinNetwork,
        xrpNetwork: deps.networks.xrpNetwork,
      });
      if (!check.valid) {
        if (check.field === 'tag') throw custodyError('invalidTag', {}, at('tag'));
        if (check.problem === 'zero-address' || check.problem === 'precompile') throw custodyError('burnAddressRefused', {}, at('address'));
        throw custodyError('invalidAddress', {}, at('address'));
      }
      // A tag typed for a chain without tags is a mistake, not something to drop silently.
      if (entry.chain !== 'xrpl' && tag !== '') throw custodyError('invalidTag', {}, at('tag'));
      return { asset: asset.code, chain: entry.chain, address: check.address, tag: check.tag ?? '', note };
    },
  };
}
