import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { ChainFaucet, ChainRuntime } from '.';
import { BITCOIN_CHAIN, createBitcoinCoreNode, type BitcoinNode } from './bitcoin';
import {
  bitcoinDevFaucet,
  createBitcoinDevnet,
  createXrpDevnet,
  evmDevFaucet,
  fundDevnetBitcoinHotWallet,
  fundDevnetXrpHotWallet,
  fundLocalHotWallet,
  startLocalEvmChain,
  xrpDevFaucet,
  type BitcoinDevnet,
  type XrpDevnet,
} from './devnets';
import { evmChain } from './evm/evm-addresses';
import { connectEvmNode, type EvmNode } from './evm/evm-node';
import { provideHdSeed, type HdSeed } from './hd-seed';
import { bitcoinReceivingChain, evmReceivingChain, xrpReceivingChain } from './receiving-chains';
import { sendingChainsOf, type XrpBalanceNode } from './sending-chains';
import { XRP_CHAIN } from './xrp';

/** The nodes a runtime drives; the devnets among them are the built-in chains of the embedded default. */
export interface ChainNodes {
  /** The HD master seed every address and hot wallet derives from; never log it. */
  seed: HdSeed;
  evm: EvmNode;
  /** Bitcoin Core with `BTC_RPC_URL`, the devnet in the embedded default, otherwise none. */
  bitcoin?: BitcoinNode | null;
  /** The XRP devnet of the embedded default; none otherwise (there is no rippled adapter). */
  xrp?: XrpBalanceNode | null;
  devnets?: { bitcoin?: BitcoinDevnet | null; xrp?: XrpDevnet | null };
}

/**
 * The runtime over nodes already running: each chain's deposit side, faucets (devnets only),
 * networks, senders, and the hot wallets' float. `stop` stops what the caller started.
 */
export function chainRuntimeOf(nodes: ChainNodes, stop: () => Promise<void> = async () => {}): ChainRuntime {
  const { seed, evm } = nodes;
  const bitcoinDevnet = nodes.devnets?.bitcoin ?? null;
  const xrpDevnet = nodes.devnets?.xrp ?? null;
  const receiving = [evmReceivingChain(evm, seed)];
  if (nodes.bitcoin) receiving.push(bitcoinReceivingChain(nodes.bitcoin, seed));
  if (nodes.xrp) receiving.push(xrpReceivingChain(nodes.xrp, seed));
  const faucets: ChainFaucet[] = evm.isEmbedded ? [evmDevFaucet(evm)] : [];
  if (bitcoinDevnet) faucets.push(bitcoinDevFaucet(bitcoinDevnet));
  if (xrpDevnet) faucets.push(xrpDevFaucet(xrpDevnet));
  return {
    receiving,
    faucets,
    networks: {
      bitcoin: nodes.bitcoin?.network ?? (evm.isEmbedded ? 'regtest' : 'mainnet'),
      // The built-in devnet is a test network; there is no adapter for a real XRP node yet.
      xrp: xrpDevnet ? 'testnet' : 'mainnet',
    },
    sending: (records) => sendingChainsOf(nodes, records),
    async fundHotWallets({ logger, onFunded }) {
      const steps: Array<[string, () => Promise<void>]> = [[evmChain, () => fundLocalHotWallet({ node: evm, seed, logger, onFunded })]];
      if (bitcoinDevnet) steps.push([BITCOIN_CHAIN, () => fundDevnetBitcoinHotWallet({ devnet: bitcoinDevnet, seed, logger, onFunded })]);
      if (xrpDevnet) steps.push([XRP_CHAIN, () => fundDevnetXrpHotWallet({ devnet: xrpDevnet, seed, logger, onFunded })]);
      // One chain's trouble must not keep the others' hot wallets empty.
      for (const [chain, fund] of steps) {
        await fund().catch((error: unknown) => logger.error({ err: error, chain }, 'funding the local hot wallet failed'));
      }
    },
    stop,
  };
}

/**
 * The EVM node: `EVM_RPC_URL` with the configured token contracts when set; otherwise the
 * local chain (anvil on loopback, its state under `DATA_DIR/anvil`, the test tokens it deployed).
 */
export async function provideEvmNode(
  config: Pick<AppConfig, 'EVM_RPC_URL' | 'USDT_CONTRACT' | 'USDC_CONTRACT' | 'DATA_DIR' | 'EVM_BLOCK_TIME_SECONDS' | 'EVM_LOCAL_PORT'>,
  logger: Logger,
): Promise<EvmNode> {
  return config.EVM_RPC_URL ? connectEvmNode(config) : startLocalEvmChain(config, logger);
}

/** The Bitcoin devnet in PostgreSQL, mining a block every `BTC_BLOCK_INTERVAL_MS` in this process. */
function startBitcoinDevnet(db: Db, config: Pick<AppConfig, 'BTC_BLOCK_INTERVAL_MS'>, logger: Logger) {
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
  return { devnet, stop };
}

/** The XRP devnet in PostgreSQL, closing a ledger every `XRP_LEDGER_INTERVAL_MS` in this process. */
function startXrpDevnet(db: Db, config: Pick<AppConfig, 'XRP_LEDGER_INTERVAL_MS'>, logger: Logger) {
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
  return { devnet, stop };
}

/**
 * Start-up of the process's chains: the HD seed, then the EVM node (anvil on loopback in the
 * embedded default, `EVM_RPC_URL` otherwise), then Bitcoin and XRP. The devnets run only beside
 * the local EVM chain (the embedded default): next to a real EVM node a devnet's coins would
 * be taken for real ones. Bitcoin Core comes with `BTC_RPC_URL`; XRP has no adapter for a real
 * node yet, so outside the embedded default its network is listed as not open for deposits.
 * The devnets keep their chains in `db`. `stop` stops what was started.
 */
export async function provideChainRuntime(config: AppConfig, logger: Logger, db: Db): Promise<ChainRuntime> {
  const { seed, source } = await provideHdSeed(config, logger);
  logger.info({ source }, 'HD master seed ready');
  const evm = await provideEvmNode(config, logger);
  const isLocal = evm.isEmbedded;
  const bitcoinDevnet = !config.BTC_RPC_URL && isLocal ? startBitcoinDevnet(db, config, logger) : null;
  const bitcoin: BitcoinNode | null = config.BTC_RPC_URL
    ? createBitcoinCoreNode({ url: config.BTC_RPC_URL, network: config.BTC_NETWORK })
    : (bitcoinDevnet?.devnet ?? null);
  const xrpDevnet = isLocal ? startXrpDevnet(db, config, logger) : null;
  if (!bitcoin) logger.warn('no Bitcoin node (set BTC_RPC_URL): BTC deposits and withdrawals are unavailable');
  if (!xrpDevnet) logger.warn('no XRP node adapter outside the embedded default: XRP deposits and withdrawals are unavailable');
  return chainRuntimeOf(
    {
      seed,
      evm,
      bitcoin,
      xrp: xrpDevnet?.devnet ?? null,
      devnets: { bitcoin: bitcoinDevnet?.devnet ?? null, xrp: xrpDevnet?.devnet ?? null },
    },
    async () => {
      bitcoinDevnet?.stop();
      xrpDevnet?.stop();
      await evm.stop();
    },
  );
}
