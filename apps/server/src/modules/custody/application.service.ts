import {
  cleanCustodyApplication,
  isEmailAddress,
  normaliseEmail,
  validateCustodyApplication,
  type AdminCustodyApplication,
  type CustodyApplication,
  type CustodyApplicationBody,
  type Language,
} from '@coffer/contract';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import { operatorAuditFields, type OperatorIdentity } from '../operators';
import {
  createOrganisation,
  decideApplication,
  findApplication,
  insertApplication,
  latestApplicationOf,
  listApplications,
  type ApplicationRow,
} from './application.repository';
import { custodyError } from './custody.errors';
import { custodyMessage } from './custody-messages';

export interface ApplicationDeps {
  db: Db;
  identity: Pick<IdentityApi, 'customerFacts' | 'describeMany' | 'noticeRecipient'>;
  audit: Pick<AuditApi, 'record'>;
  messenger: Messenger;
}

export function applicationView(row: ApplicationRow): CustodyApplication {
  return {
    id: row.id,
    companyName: row.company_name,
    country: row.country,
    industry: row.industry,
    website: row.website,
    contactName: row.contact_name,
    phone: row.phone,
    email: row.email,
    state: row.state,
    rejectReason: row.reject_reason,
    salespersonEmail: row.salesperson_email,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

/**
 * The company application's §3 fields by the §5 rules (the contract's, which the form shows):
 * the first broken one refused with its own code naming the field; the cleaned body.
 */
function checkedApplication(body: CustodyApplicationBody): Required<CustodyApplicationBody> {
  const [problem] = validateCustodyApplication(body);
  if (problem) throw custodyError(problem.errorKey, {}, problem.field);
  return cleanCustodyApplication(body);
}

/**
 * The company application (issue 17, item 1): an enterprise customer applies; an operator
 * with `custody.review` enables it (the organisation, its built-in roles, the applicant as
 * enterprise admin, in one transaction) or rejects it with a reason. Each step is in the audit
 * log and e-mailed to the applicant after commit.
 */
export function createApplicationService(deps: ApplicationDeps) {
  const { db, identity, audit } = deps;

  async function tell(userId: string, kind: 'received' | 'enabled' | 'rejected', row: ApplicationRow, fallback: Language) {
    const recipient = await identity.noticeRecipient(userId, 'security');
    if (!recipient) return;
    const message = custodyMessage(kind, recipient.language ?? fallback, { company: row.company_name, reason: row.reject_reason ?? '' });
    await deps.messenger.send({ channel: 'email', to: recipient.email, ...message }).catch(() => undefined);
  }

  async function adminView(row: ApplicationRow): Promise<AdminCustodyApplication> {
    const described = await identity.describeMany([row.user_id]);
    const customer = described.get(row.user_id)!;
    return {
      ...applicationView(row),
      userNo: customer.userNo,
      account: customer.masked,
      decidedBy: row.decided_by,
      organisationId: row.org_id,
    };
  }

  return {
    async latest(userId: string): Promise<CustodyApplication | null> {
      const row = await latestApplicationOf(db, userId);
      return row ? applicationView(row) : null;
    },

    async apply(
      userId: string,
      body: CustodyApplicationBody,
      caller: { ip: string; userAgent: string; language: Language },
    ): Promise<CustodyApplication> {
      const checked = checkedApplication(body);
      const facts = await identity.customerFacts(userId);
      if (facts.accountKind !== 'enterprise') throw custodyError('custodyEnterpriseOnly');
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertApplication(trx, userId, checked);
        if (!inserted) throw custodyError('custodyApplicationOpen');
        await audit.record(trx, {
          actor: { kind: 'customer', id: userId },
          action: 'custody.apply',
          subject: { kind: 'custodyApplication', id: inserted.id },
          ip: caller.ip,
          userAgent: caller.userAgent,
          after: applicationView(inserted),
        });
        return inserted;
      });
      await tell(userId, 'received', row, caller.language);
      return applicationView(row);
    },

    async list(filter: { state?: CustodyApplication['state'] | undefined; page: number; pageSize: number }) {
      const { rows, total } = await listApplications(db, {
        state: filter.state,
        limit: filter.pageSize,
        offset: (filter.page - 1) * filter.pageSize,
      });
      const described = await identity.describeMany(rows.map((row) => row.user_id));
      return {
        total,
        items: rows.map((row) => {
          const customer = described.get(row.user_id)!;
          return {
            ...applicationView(row),
            userNo: customer.userNo,
            account: customer.masked,
            decidedBy: row.decided_by,
            organisationId: row.org_id,
          };
        }),
      };
    },

    async get(id: string): Promise<AdminCustodyApplication> {
      const row = await findApplication(db, id);
      if (!row) throw custodyError('noMatchingData');
      return adminView(row);
    },

    async enable(id: string, salespersonEmail: string, operator: OperatorIdentity, language: Language): Promise<AdminCustodyApplication> {
      const salesperson = normaliseEmail(salespersonEmail);
      if (!isEmailAddress(salesperson)) throw custodyError('emailOrPhoneFormat', {}, 'salespersonEmail');
      // Read outside the transaction: one holding the application's row lock never waits for another connection.
      const applicant = await findApplication(db, id);
      if (!applicant) throw custodyError('noMatchingData');
      const facts = await identity.customerFacts(applicant.user_id);
      const row = await db.transaction().execute(async (trx) => {
        const before = await findApplication(trx, id);
        if (!before) throw custodyError('noMatchingData');
        const decided = await decideApplication(trx, id, {
          state: 'enabled',
          salespersonEmail: salesperson,
          by: `operator:${operator.operatorId}`,
        });
        if (!decided) throw custodyError('custodyApplicationDecided');
        const orgId = await createOrganisation(trx, { ...decided, email: facts.email ?? decided.email }).catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505') throw custodyError('custodyAlreadyMember');
          throw error;
        });
        await audit.record(trx, {
          ...operatorAuditFields(operator),
          action: 'custody.enable',
          subject: { kind: 'custodyApplication', id },
          before: applicationView(before),
          after: { ...applicationView({ ...decided, org_id: orgId }), organisationId: orgId },
        });
        return { ...decided, org_id: orgId };
      });
      await tell(row.user_id, 'enabled', row, language);
      return adminView(row);
    },

    async reject(id: string, reason: string, operator: OperatorIdentity, language: Language): Promise<AdminCustodyApplication> {
      const row = await db.transaction().execute(async (trx) => {
        const before = await findApplication(trx, id);
        if (!before) throw custodyError('noMatchingData');
        const decided = await decideApplication(trx, id, {
          state: 'rejected',
          reason: reason.trim(),
          by: `operator:${operator.operatorId}`,
        });
        if (!decided) throw custodyError('custodyApplicationDecided');
        await audit.record(trx, {
          ...operatorAuditFields(operator),
          action: 'custody.reject',
          subject: { kind: 'custodyApplication', id },
          before: applicationView(before),
          after: applicationView({ ...decided, org_id: null }),
          reason: reason.trim(),
        });
        return { ...decided, org_id: null };
      });
      await tell(row.user_id, 'rejected', row, language);
      return adminView(row);
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
