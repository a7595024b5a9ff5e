import type { CaptchaPurpose } from '@coffer/contract';
import type { ColumnType } from 'kysely';

/** A spent captcha solution (`solution:<challenge signature>`) or token (`token:<id>`). */
export interface CaptchaSpentTable {
  spent_key: string;
  purpose: CaptchaPurpose;
  expires_at: ColumnType<Date, Date | string, never>;
  spent_at: ColumnType<Date, Date | string | undefined, never>;
}

/** The captcha module's table (`captcha.migration.ts`). */
export interface CaptchaTables {
  captcha_spent: CaptchaSpentTable;
}
