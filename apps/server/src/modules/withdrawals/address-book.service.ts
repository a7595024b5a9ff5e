import type { AddWithdrawAddressBody, Language, VerifyTrustedAddressBody, WithdrawAddress } from '@coffer/contract';
import type { DatabaseError } from 'pg';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import { withdrawalError } from './withdrawals.errors';
import type { IdentityApi } from '../identity';
import type { SanctionsScreening } from '../sanctions';
import type { WithdrawalDestinations } from './withdrawal-destination';
import {
  countEntries,
  deleteEntry,
  findEntry,
  findOwnedEntry,
  insertEntry,
  listEntries,
  lockCustomerEntries,
  markEntryTrusted,
} from './address-book.repository';

const hourMs = 3_600_000;
/** Spec §8/§9: at most 200 addresses per account. */
const maxEntries = 200;

/** The e-mail telling the customer an address became trusted, in their language. */
function trustedNotice(language: Language, entry: { address: string; note: string }, usableAt: Date) {
  const when = usableAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const texts: Record<Language, { subject: string; text: string }> = {
    en: {
      subject: 'Coffer: a withdrawal address is now trusted',
      text: `The address "${entry.note}" (${entry.address}) was marked trusted. From ${when} withdrawals to it need no further verification. If this was not you, change your password and contact support now.`,
    },
    'zh-CN': {
      subject: 'Coffer：提币地址已设为信任地址',
      text: `地址"${entry.note}"（${entry.address}）已设为信任地址。自 ${when} 起向其提币无需再次验证。如非本人操作，请立即修改密码并联系客服。`,
    },
    'zh-TW': {
      subject: 'Coffer：提幣地址已設為信任地址',
      text: `地址「${entry.note}」（${entry.address}）已設為信任地址。自 ${when} 起向其提幣無需再次驗證。如非本人操作，請立即修改密碼並聯絡客服。`,
    },
    ru: {
      subject: 'Coffer: адрес вывода стал доверенным',
      text: `Адрес «${entry.note}» (${entry.address}) отмечен как доверенный. С ${when} вывод на него не требует дополнительной проверки. Если это были не вы, смените пароль и свяжитесь с поддержкой.`,
    },
  };
  return texts[language];
}

export interface AddressBook {
  find(userId: string, chain: string, address: string, tag: string | null): Promise<WithdrawAddress | null>;
  list(userId: string, chain?: string): Promise<WithdrawAddress[]>;
  /** Saves an entry after the account's second factor. */
  add(userId: string, body: AddWithdrawAddressBody, caller: { ip: string }): Promise<WithdrawAddress>;
  remove(userId: string, id: string): Promise<void>;
  /** Marks an entry trusted after the fund password and second factor; e-mails the customer. */
  trust(userId: string, body: VerifyTrustedAddressBody, language: Language, caller?: { ip: string } | null): Promise<WithdrawAddress>;
  /** Whether withdrawals to this destination skip verification: trusted, and past the cooling period. */
  trustedAndCooled(userId: string, chain: string, address: string, tag: string | null): Promise<boolean>;
}

/**
 * The address book (spec §1, §3, §5): entries per customer and chain with a note of at most
 * 10 characters, validated addresses and tags, and the trusted (whitelist) flag. A trusted
 * address skips withdrawal verification only after the cooling period, announced by e-mail.
 */
