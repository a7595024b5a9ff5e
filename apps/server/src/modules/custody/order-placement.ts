import { billTypes } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { Ledger } from '../ledger';
import { digestOfRow } from './order-view';
import { insertOrder, type NewOrder } from './orders.repository';
import { asPlatform } from './tenant-transaction';

/** What an order's digest covers (`digestOfRow`), amounts in base units as decimal text. */
export interface OrderPayload {
  id: string;
  account_id: string;
  asset: string;
  chain: string;
  amount: string;
  address: string;
  tag: string;
  fee: string;
}

/**
 * Places one withdrawal order inside the caller's organisation transaction: amount + fee held on
 * the custody ledger account (key `custody-order:<id>:hold`), then the order row with that hold,
 * its serial number and its payload's digest. A single order and each row of a batch are placed
 * alike; the caller's policy check and audit record come before and after.
 */
export async function placeOrder(
  trx: Db,
  ledger: Pick<Ledger, 'hold'>,
  ledgerAccount: string,
  payload: OrderPayload,
  rest: Omit<NewOrder, keyof OrderPayload | 'serial_no' | 'digest' | 'hold_id'>,
): Promise<void> {
  const held = await asPlatform(trx, () =>
    ledger.hold(
      {
        idempotencyKey: `custody-order:${payload.id}:hold`,
        billType: billTypes.withdrawal,
        accountId: ledgerAccount,
        amount: BigInt(payload.amount) + BigInt(payload.fee),
        reference: { type: 'custodyOrder', id: payload.id },
      },
      trx,
    ),
  );
  if (!held.holdId) throw new Error(`the hold of custody order ${payload.id} has no id`);
  await insertOrder(trx, {
    ...payload,
    ...rest,
    serial_no: `CW${payload.id.padStart(10, '0')}`,
    digest: digestOfRow(payload),
    hold_id: held.holdId,
  });
}
