import {
  custodyBuiltInPermissions,
  custodyBuiltInRoles,
  type CustodyApplicationBody,
  type CustodyApplicationState,
} from '@coffer/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyApplicationTable } from './custody.schema';

export type ApplicationRow = Selectable<CustodyApplicationTable> & { org_id: string | null };

const withOrg = (db: Db) =>
  db
    .selectFrom('custody_application as a')
    .leftJoin('custody_org as o', 'o.application_id', 'a.id')
    .selectAll('a')
    .select('o.id as org_id');

/** The customer's newest application. */
export function latestApplicationOf(db: Db, userId: string): Promise<ApplicationRow | undefined> {
  return withOrg(db).where('a.user_id', '=', userId).orderBy('a.id', 'desc').limit(1).executeTakeFirst();
}

/**
 * A new pending application, unless the customer already has one pending or enabled: the
 * partial unique index decides among racing inserts, so exactly one wins. Undefined when refused.
 */
export async function insertApplication(
  db: Db,
  userId: string,
  body: Required<CustodyApplicationBody>,
): Promise<ApplicationRow | undefined> {
  const row = await db
    .insertInto('custody_application')
    .values({
      user_id: userId,
      company_name: body.companyName,
      country: body.country,
      industry: body.industry,
      website: body.website,
      contact_name: body.contactName,
      phone: body.phone,
      email: body.email,
    })
    .onConflict((conflict) => conflict.column('user_id').where('state', 'in', ['pending', 'enabled']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? { ...row, org_id: null } : undefined;
}

export async function listApplications(db: Db, filter: { state?: CustodyApplicationState | undefined; limit: number; offset: number }) {
  let query = withOrg(db);
  let count = db.selectFrom('custody_application').select((eb) => eb.fn.countAll<string>().as('total'));
  if (filter.state) {
    query = query.where('a.state', '=', filter.state);
    count = count.where('state', '=', filter.state);
  }
  const [rows, total] = await Promise.all([
    query
      .orderBy((eb) => eb.case().when('a.state', '=', 'pending').then(0).else(1).end())
      .orderBy('a.created_at', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

export function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  return withOrg(db).where('a.id', '=', id).executeTakeFirst();
}

/** Decides a pending application; undefined when it was not pending any more (decided meanwhile). */
export function decideApplication(
  trx: Db,
  id: string,
  decision: { state: 'enabled'; salespersonEmail: string; by: string } | { state: 'rejected'; reason: string; by: string },
) {
  return trx
    .updateTable('custody_application')
    .set({
      state: decision.state,
      decided_at: new Date(),
      decided_by: decision.by,
      ...(decision.state === 'enabled' ? { salesperson_email: decision.salespersonEmail } : { reject_reason: decision.reason }),
    })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/**
 * The organisation of an enabled application, its four built-in roles, and the applicant as its
 * enterprise admin (active at once: they applied under their own login). Inside the caller's
 * transaction, as the application's role (there is no organisation to fence to yet).
 */
export async function createOrganisation(trx: Db, application: Selectable<CustodyApplicationTable>): Promise<string> {
  const org = await trx
    .insertInto('custody_org')
    .values({
      application_id: application.id,
      name: application.company_name,
      country: application.country,
      industry: application.industry,
      salesperson_email: application.salesperson_email,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles = await trx
    .insertInto('custody_role')
    .values(
      custodyBuiltInRoles.map((builtIn) => ({
        org_id: org.id,
        name: builtIn,
        built_in: builtIn,
        permissions: [...custodyBuiltInPermissions[builtIn]],
      })),
    )
    .returning(['id', 'built_in'])
    .execute();
  const admin = roles.find((role) => role.built_in === 'admin')!;
  await trx
    .insertInto('custody_member')
    .values({
      org_id: org.id,
      user_id: application.user_id,
      email: application.email,
      name: application.contact_name.slice(0, 50),
      role_id: admin.id,
      state: 'active',
      activated_at: new Date(),
    })
    .execute();
  return org.id;
}
