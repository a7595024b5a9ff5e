import { checkCustodyNote, custodyLimits, type custodyOrderDraftSchema } from '@coffer/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import { findAccount } from './accounts.repository';
import type { ConsoleCaller } from './console-guard';
import { hasControlCharacters, type CustodyDestinations } from './custody-destinations';
import { custodyError } from './custody.errors';
import { unitsOf } from './internal-move.service';
import type { PolicyOrder } from './order-policy';
import type { OrderRow } from './orders.repository';
import { inOrganisation } from './tenant-transaction';

export type Draft = z.output<typeof custodyOrderDraftSchema>;

/** A draft order checked field by field, ready for the policy engine: amounts in base units, the destination canonical. */
export interface PreparedOrder {
  order: PolicyOrder & { orderId: null; lineId: string };
  fee: bigint;
  scale: number;
}

/** The field checks of a withdrawal order (submission and dry run alike), before any rule of the policy engine. */
export function createOrderDrafts(deps: { db: Db; assets: Pick<AssetsApi, 'get' | 'chainSettings'>; destinations: CustodyDestinations }) {
  const { db, assets } = deps;

  /** The draft checked field by field: the destination by the chain's rules, the amount by the coin's decimals, the fee of the network. */
  async function prepare(caller: Pick<ConsoleCaller, 'orgId' | 'memberId'>, draft: Draft): Promise<PreparedOrder> {
    if (checkCustodyNote(draft.note)) throw custodyError('custodyNoteTooLong', { max: custodyLimits.noteMaxChars }, 'note');
    if (hasControlCharacters(draft.note)) throw custodyError('invalidParameter', {}, 'note');
    const destination = await deps.destinations.check({ asset: draft.coin, chain: draft.chain, address: draft.address, tag: draft.tag });
    const asset = await assets.get(destination.asset);
    const amount = unitsOf(draft.amount, asset.scale);
    const setting = (await assets.chainSettings()).find((each) => each.asset === asset.code && each.chain === destination.chain);
    if (!setting) throw custodyError('withdrawalNetworkNotSupported', {}, 'chain');
    const account = await inOrganisation(db, caller.orgId, (trx) => findAccount(trx, draft.accountId));
    if (!account) throw custodyError('noMatchingData', {}, 'accountId');
    const order = { orderId: null, lineId: draft.lineId, submitterMemberId: caller.memberId, accountId: account.id, amount };
    return {
      order: { ...order, asset: asset.code, chain: destination.chain, address: destination.address, tag: destination.tag },
      fee: setting.withdrawalFee,
      scale: asset.scale,
    };
  }

  /** A retry of a submitted request answers the order; the same request id with other content is refused. */
  function sameRequest(row: OrderRow, prepared: PreparedOrder, note: string): boolean {
    const { order } = prepared;
    return (
      row.line_id === order.lineId &&
      row.account_id === order.accountId &&
      row.asset === order.asset &&
      row.chain === order.chain &&
      BigInt(row.amount) === order.amount &&
      row.address === order.address &&
      row.tag === order.tag &&
      row.note === note
    );
  }

  return { prepare, sameRequest };
}
