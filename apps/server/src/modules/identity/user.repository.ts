import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AppUserTable } from './identity.schema';

export type UserRow = Selectable<AppUserTable>;

/** Account lookups (the only reads of `app_user` by key). */
export interface UserRepository {
  findById(id: string): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  findByPhone(dialCode: string, phone: string): Promise<UserRow | undefined>;
  findByInviteCode(inviteCode: string): Promise<UserRow | undefined>;
  findByUserNo(userNo: string): Promise<UserRow | undefined>;
  /** By the whole number as `+<dial code><number>`. */
  findByFullPhone(fullPhone: string): Promise<UserRow | undefined>;
}

/** The only SQL over `app_user`. */
export function createUserRepository(db: Db): UserRepository {
  const selectUser = () => db.selectFrom('app_user').selectAll();
  return {
    findById: (id: string) => selectUser().where('id', '=', id).executeTakeFirst(),
    findByEmail: (email: string) => selectUser().where('email', '=', email).executeTakeFirst(),
    findByPhone: (dialCode: string, phone: string) =>
      selectUser().where('phone_dial_code', '=', dialCode).where('phone', '=', phone).executeTakeFirst(),
    findByInviteCode: (inviteCode: string) => selectUser().where('invite_code', '=', inviteCode).executeTakeFirst(),
    findByUserNo: (userNo: string) => selectUser().where('user_no', '=', userNo).executeTakeFirst(),
    findByFullPhone: (fullPhone: string) =>
      selectUser()
        .where(sql<string>`'+' || phone_dial_code || phone`, '=', fullPhone)
        .executeTakeFirst(),
  };
}
