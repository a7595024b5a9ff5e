import type { Language } from '@coffer/contract';

type ChangeKind = 'create' | 'edit' | 'delete';

const actions: Record<ChangeKind, Record<Language, string>> = {
  create: { en: 'created', 'zh-CN': '创建', 'zh-TW': '建立', ru: 'создан' },
  edit: { en: 'changed', 'zh-CN': '修改', 'zh-TW': '修改', ru: 'изменён' },
  delete: { en: 'deleted', 'zh-CN': '删除', 'zh-TW': '刪除', ru: 'удалён' },
};

/** The e-mail telling the customer an API key was created, changed or deleted, in their language. */
export function apiKeyNotice(
  language: Language,
  kind: ChangeKind,
  key: { label: string; accessKey: string },
): { subject: string; text: string } {
  const action = actions[kind][language];
  switch (language) {
    case 'zh-CN':
      return {
        subject: `Coffer：API 密钥已${action}`,
        text: `您的 API 密钥"${key.label}"（${key.accessKey}）已${action}。如非本人操作，请立即删除该密钥、修改密码并联系客服。`,
      };
    case 'zh-TW':
      return {
        subject: `Coffer：API 金鑰已${action}`,
        text: `您的 API 金鑰「${key.label}」（${key.accessKey}）已${action}。如非本人操作，請立即刪除該金鑰、修改密碼並聯絡客服。`,
      };
    case 'ru':
      return {
        subject: `Coffer: API-ключ ${action}`,
        text: `Ваш API-ключ «${key.label}» (${key.accessKey}) ${action}. Если это были не вы, удалите ключ, смените пароль и свяжитесь с поддержкой.`,
      };
    default:
      return {
        subject: `Coffer: an API key was ${action}`,
        text: `Your API key "${key.label}" (${key.accessKey}) was ${action}. If this was not you, delete the key, change your password and contact support now.`,
      };
  }
}
