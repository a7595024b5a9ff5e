import type { Language } from '@coffer/contract';

/** The custody e-mails: the application's three steps and a member's invitation. */
export type CustodyMessageKind = 'received' | 'enabled' | 'rejected' | 'invitation';

type Wording = { subject: string; text: string };

const wording: Record<CustodyMessageKind, Record<Language, Wording>> = {
  received: {
    en: {
      subject: 'Coffer: custody application received',
      text: 'We have received the custody application of {company}. A member of our team will review it and contact you.',
    },
    'zh-CN': { subject: 'Coffer：已收到托管申请', text: '我们已收到 {company} 的托管申请，工作人员审核后将与您联系。' },
    'zh-TW': { subject: 'Coffer：已收到託管申請', text: '我們已收到 {company} 的託管申請，工作人員審核後將與您聯絡。' },
    ru: {
      subject: 'Coffer: заявка на хранение получена',
      text: 'Мы получили заявку на хранение от {company}. Наш сотрудник рассмотрит её и свяжется с вами.',
    },
  },
  enabled: {
    en: {
      subject: 'Coffer: custody enabled',
      text: 'Custody is now enabled for {company}. Log in and open the custody console; you are its enterprise administrator.',
    },
    'zh-CN': { subject: 'Coffer：托管已开通', text: '{company} 的托管服务已开通。请登录并打开托管控制台，您是其企业管理员。' },
    'zh-TW': { subject: 'Coffer：託管已開通', text: '{company} 的託管服務已開通。請登入並開啟託管控制台，您是其企業管理員。' },
    ru: {
      subject: 'Coffer: хранение подключено',
      text: 'Для {company} подключено хранение. Войдите и откройте консоль хранения: вы её корпоративный администратор.',
    },
  },
  rejected: {
    en: { subject: 'Coffer: custody application declined', text: 'The custody application of {company} was declined: {reason}' },
    'zh-CN': { subject: 'Coffer：托管申请未通过', text: '{company} 的托管申请未通过：{reason}' },
    'zh-TW': { subject: 'Coffer：託管申請未通過', text: '{company} 的託管申請未通過：{reason}' },
    ru: { subject: 'Coffer: заявка на хранение отклонена', text: 'Заявка на хранение от {company} отклонена: {reason}' },
  },
  invitation: {
    en: {
      subject: 'Coffer: join {company} in the custody console',
      text: '{company} added you to its custody console. Log in to Coffer with this e-mail address (or register with it) and open this link within {hours} hours; it works once:\n{link}',
    },
    'zh-CN': {
      subject: 'Coffer：加入 {company} 的托管控制台',
      text: '{company} 已将您添加到其托管控制台。请使用此邮箱登录（或注册）Coffer，并在 {hours} 小时内打开以下链接（仅可使用一次）：\n{link}',
    },
    'zh-TW': {
      subject: 'Coffer：加入 {company} 的託管控制台',
      text: '{company} 已將您加入其託管控制台。請使用此電子郵件登入（或註冊）Coffer，並在 {hours} 小時內開啟以下連結（僅可使用一次）：\n{link}',
    },
    ru: {
      subject: 'Coffer: присоединяйтесь к {company} в консоли хранения',
      text: '{company} добавила вас в консоль хранения. Войдите в Coffer с этим адресом (или зарегистрируйтесь) и откройте ссылку в течение {hours} ч; она действует один раз:\n{link}',
    },
  },
};

/** The e-mail of `kind` in `language`, its `{name}` placeholders filled from `facts`. */
export function custodyMessage(kind: CustodyMessageKind, language: Language, facts: Record<string, string>): Wording {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_whole, name: string) => facts[name] ?? '');
  const chosen = wording[kind][language];
  return { subject: fill(chosen.subject), text: fill(chosen.text) };
}
