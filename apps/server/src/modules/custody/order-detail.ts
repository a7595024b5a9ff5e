import type { CustodyOrderDetail, Language } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { evaluatePolicy, type PolicyOrder, type PolicyVerdict } from './order-policy';
import { approvalView, orderView, policyAnswer, policyFacts } from './order-view';
import type { Selectable } from 'kysely';
import type { CustodyWithdrawalOrderTable } from './custody.schema';
import { approvalsOf, findOrder, readPolicyRows } from './orders.repository';

/** The policy engine's verdict on an order as it stands now (its own amount not counted twice). */
export async function verdictOf(
  trx: Db,
  row: Selectable<CustodyWithdrawalOrderTable> | (PolicyOrder & { lineId: string }),
  scale: number,
): Promise<PolicyVerdict | undefined> {
  const order: PolicyOrder & { lineId: string } =
    'line_id' in row
      ? {
          orderId: row.id,
          lineId: row.line_id,
          submitterMemberId: row.submitter_member_id,
          accountId: row.account_id,
          asset: row.asset,
          chain: row.chain,
          address: row.address,
          tag: row.tag,
          amount: BigInt(row.amount),
        }
      : row;
  const now = new Date();
  const rows = await readPolicyRows(trx, {
    lineId: order.lineId,
    asset: order.asset,
    submitterMemberId: order.submitterMemberId,
    orderId: order.orderId,
    now,
  });
  return rows && evaluatePolicy(order, policyFacts(rows, scale, now));
}

/**
 * An order with its approvals and, while it is open, why it is held (issue 18 item 5): the rule
 * that holds or refuses it, the limits left and when they free up, who may still approve. A
 * decided order answers `pass` with its approvals and limits.
 */
export async function orderDetail(
  trx: Db,
  id: string,
  scaleOf: (asset: string) => Promise<number>,
  language: Language,
): Promise<CustodyOrderDetail | undefined> {
  const row = await findOrder(trx, id);
  if (!row) return undefined;
  const scale = await scaleOf(row.asset);
  const [approvals, verdict] = await Promise.all([approvalsOf(trx, id), verdictOf(trx, row, scale)]);
  if (!verdict) throw new Error(`order ${id} has no business line`);
  const isOpen = row.state === 'pending_review' || row.state === 'reviewing';
  const shown: PolicyVerdict = isOpen ? verdict : { ...verdict, verdict: 'pass', rule: null, until: null, mayApprove: [] };
  const eligible = new Set(verdict.eligibleIds);
  return {
    order: orderView(row, scale),
    approvals: approvals.map((approval) => approvalView(approval, eligible)),
    policy: policyAnswer(shown, scale, language),
  };
}