export function createAddressBook(deps: {
  db: Db;
  identity: Pick<IdentityApi, 'verifySecondFactor' | 'verifyMoneyMove' | 'assertNotSecurityLocked' | 'noticeRecipient'>;
  destinations: WithdrawalDestinations;
  messenger: Messenger;
  coolingHours: number;
  /** Sanctions screening: a listed address is never saved nor trusted. */
  sanctions: Pick<SanctionsScreening, 'screen'>;
}): AddressBook {
  const { db, destinations } = deps;
  const coolingMs = deps.coolingHours * hourMs;

  function toEntry(row: {
    id: string;
    chain: string;
    address: string;
    tag: string | null;
    note: string;
    trusted_at: Date | null;
    created_at: Date;
  }): WithdrawAddress {
    return {
      id: row.id,
      chain: row.chain,
      address: row.address,
      tag: row.tag,
      note: row.note,
      trusted: row.trusted_at !== null,
      trustedAt: row.trusted_at?.toISOString() ?? null,
      usableWithoutVerificationAt: row.trusted_at ? new Date(row.trusted_at.getTime() + coolingMs).toISOString() : null,
      createdAt: row.created_at.toISOString(),
    };
  }

  async function owned(userId: string, id: string) {
    const row = await findOwnedEntry(db, userId, id);
    if (!row) throw withdrawalError('addressEntryNotFound', {}, 'id');
    return row;
  }

  /** Refuses a listed address, in neutral words (`addressUnderReview`): the customer is not told why. */
  async function assertNotListed(chain: string, address: string): Promise<void> {
    if ((await deps.sanctions.screen(chain, address)).hit) throw withdrawalError('addressUnderReview', {}, 'address');
  }

  async function find(userId: string, chain: string, address: string, tag: string | null): Promise<WithdrawAddress | null> {
    const row = await findEntry(db, userId, chain, address, tag);
    return row ? toEntry(row) : null;
  }

  return {
    find,

    async list(userId: string, chain?: string): Promise<WithdrawAddress[]> {
      return (await listEntries(db, userId, chain)).map(toEntry);
    },

    /**
     * Saves an entry after the account's second factor (spec §6: address actions need security
     * verification, as withdrawals do). The entry is checked first, so a code is spent only on
     * an entry that can be saved.
     */
    async add(userId: string, body: AddWithdrawAddressBody, caller: { ip: string }): Promise<WithdrawAddress> {
      const valid = destinations.validate(body.chain, body.address, body.tag);
      if (valid.needsTagConfirmation && body.confirmEmptyTag !== true) throw withdrawalError('tagConfirmationRequired', {}, 'tag');
      if (await find(userId, body.chain, valid.address, valid.tag)) throw withdrawalError('addressAlreadySaved', {}, 'address');
      if ((await countEntries(db, userId)) >= maxEntries) throw withdrawalError('addressLimitReached');
      await assertNotListed(body.chain, valid.address);
      await deps.identity.verifySecondFactor(userId, 'transfer', body, caller);
      try {
        // The count and the insert under one per-customer lock, so parallel adds cannot pass the limit together.
        const row = await db.transaction().execute(async (trx) => {
          await lockCustomerEntries(trx, userId);
          if ((await countEntries(trx, userId)) >= maxEntries) throw withdrawalError('addressLimitReached');
          return insertEntry(trx, { user_id: userId, chain: body.chain, address: valid.address, tag: valid.tag, note: body.note });
        });
        return toEntry(row);
      } catch (error) {
        if ((error as Partial<DatabaseError>).constraint === 'withdraw_address_once')
          throw withdrawalError('addressAlreadySaved', {}, 'address');
        throw error;
      }
    },

    async remove(userId: string, id: string): Promise<void> {
      await owned(userId, id);
      await deleteEntry(db, userId, id);
    },

    /** Marks an entry trusted after the fund password and second factor; e-mails the customer. */
    async trust(
      userId: string,
      body: VerifyTrustedAddressBody,
      language: Language,
      caller: { ip: string } | null = null,
    ): Promise<WithdrawAddress> {
      const row = await owned(userId, body.id);
      if (row.trusted_at) throw withdrawalError('addressAlreadyTrusted', {}, 'id');
      // Listed since it was saved: never trusted.
      await assertNotListed(row.chain, row.address);
      await deps.identity.assertNotSecurityLocked(userId);
      await deps.identity.verifyMoneyMove(userId, 'transfer', body.fundPassword, body, caller);
      const updated = await markEntryTrusted(db, userId, row.id);
      if (!updated || !updated.trusted_at) throw withdrawalError('addressAlreadyTrusted', {}, 'id');
      // A security notice: always sent, in the customer's chosen language (set-preferences), else the request's.
      const recipient = await deps.identity.noticeRecipient(userId, 'security');
      if (recipient) {
        const notice = trustedNotice(recipient.language ?? language, updated, new Date(updated.trusted_at.getTime() + coolingMs));
        // The notice must not undo the change it reports; a failed delivery is logged by the messenger.
        await deps.messenger.send({ channel: 'email', to: recipient.email, ...notice }).catch(() => undefined);
      }
      return toEntry(updated);
    },

    /** Whether withdrawals to this destination skip verification: trusted, and past the cooling period. */
    async trustedAndCooled(userId: string, chain: string, address: string, tag: string | null): Promise<boolean> {
      const entry = await find(userId, chain, address, tag);
      return (
        entry?.usableWithoutVerificationAt !== null &&
        entry?.usableWithoutVerificationAt !== undefined &&
        new Date(entry.usableWithoutVerificationAt) <= new Date()
      );
    },
  };
}
