import type { FastifyInstance } from 'fastify';
import type { Messenger } from '../../platform/adapters/messenger';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import type { RequireOperator } from '../operators';
import { createAccountsService } from './accounts.service';
import { createCustodyAddressBook } from './address-book.service';
import { createApplicationService } from './application.service';
import { createCustodyDestinations, type CustodyAddressNetworks } from './custody-destinations';
import { createLinesService } from './lines.service';
import { createSettingsService } from './settings.service';
import { registerCustodyRoutes } from './custody.routes';

export { custodyTenantTables } from './tenant-tables';
export { inOrganisation } from './tenant-transaction';

export interface CustodyModuleDeps {
  db: Db;
  config: Pick<AppConfig, 'PUBLIC_ORIGIN' | 'PORT'>;
  identity: Pick<IdentityApi, 'customerFacts' | 'describeMany' | 'noticeRecipient' | 'passkeyHolders'>;
  audit: Pick<AuditApi, 'record'>;
  messenger: Messenger;
  requireOperator: RequireOperator;
  /** The supported coins and their networks: line currencies, address-book and whitelist entries. */
  assets: Pick<AssetsApi, 'get' | 'chainSettings'>;
  /** The networks the chain module's address rules check addresses against. */
  addressNetworks: CustodyAddressNetworks;
}

export interface CustodyModule {
  register(app: FastifyInstance): void;
}

/**
 * The enterprise custody console (issue 17): company applications and their review in the back
 * office, and per enabled organisation (a tenant, fenced by row-level security) its roles,
 * members, business lines, common settings, custody accounts and address books.
 */
export function createCustodyModule(deps: CustodyModuleDeps): CustodyModule {
  const applications = createApplicationService(deps);
  const destinations = createCustodyDestinations({ assets: deps.assets, networks: deps.addressNetworks });
  const organisation = {
    lines: createLinesService({ db: deps.db, audit: deps.audit, assets: deps.assets, destinations }),
    settings: createSettingsService(deps),
    accounts: createAccountsService(deps),
    addressBook: createCustodyAddressBook({ db: deps.db, audit: deps.audit, destinations }),
  };
  return {
    register(app) {
      registerCustodyRoutes(app, { ...deps, applications, organisation });
    },
  };
}
