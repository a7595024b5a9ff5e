import { randomBytes } from 'node:crypto';
import { createLogger } from '../src/platform/observability/logger';
import type { Db } from '../src/platform/db/database';
import { createAssetsModule } from '../src/modules/assets';
import type { ChainDeposit, ReceivingChain } from '../src/modules/chain';
import { createCustodyDepositSink } from '../src/modules/custody';
import { createDepositSettings } from '../src/modules/deposits/deposit-settings';
import { createDepositWatcher, type DepositWatcher } from '../src/modules/deposits/deposit-watcher';
import { createLedgerReads } from '../src/modules/ledger';
import { createLedger } from '../src/modules/ledger/ledger.service';
import { createSanctionsScreening } from '../src/modules/sanctions/screening.service';

/**
 * Deposits to custody accounts in tests: an EVM chain in memory whose blocks the test mines and
 * reorganises, and a deposit watcher over any chain source with the custody module's sink.
 */

const silentLogger = createLogger({ LOG_LEVEL: 'silent' });

/** An EVM chain in memory: blocks with their hashes and deposits; a reorganisation replaces blocks from a height on. */
export function memoryEthereum() {
  const blocks: Array<{ hash: string; deposits: ChainDeposit[] }> = [{ hash: 'genesis', deposits: [] }];
  const receiving: ReceivingChain = {
    chain: 'ethereum',
    deriveAddress: (index) => ({ address: `0x${(index + 1).toString(16).padStart(40, 'c')}`, memo: null }),
    source: {
      chain: 'ethereum',
      firstHeight: 0,
      tipHeight: async () => blocks.length - 1,
      blockHash: async (height) => blocks[height]?.hash ?? null,
      depositsInBlock: async (height, watched) => (blocks[height]?.deposits ?? []).filter((deposit) => watched(deposit.address)),
    },
  };
  return {
    receiving,
    mine(deposits: ChainDeposit[] = [], count = 1) {
      for (let block = 0; block < count; block += 1) {
        blocks.push({ hash: randomBytes(8).toString('hex'), deposits: block === 0 ? deposits : [] });
      }
    },
    /** The blocks from `height` on are replaced by an empty one. */
    reorganiseFrom(height: number) {
      blocks.length = height;
      blocks.push({ hash: randomBytes(8).toString('hex'), deposits: [] });
    },
  };
}

/** A deposit watcher of `source` as the app runs one: ledger, settings, screening and the custody module's sink. */
export function custodyDepositWatcher(db: Db, source: ReceivingChain['source']): DepositWatcher {
  return createDepositWatcher({
    db,
    ledger: createLedger(db),
    settings: createDepositSettings(createAssetsModule({ db }).api),
    source,
    logger: silentLogger,
    options: { initialLookback: 1_000 },
    sanctions: createSanctionsScreening(db),
    custody: createCustodyDepositSink({ ledgerReads: createLedgerReads(db) }),
  });
}
