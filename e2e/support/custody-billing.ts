import { custodyBillingPaths, type CustodyBill, type CustodyBillDetail } from '@coffer/contract/custody-billing';
import { parseEther } from 'viem';
import { inject } from 'vitest';
// The table map (merged into the platform's `Database` type) of the server's modules.
import type {} from '../../apps/server/src/database-schema';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { createAssetsModule } from '../../apps/server/src/modules/assets';
import { createBillIssuer } from '../../apps/server/src/modules/custody/bill-issue.service';
import { createCustodyLedgerReads } from '../../apps/server/src/modules/ledger/custody-reads';
import { callApi } from './api';
import type { CustodyOrg } from './custody';

/** The current month, `YYYY-MM` (UTC, as bills are). */
export const currentMonth = () => new Date().toISOString().slice(0, 7);

/**
 * Issues the organisation's bill of the current month now. The job `custody.issue-bills` issues
 * the month before on the 1st, and nothing issues a month on demand (no operator action, no
 * command), so the test calls what that job calls, `BillIssuer.issueFor`, on the database of the
 * Coffer under test, as a tool beside it would.
 */
export async function issueCurrentBill(orgId: string): Promise<string> {
  const database = openDatabase(inject('databaseUrl'), { max: 2 });
  try {
    const issuer = createBillIssuer({
      db: database.db,
      assets: createAssetsModule({ db: database.db }).api,
      ledgerReads: createCustodyLedgerReads(database.db),
    });
    const id = await issuer.issueFor(orgId, currentMonth());
    if (!id) throw new Error(`the bill of ${currentMonth()} was issued already`);
    return id;
  } finally {
    await database.close();
  }
}

/** The organisation's bill of the current month, as its console reads it (bills of the month, then the one's detail). */
export async function currentBill(org: CustodyOrg): Promise<CustodyBillDetail> {
  const month = currentMonth();
  const { data } = await callApi<{ records: CustodyBill[] }>('GET', `${custodyBillingPaths.bills}?fromMonth=${month}&toMonth=${month}`, {
    cookie: org.admin.session,
  });
  const bill = data.records.find((each) => each.period === month);
  if (!bill) throw new Error(`no bill of ${month} listed`);
  return (await callApi<CustodyBillDetail>('GET', custodyBillingPaths.bill.replace(':id', bill.id), { cookie: org.admin.session })).data;
}

/** A bill's withdrawal-fee line of ETH: its coin total in wei and the orders it counts. */
export function ethFeeLine(detail: CustodyBillDetail): { amount: bigint; orders: number; sources: number } {
  const line = detail.lines.find((each) => each.kind === 'withdrawalFee' && each.coin === 'ETH');
  if (!line) throw new Error('the bill has no ETH withdrawal-fee line');
  return { amount: parseEther(line.amount ?? '0'), orders: line.orders, sources: line.sources.length };
}
