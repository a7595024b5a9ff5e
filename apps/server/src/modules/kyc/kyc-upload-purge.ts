import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { BlobStore } from '../../platform/storage';
import { deleteExpiredUploads } from './kyc-upload-purge.repository';

/**
 * An upload no application refers to is refused after its lifetime (`uploadTtlMs`); an hour
 * more lets a submission that read it just before then finish before the row goes.
 */
const purgeGraceMs = 3_600_000;
const batchSize = 500;

/**
 * Deletes the uploads past their lifetime that no application refers to, with their files.
 * Rows and files go batch by batch in one transaction each: a file that cannot be deleted keeps
 * its row (deleting a file twice is harmless), so no run leaves a file nobody can find again.
 * Answers how many uploads went.
 */
export async function purgeExpiredUploads(deps: { db: Db; blobs: BlobStore; uploadTtlMs: number; now?: Date }): Promise<number> {
  const before = new Date((deps.now ?? new Date()).getTime() - deps.uploadTtlMs - purgeGraceMs);
  let purged = 0;
  for (;;) {
    const keys = await deps.db.transaction().execute(async (trx) => {
      const deleted = await deleteExpiredUploads(trx, before, batchSize);
      for (const key of deleted) await deps.blobs.delete(key);
      return deleted;
    });
    purged += keys.length;
    if (keys.length < batchSize) return purged;
  }
}

/** The hourly purge (pg-boss cron, one run per slot across processes). */
export function uploadPurgeJob(deps: { db: Db; blobs: BlobStore; uploadTtlMs: number }): JobDefinition {
  return {
    name: 'kyc.purge-uploads',
    cron: '23 * * * *',
    handle: async (_data, { logger }) => {
      const purged = await purgeExpiredUploads(deps);
      if (purged > 0) logger.info({ purged }, 'expired KYC uploads deleted');
    },
  };
}
