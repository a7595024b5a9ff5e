import type { CustodyOrderDetail, CustodyOrderPayout, Language } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import { evaluatePolicy, needsOrders, type PolicyOrder, type PolicyVerdict } from './order-policy';
import { approvalView, orderView, policyAnswer, policyFacts } from './order-view';
import type { Selectable } from 'kysely';
import type { CustodyWithdrawalOrderTable } from './custody.schema';
import { approvalsOf, findOrder, payoutTransferOf, readPolicyRows, type ApprovalRow, type OrderRow } from './orders.repository';

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
  const read = (history: 'sums' | 'orders') =>
    readPolicyRows(trx, {
      lineId: order.lineId,
      asset: order.asset,
      submitterMemberId: order.submitterMemberId,
      orderId: order.orderId,
      now,
      destination: { chain: order.chain, address: order.address, tag: order.tag },
      history,
    });
  const rows = await read('sums');
  if (!rows) return undefined;
  const facts = policyFacts(rows, scale, now);
  const verdict = evaluatePolicy(order, facts);
  if (!needsOrders(verdict, facts, order.amount)) return verdict;
  // A window is exceeded: when it frees up needs the orders in it, read in the same transaction.
  const withOrders = await read('orders');
  return withOrders && evaluatePolicy(order, policyFacts(withOrders, scale, now));
}

/** States an order reaches only once its quorum handed it to the withdrawal signer. */
const handedOut = new Set(['sending', 'approved', 'transfer_failed']);

/**
 * After the quorum: handed to the signer by the approval that completed it (the last approval,
 * in the same transaction), paid by `txid`, its transfer record written when it settled, after
 * the network's required confirmations. An order refused before it was handed out has none.
 */
async function payoutOf(
  trx: Db,
  row: OrderRow,
  approvals: ApprovalRow[],
  assets: Pick<AssetsApi, 'chainSettings'>,
): Promise<CustodyOrderPayout> {
  const quorum = approvals.filter((approval) => approval.decision === 'approve').at(-1);
  const sentAt = handedOut.has(row.state) && quorum ? quorum.created_at.toISOString() : null;
  const transfer = row.state === 'approved' ? await payoutTransferOf(trx, row.id) : undefined;
  let confirmations: number | null = null;
  if (row.state === 'approved') {
    const setting = (await assets.chainSettings()).find((each) => each.asset === row.asset && each.chain === row.chain);
    confirmations = setting?.confirmationsToWithdraw ?? null;
  }
  return {
    sentAt,
    txid: row.txid ?? transfer?.txid ?? null,
    settledAt: transfer ? transfer.recorded_at.toISOString() : null,
    confirmations,
  };
}

/**
 * An order with its approvals and, while it is open, why it is held (issue 18 item 5): the rule
 * that holds or refuses it, the limits left and when they free up, who may still approve. A
 * decided order answers `pass` with its approvals and limits.
 */
export async function orderDetail(
  trx: Db,
  id: string,
  assets: Pick<AssetsApi, 'scaleOf' | 'chainSettings'>,
  language: Language,
): Promise<CustodyOrderDetail | undefined> {
  const row = await findOrder(trx, id);
  if (!row) return undefined;
  const scale = await assets.scaleOf(row.asset);
  const [approvals, verdict] = await Promise.all([approvalsOf(trx, id), verdictOf(trx, row, scale)]);
  if (!verdict) throw new Error(`order ${id} has no business line`);
  const isOpen = row.state === 'pending_review' || row.state === 'reviewing';
  const shown: PolicyVerdict = isOpen ? verdict : { ...verdict, verdict: 'pass', rule: null, until: null, mayApprove: [] };
  const eligible = new Set(verdict.eligibleIds);
  return {
    order: orderView(row, scale),
    approvals: approvals.map((approval) => approvalView(approval, eligible)),
    policy: policyAnswer(shown, scale, language),
    payout: await payoutOf(trx, row, approvals, assets),
  };
}
