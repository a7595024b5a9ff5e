import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/**
 * Deletes up to `limit` uploads made before `before` that no application refers to, and answers
 * their blob keys. One statement: a row an application came to refer to meanwhile is kept
 * (the `not exists` is evaluated again on the locked row), and rows another run holds are skipped.
 */
export async function deleteExpiredUploads(db: Db, before: Date, limit: number): Promise<string[]> {
  const result = await sql<{ blob_key: string }>`
    delete from kyc_upload u
    where u.id in (
      select id from kyc_upload
      where created_at < ${before}
        and not exists (select 1 from kyc_application a where a.upload_id = kyc_upload.id)
      order by id
      limit ${limit}
      for update skip locked
    )
    and not exists (select 1 from kyc_application a where a.upload_id = u.id)
    returning u.blob_key
  `.execute(db);
  return result.rows.map((row) => row.blob_key);
}
