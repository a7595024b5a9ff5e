import type { Language } from '@coffer/contract';
import type { ColumnType, JSONColumnType } from 'kysely';

/** What a notice reports; the kinds a customer switches on or off in set-preferences. */
export type NoticeKind = 'login' | 'deposit' | 'withdrawal';
export type NoticeOutcome = 'sent' | 'skipped' | 'abandoned';

/** Where a login came from. */
export interface LoginNoticeFacts {
  ip: string;
  device: string;
}

/** A deposit or withdrawal: base units of `asset` (a decimal string), its network and destination; txid null when internal. */
export interface MoneyNoticeFacts {
  asset: string;
  units: string;
  chain: string;
  address: string;
  tag: string | null;
  txid: string | null;
}

export type NoticeFacts = LoginNoticeFacts | MoneyNoticeFacts;

/** The notices module's table (`notices.migration.ts`). */
export interface NoticeTables {
  notice_outbox: {
    id: ColumnType<string, never, never>;
    notice_key: string;
    user_id: string;
    kind: NoticeKind;
    language: Language | null;
    facts: JSONColumnType<NoticeFacts>;
    created_at: ColumnType<Date, never, never>;
    attempts: ColumnType<number, never, number>;
    next_attempt_at: ColumnType<Date, never, Date | string>;
    outcome: ColumnType<NoticeOutcome | null, never, NoticeOutcome>;
    settled_at: ColumnType<Date | null, never, Date | string>;
  };
}
