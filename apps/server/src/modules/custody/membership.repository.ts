import type { CustodyBuiltInRole, CustodyPermission } from '@coffer/contract';
import type { Db } from '../../platform/db/database';

/** A customer's membership as the console guard needs it. */
export interface MembershipRow {
  member_id: string;
  org_id: string;
  state: 'invited' | 'active' | 'frozen';
  name: string;
  email: string;
  role_name: string;
  built_in: CustodyBuiltInRole | null;
  permissions: CustodyPermission[];
  org_name: string;
  salesperson_email: string | null;
  require_hardware_key: boolean;
  /** How long after logging in a member may use the console, minutes (the common settings' session length). */
  session_minutes: number;
  console_ips: string[];
}

/**
 * The membership of a signed-in customer, across organisations: the one deliberate read that
 * is not fenced to an organisation, since it is how the console learns which one to fence to.
 * It runs as the application's role and names the customer, never an organisation.
 */
export function findMembershipOfUser(db: Db, userId: string): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('custody_member as m')
    .innerJoin('custody_role as r', (join) => join.onRef('r.id', '=', 'm.role_id').onRef('r.org_id', '=', 'm.org_id'))
    .innerJoin('custody_org as o', 'o.id', 'm.org_id')
    .select([
      'm.id as member_id',
      'm.org_id',
      'm.state',
      'm.name',
      'm.email',
      'r.name as role_name',
      'r.built_in',
      'r.permissions',
      'o.name as org_name',
      'o.salesperson_email',
      'o.require_hardware_key',
      'o.session_minutes',
      'o.console_ips',
    ])
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}
