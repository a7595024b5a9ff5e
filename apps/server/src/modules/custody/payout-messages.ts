import type { Language } from '@coffer/contract';

/**
 * The e-mails to a withdrawal order's submitter when the signer is done with it (issue 18
 * item 11): sent, with its transaction id, or failed, with why (the chain refused it, it was
 * changed after its approvals, or a policy rule of its business line refuses it now) and the
 * hold given back without fee. Written as `custody-messages.ts`, one wording per language.
 */
export type PayoutMessageKind = 'orderSent' | 'orderFailed';

/** Why a sending order failed, as its e-mail words it. */
export type PayoutFailure = 'chain' | 'changed' | 'policy';

type Wording = { subject: string; text: string };

const wording: Record<PayoutMessageKind, Record<Language, Wording>> = {
  orderSent: {
    en: {
      subject: 'Coffer: withdrawal order {serial} sent',
      text: 'The withdrawal order {serial} of {company}, {amount} {coin} to {address}, has been sent and confirmed on the {chain} network. Transaction: {txid}',
    },
    'zh-CN': {
      subject: 'Coffer：提币工单 {serial} 已发送',
      text: '{company} 的提币工单 {serial}（{amount} {coin}，发往 {address}）已在 {chain} 网络上发送并确认。交易哈希：{txid}',
    },
    'zh-TW': {
      subject: 'Coffer：提幣工單 {serial} 已發送',
      text: '{company} 的提幣工單 {serial}（{amount} {coin}，發往 {address}）已在 {chain} 網路上發送並確認。交易雜湊：{txid}',
    },
    ru: {
      subject: 'Coffer: заявка на вывод {serial} отправлена',
      text: 'Заявка на вывод {serial} компании {company}, {amount} {coin} на адрес {address}, отправлена и подтверждена в сети {chain}. Транзакция: {txid}',
    },
  },
  orderFailed: {
    en: {
      subject: 'Coffer: withdrawal order {serial} failed',
      text: 'The withdrawal order {serial} of {company}, {amount} {coin} to {address}, could not be sent: {reason}. The amount and its fee are available in the custody account again; no fee was charged.',
    },
    'zh-CN': {
      subject: 'Coffer：提币工单 {serial} 转账失败',
      text: '{company} 的提币工单 {serial}（{amount} {coin}，发往 {address}）未能发送：{reason}。金额及手续费已退回托管账户，未收取任何费用。',
    },
    'zh-TW': {
      subject: 'Coffer：提幣工單 {serial} 轉帳失敗',
      text: '{company} 的提幣工單 {serial}（{amount} {coin}，發往 {address}）未能發送：{reason}。金額及手續費已退回託管帳戶，未收取任何費用。',
    },
    ru: {
      subject: 'Coffer: заявка на вывод {serial} не исполнена',
      text: 'Заявку на вывод {serial} компании {company}, {amount} {coin} на адрес {address}, не удалось отправить: {reason}. Сумма и комиссия снова доступны на счёте хранения; комиссия не взята.',
    },
  },
};

const failures: Record<PayoutFailure, Record<Language, string>> = {
  chain: {
    en: 'the network refused the transaction',
    'zh-CN': '区块链网络拒绝了该交易',
    'zh-TW': '區塊鏈網路拒絕了該交易',
    ru: 'сеть отклонила транзакцию',
  },
  changed: {
    en: 'the order was changed after its approvals',
    'zh-CN': '工单在审批后被更改',
    'zh-TW': '工單在審批後被更改',
    ru: 'заявка была изменена после одобрения',
  },
  policy: {
    en: 'a policy rule of its business line now refuses it ({rule})',
    'zh-CN': '其业务线的策略规则现已拒绝该工单（{rule}）',
    'zh-TW': '其業務線的策略規則現已拒絕該工單（{rule}）',
    ru: 'правило политики её бизнес-направления теперь её запрещает ({rule})',
  },
};

/** The e-mail of `kind` in `language`, its `{name}` placeholders filled from `facts` (`failure` words `{reason}`). */
export function payoutMessage(
  kind: PayoutMessageKind,
  language: Language,
  facts: Record<string, string>,
  failure?: PayoutFailure,
): Wording {
  const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? '');
  const reason = failure ? fill(failures[failure][language], facts) : '';
  const chosen = wording[kind][language];
  const values = { ...facts, reason };
  return { subject: fill(chosen.subject, values), text: fill(chosen.text, values) };
}
