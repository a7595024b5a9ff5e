import type { BillDetail, BillDetailKey, BillWithdrawalStatus, Language, TradeSide } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { IdentityApi } from '../identity';
import type { BillDescriber, BillDetailContext, BillFactsRow } from './bill-describer';

/** What a bill row brings to its detail: the journal's business reference, note and transfer. */
export interface BillDetailSource {
  reference_type: string | null;
  reference_id: string | null;
  note: string;
  flow_id: string | null;
  from_user_id: string | null;
  to_user_id: string | null;
}

/** The describers' selects cast reference ids to bigint: anything else is no reference of theirs. */
const numericId = /^\d{1,18}$/;
const referenceKey = (type: string, id: string) => `${type}:${id}`;

/** Counterparts repeat across bills: each is looked up once per page or export batch. */
export type CounterpartNames = Map<string, Promise<{ masked: string }>>;

/**
 * Bill details (spec §3) for a page of bills: the facts behind all of its journal references
 * come from one keyed query (one branch per reference type present, each contributed by the
 * module that posted it), never one per row.
 */
export interface BillDetails {
  describe(userId: string, rows: readonly BillDetailSource[], names?: CounterpartNames): Promise<BillDetail[]>;
}

export function createBillDetails(deps: {
  db: Db;
  identity: IdentityApi;
  /** The asset catalogue: scales of the amounts in details. */
  assets: Pick<AssetsApi, 'scaleOf'>;
  describers: readonly BillDescriber[];
}): BillDetails {
  const { db, identity, assets } = deps;
  const describerOf = new Map<string, BillDescriber>();
  for (const describer of deps.describers) {
    for (const type of describer.referenceTypes) {
      if (describerOf.has(type)) throw new Error(`two bill describers for reference type ${type}`);
      describerOf.set(type, describer);
    }
  }

  const nameOf = (names: CounterpartNames, userId: string) => {
    let name = names.get(userId);
    if (!name) names.set(userId, (name = identity.describe(userId)));
    return name;
  };

  async function factsOf(
    userId: string,
    rows: readonly BillDetailSource[],
  ): Promise<Map<string, { describer: BillDescriber; facts: unknown }>> {
    const idsByType = new Map<string, Set<string>>();
    for (const row of rows) {
      if (!row.reference_type || !row.reference_id || !describerOf.has(row.reference_type) || !numericId.test(row.reference_id)) continue;
      const ids = idsByType.get(row.reference_type) ?? new Set<string>();
      ids.add(row.reference_id);
      idsByType.set(row.reference_type, ids);
    }
    if (idsByType.size === 0) return new Map();
    const branches = [...idsByType].map(([type, ids]) => describerOf.get(type)!.factsQuery(type, [...ids], userId));
    const result = await sql<BillFactsRow<unknown>>`${sql.join(branches, sql` union all `)}`.execute(db);
    return new Map(
      result.rows.map((row) => [
        referenceKey(row.reference_type, row.reference_id),
        { describer: describerOf.get(row.reference_type)!, facts: row.facts },
      ]),
    );
  }

  async function detailFrom(
    row: BillDetailSource,
    found: { describer: BillDescriber; facts: unknown } | undefined,
    context: BillDetailContext,
    names: CounterpartNames,
  ): Promise<BillDetail> {
    if (row.flow_id) {
      const isOutgoing = row.from_user_id === context.userId;
      const counterpart = await nameOf(names, isOutgoing ? row.to_user_id! : row.from_user_id!);
      return { serialNumber: row.flow_id, ...(isOutgoing ? { targetAccount: counterpart.masked } : { sourceAccount: counterpart.masked }) };
    }
    return found ? found.describer.detailOf(found.facts, context) : {};
  }

  return {
    /** The detail of each row, in order; a note already shown as a fact (a deposit's TXID) is not repeated as remarks. */
    async describe(userId: string, rows: readonly BillDetailSource[], names: CounterpartNames = new Map()): Promise<BillDetail[]> {
      const facts = await factsOf(userId, rows);
      const context: BillDetailContext = {
        userId,
        maskedAccountOf: async (other) => (await nameOf(names, other)).masked,
        scaleOf: (asset) => assets.scaleOf(asset),
      };
      return Promise.all(
        rows.map(async (row) => {
          const found = row.reference_type && row.reference_id ? facts.get(referenceKey(row.reference_type, row.reference_id)) : undefined;
          const detail = await detailFrom(row, found, context, names);
          const repeats = Object.values(detail).includes(row.note);
          return row.note && !repeats ? { ...detail, remarks: row.note } : detail;
        }),
      );
    },
  };
}

