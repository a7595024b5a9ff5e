import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { ChainDeposit } from '../chain';
import type { CustodyDepositFacts, CustodyDepositSink } from './custody-deposit-sink';
import type { DepositSettings } from './deposit-settings';
import type { ScannedBlock } from './deposit-watcher';
import type { DepositTable } from './deposits.schema';
import { depositAddressesAfter, insertDeposits, upsertScannedBlocks } from './deposit-watcher.repository';

const insertChunk = 1_000;

/** A watched address's owner: a customer, or a custody account (exactly one). */
interface WatchedAddress {
  userId: string | null;
  custodyAccountId: string | null;
  memo: string | null;
}

export interface DepositRecording {
  /** New deposit addresses since the last call (addresses never change once given out). */
  refreshAddresses(): Promise<void>;
  /** Whether an address is one of the chain's deposit addresses. */
  isWatched(address: string): boolean;
  /** Records the blocks' deposits (waiting, or failed below the minimum) and the blocks as scanned; how many new. */
  record(blocks: ScannedBlock[]): Promise<number>;
}

/**
 * The watcher's recording step: who a transfer is for, and its row. A deposit to a custody
 * account is told to the custody sink in the transaction that records it.
 */
export function createDepositRecording(deps: {
  db: Db;
  settings: DepositSettings;
  chain: string;
  logger: Logger;
  custody?: CustodyDepositSink;
}): DepositRecording {
  const { db, settings, chain, logger } = deps;

  const watched = new Map<string, WatchedAddress>();
  const watchedAddresses = new Set<string>();
  let lastAddressId = '0';

  /** New deposit addresses since the last tick (addresses never change once given out). */
  async function refreshAddresses(): Promise<void> {
    const rows = await depositAddressesAfter(db, chain, lastAddressId);
    for (const row of rows) {
      watched.set(row.memo === null ? row.address : `${row.address}#${row.memo}`, {
        userId: row.user_id,
        custodyAccountId: row.custody_account_id,
        memo: row.memo,
      });
      watchedAddresses.add(row.address);
      lastAddressId = row.id;
    }
  }

  const ownerOf = (deposit: ChainDeposit): WatchedAddress | undefined =>
    (deposit.tag !== undefined ? watched.get(`${deposit.address}#${deposit.tag}`) : undefined) ?? watched.get(deposit.address);

  async function record(blocks: ScannedBlock[]): Promise<number> {
    const byAsset = await settings.forChain(chain);
    const rows: Array<Insertable<DepositTable>> = [];
    for (const block of blocks) {
      for (const deposit of block.deposits) {
        const owner = ownerOf(deposit);
        const setting = byAsset.get(deposit.asset);
        if (!owner) {
          // Only a shared address (XRP) gets here: its tag is missing or names no customer. Nobody
          // is credited; the coins stay on the platform's account, where reconciliation shows them.
          logger.warn(
            {
              alert: 'unattributed-deposit',
              txid: deposit.txid,
              address: deposit.address,
              tag: deposit.tag ?? null,
              asset: deposit.asset,
              amount: deposit.amount.toString(),
              height: block.height,
            },
            'deposit names no customer (missing or unknown destination tag): not credited, left for review',
          );
          continue;
        }
        if (!setting) {
          logger.error({ asset: deposit.asset, txid: deposit.txid }, 'deposit of a coin the catalogue does not list on this chain');
          continue;
        }
        if (deposit.amount <= 0n) continue;
        const isBelowMinimum = deposit.amount < setting.minDeposit;
        rows.push({
          user_id: owner.userId,
          custody_account_id: owner.custodyAccountId,
          chain,
          asset: deposit.asset,
          txid: deposit.txid,
          log_index: deposit.logIndex,
          address: deposit.address,
          memo: owner.memo,
          amount: deposit.amount.toString(),
          block_height: String(block.height),
          block_hash: block.hash,
          confirmations: 0,
          required_confirmations: setting.confirmationsToCredit,
          status: isBelowMinimum ? 'failed' : 'waiting',
          fail_reason: isBelowMinimum ? 'belowMinimum' : null,
          source_addresses: deposit.senders ?? null,
        });
      }
    }
    return db.transaction().execute(async (trx) => {
      let inserted = 0;
      for (let start = 0; start < rows.length; start += insertChunk) {
        const added = await insertDeposits(trx, rows.slice(start, start + insertChunk));
        inserted += added.length;
        await tellCustody(trx, added);
      }
      for (let start = 0; start < blocks.length; start += insertChunk) {
        await upsertScannedBlocks(trx, chain, blocks.slice(start, start + insertChunk));
      }
      return inserted;
    });
  }

  /** The new deposits to custody accounts, told to the custody sink in the recording transaction. */
  async function tellCustody(trx: Db, added: Awaited<ReturnType<typeof insertDeposits>>): Promise<void> {
    const facts: CustodyDepositFacts[] = added.flatMap((row) =>
      row.custody_account_id === null
        ? []
        : [
            {
              depositId: row.id,
              custodyAccountId: row.custody_account_id,
              chain,
              asset: row.asset,
              amount: BigInt(row.amount),
              txid: row.txid,
              address: row.address,
              memo: row.memo,
              senders: row.source_addresses,
              isBelowMinimum: row.status === 'failed',
            },
          ],
    );
    if (facts.length === 0) return;
    if (!deps.custody) throw new Error('a deposit to a custody account, and no custody sink to record it');
    await deps.custody.recorded(trx, facts);
  }

  return { refreshAddresses, isWatched: (address) => watchedAddresses.has(address), record };
}
