import { walletEndpoints } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { routeEndpoint, routeEndpointRaw } from '../../platform/http/endpoint-route';
import { requireSession, signedIn } from '../identity';
import type { AssetsApi } from '../assets';
import type { BalancesService } from './balances.service';
import { billsCsvFileName, downloadLanguage, type BillsService } from './bills.service';
import type { DashboardService } from './dashboard.service';
import type { TransferService } from './transfer.service';

export interface WalletServices {
  assets: AssetsApi;
  balances: BalancesService;
  transfers: TransferService;
  bills: BillsService;
  dashboard: DashboardService;
}

/** The wallet calls of spec §7: balance account, asset summary, internal transfer, bills. */
export function registerWalletRoutes(app: FastifyInstance, services: WalletServices): void {
  const guarded = { preHandler: requireSession };

  routeEndpoint(app, walletEndpoints.bitAssets, guarded, (request) =>
    services.balances.assetTable(signedIn(request).userId, { coin: request.query.coin, hideSmall: request.query.hideSmall === 'true' }),
  );
  routeEndpoint(app, walletEndpoints.userAssets, guarded, (request) =>
    services.balances.assetTable(signedIn(request).userId, { coin: request.body.coin, hideSmall: request.body.hideSmall === 'true' }),
  );
  routeEndpoint(app, walletEndpoints.headAsset, guarded, (request) => services.balances.summary(signedIn(request).userId));
  routeEndpoint(app, walletEndpoints.currencies, {}, () => services.assets.currencies());
  routeEndpoint(app, walletEndpoints.tokenSwitches, {}, async () =>
    (await services.assets.currencies()).map((currency) => ({
      coin: currency.coin,
      deposit: currency.chains.some((chain) => chain.isDepositEnabled),
      withdraw: currency.chains.some((chain) => chain.isWithdrawalEnabled),
    })),
  );
  routeEndpoint(app, walletEndpoints.userAccounts, guarded, async (request) => {
    const summary = await services.balances.summary(signedIn(request).userId);
    return [
      { account: 'balance' as const, ...summary.balance },
      { account: 'loan' as const, ...summary.bollateral },
      { account: 'investment' as const, ...summary.investment },
    ];
  });
  routeEndpoint(app, walletEndpoints.dashboard, guarded, (request) =>
    services.dashboard.userDashboard(signedIn(request).userId, request.language),
  );

  // ── Internal transfer ──────────────────────────────────────────────────────────────────
  routeEndpoint(app, walletEndpoints.isInnerAddress, {}, (request) =>
    services.transfers.isInnerAddress(request.params.address, request.query),
  );
  routeEndpoint(app, walletEndpoints.transferRecipient, guarded, (request) =>
    services.transfers.recipient(signedIn(request).userId, request.body.receiver),
  );
  routeEndpoint(app, walletEndpoints.preTransfer, guarded, (request) =>
    services.transfers.preTransfer(signedIn(request).userId, request.body),
  );
  routeEndpoint(app, walletEndpoints.transferCode, guarded, (request) =>
    services.transfers.sendCode(signedIn(request).userId, { language: request.language, ip: request.ip }),
  );
  routeEndpoint(app, walletEndpoints.transfer, guarded, (request) =>
    services.transfers.transfer(signedIn(request).userId, request.params, request.body, { ip: request.ip }),
  );
  routeEndpoint(app, walletEndpoints.transfers, guarded, (request) => services.transfers.records(signedIn(request).userId, request.query));

  // ── Bills ──────────────────────────────────────────────────────────────────────────────
  routeEndpoint(app, walletEndpoints.userBills, guarded, (request) => services.bills.page(signedIn(request).userId, request.query));
  routeEndpoint(app, walletEndpoints.billInfo, guarded, (request) => services.bills.info(signedIn(request).userId, request.query.id));
  routeEndpointRaw(app, walletEndpoints.billsExport, guarded, async (request, reply) => {
    const fileName = billsCsvFileName(request.query);
    const stream = services.bills.exportCsv(
      signedIn(request).userId,
      request.query,
      downloadLanguage(request.query.lang, request.language),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(stream);
  });
}
