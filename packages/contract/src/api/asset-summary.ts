import { z } from 'zod';

/** A value in both valuation currencies; decimal strings (spec §3 asset summary). */
export const fiatValueSchema = z.object({
  rmbValue: z.string(),
  usdValue: z.string(),
});

/** Spec §3: five keys, each with rmbValue and usdValue, defaulting to '0'. */
export const assetSummarySchema = z.object({
  totalAsset: fiatValueSchema,
  balance: fiatValueSchema,
  bollateral: fiatValueSchema,
  borrow: fiatValueSchema,
  investment: fiatValueSchema,
});
export type AssetSummary = z.infer<typeof assetSummarySchema>;
