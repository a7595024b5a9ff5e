import type { ProviderDocumentType, ProviderLocale } from './identity-provider';
import type { ImageCheck } from './sandbox-multipart';
import type { sandboxRejectReasons } from './sandbox-protocol';

export type PageProblem = Exclude<ImageCheck, 'ok'> | 'badOutcome' | 'badReason' | 'unreadableForm';

export interface SandboxPageText {
  title: string;
  intro: string;
  session: string;
  country: string;
  document: string;
  step: (number: number, what: string) => string;
  documentFront: string;
  documentBack: string;
  selfie: string;
  fileHint: string;
  outcome: string;
  approve: string;
  reject: string;
  reason: string;
  final: string;
  manualReview: string;
  technicalError: string;
  submit: string;
  documents: Record<ProviderDocumentType, string>;
  reasons: Record<(typeof sandboxRejectReasons)[number], string>;
  problems: Record<PageProblem, string>;
  fixProblems: string;
  expired: string;
  completed: string;
  notFound: string;
  back: string;
}

/** The hosted page in the session's language; the "test only" label is in every one of them. */
export const sandboxPageText: Record<ProviderLocale, SandboxPageText> = {
  en: {
    title: 'Coffer sandbox identity provider — test only',
    intro: 'This page stands in for an identity-verification provider. No real provider checks anything here: use test images only.',
    session: 'Session',
    country: 'Country',
    document: 'Document',
    step: (number, what) => `Step ${number}: ${what}`,
    documentFront: 'front of the document',
    documentBack: 'back of the document',
    selfie: 'selfie',
    fileHint: 'JPEG or PNG, under 5 MB.',
    outcome: 'Outcome (chosen by the tester)',
    approve: 'Approve',
    reject: 'Reject with the reason below',
    reason: 'Reason',
    final: 'Final rejection (no retry)',
    manualReview: 'Needs manual review',
    technicalError: 'Technical failure (return without an outcome)',
    submit: 'Submit',
    documents: { idCard: 'National ID card', driverLicence: 'Driver’s licence', passport: 'Passport' },
    reasons: {
      documentExpired: 'Document expired',
      documentUnreadable: 'Document unreadable',
      faceMismatch: 'Face does not match the document',
      fraudSuspected: 'Fraud suspected',
    },
    problems: {
      missing: 'Choose a file for this step.',
      empty: 'The file is empty.',
      tooLarge: 'The file must be under 5 MB.',
      notImage: 'Only JPEG or PNG images are accepted.',
      badOutcome: 'Choose an outcome.',
      badReason: 'Choose a reason from the list.',
      unreadableForm: 'The form could not be read. Please submit it again.',
    },
    fixProblems: 'Please correct the marked steps.',
    expired: 'This session has expired.',
    completed: 'This session has already been submitted.',
    notFound: 'There is no such session.',
    back: 'Return to Coffer',
  },
  'zh-CN': {
    title: 'Coffer 沙盒身份验证服务 — 仅供测试',
    intro: '此页面模拟身份验证服务商，不会由真实服务商进行任何核验：请只使用测试图片。',
    session: '会话',
    country: '国家/地区',
    document: '证件',
    step: (number, what) => `第 ${number} 步：${what}`,
    documentFront: '证件正面',
    documentBack: '证件背面',
    selfie: '自拍照',
    fileHint: 'JPEG 或 PNG，小于 5 MB。',
    outcome: '结果（由测试人员选择）',
    approve: '通过',
    reject: '拒绝，原因见下方',
    reason: '原因',
    final: '最终拒绝（不可重试）',
    manualReview: '需要人工审核',
    technicalError: '技术故障（不带结果返回）',
    submit: '提交',
    documents: { idCard: '身份证', driverLicence: '驾驶证', passport: '护照' },
    reasons: {
      documentExpired: '证件已过期',
      documentUnreadable: '证件无法识别',
      faceMismatch: '人脸与证件不符',
      fraudSuspected: '疑似欺诈',
    },
    problems: {
      missing: '请为此步骤选择文件。',
      empty: '文件为空。',
      tooLarge: '文件必须小于 5 MB。',
      notImage: '仅接受 JPEG 或 PNG 图片。',
      badOutcome: '请选择结果。',
      badReason: '请从列表中选择原因。',
      unreadableForm: '无法读取表单，请重新提交。',
    },
    fixProblems: '请更正标出的步骤。',
    expired: '此会话已过期。',
    completed: '此会话已提交。',
    notFound: '会话不存在。',
    back: '返回 Coffer',
  },
  'zh-TW': {
    title: 'Coffer 沙盒身分驗證服務 — 僅供測試',
    intro: '此頁面模擬身分驗證服務商，不會由真實服務商進行任何核驗：請只使用測試圖片。',
    session: '工作階段',
    country: '國家/地區',
    document: '證件',
    step: (number, what) => `第 ${number} 步：${what}`,
    documentFront: '證件正面',
    documentBack: '證件背面',
    selfie: '自拍照',
    fileHint: 'JPEG 或 PNG，小於 5 MB。',
    outcome: '結果（由測試人員選擇）',
    approve: '通過',
    reject: '拒絕，原因見下方',
    reason: '原因',
    final: '最終拒絕（不可重試）',
    manualReview: '需要人工審核',
    technicalError: '技術故障（不帶結果返回）',
    submit: '提交',
    documents: { idCard: '身分證', driverLicence: '駕駛執照', passport: '護照' },
    reasons: {
      documentExpired: '證件已過期',
      documentUnreadable: '證件無法辨識',
      faceMismatch: '人臉與證件不符',
      fraudSuspected: '疑似詐騙',
    },
    problems: {
      missing: '請為此步驟選擇檔案。',
      empty: '檔案為空。',
      tooLarge: '檔案必須小於 5 MB。',
      notImage: '僅接受 JPEG 或 PNG 圖片。',
      badOutcome: '請選擇結果。',
      badReason: '請從清單中選擇原因。',
      unreadableForm: '無法讀取表單，請重新提交。',
    },
    fixProblems: '請更正標出的步驟。',
    expired: '此工作階段已過期。',
    completed: '此工作階段已提交。',
    notFound: '工作階段不存在。',
    back: '返回 Coffer',
  },
  ru: {
    title: 'Тестовый провайдер верификации Coffer — только для тестов',
    intro:
      'Эта страница заменяет провайдера проверки личности. Настоящий провайдер здесь ничего не проверяет: используйте только тестовые изображения.',
    session: 'Сессия',
    country: 'Страна',
    document: 'Документ',
    step: (number, what) => `Шаг ${number}: ${what}`,
    documentFront: 'лицевая сторона документа',
    documentBack: 'оборотная сторона документа',
    selfie: 'селфи',
    fileHint: 'JPEG или PNG, меньше 5 МБ.',
    outcome: 'Результат (выбирает тестировщик)',
    approve: 'Одобрить',
    reject: 'Отклонить по причине ниже',
    reason: 'Причина',
    final: 'Окончательный отказ (без повторной попытки)',
    manualReview: 'Нужна ручная проверка',
    technicalError: 'Техническая ошибка (возврат без результата)',
    submit: 'Отправить',
    documents: { idCard: 'Удостоверение личности', driverLicence: 'Водительское удостоверение', passport: 'Паспорт' },
    reasons: {
      documentExpired: 'Срок действия документа истёк',
      documentUnreadable: 'Документ нечитаем',
      faceMismatch: 'Лицо не совпадает с документом',
      fraudSuspected: 'Подозрение на мошенничество',
    },
    problems: {
      missing: 'Выберите файл для этого шага.',
      empty: 'Файл пуст.',
      tooLarge: 'Файл должен быть меньше 5 МБ.',
      notImage: 'Принимаются только изображения JPEG или PNG.',
      badOutcome: 'Выберите результат.',
      badReason: 'Выберите причину из списка.',
      unreadableForm: 'Не удалось прочитать форму. Отправьте её ещё раз.',
    },
    fixProblems: 'Исправьте отмеченные шаги.',
    expired: 'Срок действия сессии истёк.',
    completed: 'Сессия уже отправлена.',
    notFound: 'Такой сессии нет.',
    back: 'Вернуться в Coffer',
  },
};
