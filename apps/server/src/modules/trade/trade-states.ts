import type { AutoSwapStatus, SpotOrderStatus } from '@coffer/contract';
import { tradeError } from './trade.errors';

/**
 * Spot order payment states of spec §4 and the moves between them. Paying moves
 * pendingPayment → pendingSettlement → completed inside one transaction with the ledger
 * journal; inProgress, abnormal and refunded are for settlements that do not complete at
 * once (an abnormal settlement is reviewed, then completed, refunded or cancelled).
 * The migration's trigger holds the same table.
 */
export const orderTransitions: Readonly<Record<SpotOrderStatus, readonly SpotOrderStatus[]>> = {
  pendingPayment: ['pendingSettlement', 'cancelled'],
  pendingSettlement: ['inProgress', 'completed', 'abnormal'],
  inProgress: ['completed', 'abnormal'],
  abnormal: ['inProgress', 'refunded', 'cancelled'],
  completed: [],
  cancelled: [],
  refunded: [],
};

/**
 * Auto-swap states of spec §4: accepted (deposit seen) → processing (pricing) → settling
 * (price locked, ledger journal pending) → completed; unsettle when the journal cannot be
 * posted (the deposit was spent first); rejected when it cannot be priced; cancelled when
 * the setting was switched off first. A transient pricing failure returns it to accepted.
 */
export const autoSwapTransitions: Readonly<Record<AutoSwapStatus, readonly AutoSwapStatus[]>> = {
  accepted: ['processing', 'cancelled', 'rejected'],
  processing: ['accepted', 'settling', 'cancelled', 'rejected'],
  settling: ['completed', 'unsettle'],
  completed: [],
  cancelled: [],
  rejected: [],
  unsettle: [],
};

export function canMoveOrder(from: SpotOrderStatus, to: SpotOrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

/** Refuses an illegal order move with 13010007. */
export function assertOrderMove(from: SpotOrderStatus, to: SpotOrderStatus): void {
  if (!canMoveOrder(from, to)) throw tradeError('illegalOrderTransition', {}, 'status');
}

export function canMoveAutoSwap(from: AutoSwapStatus, to: AutoSwapStatus): boolean {
  return autoSwapTransitions[from].includes(to);
}

export const terminalOrderStatuses = (Object.keys(orderTransitions) as SpotOrderStatus[]).filter(
  (status) => orderTransitions[status].length === 0,
);
