import type { CustodyAddress, CustodyAddressBody } from '@coffer/contract';
import type { DatabaseError } from 'pg';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import { findAccount } from './accounts.repository';
import { deleteAddress, insertAddress, listAddresses, type AddressRow } from './address-book.repository';
import { consoleAuditFields, type ConsoleActor } from './console-actor';
import type { CustodyDestinations } from './custody-destinations';
import { custodyError } from './custody.errors';
import { asPlatform, inOrganisation } from './tenant-transaction';

function addressView(row: AddressRow): CustodyAddress {
  return {
    id: row.id,
    accountId: row.account_id,
    asset: row.asset,
    chain: row.chain,
    address: row.address,
    tag: row.tag,
    note: row.note,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The common addresses of a custody account (spec §3, §9): a supported coin on one of its
 * networks, an address valid there (XRP: its tag), a note of at most 150 characters, each once,
 * at most 200 per account (the account's counted CHECK).
 */
export function createCustodyAddressBook(deps: { db: Db; audit: Pick<AuditApi, 'record'>; destinations: CustodyDestinations }) {
  const { db, audit, destinations } = deps;
  return {
    async list(orgId: string, accountId: string): Promise<CustodyAddress[]> {
      const rows = await inOrganisation(db, orgId, async (trx) => {
        if (!(await findAccount(trx, accountId))) throw custodyError('noMatchingData', {}, 'id');
        return listAddresses(trx, accountId);
      });
      return rows.map(addressView);
    },

    async add(actor: ConsoleActor, accountId: string, body: CustodyAddressBody): Promise<CustodyAddress> {
      const entry = await destinations.check(body);
      const row = await inOrganisation(db, actor.orgId, async (trx) => {
        const inserted = await insertAddress(trx, accountId, entry).catch((error: unknown) => {
          const { code, constraint } = error as Partial<DatabaseError>;
          if (code === '23514' && constraint === 'custody_account_address_count_check') throw custodyError('addressLimitReached');
          if (code === '23505') throw custodyError('addressAlreadySaved', {}, 'address');
          throw error;
        });
        if (!inserted) throw custodyError('noMatchingData', {}, 'id');
        await asPlatform(trx, () =>
          audit.record(trx, {
            ...consoleAuditFields(actor),
            action: 'custody.address.add',
            subject: { kind: 'custodyAddress', id: inserted.id },
            after: addressView(inserted),
          }),
        );
        return inserted;
      });
      return addressView(row);
    },

    async remove(actor: ConsoleActor, id: string): Promise<void> {
      await inOrganisation(db, actor.orgId, async (trx) => {
        const removed = await deleteAddress(trx, id);
        if (!removed) throw custodyError('noMatchingData', {}, 'id');
        await asPlatform(trx, () =>
          audit.record(trx, {
            ...consoleAuditFields(actor),
            action: 'custody.address.delete',
            subject: { kind: 'custodyAddress', id },
            before: addressView(removed),
          }),
        );
      });
    },
  };
}

export type CustodyAddressBook = ReturnType<typeof createCustodyAddressBook>;
