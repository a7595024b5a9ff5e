import { custodyConsoleEndpoints as console } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { AccountsService } from './accounts.service';
import type { CustodyAddressBook } from './address-book.service';
import type { ConsoleActor } from './console-actor';
import { routeConsoleEndpoint, type ConsoleCaller } from './console-guard';
import type { LinesService } from './lines.service';
import type { SettingsService } from './settings.service';

export interface OrganisationServices {
  lines: LinesService;
  settings: SettingsService;
  accounts: AccountsService;
  addressBook: CustodyAddressBook;
}

function actorOf(request: { headers: Record<string, string | string[] | undefined> }, caller: ConsoleCaller): ConsoleActor {
  const agent = request.headers['user-agent'];
  return { orgId: caller.orgId, userId: caller.userId, ip: caller.ip, userAgent: (typeof agent === 'string' ? agent : '').slice(0, 512) };
}

/** The organisation's set-up in the console: business lines, common settings, custody accounts and their address books. */
export function registerOrganisationRoutes(app: FastifyInstance, deps: { db: Db; organisation: OrganisationServices }): void {
  const { db } = deps;
  const { lines, settings, accounts, addressBook } = deps.organisation;

  routeConsoleEndpoint(app, db, console.lines, (_request, caller) => lines.list(caller.orgId));
  routeConsoleEndpoint(app, db, console.addLine, (request, caller) => lines.add(actorOf(request, caller), request.body));
  routeConsoleEndpoint(app, db, console.editLine, (request, caller) =>
    lines.edit(actorOf(request, caller), request.params.id, request.body),
  );

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
