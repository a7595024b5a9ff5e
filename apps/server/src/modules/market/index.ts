import type { Db } from '../../platform/db/database';
import { createMarketService } from './market.service';

export { createExchangeTicker } from './exchange-ticker';
export type { Quotation } from './market.service';

/**
 * The market module's price source: the built-in seeded market ticking every minute. The
 * markets capability (quotations, index, trading) reads it and adds exchange adapters.
 */
export function createMarketModule(deps: { db: Db; seed: string }) {
  const market = createMarketService(deps);
  return { market, jobs: [market.tickJob()] };
}
