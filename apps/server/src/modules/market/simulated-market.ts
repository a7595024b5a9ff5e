import { createHmac } from 'node:crypto';

/** Prices in 1e-8 USD, as bigint: the walk never touches floating point. */
export const priceScale = 8;
const partsPerMillion = 1_000_000n;

/**
 * Per-minute volatility of each coin, in parts per million of the price for one step of the
 * walk (roughly the daily volatility divided by √1440): stablecoins barely move.
 */
const volatilityPpm: Record<string, bigint> = {
  BTC: 900n,
  ETH: 1_200n,
  XRP: 1_600n,
  USDT: 20n,
  USDC: 20n,
};

/**
 * A deterministic random step for (coin, minute): the same seed gives every process the same
 * market. Four uniform draws summed are close to normal; the result is in ppm.
 */
export function stepPpm(seed: string, asset: string, minute: number): bigint {
  const digest = createHmac('sha256', seed).update(`${asset}:${minute}`).digest();
  const spread = volatilityPpm[asset] ?? 1_000n;
  let total = 0n;
  for (let draw = 0; draw < 4; draw += 1) {
    const uniform = BigInt(digest.readUInt32BE(draw * 4)) % (2n * spread + 1n);
    total += uniform - spread;
  }
  // Stablecoins are pulled back towards their peg so they cannot wander off.
  return total / 2n;
}

/**
 * The next price from the last one: multiplied by (1 + step), never below one unit. `step`
 * numbers the walk's steps (a minute, or a live slot); `stepsPerMinute` scales the step so
 * a minute of slots moves the price about as much as one minute step (√n, as 2/7 ≈ 1/√12
 * for 5-second slots).
 */
export function nextPrice(
  lastUnits: bigint,
  seed: string,
  asset: string,
  step: number,
  pegUnits?: bigint,
  slotScale?: { numerator: bigint; denominator: bigint },
): bigint {
  const ppm = slotScale ? (stepPpm(seed, asset, step) * slotScale.numerator) / slotScale.denominator : stepPpm(seed, asset, step);
  let next = (lastUnits * (partsPerMillion + ppm)) / partsPerMillion;
  if (pegUnits !== undefined) next = (next * 9n + pegUnits) / 10n;
  return next > 0n ? next : 1n;
}
