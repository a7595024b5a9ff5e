import { billTypes } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { BitcoinNetwork, ChainRuntime, SendingRecords, XrpNetwork } from '../chain';
import { createDepositReads } from '../deposits';
import type { Ledger } from '../ledger';
import type { ChainBalanceReader } from './reconciliation';
import type { WithdrawalSender } from './withdrawal-signer';
import { findRecordedNetworkFee, unresolvedRawTransactions } from './withdrawal-outbox.repository';

/** The chains withdrawals are sent on, their balance readers and smart-contract checks. */
export interface WithdrawalChainSet {
  senders: Map<string, WithdrawalSender>;
  readers: ChainBalanceReader[];
  contractCheckers: Map<string, (address: string) => Promise<boolean>>;
  /** The Bitcoin network addresses are validated for (regtest for the devnet). */
  bitcoinNetwork: BitcoinNetwork;
  /** The XRP network X-addresses are validated for; unset: the main network (`X…` only, never a test network's `T…`). */
  xrpNetwork?: XrpNetwork;
  /** Run once when the signer starts (the local chain's hot-wallet float). */
  prepare?: (deps: { ledger: Ledger; logger: Logger }) => Promise<void>;
}

/**
 * What the chains' senders read of the withdrawals' records: the outbox (nonces held by
 * recorded, unresolved transactions; the fee fixed when signing) and the customers' deposit
 * addresses (Bitcoin deposits are swept as they are spent).
 */
export function withdrawalSendingRecords(db: Db): SendingRecords {
  const deposits = createDepositReads(db);
  return {
    async unresolvedTransactions(chain) {
      const rows = await unresolvedRawTransactions(db, chain);
      return rows.map((row) => row.raw);
    },
    async recordedNetworkFee(chain, txid) {
      const row = await findRecordedNetworkFee(db, chain, txid);
      return BigInt(row?.network_fee ?? '0');
    },
    async depositAddresses(chain) {
      const rows = await deposits.depositAddressesOf(chain);
      return rows.map((row) => ({ address: row.address, index: row.derivationIndex }));
    },
  };
}

/**
 * Platform money added to the hot wallet from outside (an operator's funding, the local chain's
 * funder): booked as treasury against the omnibus account, so reconciliation stays exact.
 */
export async function recordHotWalletFunding(ledger: Ledger, asset: string, amount: bigint, txid: string): Promise<void> {
  await ledger.post({
    idempotencyKey: `hot-wallet-funding:${txid}`,
    billType: billTypes.other,
    reference: { type: 'hot-wallet-funding', id: txid },
    legs: [
      { accountId: await ledger.platformAccount('omnibus', asset), bucket: 'available', amount: -amount },
      { accountId: await ledger.platformAccount('treasury', asset), bucket: 'available', amount },
    ],
  });
}

/**
 * The withdrawal chains of the process's chain runtime: its senders and balance readers over
 * the withdrawals' records, its networks, and — when the signer starts — the devnets' hot-wallet
 * float, each top-up booked as treasury.
 */
export function provideWithdrawalChains(deps: {
  db: Db;
  chains: Pick<ChainRuntime, 'sending' | 'networks' | 'fundHotWallets'>;
}): WithdrawalChainSet {
  const sending = deps.chains.sending(withdrawalSendingRecords(deps.db));
  return {
    senders: sending.senders,
    readers: sending.balances,
    contractCheckers: sending.contractCheckers,
    bitcoinNetwork: deps.chains.networks.bitcoin,
    xrpNetwork: deps.chains.networks.xrp,
    prepare: ({ ledger, logger }) =>
      deps.chains.fundHotWallets({
        logger,
        onFunded: (funding) => recordHotWalletFunding(ledger, funding.asset, funding.amount, funding.txid),
      }),
  };
}
