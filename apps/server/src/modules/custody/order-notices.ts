import { fromBaseUnits, type Language } from '@coffer/contract';
import type { Messenger } from '../../platform/adapters/messenger';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { IdentityApi } from '../identity';
import { activationOrigin } from '../operators';
import { verdictOf } from './order-detail';
import { findOrder, type OrderRow } from './orders.repository';
import { inOrganisation } from './tenant-transaction';

/** The review e-mails of withdrawal orders (issue 18 item 11): to the reviewers awaited, to the submitter on the decision. */
export type OrderNoticeKind = 'awaitingReview' | 'batchAwaitingReview' | 'approved' | 'rejected';

type Wording = { subject: string; text: string };

const wording: Record<OrderNoticeKind, Record<Language, Wording>> = {
  awaitingReview: {
    en: {
      subject: 'Coffer: withdrawal order {serial} awaits your review',
      text: '{submitter} submitted the withdrawal order {serial} of {company}: {amount} {coin} to {address} on the business line {line}. Review it in the custody console:\n{link}',
    },
    'zh-CN': {
      subject: 'Coffer：提币订单 {serial} 待您审核',
      text: '{submitter} 提交了 {company} 的提币订单 {serial}：{amount} {coin} 提至 {address}，业务线 {line}。请在托管控制台审核：\n{link}',
    },
    'zh-TW': {
      subject: 'Coffer：提幣訂單 {serial} 待您審核',
      text: '{submitter} 提交了 {company} 的提幣訂單 {serial}：{amount} {coin} 提至 {address}，業務線 {line}。請在託管控制台審核：\n{link}',
    },
    ru: {
      subject: 'Coffer: заявка на вывод {serial} ждёт вашей проверки',
      text: '{submitter} отправил(а) заявку на вывод {serial} компании {company}: {amount} {coin} на адрес {address}, направление {line}. Проверьте её в консоли хранения:\n{link}',
    },
  },
  batchAwaitingReview: {
    en: {
      subject: 'Coffer: a batch of {count} withdrawal orders awaits your review',
      text: '{submitter} submitted a batch of {count} withdrawal orders of {company} on the business line {line}. Review them in the custody console:\n{link}',
    },
    'zh-CN': {
      subject: 'Coffer：{count} 笔批量提币订单待您审核',
      text: '{submitter} 提交了 {company} 的 {count} 笔批量提币订单，业务线 {line}。请在托管控制台审核：\n{link}',
    },
    'zh-TW': {
      subject: 'Coffer：{count} 筆批次提幣訂單待您審核',
      text: '{submitter} 提交了 {company} 的 {count} 筆批次提幣訂單，業務線 {line}。請在託管控制台審核：\n{link}',
    },
    ru: {
      subject: 'Coffer: пакет из {count} заявок на вывод ждёт вашей проверки',
      text: '{submitter} отправил(а) пакет из {count} заявок на вывод компании {company}, направление {line}. Проверьте их в консоли хранения:\n{link}',
    },
  },
  approved: {
    en: {
      subject: 'Coffer: withdrawal order {serial} approved',
      text: 'Your withdrawal order {serial} ({amount} {coin} to {address}) has all its approvals and is being sent.\n{link}',
    },
    'zh-CN': {
      subject: 'Coffer：提币订单 {serial} 已审批通过',
      text: '您的提币订单 {serial}（{amount} {coin} 提至 {address}）已获全部审批，正在发送。\n{link}',
    },
    'zh-TW': {
      subject: 'Coffer：提幣訂單 {serial} 已審批通過',
      text: '您的提幣訂單 {serial}（{amount} {coin} 提至 {address}）已獲全部審批，正在發送。\n{link}',
    },
    ru: {
      subject: 'Coffer: заявка на вывод {serial} одобрена',
      text: 'Ваша заявка на вывод {serial} ({amount} {coin} на адрес {address}) получила все одобрения и отправляется.\n{link}',
    },
  },
  rejected: {
    en: {
      subject: 'Coffer: withdrawal order {serial} rejected',
      text: '{reviewer} rejected your withdrawal order {serial} ({amount} {coin} to {address}): {opinion}\nThe amount is available again; no fee was charged.\n{link}',
    },
    'zh-CN': {
      subject: 'Coffer：提币订单 {serial} 已被驳回',
      text: '{reviewer} 驳回了您的提币订单 {serial}（{amount} {coin} 提至 {address}）：{opinion}\n该金额已解冻，未收取手续费。\n{link}',
    },
    'zh-TW': {
      subject: 'Coffer：提幣訂單 {serial} 已被駁回',
      text: '{reviewer} 駁回了您的提幣訂單 {serial}（{amount} {coin} 提至 {address}）：{opinion}\n該金額已解凍，未收取手續費。\n{link}',
    },
    ru: {
      subject: 'Coffer: заявка на вывод {serial} отклонена',
      text: '{reviewer} отклонил(а) вашу заявку на вывод {serial} ({amount} {coin} на адрес {address}): {opinion}\nСумма снова доступна; комиссия не списана.\n{link}',
    },
  },
};

