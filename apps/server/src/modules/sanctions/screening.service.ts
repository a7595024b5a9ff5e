import type { Db } from '../../platform/db/database';
import { addressKey } from './sanctioned-address';
import { findActiveEntries, insertHold, type ActiveEntry } from './sanctions.repository';
import type { SanctionsHoldKind } from './sanctions.schema';

/** The list entry an address was found on. */
export interface SanctionsHit {
  entryId: string;
  source: 'ofac' | 'manual';
  /** The OFAC list version; null for a manual entry. */
  listVersion: string | null;
  /** The listed party (OFAC) or compliance's note (manual). */
  label: string;
}

export type ScreeningResult = { hit: null } | { hit: SanctionsHit };

/** A withdrawal or deposit held by screening, as its module records it in its own transaction. */
export interface NewSanctionsHold {
  kind: SanctionsHoldKind;
  /** The withdrawal's or the deposit's id. */
  subjectId: string;
  userId: string;
  asset: string;
  /** Base units frozen. */
  amount: bigint;
  chain: string;
  /** The screened address: a withdrawal's destination, a deposit's sender. */
  address: string;
  entryId: string;
  /** The ledger hold freezing the funds. */
  ledgerHoldId: string | null;
}

/** What the withdrawals and deposits modules screen with. */
export interface SanctionsScreening {
  /** Whether `address` is on the active lists (newest OFAC version + manual list) of `chain`: one index probe. */
  screen(chain: string, address: string): Promise<ScreeningResult>;
  /** Several addresses of one chain at once: the hits, keyed by the address as given. */
  screenMany(chain: string, addresses: readonly string[]): Promise<Map<string, SanctionsHit>>;
  /** Records a hold on `executor`: the caller's transaction, the one that froze the funds. */
  openHold(executor: Db, hold: NewSanctionsHold): Promise<string>;
}

const hitOf = (entry: ActiveEntry): SanctionsHit => ({
  entryId: entry.id,
  source: entry.source,
  listVersion: entry.version_id,
  label: entry.label,
});

export function createSanctionsScreening(db: Db): SanctionsScreening {
  async function screenMany(chain: string, addresses: readonly string[]): Promise<Map<string, SanctionsHit>> {
    const keyed = addresses.map((address) => [address, addressKey(chain, address)] as const);
    const entries = await findActiveEntries(db, chain, [...new Set(keyed.map(([, key]) => key))]);
    const byKey = new Map<string, ActiveEntry>();
    // Manual entries come first: they name compliance's own note.
    for (const entry of entries) if (!byKey.has(entry.address_key)) byKey.set(entry.address_key, entry);
    const hits = new Map<string, SanctionsHit>();
    for (const [address, key] of keyed) {
      const entry = byKey.get(key);
      if (entry) hits.set(address, hitOf(entry));
    }
    return hits;
  }

  return {
    async screen(chain: string, address: string): Promise<ScreeningResult> {
      const hit = (await screenMany(chain, [address])).get(address);
      return hit ? { hit } : { hit: null };
    },
    screenMany,
    openHold: (executor, hold) =>
      insertHold(executor, {
        kind: hold.kind,
        subject_id: hold.subjectId,
        user_id: hold.userId,
        asset: hold.asset,
        amount: hold.amount,
        chain: hold.chain,
        address: hold.address,
        address_key: addressKey(hold.chain, hold.address),
        entry_id: hold.entryId,
        ledger_hold_id: hold.ledgerHoldId,
      }),
  };
}
