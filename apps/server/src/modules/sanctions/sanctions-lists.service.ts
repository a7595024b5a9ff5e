import {
  sanctionsImportMaxBytes,
  type SanctionsImportResult,
  type SanctionsListVersion,
  type SanctionsManualAddBody,
  type SanctionsManualEntry,
} from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { databaseErrorOf } from '../../platform/db/database-errors';
import type { AuditApi } from '../audit';
import { addressKey, isListableAddress } from './sanctioned-address';
import { operatorAuditFields, type OperatorIdentity } from '../operators';
import { sanctionsError } from './sanctions.errors';
import {
  insertEntries,
  insertManualEntry,
  insertVersion,
  listManualEntries,
  listVersions,
  lockedActiveVersion,
  removeManualEntry,
  rescreenOpenHolds,
} from './sanctions.repository';
import { parseSdnAdvanced, SdnListTooLargeError } from './sdn-advanced-parser';
import { XmlRefusedError } from './xml-tag-scanner';

/** The lists compliance keeps: OFAC versions imported from the SDN advanced XML, and the manual block list. */
export interface SanctionsLists {
  /**
   * Reads the file as it streams in; a new version (the active one), open holds screened again,
   * audited. Refuses a file not published after the active version, or naming no address,
   * unless compliance overrides.
   */
  importOfac(
    file: AsyncIterable<Uint8Array | string>,
    officer: OperatorIdentity,
    options?: { override?: boolean },
  ): Promise<SanctionsImportResult>;
  versions(): Promise<SanctionsListVersion[]>;
  manualEntries(): Promise<SanctionsManualEntry[]>;
  addManual(body: SanctionsManualAddBody, officer: OperatorIdentity): Promise<SanctionsManualEntry>;
  removeManual(id: string, note: string, officer: OperatorIdentity): Promise<void>;
}

type VersionRow = Awaited<ReturnType<typeof listVersions>>[number];

function versionOf(row: VersionRow, isActive: boolean): SanctionsListVersion {
  return {
    id: row.id,
    source: row.source,
    publishedOn: row.published_on,
    fileSha256: row.file_sha256,
    fileBytes: Number(row.file_bytes),
    entryCount: row.entry_count,
    countsByChain: row.counts_by_chain,
    importedBy: { id: row.imported_by, name: row.imported_by_name },
    importedAt: row.imported_at.toISOString(),
    isActive,
  };
}

function manualEntryOf(row: Awaited<ReturnType<typeof listManualEntries>>[number]): SanctionsManualEntry {
  return {
    id: row.id,
    chain: row.chain as SanctionsManualEntry['chain'],
    address: row.address,
    note: row.label,
    createdBy: { id: row.created_by ?? '', name: row.created_by_name },
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Whether a file's publication date is later than the active version's: an undated file is
 * never shown newer than a version; a dated one is newer than an undated version.
 */
function isNewer(publishedOn: string | null, activeOn: string | null): boolean {
  if (publishedOn === null) return false;
  return activeOn === null || publishedOn > activeOn;
}

export function createSanctionsLists(deps: { db: Db; audit: Pick<AuditApi, 'record'> }): SanctionsLists {
  const { db, audit } = deps;

  async function parse(file: AsyncIterable<Uint8Array | string>) {
    try {
      return await parseSdnAdvanced(file, { maxBytes: sanctionsImportMaxBytes });
    } catch (error) {
      if (error instanceof XmlRefusedError) throw sanctionsError('sanctionsListInvalid', { reason: error.reason });
      if (error instanceof SdnListTooLargeError)
        throw sanctionsError('sanctionsListTooLarge', { limit: String(error.limit / 1024 / 1024) });
      throw error;
    }
  }

  return {
    async importOfac(file, officer, options = {}) {
      const override = options.override === true;
      const parsed = await parse(file);
      if (parsed.addresses.length === 0 && !override) throw sanctionsError('sanctionsListNoAddresses');
      const countsByChain: Record<string, number> = {};
      for (const entry of parsed.addresses) countsByChain[entry.chain] = (countsByChain[entry.chain] ?? 0) + 1;
      return db.transaction().execute(async (trx) => {
        // Compared under the import lock: of two racing imports of one file, one is refused.
        const active = await lockedActiveVersion(trx);
        if (active && !override && !isNewer(parsed.publishedOn, active.published_on)) {
          throw sanctionsError('sanctionsListNotNewer', { publishedOn: parsed.publishedOn ?? '—', activeOn: active.published_on ?? '—' });
        }
        const version = await insertVersion(trx, {
          source: 'ofac',
          published_on: parsed.publishedOn,
          file_sha256: parsed.sha256,
          file_bytes: parsed.bytes,
          entry_count: parsed.addresses.length,
          counts_by_chain: JSON.stringify(countsByChain),
          imported_by: officer.operatorId,
          imported_by_name: officer.name,
        });
        await insertEntries(
          trx,
          parsed.addresses.map((entry) => ({
            source: 'ofac' as const,
            version_id: version.id,
            chain: entry.chain,
            address: entry.address,
            address_key: entry.key,
            currency: entry.currency,
            label: entry.label,
            party_ref: entry.partyRef,
          })),
        );
        // Holds already open are screened again; open withdrawals and deposits without a hold are not.
        const rescreen = await rescreenOpenHolds(trx);
        const result = {
          version: versionOf(version, true),
          rescreenedHolds: rescreen.rescreened,
          holdsNoLongerListed: rescreen.noLongerListed,
        };
        await audit.record(trx, {
          ...operatorAuditFields(officer),
          action: 'sanctions.list.import',
          subject: { kind: 'sanctionsListVersion', id: version.id },
          after: { ...result.version, rescreenedHolds: result.rescreenedHolds, holdsNoLongerListed: result.holdsNoLongerListed },
          reason: override ? 'override: imported without the newer-and-not-empty check' : null,
        });
        return result;
      });
    },

    async versions() {
      const rows = await listVersions(db);
      return rows.map((row, index) => versionOf(row, index === 0));
    },

    async manualEntries() {
      return (await listManualEntries(db)).map(manualEntryOf);
    },

    async addManual(body, officer) {
      if (!isListableAddress(body.chain, body.address)) throw sanctionsError('invalidAddress', {}, 'address');
      const address = body.address.trim();
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await insertManualEntry(trx, {
            source: 'manual',
            chain: body.chain,
            address,
            address_key: addressKey(body.chain, address),
            label: body.note,
            created_by: officer.operatorId,
            created_by_name: officer.name,
          });
          await rescreenOpenHolds(trx);
          const entry = manualEntryOf(row);
          await audit.record(trx, {
            ...operatorAuditFields(officer),
            action: 'sanctions.manual.add',
            subject: { kind: 'sanctionsEntry', id: row.id },
            after: entry,
            reason: body.note,
          });
          return entry;
        });
      } catch (error) {
        if (databaseErrorOf(error).constraint === 'sanctions_entry_manual_once')
          throw sanctionsError('sanctionsEntryAlreadyListed', {}, 'address');
        throw error;
      }
    },

    async removeManual(id, note, officer) {
      await db.transaction().execute(async (trx) => {
        const removed = await removeManualEntry(trx, id, { id: officer.operatorId, name: officer.name }, note);
        if (!removed) throw sanctionsError('sanctionsEntryNotFound', {}, 'id');
        await rescreenOpenHolds(trx);
        await audit.record(trx, {
          ...operatorAuditFields(officer),
          action: 'sanctions.manual.remove',
          subject: { kind: 'sanctionsEntry', id },
          before: { chain: removed.chain, address: removed.address, note: removed.label },
          reason: note,
        });
      });
    },
  };
}