/** Detail labels of the CSV download, in the language of its headers. */
const csvLabels: Record<Language, Record<BillDetailKey, string>> = {
  en: {
    serialNumber: 'Serial number',
    orderNo: 'Order number',
    autoSwapNo: 'Auto swap number',
    sourceAccount: 'Source account',
    targetAccount: 'Target account',
    withdrawalAddress: 'Withdrawal address',
    memo: 'Memo / tag',
    txid: 'TXID',
    chain: 'Network',
    depositAddress: 'Deposit address',
    confirmations: 'Confirmations',
    pair: 'Pair',
    side: 'Side',
    price: 'Unit price',
    fee: 'Fee',
    status: 'Status',
    merchant: 'Merchant',
    merchantOrderNumber: 'Merchant order number',
    loanId: 'Loan ID',
    relatedLoanId: 'Related loan ID',
    campaignName: 'Campaign name',
    remarks: 'Remarks',
  },
  'zh-CN': {
    serialNumber: '流水号',
    orderNo: '订单号',
    autoSwapNo: '自动兑换编号',
    sourceAccount: '来源账户',
    targetAccount: '目标账户',
    withdrawalAddress: '提币地址',
    memo: 'Memo / 标签',
    txid: 'TXID',
    chain: '网络',
    depositAddress: '充币地址',
    confirmations: '确认数',
    pair: '交易对',
    side: '方向',
    price: '单价',
    fee: '手续费',
    status: '状态',
    merchant: '商户',
    merchantOrderNumber: '商户订单号',
    loanId: '借款 ID',
    relatedLoanId: '关联借款 ID',
    campaignName: '活动名称',
    remarks: '备注',
  },
  'zh-TW': {
    serialNumber: '流水號',
    orderNo: '訂單號',
    autoSwapNo: '自動兌換編號',
    sourceAccount: '來源帳戶',
    targetAccount: '目標帳戶',
    withdrawalAddress: '提幣地址',
    memo: 'Memo / 標籤',
    txid: 'TXID',
    chain: '網路',
    depositAddress: '充幣地址',
    confirmations: '確認數',
    pair: '交易對',
    side: '方向',
    price: '單價',
    fee: '手續費',
    status: '狀態',
    merchant: '商戶',
    merchantOrderNumber: '商戶訂單號',
    loanId: '借款 ID',
    relatedLoanId: '關聯借款 ID',
    campaignName: '活動名稱',
    remarks: '備註',
  },
  ru: {
    serialNumber: 'Номер операции',
    orderNo: 'Номер ордера',
    autoSwapNo: 'Номер автообмена',
    sourceAccount: 'Счёт отправителя',
    targetAccount: 'Счёт получателя',
    withdrawalAddress: 'Адрес вывода',
    memo: 'Memo / тег',
    txid: 'TXID',
    chain: 'Сеть',
    depositAddress: 'Адрес пополнения',
    confirmations: 'Подтверждения',
    pair: 'Пара',
    side: 'Направление',
    price: 'Цена за единицу',
    fee: 'Комиссия',
    status: 'Статус',
    merchant: 'Продавец',
    merchantOrderNumber: 'Номер заказа продавца',
    loanId: 'ID займа',
    relatedLoanId: 'ID связанного займа',
    campaignName: 'Название акции',
    remarks: 'Примечание',
  },
};

const csvSides: Record<Language, Record<TradeSide, string>> = {
  en: { buy: 'Buy', sell: 'Sell' },
  'zh-CN': { buy: '买入', sell: '卖出' },
  'zh-TW': { buy: '買入', sell: '賣出' },
  ru: { buy: 'Покупка', sell: 'Продажа' },
};

const csvStatuses: Record<Language, Record<BillWithdrawalStatus, string>> = {
  en: {
    awaiting_confirmation: 'Awaiting confirmation',
    processing: 'Processing',
    confirming: 'Confirming',
    completed: 'Completed',
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
  'zh-CN': {
    awaiting_confirmation: '待确认',
    processing: '处理中',
    confirming: '确认中',
    completed: '已完成',
    failed: '失败',
    cancelled: '已取消',
  },
  'zh-TW': {
    awaiting_confirmation: '待確認',
    processing: '處理中',
    confirming: '確認中',
    completed: '已完成',
    failed: '失敗',
    cancelled: '已取消',
  },
  ru: {
    awaiting_confirmation: 'Ожидает подтверждения',
    processing: 'В обработке',
    confirming: 'Подтверждается',
    completed: 'Выполнен',
    failed: 'Не выполнен',
    cancelled: 'Отменён',
  },
};

/** One CSV detail cell: "Label: value; …" in the download's language, remarks left to the note column. */
export function csvDetailText(detail: BillDetail, coin: string, language: Language): string {
  const quoteCoin = detail.pair?.split('/')[1];
  const valueOf = (key: BillDetailKey, value: string): string => {
    if (key === 'side') return csvSides[language][value as TradeSide] ?? value;
    if (key === 'status') return csvStatuses[language][value as BillWithdrawalStatus] ?? value;
    if (key === 'fee') return `${value} ${coin}`;
    if (key === 'price' && quoteCoin) return `${value} ${quoteCoin}`;
    return value;
  };
  return (Object.entries(detail) as Array<[BillDetailKey, string | undefined]>)
    .filter((entry): entry is [BillDetailKey, string] => entry[0] !== 'remarks' && entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${csvLabels[language][key]}: ${valueOf(key, value)}`)
    .join('; ');
}
