import { HDKey } from '@scure/bip32';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import { bitcoinNetworks } from '../chain/addresses/bitcoin-address';
import { addressOfPublicKey } from '../chain/addresses/hd-wallet';
import {
  BITCOIN_CHAIN,
  createBitcoinChainSource,
  createBitcoinCoreNode,
  createBitcoinDevnet,
  type BitcoinDevnet,
  type BitcoinNode,
} from '../chain/bitcoin';
import { createEvmAddressDeriver, evmChain } from '../chain/evm/evm-addresses';
import { createEvmChainSource } from '../chain/evm/evm-chain-source';
import { createEvmFaucet, faucetDrops, isFaucetCoin } from '../chain/evm/evm-faucet';
import { evmPublicClient, provideEvmNode, type EvmNode } from '../chain/evm/evm-node';
import { provideHdSeed, type HdSeed } from '../chain/hd-seed';
import {
  createXrpChainSource,
  createXrpDevnet,
  XRP_CHAIN,
  xrpDepositTag,
  xrpHotWalletAddress,
  type XrpDevnet,
  type XrpNode,
} from '../chain/xrp';
import type { DepositChain } from './deposit-chains';
import type { DevFaucet } from './dev-faucet.service';

export interface DepositChains {
  chains: DepositChain[];
  faucets: DevFaucet[];
  /** The HD master seed, for the other chains' derivations; never log it. */
  seed: HdSeed;
  evm: EvmNode;
  /** Bitcoin Core with `BTC_RPC_URL`, the devnet in the embedded default, otherwise none. */
  bitcoin: BitcoinNode | null;
  /** The XRP devnet of the embedded default; none otherwise (there is no rippled adapter). */
  xrp: XrpNode | null;
  /** The devnets this process runs, for the faucets and the hot wallets' float. */
  devnets: { bitcoin: BitcoinDevnet | null; xrp: XrpDevnet | null };
  stop(): Promise<void>;
}

/** The EVM chain as a deposit chain: derived addresses, block reader, token contracts. */
export function evmDepositChain(node: EvmNode, seed: HdSeed): DepositChain {
  const deriver = createEvmAddressDeriver(seed);
  return {
    chain: deriver.chain,
    deriveAddress: (index) => deriver.derive(index),
    source: createEvmChainSource(evmPublicClient(node.rpcUrl), node.tokens),
    contracts: { ...node.tokens },
  };
}

/** The local chain's faucet as the deposits module sees it. */
export function evmDevFaucet(node: EvmNode): DevFaucet {
  const faucet = createEvmFaucet(node);
  return {
    chain: evmChain,
    coins: Object.keys(faucetDrops),
    send: async (coin, to) => {
      if (!isFaucetCoin(coin)) throw new Error(`no faucet for ${coin}`);
      return faucet.send(coin, to as `0x${string}`);
    },
  };
}

/** What one press of the dev faucet sends on the devnets, in base units. */
export const devnetFaucetDrops = { BTC: { amount: 5_000_000n, scale: 8 }, XRP: { amount: 100_000_000n, scale: 6 } } as const;

/**
 * Bitcoin as a deposit chain: BIP84 addresses `m/84'/coin'/0'/0/i` (bcrt1… on regtest) derived
 * from the account's public key, so only public keys leave the derivation, and its block reader.
 */
export function bitcoinDepositChain(node: BitcoinNode, seed: HdSeed): DepositChain {
  const { coinType } = bitcoinNetworks[node.network];
  const account = HDKey.fromMasterSeed(seed.bytes()).derive(`m/84'/${coinType}'/0'/0`);
  const publicAccount = HDKey.fromExtendedKey(account.publicExtendedKey);
  account.wipePrivateData();
  return {
    chain: BITCOIN_CHAIN,
    deriveAddress(index) {
      if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError(`deposit index out of range: ${index}`);
      const publicKey = publicAccount.deriveChild(index).publicKey;
      if (!publicKey) throw new Error('derived key has no public key');
      return { address: addressOfPublicKey('BTC', publicKey, node.network), memo: null };
    },
    source: createBitcoinChainSource(node),
  };
}

/** XRP as a deposit chain: one platform account (the hot wallet) for everyone, a destination tag per customer. */
export function xrpDepositChain(node: XrpNode, seed: HdSeed): DepositChain {
  const account = xrpHotWalletAddress(seed.bytes());
  return {
    chain: XRP_CHAIN,
    deriveAddress: (index) => ({ address: account, memo: xrpDepositTag(index) }),
    source: createXrpChainSource(node),
  };
}

export function bitcoinDevFaucet(devnet: BitcoinDevnet): DevFaucet {
  return {
    chain: BITCOIN_CHAIN,
    coins: ['BTC'],
    async send(coin, to) {
      if (coin !== 'BTC') throw new Error(`no faucet for ${coin}`);
      const drop = devnetFaucetDrops.BTC;
      return { txid: await devnet.faucet(to, drop.amount), amount: drop.amount, scale: drop.scale };
    },
  };
}

