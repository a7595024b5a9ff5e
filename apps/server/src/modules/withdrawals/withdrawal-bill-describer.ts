import { fromBaseUnits, type BillWithdrawalStatus, type WithdrawalStatus } from '@coffer/contract';
import { sql } from 'kysely';
import type { BillDescriber } from '../wallet';
import { customerStatusOf } from './withdrawal-states';
import type { WithdrawalRowStatus } from './withdrawals.schema';

/**
 * A bill's `status` detail keeps the names it has always answered (`awaiting_confirmation`, …)
 * for the status the customer sees (`customerStatusOf`: one under review reads as processing).
 */
const billNames: Readonly<Record<WithdrawalStatus, BillWithdrawalStatus>> = {
  awaitingConfirmation: 'awaiting_confirmation',
  processing: 'processing',
  confirming: 'confirming',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};
const billStatusOf = (status: WithdrawalRowStatus): BillWithdrawalStatus => billNames[customerStatusOf[status]];

interface WithdrawalFacts {
  serialNo: string;
  kind: 'ordinary' | 'internal';
  asset: string;
  chain: string;
  address: string;
  tag: string | null;
  /** Base units. */
  fee: string;
  status: WithdrawalRowStatus;
  txid: string | null;
  userId: string;
  recipientUserId: string | null;
}

/**
 * The detail of a withdrawal's bills (journal reference `withdrawal`: hold, internal,
 * settle, release): read by the sender and, for an internal one, by the recipient too.
 */
export const withdrawalBillDescriber: BillDescriber<WithdrawalFacts> = {
  referenceTypes: ['withdrawal'],
  factsQuery: (_type, ids, userId) => sql`
    select 'withdrawal' as reference_type, w.id::text as reference_id,
           jsonb_build_object('serialNo', w.serial_no, 'kind', w.kind, 'asset', w.asset, 'chain', w.chain,
                              'address', w.address, 'tag', w.tag, 'fee', w.fee::text, 'status', w.status,
                              'txid', x.txid, 'userId', w.user_id::text, 'recipientUserId', w.recipient_user_id::text) as facts
      from withdrawal w
      left join withdrawal_outbox x on x.withdrawal_id = w.id
     where w.id = any(${ids}::bigint[]) and (w.user_id = ${userId}::bigint or w.recipient_user_id = ${userId}::bigint)`,
  async detailOf(facts, context) {
    if (facts.kind === 'internal' && facts.recipientUserId) {
      const isOutgoing = facts.userId === context.userId;
      const counterpart = await context.maskedAccountOf(isOutgoing ? facts.recipientUserId : facts.userId);
      return isOutgoing
        ? { serialNumber: facts.serialNo, targetAccount: counterpart, status: billStatusOf(facts.status) }
        : { serialNumber: facts.serialNo, sourceAccount: counterpart };
    }
    return {
      serialNumber: facts.serialNo,
      withdrawalAddress: facts.address,
      ...(facts.tag ? { memo: facts.tag } : {}),
      ...(facts.txid ? { txid: facts.txid } : {}),
      chain: facts.chain,
      fee: fromBaseUnits(BigInt(facts.fee), await context.scaleOf(facts.asset)),
      status: billStatusOf(facts.status),
    };
  },
};
