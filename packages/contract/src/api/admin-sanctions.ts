import { z } from 'zod';
import { recordIdSchema } from './record-id';

/**
 * The back office's sanctions screening (permission `sanctions.manage`): OFAC list versions
 * imported from the SDN advanced XML, the manual block list, and the holds screening opened on
 * withdrawals and deposits with compliance's decisions. Amounts are decimal strings.
 */

/** Largest OFAC file the import reads (the raw XML body); the body is read as a stream, never kept whole. */
export const sanctionsImportMaxBytes = 200 * 1024 * 1024;

/** Chains an entry is screened on; `other` keeps what the platform does not run (LTC, TRX, a USDT address on Tron…). */
export const sanctionsChains = ['bitcoin', 'ethereum', 'xrpl', 'other'] as const;
export type SanctionsChain = (typeof sanctionsChains)[number];

/** Chains a manual entry can name: those the platform pays and receives on. */
export const sanctionsManualChains = ['bitcoin', 'ethereum', 'xrpl'] as const;

export const sanctionsSources = ['ofac', 'manual'] as const;
export type SanctionsSource = (typeof sanctionsSources)[number];

export const sanctionsHoldKinds = ['withdrawal', 'deposit'] as const;
export const sanctionsHoldStatuses = ['open', 'released', 'refused'] as const;
export type SanctionsHoldStatus = (typeof sanctionsHoldStatuses)[number];

const operatorRefSchema = z.object({ id: z.string(), name: z.string().nullable() });

export const sanctionsListVersionSchema = z.object({
  id: z.string(),
  source: z.literal('ofac'),
  /** The file's `DateOfIssue` (YYYY-MM-DD), when it has one. */
  publishedOn: z.string().nullable(),
  fileSha256: z.string(),
  fileBytes: z.number().int(),
  /** Digital currency addresses kept, all chains. */
  entryCount: z.number().int(),
  countsByChain: z.record(z.string(), z.number().int()),
  importedBy: operatorRefSchema,
  importedAt: z.string(),
  /** The newest version is the one screened against (with the manual list). */
  isActive: z.boolean(),
});
export type SanctionsListVersion = z.infer<typeof sanctionsListVersionSchema>;

/**
 * The import's query. A file published no later than the active version (or undated when that
 * is dated), or one naming no digital currency address, is refused unless compliance
 * overrides: `override=true` makes it the active version all the same.
 */
export const sanctionsImportQuerySchema = z.object({
  override: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const sanctionsImportResultSchema = z.object({
  version: sanctionsListVersionSchema,
  /** Open holds screened again against the new version and the manual list. */
  rescreenedHolds: z.number().int(),
  /** Of those, the ones whose address is no longer listed: still open, marked for compliance. */
  holdsNoLongerListed: z.number().int(),
});
export type SanctionsImportResult = z.infer<typeof sanctionsImportResultSchema>;

export const sanctionsManualEntrySchema = z.object({
  id: z.string(),
  chain: z.enum(sanctionsManualChains),
  address: z.string(),
  note: z.string(),
  createdBy: operatorRefSchema,
  createdAt: z.string(),
});
export type SanctionsManualEntry = z.infer<typeof sanctionsManualEntrySchema>;

/** The longest operator's note or reason on a manual entry or a hold decision. */
export const sanctionsNoteMaxChars = 300;
/** The longest address a manual entry takes. */
export const sanctionsAddressMaxChars = 256;

const noteSchema = z.string().trim().min(1).max(sanctionsNoteMaxChars);

export const sanctionsManualAddBodySchema = z.strictObject({
  chain: z.enum(sanctionsManualChains),
  address: z.string().trim().min(1).max(sanctionsAddressMaxChars),
  note: noteSchema,
});
export type SanctionsManualAddBody = z.infer<typeof sanctionsManualAddBodySchema>;

export const sanctionsManualRemoveBodySchema = z.strictObject({ note: noteSchema });

export const sanctionsEntryIdParamsSchema = z.object({ id: recordIdSchema('sanctionsEntryNotFound') });
export const sanctionsHoldIdParamsSchema = z.object({ id: recordIdSchema('sanctionsHoldNotFound') });

export const sanctionsHoldsQuerySchema = z.object({
  status: z.enum(sanctionsHoldStatuses).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** The list entry a hold was opened on. */
export const sanctionsHoldEntrySchema = z.object({
  id: z.string(),
  source: z.enum(sanctionsSources),
  /** The OFAC list version (null for a manual entry). */
  listVersion: z.string().nullable(),
  label: z.string(),
});

export const sanctionsHoldSchema = z.object({
  id: z.string(),
  kind: z.enum(sanctionsHoldKinds),
  /** The withdrawal's or the deposit's id. */
  subjectId: z.string(),
  status: z.enum(sanctionsHoldStatuses),
  userNo: z.string(),
  coin: z.string(),
  amount: z.string(),
  chain: z.string(),
  /** The withdrawal's destination, or the deposit's sender that was listed. */
  address: z.string(),
  entry: sanctionsHoldEntrySchema,
  /** False once a later list change no longer lists the address (the hold stays open: the decision is compliance's). */
  isStillListed: z.boolean(),
  rescreenedAt: z.string().nullable(),
  openedAt: z.string(),
  decidedBy: operatorRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type SanctionsHold = z.infer<typeof sanctionsHoldSchema>;

export const sanctionsHoldsPageSchema = z.object({ total: z.number().int(), items: z.array(sanctionsHoldSchema) });

export const sanctionsReleaseBodySchema = z.strictObject({ reason: z.string().trim().max(sanctionsNoteMaxChars).optional() });
/** A refusal always says why: it is kept for the authorities. */
export const sanctionsRefuseBodySchema = z.strictObject({ reason: noteSchema });
