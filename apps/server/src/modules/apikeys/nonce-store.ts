import type { Db } from '../../platform/db/database';
import { groupCommit, type BatchOutcome } from '../../platform/db/group-commit';
import { insertNonces } from './apikeys.repository';

export interface NonceClaim {
  apiKeyId: string;
  nonce: string;
}

/**
 * Claims a key's nonce in the table every node shares: true the first time, false ever after
 * (until purged, past the window). Concurrent claims leave together in one INSERT … ON CONFLICT
 * DO NOTHING (the platform's group commit); a nonce twice in one batch is the first one's only.
 */
export function createNonceStore(db: Db): (claim: NonceClaim) => Promise<boolean> {
  const label = (claim: NonceClaim) => `${claim.apiKeyId}:${claim.nonce}`;
  return groupCommit<NonceClaim, boolean>({
    maxInFlight: 4,
    maxBatch: 500,
    one: async (claim) => (await insertNonces(db, [claim])).has(label(claim)),
    many: async (claims): Promise<Array<BatchOutcome<boolean>>> => {
      const inserted = await insertNonces(db, claims);
      const seen = new Set<string>();
      return claims.map((claim) => {
        const name = label(claim);
        const isFirst = !seen.has(name);
        seen.add(name);
        return { result: isFirst && inserted.has(name) };
      });
    },
    whenBatchFails: 'alone',
  });
}
