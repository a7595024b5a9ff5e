/** The simulated liquidity channel's SQL: its decisions in `trade_channel_execution`, one per order. */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** A channel's answer for one order. */
export interface ChannelDecisionRow {
  outcome: 'filled' | 'rejected';
  reason: string | null;
}

/** The decision already taken for the order, if any. */
export function findChannelDecision(db: Db, orderId: string): Promise<ChannelDecisionRow | undefined> {
  return db.selectFrom('trade_channel_execution').select(['outcome', 'reason']).where('order_id', '=', orderId).executeTakeFirst();
}

/** Records the decision unless one was recorded first (the first one stands). */
export async function insertChannelDecision(
  db: Db,
  decision: { orderId: string; outcome: ChannelDecisionRow['outcome']; reason: string | null; marketPrice: string; decidedAt: Date },
): Promise<void> {
  await sql`
        insert into trade_channel_execution (order_id, outcome, reason, market_price, decided_at)
        values (${decision.orderId}, ${decision.outcome}, ${decision.reason}, ${decision.marketPrice}, ${decision.decidedAt})
        on conflict (order_id) do nothing`.execute(db);
}
