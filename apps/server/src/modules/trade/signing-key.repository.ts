/** Records a quote-signing public key in `trade_signing_key` (read back by `quote.repository.ts`'s `signingKeys`). */
import type { Db } from '../../platform/db/database';

/** Publishes the key once; a key already recorded stays as it is. */
export async function recordSigningKey(db: Db, keyId: string, publicKey: string): Promise<void> {
  await db
    .insertInto('trade_signing_key')
    .values({ key_id: keyId, public_key: publicKey })
    .onConflict((conflict) => conflict.column('key_id').doNothing())
    .execute();
}
