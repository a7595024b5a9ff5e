import { depositEndpoints } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import { requireSession, signedIn } from '../identity';
import type { DepositAddressService } from './deposit-address.service';
import type { DepositOptionsService } from './deposit-options.service';
import type { DevFaucetService } from './dev-faucet.service';
import type { DwRecordsService } from './dw-records.service';

export interface DepositServices {
  options: DepositOptionsService;
  addresses: DepositAddressService;
  records: DwRecordsService;
  /** Only on the embedded default's local chain; the route does not exist otherwise. */
  faucet: DevFaucetService | null;
}

/** The recharge calls of spec §7: options, supported coins, deposit address, records, dev faucet. */
export function registerDepositRoutes(app: FastifyInstance, services: DepositServices): void {
  const guarded = { preHandler: requireSession };

  routeEndpoint(app, depositEndpoints.dwOption, {}, (request) => services.options.options(request.query.coin));
  routeEndpoint(app, depositEndpoints.supportTokens, {}, (request) => services.options.supportTokens(request.query.type));
  routeEndpoint(app, depositEndpoints.depositAddress, guarded, (request) =>
    services.addresses.depositAddress(signedIn(request).userId, request.query),
  );
  routeEndpoint(app, depositEndpoints.dwRecords, guarded, (request) => services.records.page(signedIn(request).userId, request.body));
  const faucet = services.faucet;
  if (faucet) {
    routeEndpoint(app, depositEndpoints.devFaucet, guarded, (request) => faucet.drip(signedIn(request).userId, request.body.coin));
  }
}