export function xrpDevFaucet(devnet: XrpDevnet): DevFaucet {
  return {
    chain: XRP_CHAIN,
    coins: ['XRP'],
    async send(coin, to, memo) {
      if (coin !== 'XRP') throw new Error(`no faucet for ${coin}`);
      const drop = devnetFaucetDrops.XRP;
      return { txid: await devnet.faucet(to, drop.amount, memo ? Number(memo) : undefined), amount: drop.amount, scale: drop.scale };
    },
  };
}

interface RunningChain<T> {
  node: T;
  stop: () => void;
}

/** The Bitcoin devnet in PostgreSQL, mining a block every `BTC_BLOCK_INTERVAL_MS` in this process. */
function startBitcoinDevnet(db: Db, config: Pick<AppConfig, 'BTC_BLOCK_INTERVAL_MS'>, logger: Logger): RunningChain<BitcoinDevnet> {
  const devnet = createBitcoinDevnet(db);
  let failing = false;
  const stop = devnet.startMining({
    intervalMs: config.BTC_BLOCK_INTERVAL_MS,
    onError: (error) => {
      if (!failing) logger.error({ err: error }, 'bitcoin devnet: mining failed; retrying');
      failing = true;
    },
  });
  logger.info({ network: devnet.network, blockIntervalMs: config.BTC_BLOCK_INTERVAL_MS }, 'local Bitcoin devnet started');
  return { node: devnet, stop };
}

/** The XRP devnet in PostgreSQL, closing a ledger every `XRP_LEDGER_INTERVAL_MS` in this process. */
function startXrpDevnet(db: Db, config: Pick<AppConfig, 'XRP_LEDGER_INTERVAL_MS'>, logger: Logger): RunningChain<XrpDevnet> {
  const devnet = createXrpDevnet(db);
  let failing = false;
  const stop = devnet.startClosing({
    intervalMs: config.XRP_LEDGER_INTERVAL_MS,
    onError: (error) => {
      if (!failing) logger.error({ err: error }, 'XRP devnet: closing a ledger failed; retrying');
      failing = true;
    },
  });
  logger.info({ ledgerIntervalMs: config.XRP_LEDGER_INTERVAL_MS }, 'local XRP devnet started');
  return { node: devnet, stop };
}

/**
 * Start-up of the deposit chains: the HD seed, then the EVM node (anvil on loopback in the
 * embedded default, `EVM_RPC_URL` otherwise), then Bitcoin and XRP. The devnets run only beside
 * the local EVM chain (the embedded default): next to a real EVM node a devnet's coins would
 * be taken for real ones. Bitcoin Core comes with `BTC_RPC_URL`; XRP has no adapter for a real
 * node yet, so outside the embedded default its network is listed as not open for deposits.
 * `stop` stops what was started.
 */
export async function provideDepositChains(config: AppConfig, logger: Logger, db: Db): Promise<DepositChains> {
  const { seed, source } = await provideHdSeed(config, logger);
  logger.info({ source }, 'HD master seed ready');
  const evm = await provideEvmNode(config, logger);
  const isLocal = evm.isEmbedded;
  const bitcoinDevnet = !config.BTC_RPC_URL && isLocal ? startBitcoinDevnet(db, config, logger) : null;
  const bitcoin: BitcoinNode | null = config.BTC_RPC_URL
    ? createBitcoinCoreNode({ url: config.BTC_RPC_URL, network: config.BTC_NETWORK })
    : (bitcoinDevnet?.node ?? null);
  const xrpDevnet = isLocal ? startXrpDevnet(db, config, logger) : null;
  if (!bitcoin) logger.warn('no Bitcoin node (set BTC_RPC_URL): BTC deposits and withdrawals are unavailable');
  if (!xrpDevnet) logger.warn('no XRP node adapter outside the embedded default: XRP deposits and withdrawals are unavailable');
  const chains = [evmDepositChain(evm, seed)];
  if (bitcoin) chains.push(bitcoinDepositChain(bitcoin, seed));
  if (xrpDevnet) chains.push(xrpDepositChain(xrpDevnet.node, seed));
  const faucets = evm.isEmbedded ? [evmDevFaucet(evm)] : [];
  if (bitcoinDevnet) faucets.push(bitcoinDevFaucet(bitcoinDevnet.node));
  if (xrpDevnet) faucets.push(xrpDevFaucet(xrpDevnet.node));
  return {
    chains,
    faucets,
    seed,
    evm,
    bitcoin,
    xrp: xrpDevnet?.node ?? null,
    devnets: { bitcoin: bitcoinDevnet?.node ?? null, xrp: xrpDevnet?.node ?? null },
    stop: async () => {
      bitcoinDevnet?.stop();
      xrpDevnet?.stop();
      await evm.stop();
    },
  };
}
