import type { ColumnType } from 'kysely';
import type { ProviderDocumentType, ProviderLocale, ProviderOutcome } from './identity-provider';

/** One session of the sandbox identity provider (`sandbox.migration.ts`); images are never stored. */
export type KycSandboxSessionTable = {
  id: string;
  reference: string;
  customer_ref: string;
  country: string;
  document_type: ProviderDocumentType;
  locale: ProviderLocale;
  success_url: string;
  error_url: string;
  callback_url: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, never>;
  /** jsonb: written as JSON text, read parsed. */
  outcome: ColumnType<ProviderOutcome | null, string | null | undefined, string | null>;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  delivery_id: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_body: ColumnType<string | null, string | null | undefined, string | null>;
};

/** The KYC sandbox provider's tables (type aliases, so Kysely's `withTables` takes them as they are). */
export type KycSandboxTables = {
  kyc_sandbox_session: KycSandboxSessionTable;
};
