/**
 * The deposits' read API (issue 14): other modules (withdrawals, wallet transfers) ask these
 * functions instead of naming `deposit_address`, `deposit` or `chain_scanned_block`. Each takes
 * an optional executor so a caller inside a transaction reads what that transaction sees.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export interface DepositAddressRow {
  address: string;
  /** The customer's derivation index on the chain (the deposits' counter hands each out once). */
  derivationIndex: number;
}

export interface DepositReads {
  /**
   * The customer owning a deposit address on `chain`, null when none does: the one rule of
   * "is this a Coffer customer's deposit address" (withdrawals' internal destinations, wallet
   * transfers' `isInnerAddress`). The address compares case-insensitively; on XRP the
   * destination tag is part of it (an untagged address matches only an untagged row).
   */
  depositAddressOwner(chain: string, address: string, tag: string | null, executor?: Db): Promise<string | null>;
  /** Every customer deposit address of `chain`, one row per customer (XRP customers may share an address). */
  depositAddressesOf(chain: string, executor?: Db): Promise<DepositAddressRow[]>;
  /**
   * The sum of a customer's credited deposits of `asset` still below their chain's withdrawal
   * confirmation count (`confirmationsToWithdraw`, per chain; chains not listed count nothing).
   * Confirmations are tip − block + 1 with the newest block the chain's watcher has read (and
   * checked for reorganisations) as the tip; a chain none of whose blocks was read yet keeps
   * every credited deposit below.
   */
  creditedBelowConfirmations(
    userId: string,
    asset: string,
    confirmationsToWithdraw: ReadonlyMap<string, number>,
    executor?: Db,
  ): Promise<bigint>;
}

export function createDepositReads(db: Db): DepositReads {
  return {
    async depositAddressOwner(chain, address, tag, executor = db) {
      const row = await executor
        .selectFrom('deposit_address')
        .select('user_id')
        .where('chain', '=', chain)
        .where(sql<boolean>`lower(address) = ${address.toLowerCase()}`)
        .where(sql<boolean>`memo is not distinct from ${tag}`)
        .executeTakeFirst();
      return row?.user_id ?? null;
    },

    async depositAddressesOf(chain, executor = db) {
      const rows = await executor
        .selectFrom('deposit_address')
        .select(['address', 'derivation_index'])
        .where('chain', '=', chain)
        .execute();
      return rows.map((row) => ({ address: row.address, derivationIndex: row.derivation_index }));
    },

    async creditedBelowConfirmations(userId, asset, confirmationsToWithdraw, executor = db) {
      if (confirmationsToWithdraw.size === 0) return 0n;
      const chains = [...confirmationsToWithdraw.keys()];
      const counts = chains.map((chain) => confirmationsToWithdraw.get(chain) ?? 0);
      const result = await sql<{ young: string }>`
        select coalesce(sum(d.amount), 0)::text as young
          from unnest(${chains}::text[], ${counts}::int[]) as c(chain, confirmations_to_withdraw)
          left join lateral (
                select b.height from chain_scanned_block b where b.chain = c.chain order by b.height desc limit 1
               ) tip on true
          join deposit d on d.chain = c.chain and d.asset = ${asset}
         where d.user_id = ${userId} and d.status = 'credited'
           and (tip.height is null or tip.height - d.block_height + 1 < c.confirmations_to_withdraw)`.execute(executor);
      return BigInt(result.rows[0]?.young ?? '0');
    },
  };
}
