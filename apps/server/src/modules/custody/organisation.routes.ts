import { custodyConsoleEndpoints as console } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { AccountsService } from './accounts.service';
import type { CustodyAddressBook } from './address-book.service';
import type { ConsoleActor } from './console-actor';
import { routeConsoleEndpoint, type ConsoleCaller } from './console-guard';
import type { ChangeRequests } from './changes.service';
import type { Freezes } from './freeze.service';
import type { LinesService } from './lines.service';
import type { SettingsService } from './settings.service';

export interface OrganisationServices {
  lines: LinesService;
  settings: SettingsService;
  accounts: AccountsService;
  addressBook: CustodyAddressBook;
  changes: ChangeRequests;
  freezes: Freezes;
}

function actorOf(request: { headers: Record<string, string | string[] | undefined> }, caller: ConsoleCaller): ConsoleActor {
  const agent = request.headers['user-agent'];
  return { orgId: caller.orgId, userId: caller.userId, ip: caller.ip, userAgent: (typeof agent === 'string' ? agent : '').slice(0, 512) };
}

/**
 * The organisation's set-up in the console: business lines (their policy changes through change
 * requests, their freeze), common settings, custody accounts and their address books.
 */
export function registerOrganisationRoutes(app: FastifyInstance, deps: { db: Db; organisation: OrganisationServices }): void {
  const { db } = deps;
  const { lines, settings, accounts, addressBook, changes, freezes } = deps.organisation;

  routeConsoleEndpoint(app, db, console.lines, (_request, caller) => lines.list(caller.orgId));
  routeConsoleEndpoint(app, db, console.addLine, (request, caller) => lines.add(actorOf(request, caller), request.body));
  routeConsoleEndpoint(app, db, console.editLine, async (request, caller) => {
    const edited = await lines.edit({ ...actorOf(request, caller), memberId: caller.memberId }, request.params.id, request.body);
    const changeRequest = edited.changeRequestId === null ? null : await changes.view(caller.orgId, edited.changeRequestId);
    return { line: edited.line, changeRequest };
  });

  // Policy changes need the quorum; the freeze is asymmetric (issue 18 item 6).
  routeConsoleEndpoint(app, db, console.changeRequests, (request, caller) => changes.board(caller.orgId, request.query));
  routeConsoleEndpoint(app, db, console.approveChange, (request, caller) =>
    changes.approve(caller, request.params.id, request.body.opinion),
  );
  routeConsoleEndpoint(app, db, console.rejectChange, (request, caller) => changes.reject(caller, request.params.id, request.body.opinion));
  routeConsoleEndpoint(app, db, console.freezeLine, (request, caller) => freezes.freezeLine(caller, request.params.id, request.language));
  routeConsoleEndpoint(app, db, console.unfreezeLine, (request, caller) => freezes.unfreezeLine(caller, request.params.id));
  routeConsoleEndpoint(app, db, console.freezeOrganisation, (request, caller) => freezes.freezeOrganisation(caller, request.language));
  routeConsoleEndpoint(app, db, console.unfreezeOrganisation, (_request, caller) => freezes.unfreezeOrganisation(caller));

  routeConsoleEndpoint(app, db, console.settings, (_request, caller) => settings.get(caller.orgId));
  routeConsoleEndpoint(app, db, console.saveSettings, (request, caller) => settings.save(actorOf(request, caller), request.body));

  routeConsoleEndpoint(app, db, console.accounts, (_request, caller) => accounts.list(caller.orgId));
  routeConsoleEndpoint(app, db, console.addAccount, (request, caller) => accounts.add(actorOf(request, caller), request.body));

  routeConsoleEndpoint(app, db, console.addresses, (request, caller) => addressBook.list(caller.orgId, request.params.id));
  routeConsoleEndpoint(app, db, console.addAddress, (request, caller) =>
    addressBook.add(actorOf(request, caller), request.params.id, request.body),
  );
  routeConsoleEndpoint(app, db, console.deleteAddress, async (request, caller) => {
    await addressBook.remove(actorOf(request, caller), request.params.id);
    return {};
  });
}
