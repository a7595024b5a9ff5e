import { z } from 'zod';
import { chainSchema, coinSchema, pageQuerySchema, pageSchema } from './primitives';
// Withdrawals engineer: the withdrawal member of the records union.
import { withdrawalRecordSchema } from './withdrawals';

/** One network a coin travels on, with the rules the recharge and withdraw screens show. */
export const dwChainOptionSchema = z.object({
  /** Network code of the catalogue: `ethereum`, `bitcoin`, `xrpl`. */
  chain: z.string(),
  /** `native`, `erc20`… */
  tokenStandard: z.string(),
  /** The token contract on this network (ERC-20), `null` for the native coin. */
  contractAddress: z.string().nullable(),
  /** Whether deposits to this network need a memo / destination tag (XRP). */
  needsMemo: z.boolean(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  /** Smaller deposits are recorded as failed and not credited. */
  minDeposit: z.string(),
  /** Confirmations before a deposit is credited (spec §9). */
  confirmationsToCredit: z.number().int(),
  confirmationsToWithdraw: z.number().int(),
  minWithdrawal: z.string(),
  withdrawalFee: z.string(),
  /**
   * Whether the dev faucet (local chain of the embedded default only) sends this coin on this
   * network. The server always answers it; optional so older clients' fixtures stay valid.
   */
  devFaucet: z.boolean().optional(),
});
export type DwChainOption = z.infer<typeof dwChainOptionSchema>;

export const dwOptionQuerySchema = z.object({ coin: coinSchema.optional() });
export const dwOptionSchema = z.object({
  coin: z.string(),
  name: z.string(),
  icon: z.string(),
  displayPrecision: z.number().int(),
  chains: z.array(dwChainOptionSchema),
});
export type DwOption = z.infer<typeof dwOptionSchema>;

export const supportTokensQuerySchema = z.object({ type: z.enum(['deposit', 'withdraw']).default('deposit') });
export const supportTokenSchema = z.object({
  coin: z.string(),
  name: z.string(),
  icon: z.string(),
  displayPrecision: z.number().int(),
  /** The networks this coin can currently be deposited (or withdrawn) on. */
  chains: z.array(z.string()),
});
export type SupportToken = z.infer<typeof supportTokenSchema>;

export const depositAddressQuerySchema = z.object({ coin: coinSchema, chain: chainSchema });
export type DepositAddressQuery = z.infer<typeof depositAddressQuerySchema>;
export const depositAddressSchema = z.object({
  coin: z.string(),
  chain: z.string(),
  address: z.string(),
  /** XRP destination tag to quote with every deposit; `null` where the chain needs none. */
  memo: z.string().nullable(),
  /** PNG data URL of the address as a QR code. */
  qrCode: z.string(),
  minDeposit: z.string(),
  confirmationsToCredit: z.number().int(),
  tokenStandard: z.string(),
  contractAddress: z.string().nullable(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

/** Spec §3 deposit record: time, coin, amount, progress, status (§4: 1 credited, 2 failed, 3 waiting). */
export const depositRecordSchema = z.object({
  kind: z.literal('deposit'),
  id: z.string(),
  /** ISO time the deposit was seen on chain. */
  time: z.string(),
  coin: z.string(),
  chain: z.string(),
  amount: z.string(),
  /** `confirmations/required`, e.g. `3/12`. */
  progress: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Why a failed deposit was not credited: `belowMinimum`. */
  failReason: z.enum(['belowMinimum']).nullable(),
  address: z.string(),
  memo: z.string().nullable(),
  txid: z.string(),
  blockHeight: z.number().int(),
  creditedAt: z.string().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecordSchema>;

/** A record of the deposit and withdrawal list; each kind adds its own member. */
export const dwRecordSchema = z.discriminatedUnion('kind', [depositRecordSchema, withdrawalRecordSchema]);
export type DwRecord = z.infer<typeof dwRecordSchema>;

export const dwRecordsBodySchema = z.object({
  /** Only one kind; both when absent. */
  kind: z.enum(['deposit', 'withdrawal']).optional(),
  coin: coinSchema.optional(),
  /** Deposit status of spec §4 (1 credited, 2 failed, 3 waiting). */
  status: z.coerce.number().int().min(1).max(3).optional(),
  /** ISO dates or date-times; the range is [start, end). */
  start: z.string().trim().max(40).optional(),
  end: z.string().trim().max(40).optional(),
  ...pageQuerySchema.shape,
});
export type DwRecordsBody = z.infer<typeof dwRecordsBodySchema>;
export const dwRecordsPageSchema = pageSchema(dwRecordSchema);

export const devFaucetBodySchema = z.object({ coin: coinSchema });
export const devFaucetSchema = z.object({
  coin: z.string(),
  chain: z.string(),
  amount: z.string(),
  address: z.string(),
  txid: z.string(),
});
export type DevFaucetResult = z.infer<typeof devFaucetSchema>;
