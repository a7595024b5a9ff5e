import type { Language } from '@coffer/contract';
import type { NoticeKind } from './notices.schema';

/** A notice ready to be worded: what happened, when, and its facts (an amount already a decimal string of its coin). */
export type NoticeContent =
  | { kind: 'login'; at: Date; ip: string; device: string }
  | {
      kind: 'deposit' | 'withdrawal';
      at: Date;
      amount: string;
      asset: string;
      chain: string;
      address: string;
      tag: string | null;
      txid: string | null;
    };

type Label = 'time' | 'ip' | 'device' | 'amount' | 'network' | 'address' | 'tag' | 'transaction';

const labels: Record<Label, Record<Language, string>> = {
  time: { en: 'Time', 'zh-CN': '时间', 'zh-TW': '時間', ru: 'Время' },
  ip: { en: 'IP address', 'zh-CN': 'IP 地址', 'zh-TW': 'IP 位址', ru: 'IP-адрес' },
  device: { en: 'Device', 'zh-CN': '设备', 'zh-TW': '裝置', ru: 'Устройство' },
  amount: { en: 'Amount', 'zh-CN': '数量', 'zh-TW': '數量', ru: 'Сумма' },
  network: { en: 'Network', 'zh-CN': '网络', 'zh-TW': '網路', ru: 'Сеть' },
  address: { en: 'Address', 'zh-CN': '地址', 'zh-TW': '地址', ru: 'Адрес' },
  tag: { en: 'Tag / memo', 'zh-CN': '标签 / Memo', 'zh-TW': '標籤 / Memo', ru: 'Тег / memo' },
  transaction: { en: 'Transaction', 'zh-CN': '交易', 'zh-TW': '交易', ru: 'Транзакция' },
};

/** Each kind's subject, first line and (for what the customer must act on) closing warning. */
const wording: Record<NoticeKind, Record<Language, { subject: string; intro: string; warning: string | null }>> = {
  login: {
    en: {
      subject: 'Coffer: new sign-in to your account',
      intro: 'Your Coffer account was just signed in to.',
      warning: "If this wasn't you, change your password and contact support at once.",
    },
    'zh-CN': {
      subject: 'Coffer：账户新登录提醒',
      intro: '您的 Coffer 账户刚刚登录。',
      warning: '如非本人操作，请立即修改密码并联系客服。',
    },
    'zh-TW': {
      subject: 'Coffer：帳戶新登入提醒',
      intro: '您的 Coffer 帳戶剛剛登入。',
      warning: '如非本人操作，請立即修改密碼並聯絡客服。',
    },
    ru: {
      subject: 'Coffer: новый вход в аккаунт',
      intro: 'В ваш аккаунт Coffer только что выполнен вход.',
      warning: 'Если это были не вы, немедленно смените пароль и свяжитесь с поддержкой.',
    },
  },
  deposit: {
    en: { subject: 'Coffer: deposit credited', intro: 'A deposit was credited to your Coffer account.', warning: null },
    'zh-CN': { subject: 'Coffer：充币已到账', intro: '一笔充币已存入您的 Coffer 账户。', warning: null },
    'zh-TW': { subject: 'Coffer：充幣已到帳', intro: '一筆充幣已存入您的 Coffer 帳戶。', warning: null },
    ru: { subject: 'Coffer: пополнение зачислено', intro: 'На ваш аккаунт Coffer зачислено пополнение.', warning: null },
  },
  withdrawal: {
    en: {
      subject: 'Coffer: withdrawal completed',
      intro: 'A withdrawal from your Coffer account was completed.',
      warning: "If this wasn't you, change your password and contact support at once.",
    },
    'zh-CN': {
      subject: 'Coffer：提币已完成',
      intro: '您的 Coffer 账户的一笔提币已完成。',
      warning: '如非本人操作，请立即修改密码并联系客服。',
    },
    'zh-TW': {
      subject: 'Coffer：提幣已完成',
      intro: '您的 Coffer 帳戶的一筆提幣已完成。',
      warning: '如非本人操作，請立即修改密碼並聯絡客服。',
    },
    ru: {
      subject: 'Coffer: вывод выполнен',
      intro: 'Вывод средств с вашего аккаунта Coffer выполнен.',
      warning: 'Если это были не вы, немедленно смените пароль и свяжитесь с поддержкой.',
    },
  },
};

/** Chain names as the funds screens show them; a chain without one shows its id. */
const chainNames: Record<string, Partial<Record<Language, string>>> = {
  ethereum: { en: 'Ethereum', 'zh-CN': '以太坊', 'zh-TW': '以太坊', ru: 'Ethereum' },
  bitcoin: { en: 'Bitcoin', 'zh-CN': '比特币', 'zh-TW': '比特幣', ru: 'Bitcoin' },
  xrpl: { en: 'XRP Ledger', 'zh-CN': 'XRP Ledger', 'zh-TW': 'XRP Ledger', ru: 'XRP Ledger' },
};

const internalTransfer: Record<Language, string> = {
  en: 'Internal, no chain transaction',
  'zh-CN': '内部转账，无链上交易',
  'zh-TW': '內部轉帳，無鏈上交易',
  ru: 'Внутренний перевод, без транзакции в сети',
};

/** An address or txid in a notice: its first and last eight characters, enough to recognise, too few to copy. */
export function shortened(value: string): string {
  return value.length <= 20 ? value : `${value.slice(0, 8)}…${value.slice(-8)}`;
}

const utcTime = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function linesOf(content: NoticeContent, language: Language): Array<[Label, string]> {
  const time: [Label, string] = ['time', utcTime(content.at)];
  if (content.kind === 'login') return [time, ['ip', content.ip], ['device', content.device]];
  return [
    time,
    ['amount', `${content.amount} ${content.asset}`],
    ['network', chainNames[content.chain]?.[language] ?? content.chain],
    ['address', shortened(content.address)],
    ...(content.tag ? [['tag', content.tag] as [Label, string]] : []),
    ['transaction', content.txid ? shortened(content.txid) : internalTransfer[language]],
  ];
}

/** The e-mail of a login, deposit or withdrawal notice in the customer's language: a first line, the facts one a line, a warning. */
export function noticeMessage(language: Language, content: NoticeContent): { subject: string; text: string } {
  const { subject, intro, warning } = wording[content.kind][language];
  const separator = language === 'zh-CN' || language === 'zh-TW' ? '：' : ': ';
  const facts = linesOf(content, language).map(([label, value]) => `${labels[label][language]}${separator}${value}`);
  return { subject, text: [intro, '', ...facts, ...(warning ? ['', warning] : [])].join('\n') };
}
