import { sql } from 'kysely';
import type { BillDescriber } from '../wallet';

interface DepositFacts {
  txid: string;
  chain: string;
  address: string;
  memo: string | null;
  confirmations: number;
  required: number;
}

/** The detail of a deposit's bill (journal reference `deposit`, posted by the watcher at crediting). */
export const depositBillDescriber: BillDescriber<DepositFacts> = {
  referenceTypes: ['deposit'],
  factsQuery: (_type, ids, userId) => sql`
    select 'deposit' as reference_type, d.id::text as reference_id,
           jsonb_build_object('txid', d.txid, 'chain', d.chain, 'address', d.address, 'memo', d.memo,
                              'confirmations', d.confirmations, 'required', d.required_confirmations) as facts
      from deposit d
     where d.id = any(${ids}::bigint[]) and d.user_id = ${userId}::bigint`,
  detailOf: (facts) => ({
    txid: facts.txid,
    chain: facts.chain,
    depositAddress: facts.address,
    ...(facts.memo ? { memo: facts.memo } : {}),
    confirmations: `${facts.confirmations}/${facts.required}`,
  }),
};