/** The e-mail of `kind` in `language`, its `{name}` placeholders filled from `facts`. */
export function orderNotice(kind: OrderNoticeKind, language: Language, facts: Record<string, string>): Wording {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_whole, name: string) => facts[name] ?? '');
  const chosen = wording[kind][language];
  return { subject: fill(chosen.subject), text: fill(chosen.text) };
}

export interface OrderNotices {
  /** After an order committed: each eligible reviewer of its line who may still approve gets one e-mail. */
  orderAwaitingReview(orgId: string, company: string, orderId: string, language: Language): Promise<void>;
  /** After a batch committed: one e-mail per eligible reviewer for the whole batch, not one per row. */
  batchAwaitingReview(orgId: string, company: string, batchId: string, language: Language): Promise<void>;
  /** After the decision committed: the submitter learns the quorum was reached, or the rejection with its opinion. */
  orderDecided(
    orgId: string,
    orderId: string,
    decision: { outcome: 'approved' } | { outcome: 'rejected'; reviewer: string; opinion: string },
    language: Language,
  ): Promise<void>;
}

/**
 * Sent after the decision's transaction committed, each in its recipient's language (the
 * request's when they chose none): a failed read or send loses the e-mail, never the decision.
 */
export function createOrderNotices(deps: {
  db: Db;
  config: Pick<AppConfig, 'PUBLIC_ORIGIN' | 'PORT'>;
  assets: Pick<AssetsApi, 'scaleOf'>;
  identity: Pick<IdentityApi, 'noticeRecipient'>;
  messenger: Messenger;
}): OrderNotices {
  const { db, assets, identity, messenger } = deps;
  const origin = activationOrigin(deps.config);

  async function mail(userIds: readonly string[], kind: OrderNoticeKind, fallback: Language, facts: Record<string, string>) {
    for (const userId of new Set(userIds)) {
      const recipient = await identity.noticeRecipient(userId, 'security');
      if (!recipient) continue;
      const message = orderNotice(kind, recipient.language ?? fallback, facts);
      await messenger.send({ channel: 'email', to: recipient.email, ...message }).catch(() => undefined);
    }
  }

  async function orderFacts(order: OrderRow): Promise<Record<string, string>> {
    return {
      serial: order.serial_no,
      amount: fromBaseUnits(BigInt(order.amount), await assets.scaleOf(order.asset)),
      coin: order.asset,
      address: order.address,
      line: order.line_name,
      submitter: order.submitter_name,
      link: `${origin}/custody/withdrawOrders/${order.id}/review`,
    };
  }

  /** The user ids of the line's eligible reviewers who may still approve `order`. */
  async function awaitedReviewers(trx: Db, order: OrderRow): Promise<string[]> {
    const verdict = await verdictOf(trx, order, await assets.scaleOf(order.asset));
    const memberIds = verdict?.mayApprove.map((reviewer) => reviewer.memberId) ?? [];
    if (memberIds.length === 0) return [];
    const rows = await trx.selectFrom('custody_member').select('user_id').where('id', 'in', memberIds).execute();
    return rows.flatMap((row) => (row.user_id ? [row.user_id] : []));
  }

  const quietly = (work: () => Promise<void>) => work().catch(() => undefined);

  return {
    orderAwaitingReview: (orgId, company, orderId, language) =>
      quietly(async () => {
        const found = await inOrganisation(db, orgId, async (trx) => {
          const order = await findOrder(trx, orderId);
          return order && { order, reviewers: await awaitedReviewers(trx, order) };
        });
        if (!found) return;
        await mail(found.reviewers, 'awaitingReview', language, { ...(await orderFacts(found.order)), company });
      }),

    batchAwaitingReview: (orgId, company, batchId, language) =>
      quietly(async () => {
        const found = await inOrganisation(db, orgId, async (trx) => {
          const rows = await trx
            .selectFrom('custody_withdrawal_order')
            .select('id')
            .where('batch_id', '=', batchId)
            .orderBy('id')
            .execute();
          const first = rows[0] && (await findOrder(trx, rows[0].id));
          return first && { first, count: rows.length, reviewers: await awaitedReviewers(trx, first) };
        });
        if (!found) return;
        await mail(found.reviewers, 'batchAwaitingReview', language, {
          company,
          count: String(found.count),
          line: found.first.line_name,
          submitter: found.first.submitter_name,
          link: `${origin}/custody/withdrawOrders`,
        });
      }),

    orderDecided: (orgId, orderId, decision, language) =>
      quietly(async () => {
        const found = await inOrganisation(db, orgId, async (trx) => {
          const order = await findOrder(trx, orderId);
          const submitter =
            order &&
            (await trx.selectFrom('custody_member').select('user_id').where('id', '=', order.submitter_member_id).executeTakeFirst());
          return order && { order, userId: submitter?.user_id ?? null };
        });
        if (!found?.userId) return;
        const facts = await orderFacts(found.order);
        if (decision.outcome === 'approved') await mail([found.userId], 'approved', language, facts);
        else await mail([found.userId], 'rejected', language, { ...facts, reviewer: decision.reviewer, opinion: decision.opinion });
      }),
  };
}
