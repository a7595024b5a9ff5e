import { fromBaseUnits, type Language } from '@coffer/contract';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import { noticeMessage, type NoticeContent } from './notice-messages';
import { claimDueNotice, postponeNotice, settleNotice, type ClaimedNotice } from './notice-outbox.repository';
import type { LoginNoticeFacts, MoneyNoticeFacts, NoticeKind } from './notices.schema';

/** A failed send is tried again this many times in all, then given up (logged). */
const maxAttempts = 8;
/** 30 s, 1 min, 2 min … at most an hour between tries. */
const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 3_600);
/** How long a taken notice is another delivery's to leave alone: far longer than a send may take. */
const leaseSeconds = 300;

/** Where a customer's notice of `kind` goes, in their chosen language (null: none chosen); null when they turned it off or bound no e-mail. */
export type NoticeRecipient = (userId: string, kind: NoticeKind) => Promise<{ email: string; language: Language | null } | null>;

export interface NoticeDelivery {
  /** Delivers due notices, each taken on a lease of its own, up to `limit`; how many it took (sent, skipped or put off). */
  deliverDue(limit?: number): Promise<number>;
}

/**
 * Delivery of the notice outbox. A notice is taken on a lease, in one statement (`skip locked`:
 * any number of passes, in any number of processes, never take one notice together); the
 * customer's switch and language are read at that moment, and the row is settled right after
 * the send: a pass that runs again finds it settled or leased. Only a crash between the mail
 * server's acceptance and the settling sends a notice twice (once its lease ends); none is lost.
 */
export function createNoticeDelivery(deps: {
  db: Db;
  messenger: Messenger;
  recipient: NoticeRecipient;
  /** The decimals of a coin, to write an amount exactly. */
  scaleOf: (asset: string) => Promise<number>;
  logger: Logger;
}): NoticeDelivery {
  const logger = deps.logger.child({ component: 'notices' });

  async function contentOf(notice: ClaimedNotice): Promise<NoticeContent> {
    if (notice.kind === 'login') {
      // The row's kind says which facts it was queued with (`queueNotices`).
      const facts = notice.facts as LoginNoticeFacts;
      return { kind: 'login', at: notice.created_at, ip: facts.ip, device: facts.device };
    }
    const { units, ...facts } = notice.facts as MoneyNoticeFacts;
    return { kind: notice.kind, at: notice.created_at, amount: fromBaseUnits(BigInt(units), await deps.scaleOf(facts.asset)), ...facts };
  }

  async function failed(db: Db, notice: ClaimedNotice, error: unknown): Promise<void> {
    const attempts = notice.attempts + 1;
    const facts = { noticeId: notice.id, kind: notice.kind, attempts, err: error };
    if (attempts >= maxAttempts) {
      await settleNotice(db, notice.id, 'abandoned');
      logger.error(facts, 'notice not delivered; given up');
      return;
    }
    await postponeNotice(db, notice.id, attempts, retryDelaySeconds(attempts));
    logger.warn(facts, 'notice not delivered; trying again later');
  }

  /** One due notice delivered (or put off); false when none is due. */
  async function deliverOne(): Promise<boolean> {
    const notice = await claimDueNotice(deps.db, leaseSeconds);
    if (!notice) return false;
    try {
      const recipient = await deps.recipient(notice.user_id, notice.kind);
      if (!recipient) {
        await settleNotice(deps.db, notice.id, 'skipped');
        return true;
      }
      const message = noticeMessage(recipient.language ?? notice.language ?? 'en', await contentOf(notice));
      await deps.messenger.send({ channel: 'email', to: recipient.email, ...message });
      await settleNotice(deps.db, notice.id, 'sent');
    } catch (error) {
      await failed(deps.db, notice, error);
    }
    return true;
  }

  return {
    async deliverDue(limit = 50): Promise<number> {
      let taken = 0;
      while (taken < limit && (await deliverOne())) taken += 1;
      return taken;
    },
  };
}
