import type { Language } from '@coffer/contract';

/**
 * The custody e-mails: the application's three steps, a member's invitation, and a mining-pool
 * partner's link used (to the member who made it, and to the partner's contact), and a business
 * line or the whole organisation frozen (to every enterprise admin).
 */
export type CustodyMessageKind =
  'received' | 'enabled' | 'rejected' | 'invitation' | 'poolLinked' | 'poolLinkedPartner' | 'lineFrozen' | 'organisationFrozen';

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
  poolLinked: {
    en: {
      subject: 'Coffer: {partner} linked its payout address',
      text: 'The mining-pool partner {partner} used your link and linked the payout address {payout} ({coin} on {chain}) to the custody account {account}. Payouts from this address now show {partner} as their source in the transfer history. If you did not expect this, unlink the partner in the custody console.',
    },
    'zh-CN': {
      subject: 'Coffer：{partner} 已关联出款地址',
      text: '矿池合作方 {partner} 已使用您的链接，将出款地址 {payout}（{chain} 上的 {coin}）关联到托管账户 {account}。此后来自该地址的出款在划转记录中的来源将显示为 {partner}。如非预期，请在托管控制台中解除该合作方的关联。',
    },
    'zh-TW': {
      subject: 'Coffer：{partner} 已關聯出款地址',
      text: '礦池合作方 {partner} 已使用您的連結，將出款地址 {payout}（{chain} 上的 {coin}）關聯到託管帳戶 {account}。此後來自該地址的出款在劃轉記錄中的來源將顯示為 {partner}。如非預期，請在託管控制台中解除該合作方的關聯。',
    },
    ru: {
      subject: 'Coffer: {partner} привязал адрес выплат',
      text: 'Партнёр-майнинговый пул {partner} воспользовался вашей ссылкой и привязал адрес выплат {payout} ({coin} в сети {chain}) к счёту хранения {account}. Выплаты с этого адреса теперь показывают {partner} источником в истории переводов. Если вы этого не ожидали, отвяжите партнёра в консоли хранения.',
    },
  },
  poolLinkedPartner: {
    en: {
      subject: 'Coffer: your payout address is linked to {company}',
      text: 'Your payout address {payout} is now linked to the custody account {account} of {company} for {coin} on {chain}. Send payouts to {deposit} only.',
    },
    'zh-CN': {
      subject: 'Coffer：您的出款地址已关联到 {company}',
      text: '您的出款地址 {payout} 已关联到 {company} 的托管账户 {account}（{chain} 上的 {coin}）。请仅向 {deposit} 发送出款。',
    },
    'zh-TW': {
      subject: 'Coffer：您的出款地址已關聯到 {company}',
      text: '您的出款地址 {payout} 已關聯到 {company} 的託管帳戶 {account}（{chain} 上的 {coin}）。請僅向 {deposit} 發送出款。',
    },
    ru: {
      subject: 'Coffer: ваш адрес выплат привязан к {company}',
      text: 'Ваш адрес выплат {payout} привязан к счёту хранения {account} компании {company} для {coin} в сети {chain}. Отправляйте выплаты только на {deposit}.',
    },
  },
  lineFrozen: {
    en: {
      subject: 'Coffer: business line {line} of {company} frozen',
      text: '{member} froze the business line {line} of {company} at {at} (UTC). No withdrawal on it can be submitted or approved until it is unfrozen, which needs the approval of its reviewers’ quorum in the custody console.',
    },
    'zh-CN': {
      subject: 'Coffer：{company} 的业务线 {line} 已冻结',
      text: '{member} 于 {at}（UTC）冻结了 {company} 的业务线 {line}。解冻前无法提交或审批该业务线的提币；解冻须在托管控制台经审核人法定人数批准。',
    },
    'zh-TW': {
      subject: 'Coffer：{company} 的業務線 {line} 已凍結',
      text: '{member} 於 {at}（UTC）凍結了 {company} 的業務線 {line}。解凍前無法提交或審批該業務線的提幣；解凍須在託管控制台經審核人法定人數批准。',
    },
    ru: {
      subject: 'Coffer: направление {line} компании {company} заморожено',
      text: '{member} заморозил(а) направление {line} компании {company} в {at} (UTC). Заявки на вывод по нему нельзя создавать и одобрять до разморозки, для которой нужен кворум проверяющих в консоли хранения.',
    },
  },
  organisationFrozen: {
    en: {
      subject: 'Coffer: {company} frozen',
      text: '{member} froze the whole organisation {company} at {at} (UTC). No withdrawal can be submitted or approved until it is unfrozen, which needs the approval of the quorum in the custody console.',
    },
    'zh-CN': {
      subject: 'Coffer：{company} 已冻结',
      text: '{member} 于 {at}（UTC）冻结了整个机构 {company}。解冻前无法提交或审批任何提币；解冻须在托管控制台经法定人数批准。',
    },
    'zh-TW': {
      subject: 'Coffer：{company} 已凍結',
      text: '{member} 於 {at}（UTC）凍結了整個機構 {company}。解凍前無法提交或審批任何提幣；解凍須在託管控制台經法定人數批准。',
    },
    ru: {
      subject: 'Coffer: {company} заморожена',
      text: '{member} заморозил(а) всю организацию {company} в {at} (UTC). Заявки на вывод нельзя создавать и одобрять до разморозки, для которой нужен кворум в консоли хранения.',
    },
  },
};

/** The e-mail of `kind` in `language`, its `{name}` placeholders filled from `facts`. */
export function custodyMessage(kind: CustodyMessageKind, language: Language, facts: Record<string, string>): Wording {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_whole, name: string) => facts[name] ?? '');
  const chosen = wording[kind][language];
  return { subject: fill(chosen.subject), text: fill(chosen.text) };
}
