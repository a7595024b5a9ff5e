import type { Db } from '../../platform/db/database';
import type { CustodyDepositFacts, CustodyDepositSink } from '../deposits';
import type { LedgerReads } from '../ledger';
import { addressKey } from '../sanctions';
import { linkedPartnersOf } from './pool-partners.repository';
import { withinOrganisation } from './tenant-transaction';
import {
  creditDepositTransfers,
  failDepositTransfers,
  holderOfAccount,
  insertTransfers,
  organisationsOfAccounts,
  type NewTransfer,
} from './transfers.repository';

/** Items by the organisation of their custody account (every account has one; a missing one is a broken invariant). */
async function byOrganisation<T extends { custodyAccountId: string }>(trx: Db, items: readonly T[]): Promise<Map<string, T[]>> {
  const orgs = await organisationsOfAccounts(trx, [...new Set(items.map((item) => item.custodyAccountId))]);
  const grouped = new Map<string, T[]>();
  for (const item of items) {
    const orgId = orgs.get(item.custodyAccountId);
    if (!orgId) throw new Error(`custody account ${item.custodyAccountId} belongs to no organisation`);
    grouped.set(orgId, [...(grouped.get(orgId) ?? []), item]);
  }
  return grouped;
}

type LinkedPartner = Awaited<ReturnType<typeof linkedPartnersOf>>[number];

/**
 * The mining-pool partner (issue 17 item 11) a deposit comes from: one linked now to the
 * deposit's account on its network whose payout address is among the deposit's senders, compared
 * as screening compares them (EVM and bech32 in lower case, XRP as the classic address).
 */
function partnerOf(partners: readonly LinkedPartner[], deposit: CustodyDepositFacts): string | null {
  const senders = (deposit.senders ?? []).map((sender) => addressKey(deposit.chain, sender));
  const partner = partners.find(
    (candidate) =>
      candidate.account_id === deposit.custodyAccountId && candidate.chain === deposit.chain && senders.includes(candidate.payout_key),
  );
  return partner?.id ?? null;
}

/**
 * The custody module's side of deposits to custody accounts (the deposits module's port, wired
 * by `app.ts`): each step writes the accounts' transfer records in the deposit watcher's (or
 * compliance's) transaction, fenced to the account's organisation, so a record and the ledger
 * commit or roll back together. A new record names the mining-pool partner it comes from (if
 * any). A credit that finds no pending record fails, and with it the credit.
 */
export function createCustodyDepositSink(deps: { ledgerReads: Pick<LedgerReads, 'custodyAvailableAfterJournal'> }): CustodyDepositSink {
  return {
    async recorded(trx, deposits) {
      for (const [orgId, group] of await byOrganisation(trx, deposits)) {
        await withinOrganisation(trx, orgId, async () => {
          const partners = await linkedPartnersOf(trx, [...new Set(group.map((deposit) => deposit.custodyAccountId))]);
          const rows: NewTransfer[] = group.map((deposit) => ({
            org_id: orgId,
            account_id: deposit.custodyAccountId,
            business_type: 'deposit',
            state: deposit.isBelowMinimum ? 'failure' : 'pendingCredit',
            fail_reason: deposit.isBelowMinimum ? 'belowMinimum' : null,
            asset: deposit.asset,
            chain: deposit.chain,
            amount: deposit.amount,
            order_no: `D${deposit.depositId}`,
            deposit_id: deposit.depositId,
            source: (deposit.senders ?? []).join(', '),
            txid: deposit.txid,
            to_address: deposit.memo === null ? deposit.address : `${deposit.address}#${deposit.memo}`,
            pool_partner_id: partnerOf(partners, deposit),
          }));
          await insertTransfers(trx, rows);
        });
      }
    },

    async credited(trx, credits) {
      for (const [orgId, group] of await byOrganisation(trx, credits)) {
        const settled: Array<{ depositId: string; journalId: string; balanceAfter: string }> = [];
        for (const credit of group) {
          const balanceAfter = (await deps.ledgerReads.custodyAvailableAfterJournal(credit.journalId, trx)).get(credit.custodyAccountId);
          if (balanceAfter === undefined)
            throw new Error(`journal ${credit.journalId} did not credit custody account ${credit.custodyAccountId}`);
          settled.push({ depositId: credit.depositId, journalId: credit.journalId, balanceAfter });
        }
        const changed = await withinOrganisation(trx, orgId, () => creditDepositTransfers(trx, settled));
        if (changed !== settled.length) throw new Error('a custody deposit credited has no transfer record pending credit');
      }
    },

    async failed(trx, deposits, reason) {
      for (const [orgId, group] of await byOrganisation(trx, deposits)) {
        await withinOrganisation(trx, orgId, () =>
          failDepositTransfers(
            trx,
            group.map((deposit) => deposit.depositId),
            reason,
          ),
        );
      }
    },

    async holderOf(trx, custodyAccountId) {
      const holder = await holderOfAccount(trx, custodyAccountId);
      if (!holder) throw new Error(`custody account ${custodyAccountId} has no holder`);
      return holder;
    },
  };
}
