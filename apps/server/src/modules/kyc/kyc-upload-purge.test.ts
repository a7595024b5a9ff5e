import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { noisyPng } from '../../../test/fixtures/uploads/image-fixtures';
import { createMemoryBlobStore, type BlobStore } from '../../platform/storage';
import type { IdentityApi } from '../identity';
import { createKycLevelsService } from './kyc-levels.service';
import { createKycSubmissionService, uploadTtlMs } from './kyc-submission.service';
import { purgeExpiredUploads } from './kyc-upload-purge';
import { insertApplication, insertUpload } from './kyc.repository';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

const hour = 3_600_000;

/** A memory blob store that can say which blobs it holds. */
function countedBlobs(): BlobStore & { keys: Set<string> } {
  const inner = createMemoryBlobStore();
  const keys = new Set<string>();
  return {
    keys,
    async put(bytes, meta) {
      const stored = await inner.put(bytes, meta);
      keys.add(stored.key);
      return stored;
    },
    get: (key) => inner.get(key),
    async delete(key) {
      await inner.delete(key);
      keys.delete(key);
    },
  };
}

async function storedUpload(blobs: BlobStore, userId: string, ageMs: number) {
  const stored = await blobs.put(Buffer.from(`file of ${userId} aged ${ageMs}`), { contentType: 'image/png' });
  const row = await insertUpload(database.db, {
    user_id: userId,
    purpose: 'addressProof',
    blob_key: stored.key,
    kind: 'png',
    mime: 'image/png',
    size: stored.size,
    sha256: stored.sha256,
    duration_ms: null,
  });
  await database.db
    .updateTable('kyc_upload')
    .set({ created_at: new Date(Date.now() - ageMs) })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, key: stored.key };
}

describe('the purge of expired uploads', () => {
  it('deletes uploads past their lifetime (and grace) that no application names, with their files, and nothing else', async () => {
    const blobs = countedBlobs();
    const expired = await Promise.all([1, 2, 3].map(() => storedUpload(blobs, '9001', uploadTtlMs + 2 * hour)));
    const named = await storedUpload(blobs, '9002', uploadTtlMs + 30 * hour);
    await insertApplication(database.db, {
      user_id: '9002',
      level: 1,
      state: 'verifying',
      country: 'DE',
      data: '{}',
      upload_id: named.id,
      rule_checks: '[]',
    });
    const fresh = await storedUpload(blobs, '9003', hour);
    const inGrace = await storedUpload(blobs, '9003', uploadTtlMs + hour / 2);

    expect(await purgeExpiredUploads({ db: database.db, blobs, uploadTtlMs })).toBe(3);

    const left = await database.db
      .selectFrom('kyc_upload')
      .select('id')
      .where('user_id', 'in', ['9001', '9002', '9003'])
      .orderBy('id')
      .execute();
    expect(left.map((row) => row.id)).toEqual([named.id, fresh.id, inGrace.id]);
    for (const gone of expired) expect(await blobs.get(gone.key)).toBeNull();
    expect([...blobs.keys].sort()).toEqual([named.key, fresh.key, inGrace.key].sort());
    // A second run finds nothing more.
    expect(await purgeExpiredUploads({ db: database.db, blobs, uploadTtlMs })).toBe(0);
  });
});

describe('an upload whose row cannot be written', () => {
  it('leaves no file behind', async () => {
    const blobs = countedBlobs();
    const identity = { kycLevel: async () => 0 } as unknown as IdentityApi;
    const submission = createKycSubmissionService({
      db: database.db,
      identity,
      levels: createKycLevelsService({ db: database.db, identity, audit: { record: async () => ({ seq: '0' }) } }),
      blobs,
      key: Buffer.alloc(32, 7),
      limiter: { take: async () => null },
    });
    // The database refuses this customer's upload rows (as a full disk or a lost connection would).
    await sql`
      create function refuse_upload() returns trigger language plpgsql as $$
      begin
        if new.user_id = 9100 then raise exception 'refused'; end if;
        return new;
      end $$;
      create trigger refuse_upload before insert on kyc_upload for each row execute function refuse_upload();
    `.execute(database.db);
    try {
      await expect(submission.upload('9100', 'addressProof', noisyPng(160, 120, 9))).rejects.toThrow('refused');
      expect(blobs.keys.size).toBe(0);
      const accepted = await submission.upload('9101', 'addressProof', noisyPng(160, 120, 10));
      const row = await database.db.selectFrom('kyc_upload').selectAll().where('id', '=', accepted.uploadId).executeTakeFirstOrThrow();
      // Size and digest as the store computed them, of the sanitised bytes it holds.
      const blob = await blobs.get(row.blob_key);
      expect(row.size).toBe(blob!.bytes.length);
      expect(blobs.keys).toEqual(new Set([row.blob_key]));
    } finally {
      await sql`drop trigger refuse_upload on kyc_upload; drop function refuse_upload();`.execute(database.db);
    }
  }, 60_000);
});
