import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AppUserTable } from '../../platform/db/schema';

export type UserRow = Selectable<AppUserTable>;

/** The only SQL over `app_user`. */
export function createUserRepository(db: Db) {
  const selectUser = () => db.selectFrom('app_user').selectAll();
  return {
    findById: (id: string) => selectUser().where('id', '=', id).executeTakeFirst(),
    findByEmail: (email: string) => selectUser().where('email', '=', email).executeTakeFirst(),
    findByPhone: (dialCode: string, phone: string) =>
      selectUser().where('phone_dial_code', '=', dialCode).where('phone', '=', phone).executeTakeFirst(),
    findByInviteCode: (inviteCode: string) => selectUser().where('invite_code', '=', inviteCode).executeTakeFirst(),
    findByUserNo: (userNo: string) => selectUser().where('user_no', '=', userNo).executeTakeFirst(),
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
