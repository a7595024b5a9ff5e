import type { BillDetail } from '@coffer/contract';
import type { RawBuilder } from 'kysely';

/** One business row behind a journal reference, as a describer's select returns it. */
export interface BillFactsRow<Facts> {
  reference_type: string;
  reference_id: string;
  facts: Facts;
}

/** What the wallet lends a describer to turn facts into a detail. */
export interface BillDetailContext {
  /** The customer reading the bill. */
  userId: string;
  /** Another customer as a bill shows them (masked), looked up once per page or export batch. */
  maskedAccountOf(userId: string): Promise<string>;
  /** An asset's scale (decimals of its base unit), from the wallet's asset catalogue. */
  scaleOf(asset: string): Promise<number>;
}

/**
 * Bill details contributed by the module that posted the journals (deposits, withdrawals,
 * trade): the wallet shows a customer's bills but names none of their tables. `app.ts`
 * registers each module's describer with the wallet.
 */
export interface BillDescriber<Facts = unknown> {
  /** The journal reference types (`reference.type` of the postings) this module describes. */
  readonly referenceTypes: readonly string[];
  /**
   * One select of the facts behind `referenceIds` (all numeric) of `referenceType`, scoped to
   * `userId`: a bill never shows another customer's business row. Its columns are those of
   * `BillFactsRow` (facts as jsonb); the wallet unions the selects of every describer present
   * on a page into one query.
   */
  factsQuery(referenceType: string, referenceIds: readonly string[], userId: string): RawBuilder<BillFactsRow<Facts>>;
  /** The detail these facts show the customer reading the bill. */
  detailOf(facts: Facts, context: BillDetailContext): Promise<BillDetail> | BillDetail;
}
