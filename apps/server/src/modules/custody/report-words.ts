import {
  languageFromQuery,
  type CustodyBusinessType,
  type CustodyTransferFailReason,
  type CustodyTransferState,
  type Language,
} from '@coffer/contract';

/** The words of the custody downloads (transfer history, asset report) in the four languages. */

export const transferHeaders: Record<Language, string[]> = {
  en: [
    'Flow ID',
    'Order number',
    'Account',
    'Coin',
    'Network',
    'Business type',
    'State',
    'Quantity',
    'Handling fee',
    'Account balance',
    'Remarks',
    'Recorded time (UTC)',
    'Source',
    'Hash',
    'To address',
  ],
  'zh-CN': [
    '流水号',
    '订单号',
    '账户',
    '币种',
    '网络',
    '业务类型',
    '状态',
    '数量',
    '手续费',
    '账户余额',
    '备注',
    '记录时间 (UTC)',
    '来源',
    '哈希',
    '收款地址',
  ],
  'zh-TW': [
    '流水號',
    '訂單號',
    '帳戶',
    '幣種',
    '網路',
    '業務類型',
    '狀態',
    '數量',
    '手續費',
    '帳戶餘額',
    '備註',
    '記錄時間 (UTC)',
    '來源',
    '雜湊',
    '收款地址',
  ],
  ru: [
    'ID операции',
    'Номер заказа',
    'Счёт',
    'Монета',
    'Сеть',
    'Тип операции',
    'Статус',
    'Количество',
    'Комиссия',
    'Баланс счёта',
    'Примечание',
    'Время записи (UTC)',
    'Источник',
    'Хеш',
    'Адрес получателя',
  ],
};

export const businessTypeWords: Record<Language, Record<CustodyBusinessType, string>> = {
  en: { deposit: 'Deposit', internalIn: 'Internal move in', internalOut: 'Internal move out', withdrawal: 'Withdrawal' },
  'zh-CN': { deposit: '充币', internalIn: '内部划入', internalOut: '内部划出', withdrawal: '提币' },
  'zh-TW': { deposit: '充幣', internalIn: '內部劃入', internalOut: '內部劃出', withdrawal: '提幣' },
  ru: { deposit: 'Пополнение', internalIn: 'Внутренний перевод (приход)', internalOut: 'Внутренний перевод (расход)', withdrawal: 'Вывод' },
};

export const stateWords: Record<Language, Record<CustodyTransferState, string>> = {
  en: {
    released: 'Released',
    pendingRelease: 'Pending release',
    pendingCredit: 'Pending credit',
    credited: 'Credited',
    failure: 'Failure',
  },
  'zh-CN': { released: '已放行', pendingRelease: '待放行', pendingCredit: '待入账', credited: '已入账', failure: '失败' },
  'zh-TW': { released: '已放行', pendingRelease: '待放行', pendingCredit: '待入帳', credited: '已入帳', failure: '失敗' },
  ru: {
    released: 'Списано',
    pendingRelease: 'Ожидает списания',
    pendingCredit: 'Ожидает зачисления',
    credited: 'Зачислено',
    failure: 'Ошибка',
  },
};

export const failReasonWords: Record<Language, Record<CustodyTransferFailReason, string>> = {
  en: { belowMinimum: 'below the minimum deposit', reorganised: 'undone by a chain reorganisation', refused: 'refused by compliance' },
  'zh-CN': { belowMinimum: '低于最小充币数量', reorganised: '因链重组撤销', refused: '合规拒绝' },
  'zh-TW': { belowMinimum: '低於最小充幣數量', reorganised: '因鏈重組撤銷', refused: '合規拒絕' },
  ru: { belowMinimum: 'меньше минимального пополнения', reorganised: 'отменено реорганизацией цепи', refused: 'отклонено комплаенсом' },
};

/** The asset report download: the holdings now, then the daily snapshots. */
export const reportWords: Record<
  Language,
  { holdings: string; snapshots: string; holdingHeaders: string[]; snapshotHeaders: string[]; kinds: Record<'hot' | 'cold', string> }
> = {
  en: {
    holdings: 'Holdings',
    snapshots: 'Daily snapshots',
    holdingHeaders: ['Account', 'Type', 'Coin', 'Available', 'Frozen', 'Balance', 'USD price', 'USD value'],
    snapshotHeaders: ['Day (UTC)', 'Account', 'Coin', 'Balance', 'USD price', 'USD value'],
    kinds: { hot: 'Hot storage', cold: 'Cold storage' },
  },
  'zh-CN': {
    holdings: '当前持仓',
    snapshots: '每日快照',
    holdingHeaders: ['账户', '类型', '币种', '可用', '冻结', '余额', '美元价格', '美元价值'],
    snapshotHeaders: ['日期 (UTC)', '账户', '币种', '余额', '美元价格', '美元价值'],
    kinds: { hot: '热存储', cold: '冷存储' },
  },
  'zh-TW': {
    holdings: '當前持倉',
    snapshots: '每日快照',
    holdingHeaders: ['帳戶', '類型', '幣種', '可用', '凍結', '餘額', '美元價格', '美元價值'],
    snapshotHeaders: ['日期 (UTC)', '帳戶', '幣種', '餘額', '美元價格', '美元價值'],
    kinds: { hot: '熱存儲', cold: '冷存儲' },
  },
  ru: {
    holdings: 'Активы',
    snapshots: 'Ежедневные снимки',
    holdingHeaders: ['Счёт', 'Тип', 'Монета', 'Доступно', 'Заморожено', 'Баланс', 'Цена в USD', 'Стоимость в USD'],
    snapshotHeaders: ['День (UTC)', 'Счёт', 'Монета', 'Баланс', 'Цена в USD', 'Стоимость в USD'],
    kinds: { hot: 'Горячее хранение', cold: 'Холодное хранение' },
  },
};

/**
 * The language of a download: a browser link cannot send LANGUAGE-TYPE, so the `lang` query
 * parameter, when given, names it; otherwise the header's language.
 */
export function downloadLanguage(lang: string | undefined, headerLanguage: Language): Language {
  return lang === undefined || lang === '' ? headerLanguage : languageFromQuery(lang);
}
