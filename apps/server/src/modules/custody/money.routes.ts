import { custodyConsoleEndpoints as console } from '@coffer/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { AssetReportService, ReportFile } from './asset-report.service';
import type { CustodyBalancesService } from './balances.service';
import { routeConsoleDownload, routeConsoleEndpoint } from './console-guard';
import type { CustodyDepositAddresses } from './custody-deposit-address';
import type { InternalMoves } from './internal-move.service';
import { downloadLanguage } from './report-words';
import type { TransferHistory } from './transfer-history.service';

/** The custody accounts' money in the console (issue 17 items 6–8). */
export interface MoneyServices {
  balances: CustodyBalancesService;
  depositAddresses: CustodyDepositAddresses;
  moves: InternalMoves;
  history: TransferHistory;
  report: AssetReportService;
}

function sendFile(reply: FastifyReply, file: Pick<ReportFile, 'fileName' | 'contentType'>, body: unknown): FastifyReply {
  return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(body);
}

/** Balances, deposit addresses, internal moves, transfer history and the asset report, each behind its console permission. */
export function registerMoneyRoutes(app: FastifyInstance, deps: { db: Db; money: MoneyServices }): void {
  const { db } = deps;
  const { balances, depositAddresses, moves, history, report } = deps.money;

  routeConsoleEndpoint(app, db, console.balances, (_request, caller) => balances.balances(caller.orgId));
  routeConsoleEndpoint(app, db, console.depositAddress, (request, caller) =>
    depositAddresses.depositAddress(caller.orgId, request.params.id, request.query),
  );
  routeConsoleEndpoint(app, db, console.internalMove, (request, caller) => moves.move(caller, request.body));
  routeConsoleEndpoint(app, db, console.transfers, (request, caller) => history.page(caller.orgId, request.query));
  routeConsoleDownload(app, db, console.transfersExport, async (request, caller, reply) => {
    const language = downloadLanguage(request.query.lang, request.language);
    const stream = history.exportCsv(caller.orgId, request.query, language);
    const fileName = `coffer-custody-transfers_${request.query.start ?? ''}_${request.query.end ?? ''}.csv`.replace(/[^\w.-]/g, '-');
    return sendFile(reply, { fileName, contentType: 'text/csv; charset=utf-8' }, stream);
  });
  routeConsoleEndpoint(app, db, console.assetReport, (request, caller) => report.report(caller.orgId, request.query));
  routeConsoleDownload(app, db, console.assetReportExport, async (request, caller, reply) => {
    const language = downloadLanguage(request.query.lang, request.language);
    const file = await report.exportFile(caller.orgId, request.query, language);
    return sendFile(reply, file, file.body);
  });
}
