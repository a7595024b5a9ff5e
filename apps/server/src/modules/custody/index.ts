import type { FastifyInstance } from 'fastify';
import type { Messenger } from '../../platform/adapters/messenger';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import type { RequireOperator } from '../operators';
import { createApplicationService } from './application.service';
import { registerCustodyRoutes } from './custody.routes';

export { custodyTenantTables } from './custody.migration';
export { inOrganisation } from './tenant-transaction';

export interface CustodyModuleDeps {
  db: Db;
  config: Pick<AppConfig, 'PUBLIC_ORIGIN' | 'PORT'>;
  identity: Pick<IdentityApi, 'customerFacts' | 'describeMany' | 'noticeRecipient' | 'passkeyHolders'>;
  audit: Pick<AuditApi, 'record'>;
  messenger: Messenger;
  requireOperator: RequireOperator;
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
  return {
    register(app) {
      registerCustodyRoutes(app, { ...deps, applications });
    },
  };
}
