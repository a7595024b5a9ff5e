import type { AssetSummary } from './api/asset-summary';

const zero = { rmbValue: '0', usdValue: '0' } as const;

/** The asset summary before anything is known (spec §3 default '0'); kept free of zod. */
export const emptyAssetSummary: AssetSummary = {
  totalAsset: { ...zero },
  balance: { ...zero },
  bollateral: { ...zero },
  borrow: { ...zero },
  investment: { ...zero },
};
