import type { CodePurpose, Language } from '@coffer/contract';

/** The words of the e-mails and SMS messages, in the user's language. */
const purposeNames: Record<CodePurpose, Record<Language, string>> = {
  register: { en: 'registration', 'zh-CN': '注册', 'zh-TW': '註冊', ru: 'регистрации' },
  login: { en: 'logging in', 'zh-CN': '登录', 'zh-TW': '登入', ru: 'входа' },
  resetPassword: { en: 'resetting your password', 'zh-CN': '重置密码', 'zh-TW': '重設密碼', ru: 'сброса пароля' },
  bindEmail: { en: 'binding this e-mail', 'zh-CN': '绑定邮箱', 'zh-TW': '綁定電子郵件', ru: 'привязки почты' },
  bindPhone: { en: 'binding this phone', 'zh-CN': '绑定手机', 'zh-TW': '綁定手機', ru: 'привязки телефона' },
  changePhone: { en: 'changing your phone', 'zh-CN': '更换手机', 'zh-TW': '更換手機', ru: 'смены телефона' },
  bindAuthenticator: {
    en: 'binding Google Authenticator',
    'zh-CN': '绑定谷歌验证器',
    'zh-TW': '綁定谷歌驗證器',
    ru: 'привязки Google Authenticator',
  },
  changeAuthenticator: {
    en: 'changing Google Authenticator',
    'zh-CN': '更换谷歌验证器',
    'zh-TW': '更換谷歌驗證器',
    ru: 'смены Google Authenticator',
  },
  changePassword: { en: 'changing your password', 'zh-CN': '修改密码', 'zh-TW': '修改密碼', ru: 'смены пароля' },
  fundPassword: { en: 'your fund password', 'zh-CN': '资金密码', 'zh-TW': '資金密碼', ru: 'пароля для средств' },
  transfer: { en: 'an internal transfer', 'zh-CN': '内部转账', 'zh-TW': '內部轉帳', ru: 'внутреннего перевода' },
  apiKey: { en: 'an API key change', 'zh-CN': 'API密钥变更', 'zh-TW': 'API金鑰變更', ru: 'изменения API-ключа' },
  passkey: { en: 'a passkey change', 'zh-CN': '通行密钥变更', 'zh-TW': '通行金鑰變更', ru: 'изменения ключа доступа' },
};

export function codeMessage(purpose: CodePurpose, language: Language, code: string): { subject: string; text: string } {
  const what = purposeNames[purpose][language];
  switch (language) {
    case 'zh-CN':
      return { subject: `Coffer 验证码：${code}`, text: `您正在进行${what}，验证码为 ${code}，10 分钟内有效。请勿告诉任何人。` };
    case 'zh-TW':
      return { subject: `Coffer 驗證碼：${code}`, text: `您正在進行${what}，驗證碼為 ${code}，10 分鐘內有效。請勿告訴任何人。` };
    case 'ru':
      return {
        subject: `Код Coffer: ${code}`,
        text: `Ваш код для ${what}: ${code}. Он действует 10 минут. Никому его не сообщайте.`,
      };
    default:
      return {
        subject: `Your Coffer code: ${code}`,
        text: `Your code for ${what} is ${code}. It is valid for 10 minutes. Never share it with anyone.`,
      };
  }
}

/** Sent instead of a registration code when the address already has an account. */
export function alreadyRegisteredMessage(language: Language): { subject: string; text: string } {
  switch (language) {
    case 'zh-CN':
      return {
        subject: 'Coffer：该账户已存在',
        text: '有人尝试用此地址注册 Coffer，但该地址已有账户。如是您本人，请直接登录或使用“忘记密码”。',
      };
    case 'zh-TW':
      return {
        subject: 'Coffer：該帳戶已存在',
        text: '有人嘗試用此地址註冊 Coffer，但該地址已有帳戶。如是您本人，請直接登入或使用「忘記密碼」。',
      };
    case 'ru':
      return {
        subject: 'Coffer: аккаунт уже существует',
        text: 'Кто-то пытался зарегистрироваться в Coffer с этим адресом, но аккаунт уже есть. Если это вы, войдите или воспользуйтесь «Забыли пароль».',
      };
    default:
      return {
        subject: 'Coffer: you already have an account',
        text: 'Someone tried to register at Coffer with this address, which already has an account. If it was you, log in or use "Forgot password".',
      };
  }
}
