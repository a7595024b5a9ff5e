import type { Language } from '../languages';

/**
 * The error catalogue of spec §8: every envelope code the server can answer, each with its
 * message in the four languages. `satisfies` makes the compiler refuse a code without a
 * message in any language. Messages may hold `{name}` placeholders filled from error params.
 *
 * Families: 19000001… platform and request errors (meanings not given by the spec, so the
 * platform's own), 16000001… user/account, 17000001… account centre, 18000001… code sending,
 * 15000001… enterprise, 21000001… coins, 13010001… trading, 20000001… payment,
 * 22000001… identity verification (KYC).
 */
interface ErrorDefinition {
  readonly code: number;
  /** Clients treat silent codes as non-errors (spec §8) and show no toast. */
  readonly silent?: true;
  /** HTTP status the server answers with; the envelope code is what clients read. */
  readonly httpStatus?: number;
  readonly messages: Readonly<Record<Language, string>>;
}

export const errorCatalogue = {
  // ── Success and the silent codes of §8 ───────────────────────────────────────────
  ok: {
    code: 0,
    silent: true,
    messages: { en: 'Success', 'zh-CN': '成功', 'zh-TW': '成功', ru: 'Успешно' },
  },
  noDataYet: {
    code: 10004011,
    silent: true,
    messages: { en: 'No data yet', 'zh-CN': '暂无数据', 'zh-TW': '暫無資料', ru: 'Данных пока нет' },
  },
  kycPending: {
    code: -10092,
    silent: true,
    messages: {
      en: 'Identity verification is in review',
      'zh-CN': '身份认证审核中',
      'zh-TW': '身分認證審核中',
      ru: 'Проверка личности на рассмотрении',
    },
  },
  kycRequired: {
    code: -10093,
    silent: true,
    messages: {
      en: 'Identity verification is required',
      'zh-CN': '请先完成身份认证',
      'zh-TW': '請先完成身分認證',
      ru: 'Требуется проверка личности',
    },
  },
  withdrawalSecurityLock: {
    code: -10102,
    silent: true,
    messages: {
      en: 'Withdrawals are forbidden within 24 hours of a security change',
      'zh-CN': '安全设置变更后24小时内禁止提币',
      'zh-TW': '安全設定變更後24小時內禁止提幣',
      ru: 'Вывод запрещён в течение 24 часов после изменения настроек безопасности',
    },
  },
  securityItemMissing: {
    code: -10096,
    silent: true,
    messages: {
      en: 'Please complete your security settings first',
      'zh-CN': '请先完善安全设置',
      'zh-TW': '請先完善安全設定',
      ru: 'Сначала завершите настройки безопасности',
    },
  },
  fundPasswordMissing: {
    code: -10097,
    silent: true,
    messages: {
      en: 'Please set a fund password first',
      'zh-CN': '请先设置资金密码',
      'zh-TW': '請先設定資金密碼',
      ru: 'Сначала установите пароль для средств',
    },
  },
  secondConfirmationRequired: {
    code: -10071,
    silent: true,
    messages: {
      en: 'A second confirmation is required',
      'zh-CN': '需要二次确认',
      'zh-TW': '需要二次確認',
      ru: 'Требуется повторное подтверждение',
    },
  },
  withdrawalForbidden: {
    code: -10094,
    silent: true,
    messages: {
      en: 'Withdrawals are currently forbidden for this account',
      'zh-CN': '该账户当前禁止提币',
      'zh-TW': '該帳戶目前禁止提幣',
      ru: 'Вывод средств для этого аккаунта сейчас запрещён',
    },
  },
  customsCheckPending: {
    code: 25000008,
    silent: true,
    messages: {
      en: 'The request is being processed',
      'zh-CN': '请求处理中',
      'zh-TW': '請求處理中',
      ru: 'Запрос обрабатывается',
    },
  },
  addressConfirmationRequired: {
    code: -10113,
    silent: true,
    messages: {
      en: 'Please confirm the address',
      'zh-CN': '请确认地址',
      'zh-TW': '請確認地址',
      ru: 'Подтвердите адрес',
    },
  },

  // ── Login prompt (body code 403, §4/§8) ─────────────────────────────────────────
  loginRequired: {
    code: 403,
    httpStatus: 200,
    messages: {
      en: 'Please log in first',
      'zh-CN': '请先登录',
      'zh-TW': '請先登入',
      ru: 'Сначала войдите в систему',
    },
  },

  // ── 19000001…: platform and request ──────────────────────────────────────────────
  unknownError: {
    code: 19000001,
    httpStatus: 500,
    messages: {
      en: 'Unknown error, please try again later',
      'zh-CN': '未知错误，请稍后重试',
      'zh-TW': '未知錯誤，請稍後重試',
      ru: 'Неизвестная ошибка, попробуйте позже',
    },
  },
  missingParameter: {
    code: 19000002,
    httpStatus: 400,
    messages: {
      en: 'Missing required parameter: {field}',
      'zh-CN': '缺少必要参数：{field}',
      'zh-TW': '缺少必要參數：{field}',
      ru: 'Не указан обязательный параметр: {field}',
    },
  },
  invalidParameter: {
    code: 19000003,
    httpStatus: 400,
    messages: {
      en: 'Invalid parameter: {field}',
      'zh-CN': '参数无效：{field}',
      'zh-TW': '參數無效：{field}',
      ru: 'Недопустимое значение параметра: {field}',
    },
  },
  malformedBody: {
    code: 19000004,
    httpStatus: 400,
    messages: {
      en: 'The request body is not valid JSON',
      'zh-CN': '请求体不是有效的 JSON',
      'zh-TW': '請求內容不是有效的 JSON',
      ru: 'Тело запроса не является корректным JSON',
    },
  },
  bodyTooLarge: {
    code: 19000005,
    httpStatus: 413,
    messages: {
      en: 'The request body is too large',
      'zh-CN': '请求体过大',
      'zh-TW': '請求內容過大',
      ru: 'Слишком большое тело запроса',
    },
  },
  routeNotFound: {
    code: 19000006,
    httpStatus: 404,
    messages: {
      en: 'No such API: {method} {path}',
      'zh-CN': '接口不存在：{method} {path}',
      'zh-TW': '介面不存在：{method} {path}',
      ru: 'Такого API нет: {method} {path}',
    },
  },
  unsupportedMediaType: {
    code: 19000007,
    httpStatus: 415,
    messages: {
      en: 'Unsupported content type; send JSON',
      'zh-CN': '不支持的内容类型，请发送 JSON',
      'zh-TW': '不支援的內容類型，請傳送 JSON',
      ru: 'Неподдерживаемый тип содержимого, отправьте JSON',
    },
  },
  tooManyRequests: {
    code: 19000008,
    httpStatus: 429,
    messages: {
      en: 'Too many requests, please try again later',
      'zh-CN': '请求过于频繁，请稍后再试',
      'zh-TW': '請求過於頻繁，請稍後再試',
      ru: 'Слишком много запросов, попробуйте позже',
    },
  },
  forbiddenOrigin: {
    code: 19000009,
    httpStatus: 403,
    messages: {
      en: 'Request refused: it did not come from this site',
      'zh-CN': '请求被拒绝：来源不是本站',
      'zh-TW': '請求被拒絕：來源不是本站',
      ru: 'Запрос отклонён: он отправлен не с этого сайта',
    },
  },
  serviceUnavailable: {
    code: 19000010,
    httpStatus: 503,
    messages: {
      en: 'Service temporarily unavailable, please try again later',
      'zh-CN': '服务暂时不可用，请稍后重试',
      'zh-TW': '服務暫時無法使用，請稍後重試',
      ru: 'Сервис временно недоступен, попробуйте позже',
    },
  },
  noMatchingData: {
    code: 19000011,
    messages: {
      en: 'No matching data',
      'zh-CN': '没有匹配的数据',
      'zh-TW': '沒有符合的資料',
      ru: 'Нет подходящих данных',
    },
  },
  // Research reports and news (19000020–19000029)
  researchReportNotFound: {
    code: 19000020,
    messages: {
      en: 'This report does not exist or is no longer published',
      'zh-CN': '该报告不存在或已下线',
      'zh-TW': '該報告不存在或已下架',
      ru: 'Этот материал не найден или снят с публикации',
    },
  },

  // ── 16000001…: user and account ─────────────────────────────────────────────────
  userNotFound: {
    code: 16000001,
    messages: { en: 'User not found', 'zh-CN': '用户不存在', 'zh-TW': '使用者不存在', ru: 'Пользователь не найден' },
  },
  wrongCredentials: {
    code: 16000002,
    messages: {
      en: 'Wrong account or password. Forgot your password? Use “Forgot password”.',
      'zh-CN': '账号或密码错误，忘记密码请使用“忘记密码”',
      'zh-TW': '帳號或密碼錯誤，忘記密碼請使用「忘記密碼」',
      ru: 'Неверный аккаунт или пароль. Забыли пароль? Воспользуйтесь «Забыли пароль».',
    },
  },
  notLoggedIn: {
    code: 16000003,
    messages: { en: 'Not logged in', 'zh-CN': '用户未登录', 'zh-TW': '使用者未登入', ru: 'Вы не вошли в систему' },
  },
  emailAlreadyRegistered: {
    code: 16000004,
    messages: {
      en: 'This e-mail is already registered',
      'zh-CN': '该邮箱已注册',
      'zh-TW': '該電子郵件已註冊',
      ru: 'Этот адрес почты уже зарегистрирован',
    },
  },
  phoneAlreadyRegistered: {
    code: 16000005,
    messages: {
      en: 'This phone number is already registered',
      'zh-CN': '该手机号已注册',
      'zh-TW': '該手機號碼已註冊',
      ru: 'Этот номер телефона уже зарегистрирован',
    },
  },
  captchaWrong: {
    code: 16000006,
    messages: { en: 'Wrong captcha', 'zh-CN': '图形验证码错误', 'zh-TW': '圖形驗證碼錯誤', ru: 'Неверная капча' },
  },
  smsCodeWrong: {
    code: 16000007,
    messages: {
      en: 'Wrong SMS verification code',
      'zh-CN': '短信验证码错误',
      'zh-TW': '簡訊驗證碼錯誤',
      ru: 'Неверный код из SMS',
    },
  },
  emailCodeWrong: {
    code: 16000008,
    messages: {
      en: 'Wrong e-mail verification code',
      'zh-CN': '邮箱验证码错误',
      'zh-TW': '電子郵件驗證碼錯誤',
      ru: 'Неверный код из письма',
    },
  },
  authenticatorCodeWrong: {
    code: 16000009,
    messages: {
      en: 'Wrong Google Authenticator code',
      'zh-CN': '谷歌验证码错误',
      'zh-TW': '谷歌驗證碼錯誤',
      ru: 'Неверный код Google Authenticator',
    },
  },
  accountLocked: {
    code: 16000010,
    messages: {
      en: 'Too many failed attempts; the account is locked, try again in {minutes} minutes',
      'zh-CN': '错误次数过多，账户已锁定，请{minutes}分钟后再试',
      'zh-TW': '錯誤次數過多，帳戶已鎖定，請{minutes}分鐘後再試',
      ru: 'Слишком много неудачных попыток; аккаунт заблокирован, повторите через {minutes} мин.',
    },
  },
  wrongOldPassword: {
    code: 16000011,
    messages: { en: 'Wrong old password', 'zh-CN': '原密码错误', 'zh-TW': '原密碼錯誤', ru: 'Неверный старый пароль' },
  },
  wrongFundPassword: {
    code: 16000012,
    messages: {
      en: 'Wrong fund password',
      'zh-CN': '资金密码错误',
      'zh-TW': '資金密碼錯誤',
      ru: 'Неверный пароль для средств',
    },
  },
  fundPasswordSameAsLogin: {
    code: 16000013,
    messages: {
      en: 'The fund password must differ from the login password',
      'zh-CN': '资金密码不能与登录密码相同',
      'zh-TW': '資金密碼不能與登入密碼相同',
      ru: 'Пароль для средств не должен совпадать с паролем входа',
    },
  },
  passwordsNotSame: {
    code: 16000014,
    messages: {
      en: 'The two passwords are not the same',
      'zh-CN': '两次输入的密码不一致',
      'zh-TW': '兩次輸入的密碼不一致',
      ru: 'Пароли не совпадают',
    },
  },
  emailOrPhoneFormat: {
    code: 16000015,
    messages: {
      en: 'Incorrect e-mail or phone format',
      'zh-CN': '邮箱或手机号格式不正确',
      'zh-TW': '電子郵件或手機號碼格式不正確',
      ru: 'Неверный формат почты или телефона',
    },
  },
  countryNotFound: {
    code: 16000016,
    messages: {
      en: 'Country or region not found',
      'zh-CN': '未找到该国家或地区',
      'zh-TW': '找不到該國家或地區',
      ru: 'Страна или регион не найдены',
    },
  },
  countryRestricted: {
    code: 16000017,
    messages: {
      en: 'Services are not available in your country or region (North Korea, Iran, the US and its territories), so you cannot register',
      'zh-CN': '您所在的国家或地区（朝鲜、伊朗、美国及其领地）暂不提供服务，无法注册',
      'zh-TW': '您所在的國家或地區（北韓、伊朗、美國及其領地）暫不提供服務，無法註冊',
      ru: 'Услуги недоступны в вашей стране или регионе (КНДР, Иран, США и их территории), регистрация невозможна',
    },
  },
  accountAlreadyExists: {
    code: 16000018,
    messages: {
      en: 'The account already exists',
      'zh-CN': '账户已存在',
      'zh-TW': '帳戶已存在',
      ru: 'Аккаунт уже существует',
    },
  },
  securityChangeWithdrawLock: {
    code: 16000019,
    messages: {
      en: 'Withdrawals are forbidden within 24 hours of a security change',
      'zh-CN': '安全设置变更后24小时内禁止提币',
      'zh-TW': '安全設定變更後24小時內禁止提幣',
      ru: 'Вывод запрещён в течение 24 часов после изменения настроек безопасности',
    },
  },
  fundPasswordNotSet: {
    code: 16000020,
    messages: {
      en: 'Fund password is not set',
      'zh-CN': '未设置资金密码',
      'zh-TW': '未設定資金密碼',
      ru: 'Пароль для средств не установлен',
    },
  },
  passwordRuleViolated: {
    code: 16000021,
    messages: {
      en: 'The password must be 8–20 characters and contain at least three of: lowercase, uppercase, digits, symbols',
      'zh-CN': '密码须为8-20位，且至少包含小写字母、大写字母、数字、符号中的三种',
      'zh-TW': '密碼須為8-20位，且至少包含小寫字母、大寫字母、數字、符號中的三種',
      ru: 'Пароль: 8–20 символов, минимум три типа из: строчные, заглавные, цифры, символы',
    },
  },
  fundPasswordRuleViolated: {
    code: 16000022,
    messages: {
      en: 'The fund password must be 6 digits without consecutive or repeated digits',
      'zh-CN': '资金密码须为6位数字，且不能是连续或重复的数字',
      'zh-TW': '資金密碼須為6位數字，且不能是連續或重複的數字',
      ru: 'Пароль для средств — 6 цифр, без последовательных и повторяющихся цифр',
    },
  },
  secondFactorRequired: {
    code: 16000023,
    messages: {
      en: 'Second-factor verification is required',
      'zh-CN': '需要进行二次验证',
      'zh-TW': '需要進行二次驗證',
      ru: 'Требуется второй фактор проверки',
    },
  },
  preLoginTokenInvalid: {
    code: 16000024,
    messages: {
      en: 'The login step has expired, please log in again',
      'zh-CN': '登录步骤已过期，请重新登录',
      'zh-TW': '登入步驟已過期，請重新登入',
      ru: 'Шаг входа устарел, войдите снова',
    },
  },
  sessionExpired: {
    code: 16000025,
    messages: {
      en: 'Your session has expired, please log in again',
      'zh-CN': '登录已过期，请重新登录',
      'zh-TW': '登入已過期，請重新登入',
      ru: 'Сеанс истёк, войдите снова',
    },
  },
  accountSuspended: {
    code: 16000026,
    messages: {
      en: 'This account is locked; please contact support',
      'zh-CN': '该账户已被锁定，请联系客服',
      'zh-TW': '該帳戶已被鎖定，請聯繫客服',
      ru: 'Этот аккаунт заблокирован; обратитесь в службу поддержки',
    },
  },
  captchaRequired: {
    code: 16000027,
    messages: {
      en: 'Please complete the captcha first',
      'zh-CN': '请先完成人机验证',
      'zh-TW': '請先完成人機驗證',
      ru: 'Сначала пройдите проверку капчей',
    },
  },
  captchaExpired: {
    code: 16000028,
    messages: {
      en: 'The captcha has expired, please verify again',
      'zh-CN': '人机验证已过期，请重新验证',
      'zh-TW': '人機驗證已過期，請重新驗證',
      ru: 'Срок действия капчи истёк, пройдите проверку снова',
    },
  },
  passkeyNotRecognised: {
    code: 16000030,
    messages: {
      en: 'The passkey could not be verified',
      'zh-CN': '通行密钥验证失败',
      'zh-TW': '通行金鑰驗證失敗',
      ru: 'Не удалось проверить ключ доступа',
    },
  },
  passkeyLimitReached: {
    code: 16000031,
    messages: {
      en: 'At most {max} passkeys can be registered',
      'zh-CN': '最多可注册 {max} 个通行密钥',
      'zh-TW': '最多可註冊 {max} 個通行金鑰',
      ru: 'Можно зарегистрировать не более {max} ключей доступа',
    },
  },
  passkeyNotFound: {
    code: 16000032,
    messages: {
      en: 'Passkey not found',
      'zh-CN': '未找到该通行密钥',
      'zh-TW': '找不到該通行金鑰',
      ru: 'Ключ доступа не найден',
    },
  },
  passkeyChallengeExpired: {
    code: 16000033,
    messages: {
      en: 'The passkey request has expired or was already used, please try again',
      'zh-CN': '通行密钥请求已过期或已使用，请重试',
      'zh-TW': '通行金鑰請求已過期或已使用，請重試',
      ru: 'Запрос ключа доступа истёк или уже использован, попробуйте снова',
    },
  },
  passkeyAlreadyRegistered: {
    code: 16000034,
    messages: {
      en: 'This passkey is already registered',
      'zh-CN': '该通行密钥已注册',
      'zh-TW': '該通行金鑰已註冊',
      ru: 'Этот ключ доступа уже зарегистрирован',
    },
  },

  // ── 17000001…: account centre ───────────────────────────────────────────────────
  insufficientBalance: {
    code: 17000001,
    messages: {
      en: 'Insufficient balance',
      'zh-CN': '余额不足',
      'zh-TW': '餘額不足',
      ru: 'Недостаточно средств',
    },
  },
  duplicateFreeze: {
    code: 17000002,
    messages: {
      en: 'These funds are already frozen',
      'zh-CN': '重复冻结',
      'zh-TW': '重複凍結',
      ru: 'Эти средства уже заморожены',
    },
  },
  cannotTransferToSelf: {
    code: 17000003,
    messages: {
      en: 'You cannot transfer to yourself',
      'zh-CN': '不能转账给自己',
      'zh-TW': '不能轉帳給自己',
      ru: 'Нельзя перевести самому себе',
    },
  },
  insufficientWithdrawable: {
    code: 17000004,
    messages: {
      en: 'Insufficient withdrawable amount',
      'zh-CN': '可提数量不足',
      'zh-TW': '可提數量不足',
      ru: 'Недостаточно средств, доступных для вывода',
    },
  },
  billRangeTooLong: {
    code: 17000005,
    messages: {
      en: 'The download range can be at most 3 months',
      'zh-CN': '下载时间范围最长为3个月',
      'zh-TW': '下載時間範圍最長為3個月',
      ru: 'Период выгрузки — не более 3 месяцев',
    },
  },
  withdrawalTooHigh: {
    code: 17000006,
    messages: {
      en: 'The withdrawal amount is too high; lower it or choose “transfer all”',
      'zh-CN': '提币数量过高，请降低数量或选择“全部转出”',
      'zh-TW': '提幣數量過高，請降低數量或選擇「全部轉出」',
      ru: 'Слишком большая сумма вывода; уменьшите её или выберите «вывести всё»',
    },
  },
  idempotencyConflict: {
    code: 17000007,
    messages: {
      en: 'This request was already submitted with different content',
      'zh-CN': '该请求已以不同内容提交过',
      'zh-TW': '該請求已以不同內容提交過',
      ru: 'Этот запрос уже был отправлен с другими данными',
    },
  },

  holdAlreadyResolved: {
    code: 17000008,
    messages: {
      en: 'These frozen funds were already settled or released',
      'zh-CN': '该冻结资金已结算或已解冻',
      'zh-TW': '該凍結資金已結算或已解凍',
      ru: 'Эти замороженные средства уже списаны или разморожены',
    },
  },
  accountNotFound: {
    code: 17000009,
    messages: {
      en: 'The account was not found',
      'zh-CN': '未找到该账户',
      'zh-TW': '找不到該帳戶',
      ru: 'Счёт не найден',
    },
  },
  // Withdrawals (17000010–17000014; the account-centre family ends there, more in 21000050…)
  withdrawEmailRequired: {
    code: 17000010,
    messages: {
      en: 'Please bind an e-mail address before withdrawing',
      'zh-CN': '提币前请先绑定邮箱',
      'zh-TW': '提幣前請先綁定電子郵件',
      ru: 'Перед выводом привяжите адрес электронной почты',
    },
  },
  withdrawPhoneRequired: {
    code: 17000011,
    messages: {
      en: 'Please bind a phone number before withdrawing',
      'zh-CN': '提币前请先绑定手机号',
      'zh-TW': '提幣前請先綁定手機號碼',
      ru: 'Перед выводом привяжите номер телефона',
    },
  },
  withdrawalBelowMinimum: {
    code: 17000012,
    messages: {
      en: 'The amount must be at least the minimum withdrawal of {minimum}',
      'zh-CN': '提币数量不能低于最小提币数量 {minimum}',
      'zh-TW': '提幣數量不能低於最小提幣數量 {minimum}',
      ru: 'Сумма должна быть не меньше минимальной суммы вывода {minimum}',
    },
  },
  withdrawalDailyLimitExceeded: {
    code: 17000013,
    messages: {
      en: 'This withdrawal exceeds your 24-hour limit of {limit} USD',
      'zh-CN': '本次提币超过24小时限额 {limit} USD',
      'zh-TW': '本次提幣超過24小時限額 {limit} USD',
      ru: 'Этот вывод превышает ваш лимит за 24 часа — {limit} USD',
    },
  },
  withdrawalNotFound: {
    code: 17000014,
    messages: {
      en: 'The withdrawal was not found',
      'zh-CN': '未找到该提币记录',
      'zh-TW': '找不到該提幣紀錄',
      ru: 'Вывод не найден',
    },
  },
  // Security settings (17000020–17000029: the authenticator change in steps, preferences)
  authenticatorChangeTicketInvalid: {
    code: 17000020,
    messages: {
      en: 'This authenticator change has expired or was already used; start again',
      'zh-CN': '本次更换验证器的请求已过期或已使用，请重新开始',
      'zh-TW': '本次更換驗證器的請求已過期或已使用，請重新開始',
      ru: 'Этот запрос на смену аутентификатора истёк или уже использован; начните заново',
    },
  },
  authenticatorNotGenerated: {
    code: 17000021,
    messages: {
      en: 'Generate the new authenticator key first',
      'zh-CN': '请先生成新的验证器密钥',
      'zh-TW': '請先產生新的驗證器金鑰',
      ru: 'Сначала создайте новый ключ аутентификатора',
    },
  },
  authenticatorNotBound: {
    code: 17000022,
    messages: {
      en: 'No authenticator is bound; bind one first',
      'zh-CN': '尚未绑定验证器，请先绑定',
      'zh-TW': '尚未綁定驗證器，請先綁定',
      ru: 'Аутентификатор не привязан; сначала привяжите его',
    },
  },
  withdrawalConfirmationExpired: {
    code: 21000050,
    messages: {
      en: 'The 5-hour confirmation window has passed; the withdrawal was cancelled',
      'zh-CN': '已超过5小时确认时限，该提币已取消',
      'zh-TW': '已超過5小時確認時限，該提幣已取消',
      ru: 'Срок подтверждения в 5 часов истёк; вывод отменён',
    },
  },
  withdrawalNotAwaitingConfirmation: {
    code: 21000051,
    messages: {
      en: 'This withdrawal is not waiting for a confirmation',
      'zh-CN': '该提币无需确认',
      'zh-TW': '該提幣無需確認',
      ru: 'Этот вывод не ожидает подтверждения',
    },
  },
  withdrawalRequestMismatch: {
    code: 21000052,
    messages: {
      en: 'This request was already submitted with a different withdrawal',
      'zh-CN': '该请求已以不同的提币内容提交过',
      'zh-TW': '該請求已以不同的提幣內容提交過',
      ru: 'Этот запрос уже был отправлен с другими данными вывода',
    },
  },
  identityDocumentMissing: {
    code: 21000053,
    messages: {
      en: 'No identity document is on file; please complete identity verification',
      'zh-CN': '尚无身份证件记录，请先完成身份认证',
      'zh-TW': '尚無身分證件紀錄，請先完成身分認證',
      ru: 'Документ, удостоверяющий личность, не найден; пройдите проверку личности',
    },
  },

  // ── 18000001…: code sending ─────────────────────────────────────────────────────
  codeSendFailed: {
    code: 18000001,
    messages: {
      en: 'Failed to send the verification code, please try again',
      'zh-CN': '验证码发送失败，请重试',
      'zh-TW': '驗證碼發送失敗，請重試',
      ru: 'Не удалось отправить код, попробуйте снова',
    },
  },
  codeWrong: {
    code: 18000002,
    messages: {
      en: 'Wrong verification code',
      'zh-CN': '验证码错误',
      'zh-TW': '驗證碼錯誤',
      ru: 'Неверный код подтверждения',
    },
  },
  codeExpired: {
    code: 18000003,
    messages: {
      en: 'The verification code has expired, please request a new one',
      'zh-CN': '验证码已过期，请重新获取',
      'zh-TW': '驗證碼已過期，請重新取得',
      ru: 'Срок действия кода истёк, запросите новый',
    },
  },
  codeResendTooSoon: {
    code: 18000004,
    messages: {
      en: 'Please wait {seconds} seconds before requesting another code',
      'zh-CN': '请{seconds}秒后再获取验证码',
      'zh-TW': '請{seconds}秒後再取得驗證碼',
      ru: 'Подождите {seconds} с, прежде чем запросить новый код',
    },
  },
  codeAttemptsExceeded: {
    code: 18000005,
    messages: {
      en: 'Too many wrong codes; request a new code later',
      'zh-CN': '验证码错误次数过多，请稍后重新获取',
      'zh-TW': '驗證碼錯誤次數過多，請稍後重新取得',
      ru: 'Слишком много неверных кодов; запросите новый позже',
    },
  },
  codeAlreadyUsed: {
    code: 18000006,
    messages: {
      en: 'This verification code has already been used',
      'zh-CN': '该验证码已使用',
      'zh-TW': '該驗證碼已使用',
      ru: 'Этот код уже использован',
    },
  },

  // ── 15000001…: enterprise login and admin ───────────────────────────────────────
  enterpriseTokenInvalid: {
    code: 15000001,
    messages: {
      en: 'The token has expired or is illegal',
      'zh-CN': '令牌已过期或不合法',
      'zh-TW': '權杖已過期或不合法',
      ru: 'Токен истёк или недействителен',
    },
  },
  noPermission: {
    code: 15000002,
    messages: { en: 'No permission', 'zh-CN': '没有权限', 'zh-TW': '沒有權限', ru: 'Нет прав доступа' },
  },
  accessKeyMissing: {
    code: 15000003,
    messages: {
      en: 'Access key is missing',
      'zh-CN': '缺少访问密钥',
      'zh-TW': '缺少存取金鑰',
      ru: 'Не указан ключ доступа',
    },
  },
  invalidSignature: {
    code: 15000004,
    messages: { en: 'Invalid signature', 'zh-CN': '签名无效', 'zh-TW': '簽章無效', ru: 'Недействительная подпись' },
  },
  companyIdMissing: {
    code: 15000005,
    messages: {
      en: 'Company ID is missing',
      'zh-CN': '缺少公司ID',
      'zh-TW': '缺少公司ID',
      ru: 'Не указан идентификатор компании',
    },
  },
  activationLinkExpired: {
    code: 15000006,
    messages: {
      en: 'The activation link has expired',
      'zh-CN': '激活链接已过期',
      'zh-TW': '啟用連結已過期',
      ru: 'Срок действия ссылки активации истёк',
    },
  },
  enterpriseUserLocked: {
    code: 15000007,
    messages: {
      en: 'The user is locked after too many wrong passwords',
      'zh-CN': '密码错误次数过多，用户已锁定',
      'zh-TW': '密碼錯誤次數過多，使用者已鎖定',
      ru: 'Пользователь заблокирован из-за слишком многих неверных паролей',
    },
  },
  cannotDeleteAdminGroup: {
    code: 15000008,
    messages: {
      en: 'The administrator group cannot be deleted',
      'zh-CN': '不能删除管理员组',
      'zh-TW': '不能刪除管理員群組',
      ru: 'Группу администраторов удалить нельзя',
    },
  },
  cannotDeleteSelf: {
    code: 15000009,
    messages: {
      en: 'You cannot delete yourself',
      'zh-CN': '不能删除自己',
      'zh-TW': '不能刪除自己',
      ru: 'Нельзя удалить самого себя',
    },
  },
  duplicateEmail: {
    code: 15000010,
    messages: { en: 'Duplicate e-mail', 'zh-CN': '邮箱重复', 'zh-TW': '電子郵件重複', ru: 'Такая почта уже есть' },
  },
  duplicateUsername: {
    code: 15000011,
    messages: {
      en: 'Duplicate user name',
      'zh-CN': '用户名重复',
      'zh-TW': '使用者名稱重複',
      ru: 'Такое имя пользователя уже есть',
    },
  },
  duplicatePhone: {
    code: 15000012,
    messages: { en: 'Duplicate phone', 'zh-CN': '手机号重复', 'zh-TW': '手機號碼重複', ru: 'Такой телефон уже есть' },
  },
  roleNameInvalid: {
    code: 15000013,
    messages: {
      en: 'The role name is empty or already exists',
      'zh-CN': '角色名称为空或已存在',
      'zh-TW': '角色名稱為空或已存在',
      ru: 'Название роли пустое или уже существует',
    },
  },
  custodyNotEnabled: {
    code: 15000014,
    messages: {
      en: 'Custody is not enabled for this account; please contact the administrator',
      'zh-CN': '该账户未开通托管，请联系管理员',
      'zh-TW': '該帳戶未開通託管，請聯絡管理員',
      ru: 'Хранение для этого аккаунта не подключено; обратитесь к администратору',
    },
  },
  // Back-office operators (15000020–15000039)
  operatorLoginRequired: {
    code: 15000020,
    httpStatus: 401,
    messages: {
      en: 'Please log in to the back office',
      'zh-CN': '请先登录管理后台',
      'zh-TW': '請先登入管理後台',
      ru: 'Войдите в панель управления',
    },
  },
  operatorSessionExpired: {
    code: 15000021,
    httpStatus: 401,
    messages: {
      en: 'Your back-office session has expired; please log in again',
      'zh-CN': '管理后台会话已过期，请重新登录',
      'zh-TW': '管理後台工作階段已過期，請重新登入',
      ru: 'Сеанс панели управления истёк; войдите снова',
    },
  },
  operatorCredentialsWrong: {
    code: 15000022,
    messages: {
      en: 'Wrong e-mail, password or authenticator code',
      'zh-CN': '邮箱、密码或验证器验证码错误',
      'zh-TW': '電子郵件、密碼或驗證器驗證碼錯誤',
      ru: 'Неверная почта, пароль или код аутентификатора',
    },
  },
  operatorDisabled: {
    code: 15000023,
    messages: {
      en: 'This operator account is disabled',
      'zh-CN': '该操作员账户已停用',
      'zh-TW': '該操作員帳戶已停用',
      ru: 'Учётная запись оператора отключена',
    },
  },
  // API keys and signed requests (issue 16)
  apiTimestampOutsideWindow: {
    code: 15000030,
    httpStatus: 401,
    messages: {
      en: "The request's timestamp is more than 30 seconds from the server's time",
      'zh-CN': '请求时间戳与服务器时间相差超过30秒',
      'zh-TW': '請求時間戳與伺服器時間相差超過30秒',
      ru: 'Метка времени запроса отличается от времени сервера более чем на 30 секунд',
    },
  },
  apiNonceReused: {
    code: 15000031,
    httpStatus: 401,
    messages: {
      en: 'This nonce has already been used',
      'zh-CN': '该随机数已被使用',
      'zh-TW': '該隨機數已被使用',
      ru: 'Этот nonce уже использован',
    },
  },
  apiIpNotAllowed: {
    code: 15000032,
    httpStatus: 403,
    messages: {
      en: "The request's IP address is not bound to this API key",
      'zh-CN': '请求的IP地址未绑定到该API密钥',
      'zh-TW': '請求的IP位址未綁定到該API金鑰',
      ru: 'IP-адрес запроса не привязан к этому API-ключу',
    },
  },
  apiKeyLimitReached: {
    code: 15000033,
    messages: {
      en: 'At most {max} API keys per account',
      'zh-CN': '每个账户最多{max}个API密钥',
      'zh-TW': '每個帳戶最多{max}個API金鑰',
      ru: 'Не более {max} API-ключей на аккаунт',
    },
  },
  apiKeyLabelInvalid: {
    code: 15000034,
    messages: {
      en: 'The note must be 1 to 50 characters',
      'zh-CN': '备注须为1至50个字符',
      'zh-TW': '備註須為1至50個字元',
      ru: 'Примечание должно содержать от 1 до 50 символов',
    },
  },
  apiKeyIpListInvalid: {
    code: 15000035,
    messages: {
      en: 'Bound IPs must be valid addresses or ranges, comma-separated, at most 10',
      'zh-CN': '绑定IP须为有效的地址或网段，以逗号分隔，最多10个',
      'zh-TW': '綁定IP須為有效的位址或網段，以逗號分隔，最多10個',
      ru: 'Привязанные IP должны быть корректными адресами или диапазонами через запятую, не более 10',
    },
  },
  apiKeyPublicKeyInvalid: {
    code: 15000036,
    messages: {
      en: 'The public key must be an Ed25519 key of 20 to 200 characters',
      'zh-CN': '公钥须为20至200个字符的Ed25519公钥',
      'zh-TW': '公鑰須為20至200個字元的Ed25519公鑰',
      ru: 'Открытый ключ должен быть ключом Ed25519 длиной от 20 до 200 символов',
    },
  },
  apiKeyChangeNotFound: {
    code: 15000037,
    messages: {
      en: 'This change does not exist, has expired or was already made; please start again',
      'zh-CN': '该变更不存在、已过期或已完成，请重新操作',
      'zh-TW': '該變更不存在、已過期或已完成，請重新操作',
      ru: 'Это изменение не существует, истекло или уже выполнено; начните заново',
    },
  },
  apiKeyNotFound: {
    code: 15000038,
    messages: {
      en: 'API key not found',
      'zh-CN': 'API密钥不存在',
      'zh-TW': 'API金鑰不存在',
      ru: 'API-ключ не найден',
    },
  },
  apiKeyWithdrawalLimitExceeded: {
    code: 15000039,
    messages: {
      en: "This withdrawal exceeds the API key's 24-hour limit of {limit} USD",
      'zh-CN': '该提币超出API密钥24小时限额{limit}美元',
      'zh-TW': '該提幣超出API金鑰24小時限額{limit}美元',
      ru: 'Вывод превышает 24-часовой лимит API-ключа {limit} USD',
    },
  },
  apiKeyDestinationNotBound: {
    code: 15000040,
    messages: {
      en: 'This API key may only withdraw to its bound addresses',
      'zh-CN': '该API密钥只能提币到绑定的地址',
      'zh-TW': '該API金鑰只能提幣到綁定的位址',
      ru: 'Этот API-ключ может выводить только на привязанные адреса',
    },
  },
  apiKeyPublicKeyInUse: {
    code: 15000041,
    messages: {
      en: 'This public key is already used by another API key',
      'zh-CN': '该公钥已被其他API密钥使用',
      'zh-TW': '該公鑰已被其他API金鑰使用',
      ru: 'Этот открытый ключ уже используется другим API-ключом',
    },
  },
  apiKeyPendingChangesLimitReached: {
    code: 15000042,
    messages: {
      en: 'At most {max} API key changes may wait for verification at once; verify one or let it expire first',
      'zh-CN': '最多{max}个API密钥变更可同时等待验证，请先完成验证或等待其过期',
      'zh-TW': '最多{max}個API金鑰變更可同時等待驗證，請先完成驗證或等待其過期',
      ru: 'Одновременно подтверждения могут ждать не более {max} изменений API-ключей; подтвердите одно или дождитесь его истечения',
    },
  },

  // Enterprise custody console (15000043–15000056 of spec §8; 15000057… the console's own)
  custodyApplicationOpen: {
    code: 15000043,
    messages: {
      en: 'Your company already has a custody application under review or enabled',
      'zh-CN': '贵公司已有正在审核或已开通的托管申请',
      'zh-TW': '貴公司已有正在審核或已開通的託管申請',
      ru: 'У вашей компании уже есть заявка на хранение на рассмотрении или одобренная',
    },
  },
  custodyApplicationDecided: {
    code: 15000044,
    messages: {
      en: 'This custody application has already been decided',
      'zh-CN': '该托管申请已处理',
      'zh-TW': '該託管申請已處理',
      ru: 'По этой заявке на хранение уже принято решение',
    },
  },
  custodyEnterpriseOnly: {
    code: 15000045,
    messages: {
      en: 'Only enterprise accounts can apply for custody; register as an enterprise first',
      'zh-CN': '仅企业账户可申请托管，请先注册企业账户',
      'zh-TW': '僅企業帳戶可申請託管，請先註冊企業帳戶',
      ru: 'Подать заявку на хранение могут только корпоративные аккаунты; сначала зарегистрируйтесь как компания',
    },
  },
  custodyMemberFrozen: {
    code: 15000046,
    messages: {
      en: 'Your access to the custody console is frozen; please contact the administrator',
      'zh-CN': '您的托管控制台权限已被冻结，请联系管理员',
      'zh-TW': '您的託管控制台權限已被凍結，請聯絡管理員',
      ru: 'Ваш доступ к консоли хранения заморожен; обратитесь к администратору',
    },
  },
  custodyLineNameInvalid: {
    code: 15000047,
    messages: {
      en: 'The business line name must not be blank, too long (at most {max} characters) or already used',
      'zh-CN': '业务线名称不能为空、过长（最多{max}个字符）或重复',
      'zh-TW': '業務線名稱不能為空、過長（最多{max}個字元）或重複',
      ru: 'Название бизнес-направления не должно быть пустым, длиннее {max} символов или повторяться',
    },
  },
  custodyReviewersBelowMinimum: {
    code: 15000048,
    messages: {
      en: 'Select at least as many reviewers as the minimum number of reviewers ({min})',
      'zh-CN': '所选审核人数不能少于最少审核人数（{min}）',
      'zh-TW': '所選審核人數不能少於最少審核人數（{min}）',
      ru: 'Выберите не меньше проверяющих, чем их минимальное число ({min})',
    },
  },
  custodyAdminEmailInvalid: {
    code: 15000049,
    messages: {
      en: 'The admin account must be a valid e-mail address',
      'zh-CN': '管理员账户必须是有效的邮箱地址',
      'zh-TW': '管理員帳戶必須是有效的電子郵件地址',
      ru: 'Аккаунт администратора должен быть действительным адресом электронной почты',
    },
  },
  custodyNoteTooLong: {
    code: 15000050,
    messages: {
      en: 'The note may be at most {max} characters',
      'zh-CN': '备注最多{max}个字符',
      'zh-TW': '備註最多{max}個字元',
      ru: 'Примечание — не более {max} символов',
    },
  },
  custodyRoleInUse: {
    code: 15000051,
    messages: {
      en: 'This role still has members; move them to another role first',
      'zh-CN': '该角色下仍有成员，请先将其调整到其他角色',
      'zh-TW': '該角色下仍有成員，請先將其調整到其他角色',
      ru: 'У этой роли ещё есть сотрудники; сначала назначьте им другую роль',
    },
  },
  custodyHardwareKeyRequired: {
    code: 15000052,
    messages: {
      en: 'Your organisation requires a security key or passkey: register one in your security settings first',
      'zh-CN': '贵机构要求使用安全密钥或通行密钥，请先在安全设置中注册',
      'zh-TW': '貴機構要求使用安全金鑰或通行密鑰，請先在安全設定中註冊',
      ru: 'Ваша организация требует ключ безопасности или ключ доступа: сначала зарегистрируйте его в настройках безопасности',
    },
  },
  custodyActivationOtherAccount: {
    code: 15000053,
    messages: {
      en: 'This activation link was sent to another e-mail address; log in with that account',
      'zh-CN': '该激活链接发送给了其他邮箱，请使用该账户登录',
      'zh-TW': '該啟用連結發送給了其他電子郵件，請使用該帳戶登入',
      ru: 'Эта ссылка активации отправлена на другой адрес; войдите в тот аккаунт',
    },
  },
  custodyAlreadyMember: {
    code: 15000054,
    messages: {
      en: 'This account already belongs to a custody organisation',
      'zh-CN': '该账户已属于一个托管机构',
      'zh-TW': '該帳戶已屬於一個託管機構',
      ru: 'Этот аккаунт уже состоит в организации хранения',
    },
  },
  custodyIpNotAllowed: {
    code: 15000055,
    messages: {
      en: 'Your organisation does not allow console access from this IP address',
      'zh-CN': '贵机构不允许从该IP地址访问控制台',
      'zh-TW': '貴機構不允許從該IP位址存取控制台',
      ru: 'Ваша организация не разрешает доступ к консоли с этого IP-адреса',
    },
  },
  custodyLimitInvalid: {
    code: 15000056,
    messages: {
      en: 'Withdrawal limits must be positive amounts, each at most the next: per transaction ≤ day ≤ week ≤ month',
      'zh-CN': '提币限额须为正数，且单笔 ≤ 每日 ≤ 每周 ≤ 每月',
      'zh-TW': '提幣限額須為正數，且單筆 ≤ 每日 ≤ 每週 ≤ 每月',
      ru: 'Лимиты вывода — положительные суммы, каждая не больше следующей: за операцию ≤ за день ≤ за неделю ≤ за месяц',
    },
  },
  // Custody accounts' money (issue 17 items 6–8): internal moves, reports.
  custodyMoveSameAccount: {
    code: 15000057,
    messages: {
      en: 'Choose two different custody accounts to move between',
      'zh-CN': '请选择两个不同的托管账户进行划转',
      'zh-TW': '請選擇兩個不同的託管帳戶進行劃轉',
      ru: 'Выберите два разных счёта хранения для перевода',
    },
  },
  custodyAmountInvalid: {
    code: 15000058,
    messages: {
      en: 'Enter an amount greater than 0 with at most {decimals} decimal places',
      'zh-CN': '请输入大于0且最多{decimals}位小数的数量',
      'zh-TW': '請輸入大於0且最多{decimals}位小數的數量',
      ru: 'Введите сумму больше 0, не более {decimals} знаков после запятой',
    },
  },
  custodyRangeInvalid: {
    code: 15000059,
    messages: {
      en: 'Choose a start before the end, at most {days} days apart',
      'zh-CN': '开始时间须早于结束时间，且相隔不超过{days}天',
      'zh-TW': '開始時間須早於結束時間，且相隔不超過{days}天',
      ru: 'Начало должно быть раньше конца, не более чем на {days} дн.',
    },
  },
  custodySessionExpired: {
    code: 15000060,
    messages: {
      en: "Your console session has reached your organisation's session length; please log in again",
      'zh-CN': '控制台会话已达到贵机构设定的时长，请重新登录',
      'zh-TW': '控制台工作階段已達到貴機構設定的時長，請重新登入',
      ru: 'Сеанс консоли достиг длительности, заданной вашей организацией; войдите снова',
    },
  },
  // Mining-pool partner links (issue 17 item 11).
  custodyPoolLinkInvalid: {
    code: 15000061,
    messages: {
      en: 'This partner link does not work: it is unknown, already used, expired or revoked. Ask the custodian for a new link',
      'zh-CN': '该合作方链接无效：链接不存在、已使用、已过期或已撤销，请向托管方索取新链接',
      'zh-TW': '該合作方連結無效：連結不存在、已使用、已過期或已撤銷，請向託管方索取新連結',
      ru: 'Эта ссылка партнёра не работает: она неизвестна, уже использована, истекла или отозвана. Запросите у кастодиана новую ссылку',
    },
  },
  custodyPoolLinkDaysInvalid: {
    code: 15000062,
    messages: {
      en: 'A partner link must stay valid for 1 to {max} days',
      'zh-CN': '合作方链接的有效期须为1至{max}天',
      'zh-TW': '合作方連結的有效期須為1至{max}天',
      ru: 'Ссылка партнёра должна действовать от 1 до {max} дн.',
    },
  },
  custodyPoolPartnerNameInvalid: {
    code: 15000063,
    messages: {
      en: 'The partner name must not be blank or longer than {max} characters',
      'zh-CN': '合作方名称不能为空，且最多{max}个字符',
      'zh-TW': '合作方名稱不能為空，且最多{max}個字元',
      ru: 'Название партнёра не должно быть пустым или длиннее {max} символов',
    },
  },
  custodyPoolLinkNotOpen: {
    code: 15000064,
    messages: {
      en: 'Only an open link can be revoked; this one has already been used, revoked or has expired',
      'zh-CN': '只能撤销未使用的链接；该链接已被使用、已撤销或已过期',
      'zh-TW': '只能撤銷未使用的連結；該連結已被使用、已撤銷或已過期',
      ru: 'Отозвать можно только открытую ссылку; эта уже использована, отозвана или истекла',
    },
  },
  custodyPoolPartnerNotLinked: {
    code: 15000065,
    messages: {
      en: 'This partner is not linked, or has already been unlinked',
      'zh-CN': '该合作方未关联或已解除关联',
      'zh-TW': '該合作方未關聯或已解除關聯',
      ru: 'Этот партнёр не привязан или уже отвязан',
    },
  },
  custodyPoolAddressTaken: {
    code: 15000066,
    messages: {
      en: 'This payout address is already linked to this custody account on this network',
      'zh-CN': '该出款地址已关联到此托管账户的该网络',
      'zh-TW': '該出款地址已關聯到此託管帳戶的該網路',
      ru: 'Этот адрес выплат уже привязан к этому счёту хранения в этой сети',
    },
  },
  // Withdrawal orders (issue 18): the policy engine's rules, each its own code, and the approvals.
  custodyPolicyMemberFrozen: {
    code: 15000070,
    messages: {
      en: 'Policy rule "member frozen": the member who submitted this order is frozen',
      'zh-CN': '策略规则“成员冻结”：提交该订单的成员已被冻结',
      'zh-TW': '策略規則「成員凍結」：提交該訂單的成員已被凍結',
      ru: 'Правило «участник заморожен»: участник, создавший заявку, заморожен',
    },
  },
  custodyPolicyOrganisationFrozen: {
    code: 15000071,
    messages: {
      en: 'Policy rule "organisation frozen": your organisation is frozen; no withdrawal can be submitted or approved',
      'zh-CN': '策略规则“机构冻结”：贵机构已被冻结，无法提交或审批提币',
      'zh-TW': '策略規則「機構凍結」：貴機構已被凍結，無法提交或審批提幣',
      ru: 'Правило «организация заморожена»: организация заморожена, заявки нельзя создавать и одобрять',
    },
  },
  custodyPolicyAssetNotAllowed: {
    code: 15000072,
    messages: {
      en: 'Policy rule "asset and business line": this business line does not carry this coin or custody account',
      'zh-CN': '策略规则“币种与业务线”：该业务线不支持此币种或托管账户',
      'zh-TW': '策略規則「幣種與業務線」：該業務線不支援此幣種或託管帳戶',
      ru: 'Правило «актив и направление»: направление не работает с этой монетой или счётом хранения',
    },
  },
  custodyPolicyNotWhitelisted: {
    code: 15000073,
    messages: {
      en: 'Policy rule "whitelist": this business line sends only to its whitelisted addresses',
      'zh-CN': '策略规则“白名单”：该业务线只能提币到白名单地址',
      'zh-TW': '策略規則「白名單」：該業務線只能提幣到白名單地址',
      ru: 'Правило «белый список»: направление отправляет только на адреса из белого списка',
    },
  },
  custodyPolicyCoolingPeriod: {
    code: 15000074,
    messages: {
      en: 'Policy rule "cooling period": this whitelisted address can be used from {until}',
      'zh-CN': '策略规则“冷却期”：该白名单地址自{until}起可用',
      'zh-TW': '策略規則「冷卻期」：該白名單地址自{until}起可用',
      ru: 'Правило «период ожидания»: адрес из белого списка можно использовать с {until}',
    },
  },
  custodyPolicyPerTransactionLimit: {
    code: 15000075,
    messages: {
      en: 'Policy rule "per-transaction limit": at most {limit} per order',
      'zh-CN': '策略规则“单笔限额”：每笔最多{limit}',
      'zh-TW': '策略規則「單筆限額」：每筆最多{limit}',
      ru: 'Правило «лимит на операцию»: не более {limit} за заявку',
    },
  },
  custodyPolicyDayLimit: {
    code: 15000076,
    messages: {
      en: 'Policy rule "daily limit": {remaining} left in the last 24 hours',
      'zh-CN': '策略规则“每日限额”：最近24小时剩余{remaining}',
      'zh-TW': '策略規則「每日限額」：最近24小時剩餘{remaining}',
      ru: 'Правило «дневной лимит»: за последние 24 часа осталось {remaining}',
    },
  },
  custodyPolicyWeekLimit: {
    code: 15000077,
    messages: {
      en: 'Policy rule "weekly limit": {remaining} left in the last 7 days',
      'zh-CN': '策略规则“每周限额”：最近7天剩余{remaining}',
      'zh-TW': '策略規則「每週限額」：最近7天剩餘{remaining}',
      ru: 'Правило «недельный лимит»: за последние 7 дней осталось {remaining}',
    },
  },
  custodyPolicyMonthLimit: {
    code: 15000078,
    messages: {
      en: 'Policy rule "monthly limit": {remaining} left in the last 30 days',
      'zh-CN': '策略规则“每月限额”：最近30天剩余{remaining}',
      'zh-TW': '策略規則「每月限額」：最近30天剩餘{remaining}',
      ru: 'Правило «месячный лимит»: за последние 30 дней осталось {remaining}',
    },
  },
  custodyPolicyReviewersBelowMinimum: {
    code: 15000079,
    messages: {
      en: 'Policy rule "minimum reviewers": this business line has fewer than {required} active reviewers besides you',
      'zh-CN': '策略规则“最少审核人”：除您之外，该业务线的有效审核人少于{required}名',
      'zh-TW': '策略規則「最少審核人」：除您之外，該業務線的有效審核人少於{required}名',
      ru: 'Правило «минимум проверяющих»: кроме вас у направления меньше {required} активных проверяющих',
    },
  },
  custodyOrderNotOpen: {
    code: 15000080,
    messages: {
      en: 'This withdrawal order has already been decided',
      'zh-CN': '该提币订单已有结果',
      'zh-TW': '該提幣訂單已有結果',
      ru: 'По этой заявке на вывод уже принято решение',
    },
  },
  custodyOrderOwnApproval: {
    code: 15000081,
    messages: {
      en: 'You cannot approve or reject a withdrawal order you submitted',
      'zh-CN': '不能审批自己提交的提币订单',
      'zh-TW': '不能審批自己提交的提幣訂單',
      ru: 'Нельзя одобрить или отклонить собственную заявку на вывод',
    },
  },
  custodyOrderAlreadyDecided: {
    code: 15000082,
    messages: {
      en: 'You have already reviewed this withdrawal order',
      'zh-CN': '您已审核过该提币订单',
      'zh-TW': '您已審核過該提幣訂單',
      ru: 'Вы уже рассмотрели эту заявку на вывод',
    },
  },
  custodyNotLineReviewer: {
    code: 15000083,
    messages: {
      en: 'You are not a reviewer of this business line',
      'zh-CN': '您不是该业务线的审核人',
      'zh-TW': '您不是該業務線的審核人',
      ru: 'Вы не проверяющий этого направления',
    },
  },
  custodyOrderDigestMismatch: {
    code: 15000084,
    messages: {
      en: 'This withdrawal order is not the one you were shown; reload it and review again',
      'zh-CN': '该提币订单与您看到的不一致，请刷新后重新审核',
      'zh-TW': '該提幣訂單與您看到的不一致，請重新整理後重新審核',
      ru: 'Заявка отличается от показанной вам; обновите её и проверьте снова',
    },
  },
  custodyOpinionInvalid: {
    code: 15000085,
    messages: {
      en: 'Enter an opinion of at most {max} characters',
      'zh-CN': '请填写不超过{max}个字符的审核意见',
      'zh-TW': '請填寫不超過{max}個字元的審核意見',
      ru: 'Введите мнение не длиннее {max} символов',
    },
  },

  // Batch withdrawal by CSV (issue 18 item 7).
  custodyBatchFormulaCell: {
    code: 15000086,
    messages: {
      en: 'This cell starts with =, +, -, @, a tab or a carriage return and could run as a spreadsheet formula; remove that character',
      'zh-CN': '该单元格以 =、+、-、@、制表符或回车开头，可能被表格软件当作公式执行，请删除该字符',
      'zh-TW': '該儲存格以 =、+、-、@、定位字元或換行開頭，可能被試算表當作公式執行，請刪除該字元',
      ru: 'Ячейка начинается с =, +, -, @, табуляции или возврата каретки и может выполниться как формула; удалите этот символ',
    },
  },
  custodyBatchDuplicateRow: {
    code: 15000087,
    messages: {
      en: 'This row repeats line {line} (same coin, address, tag and amount)',
      'zh-CN': '该行与第{line}行重复（币种、地址、标签和数量相同）',
      'zh-TW': '該行與第{line}行重複（幣種、地址、標籤和數量相同）',
      ru: 'Строка повторяет строку {line} (та же монета, адрес, тег и сумма)',
    },
  },
  custodyBatchTooLarge: {
    code: 15000088,
    messages: {
      en: 'A batch file holds at most {maxRows} withdrawals and {maxKb} KB',
      'zh-CN': '批量文件最多{maxRows}笔提币、{maxKb} KB',
      'zh-TW': '批次檔案最多{maxRows}筆提幣、{maxKb} KB',
      ru: 'Файл пакета содержит не более {maxRows} выводов и {maxKb} КБ',
    },
  },
  custodyBatchColumnsInvalid: {
    code: 15000089,
    messages: {
      en: 'The first row of the file must name the template’s columns: {columns}',
      'zh-CN': '文件第一行必须是模板的列名：{columns}',
      'zh-TW': '檔案第一行必須是範本的欄名：{columns}',
      ru: 'Первая строка файла должна содержать столбцы шаблона: {columns}',
    },
  },
  custodyBatchRowMalformed: {
    code: 15000090,
    messages: {
      en: 'This row does not have the template’s {count} columns, or a quote in it is not closed',
      'zh-CN': '该行不是模板的{count}列，或其中的引号未闭合',
      'zh-TW': '該行不是範本的{count}欄，或其中的引號未閉合',
      ru: 'В строке не {count} столбцов шаблона, или в ней не закрыта кавычка',
    },
  },
  custodyBatchNotClean: {
    code: 15000091,
    messages: {
      en: 'Some rows of this batch have problems; correct them and validate the file again before submitting',
      'zh-CN': '该批次部分行有问题，请修正后重新校验再提交',
      'zh-TW': '該批次部分行有問題，請修正後重新校驗再提交',
      ru: 'В некоторых строках пакета есть ошибки; исправьте их и проверьте файл снова перед отправкой',
    },
  },
  // ── Custody billing (issue 18 items 9, 10): 15000110–15000129 ──────────────────────
  custodyBillNotFound: {
    code: 15000110,
    httpStatus: 404,
    messages: {
      en: 'No such bill',
      'zh-CN': '账单不存在',
      'zh-TW': '帳單不存在',
      ru: 'Такого счёта нет',
    },
  },
  custodyBillingOrgNotFound: {
    code: 15000111,
    httpStatus: 404,
    messages: {
      en: 'No such custody organisation',
      'zh-CN': '托管机构不存在',
      'zh-TW': '託管機構不存在',
      ru: 'Такой организации хранения нет',
    },
  },
  custodyBillingRateInvalid: {
    code: 15000112,
    messages: {
      en: 'The annual rate must be a fraction from 0 to less than 1 with at most {decimals} decimals (0.005 is 0.5 %)',
      'zh-CN': '年费率须为0到1之间（不含1）的小数，最多{decimals}位小数（0.005即0.5%）',
      'zh-TW': '年費率須為0到1之間（不含1）的小數，最多{decimals}位小數（0.005即0.5%）',
      ru: 'Годовая ставка — доля от 0 до менее 1, не более {decimals} знаков после запятой (0.005 — это 0,5 %)',
    },
  },
  custodyBillingMinimumInvalid: {
    code: 15000113,
    messages: {
      en: 'The monthly minimum must be an amount in USD from 0 to {max} with at most 2 decimals',
      'zh-CN': '月最低收费须为0到{max}美元之间的金额，最多2位小数',
      'zh-TW': '月最低收費須為0到{max}美元之間的金額，最多2位小數',
      ru: 'Месячный минимум — сумма в USD от 0 до {max}, не более 2 знаков после запятой',
    },
  },
  custodyDeductionAccountsRequired: {
    code: 15000114,
    messages: {
      en: 'Choose at least one custody account and coin to deduct the fees from',
      'zh-CN': '请至少选择一个用于扣费的托管账户和币种',
      'zh-TW': '請至少選擇一個用於扣費的託管帳戶和幣種',
      ru: 'Выберите хотя бы один счёт хранения и монету для списания комиссий',
    },
  },
  custodyDeductionAccountInvalid: {
    code: 15000115,
    messages: {
      en: 'A deduction account must be one of your custody accounts, with a supported coin',
      'zh-CN': '扣费账户须为本机构的托管账户，且币种受支持',
      'zh-TW': '扣費帳戶須為本機構的託管帳戶，且幣種受支援',
      ru: 'Счёт списания должен быть одним из ваших счетов хранения, с поддерживаемой монетой',
    },
  },
  custodyDeductionDuplicate: {
    code: 15000116,
    messages: {
      en: 'Each account and coin may appear once in the deduction order',
      'zh-CN': '扣费顺序中每个账户和币种只能出现一次',
      'zh-TW': '扣費順序中每個帳戶和幣種只能出現一次',
      ru: 'Каждая пара счёта и монеты может встречаться в порядке списания один раз',
    },
  },
  custodyBillingMonthInvalid: {
    code: 15000117,
    messages: {
      en: 'Choose a month that has begun, from the first month through the last',
      'zh-CN': '请选择已开始的月份，且起始月份不晚于结束月份',
      'zh-TW': '請選擇已開始的月份，且起始月份不晚於結束月份',
      ru: 'Выберите уже начавшийся месяц; начальный месяц не позже конечного',
    },
  },
  custodyChangeNotOpen: {
    code: 15000100,
    messages: {
      en: 'This change request is no longer open: it was applied, rejected or found stale',
      'zh-CN': '该变更申请已结束：已生效、已拒绝或已过时',
      'zh-TW': '該變更申請已結束：已生效、已拒絕或已過時',
      ru: 'Запрос на изменение уже закрыт: применён, отклонён или устарел',
    },
  },
  custodyChangeOwnApproval: {
    code: 15000101,
    messages: {
      en: 'You proposed this change; another reviewer must decide on it',
      'zh-CN': '该变更由您提出，须由其他审核人决定',
      'zh-TW': '該變更由您提出，須由其他審核人決定',
      ru: 'Это изменение предложили вы; решение должен принять другой проверяющий',
    },
  },
  custodyChangeAlreadyDecided: {
    code: 15000102,
    messages: {
      en: 'You have already decided on this change request',
      'zh-CN': '您已对该变更申请作出决定',
      'zh-TW': '您已對該變更申請作出決定',
      ru: 'Вы уже приняли решение по этому запросу на изменение',
    },
  },
  custodyChangeNotReviewer: {
    code: 15000103,
    messages: {
      en: 'Only an active reviewer of this business line (of any line, for the organisation) holding the review permission may decide on this change',
      'zh-CN': '只有持有审核权限的该业务线（机构变更则为任一业务线）在职审核人才能决定此变更',
      'zh-TW': '只有持有審核權限的該業務線（機構變更則為任一業務線）在職審核人才能決定此變更',
      ru: 'Решать по этому изменению может только активный проверяющий этого направления (для организации — любого направления) с правом проверки',
    },
  },
  custodyChangeStale: {
    code: 15000104,
    messages: {
      en: 'The business line or organisation changed since this request was made; it was closed unapplied — propose the change again',
      'zh-CN': '提出申请后业务线或机构已变更，该申请已关闭且未生效，请重新提出变更',
      'zh-TW': '提出申請後業務線或機構已變更，該申請已關閉且未生效，請重新提出變更',
      ru: 'Направление или организация изменились после создания запроса; он закрыт без применения — предложите изменение заново',
    },
  },
  custodyChangeOpinionInvalid: {
    code: 15000105,
    messages: {
      en: 'An opinion is required to reject, at most {max} characters on one line',
      'zh-CN': '拒绝时须填写意见，最多{max}个字符且不可换行',
      'zh-TW': '拒絕時須填寫意見，最多{max}個字元且不可換行',
      ru: 'Для отклонения нужен комментарий: не более {max} символов в одну строку',
    },
  },
  custodyPolicyLineFrozen: {
    code: 15000106,
    messages: {
      en: 'Policy rule "business line frozen": this business line is frozen; no withdrawal on it can be submitted or approved',
      'zh-CN': '策略规则“业务线冻结”：该业务线已被冻结，无法提交或审批其提币',
      'zh-TW': '策略規則「業務線凍結」：該業務線已被凍結，無法提交或審批其提幣',
      ru: 'Правило «направление заморожено»: направление заморожено, заявки по нему нельзя создавать и одобрять',
    },
  },
  custodyAlreadyFrozen: {
    code: 15000107,
    messages: {
      en: 'It is already frozen',
      'zh-CN': '已处于冻结状态',
      'zh-TW': '已處於凍結狀態',
      ru: 'Уже заморожено',
    },
  },
  custodyNotFrozen: {
    code: 15000108,
    messages: {
      en: 'It is not frozen',
      'zh-CN': '未处于冻结状态',
      'zh-TW': '未處於凍結狀態',
      ru: 'Не заморожено',
    },
  },
  custodyApprovalPayloadMismatch: {
    code: 15000096,
    messages: {
      en: 'Your security key signed another withdrawal order, or another version of this one; review the order again and sign its digest',
      'zh-CN': '您的安全密钥签署的是其他提币订单或该订单的其他版本，请重新审核并签署其摘要',
      'zh-TW': '您的安全金鑰簽署的是其他提幣訂單或該訂單的其他版本，請重新審核並簽署其摘要',
      ru: 'Ваш ключ безопасности подписал другую заявку на вывод или другую версию этой; проверьте заявку снова и подпишите её дайджест',
    },
  },
  custodyApprovalSignatureReused: {
    code: 15000097,
    messages: {
      en: 'This security-key signature has already been used or has expired; sign the approval again',
      'zh-CN': '该安全密钥签名已被使用或已过期，请重新签署审批',
      'zh-TW': '該安全金鑰簽章已被使用或已過期，請重新簽署審批',
      ru: 'Эта подпись ключа безопасности уже использована или истекла; подпишите одобрение снова',
    },
  },
  custodyApprovalKeyNotYours: {
    code: 15000098,
    messages: {
      en: 'This security key is not registered to your account; sign with one of your own keys',
      'zh-CN': '该安全密钥未注册在您的账户下，请使用您自己的密钥签署',
      'zh-TW': '該安全金鑰未註冊在您的帳戶下，請使用您自己的金鑰簽署',
      ru: 'Этот ключ безопасности не зарегистрирован в вашем аккаунте; подпишите своим ключом',
    },
  },
  custodyApprovalSignatureRequired: {
    code: 15000099,
    messages: {
      en: 'Your organisation requires approvals signed with your security key, and no valid signature of this order came with this one',
      'zh-CN': '贵机构要求使用安全密钥签署审批，但本次未附带该订单的有效签名',
      'zh-TW': '貴機構要求使用安全金鑰簽署審批，但本次未附帶該訂單的有效簽章',
      ru: 'Ваша организация требует подписывать одобрения ключом безопасности, а действительной подписи этой заявки нет',
    },
  },

  // ── 21000001…: coins ────────────────────────────────────────────────────────────
  coinNotSupported: {
    code: 21000001,
    messages: {
      en: 'This coin or currency is not supported',
      'zh-CN': '不支持该币种',
      'zh-TW': '不支援該幣種',
      ru: 'Эта монета или валюта не поддерживается',
    },
  },
  duplicateSerialNumber: {
    code: 21000002,
    messages: {
      en: 'Duplicate serial number',
      'zh-CN': '流水号重复',
      'zh-TW': '流水號重複',
      ru: 'Повторяющийся серийный номер',
    },
  },
  invalidAddress: {
    code: 21000003,
    messages: { en: 'Invalid address', 'zh-CN': '地址无效', 'zh-TW': '地址無效', ru: 'Недействительный адрес' },
  },
  coinSuspended: {
    code: 21000004,
    messages: {
      en: 'This coin cannot be deposited or withdrawn at the moment',
      'zh-CN': '该币种暂时无法充提',
      'zh-TW': '該幣種暫時無法充提',
      ru: 'Пополнение и вывод этой монеты сейчас недоступны',
    },
  },
  addressLimitReached: {
    code: 21000005,
    messages: {
      en: 'The limit of 200 addresses has been reached',
      'zh-CN': '地址数量已达200个上限',
      'zh-TW': '地址數量已達200個上限',
      ru: 'Достигнут предел в 200 адресов',
    },
  },
  importedCoinMismatch: {
    code: 21000006,
    messages: {
      en: 'The imported coin differs from the actual coin',
      'zh-CN': '导入的币种与实际币种不一致',
      'zh-TW': '匯入的幣種與實際幣種不一致',
      ru: 'Импортированная монета не совпадает с фактической',
    },
  },
  importedBusinessLineMismatch: {
    code: 21000007,
    messages: {
      en: 'The imported business line differs from the actual one',
      'zh-CN': '导入的业务线与实际业务线不一致',
      'zh-TW': '匯入的業務線與實際業務線不一致',
      ru: 'Импортированное направление бизнеса не совпадает с фактическим',
    },
  },
  csvRequired: {
    code: 21000008,
    messages: {
      en: 'Please upload a CSV file',
      'zh-CN': '请上传CSV文件',
      'zh-TW': '請上傳CSV檔案',
      ru: 'Загрузите файл CSV',
    },
  },
  depositNotAvailable: {
    code: 21000009,
    messages: {
      en: 'Deposits of this coin on this network are not available',
      'zh-CN': '该币种在此网络暂不支持充值',
      'zh-TW': '該幣種在此網路暫不支援充值',
      ru: 'Пополнение этой монетой в этой сети недоступно',
    },
  },
  chainUnavailable: {
    code: 21000010,
    messages: {
      en: 'The network cannot be reached at the moment, please try again later',
      'zh-CN': '网络暂时无法连接，请稍后再试',
      'zh-TW': '網路暫時無法連線，請稍後再試',
      ru: 'Сеть сейчас недоступна, повторите позже',
    },
  },
  faucetCoinNotSupported: {
    code: 21000011,
    messages: {
      en: 'The test faucet does not send this coin',
      'zh-CN': '测试水龙头不发放该币种',
      'zh-TW': '測試水龍頭不發放該幣種',
      ru: 'Тестовый кран не выдаёт эту монету',
    },
  },
  // Withdrawal destinations and the address book (21000030–21000049)
  contractDestinationRefused: {
    code: 21000030,
    messages: {
      en: 'Withdrawals to smart contracts are not supported',
      'zh-CN': '不支持提币到智能合约地址',
      'zh-TW': '不支援提幣到智能合約地址',
      ru: 'Вывод на адреса смарт-контрактов не поддерживается',
    },
  },
  burnAddressRefused: {
    code: 21000031,
    messages: {
      en: 'This address cannot receive funds: anything sent to it would be lost',
      'zh-CN': '该地址无法接收资产，转入的资产将永久丢失',
      'zh-TW': '該地址無法接收資產，轉入的資產將永久遺失',
      ru: 'Этот адрес не может принимать средства: всё, что на него отправлено, будет потеряно',
    },
  },
  invalidTag: {
    code: 21000032,
    messages: {
      en: 'Invalid memo tag: at most 10 digits',
      'zh-CN': '标签无效：最多10位数字',
      'zh-TW': '標籤無效：最多10位數字',
      ru: 'Неверный тег: не более 10 цифр',
    },
  },
  tagConfirmationRequired: {
    code: 21000033,
    messages: {
      en: 'No memo tag was entered; please confirm that the destination needs none',
      'zh-CN': '未填写标签，请确认目标地址无需标签',
      'zh-TW': '未填寫標籤，請確認目標地址無需標籤',
      ru: 'Тег не указан; подтвердите, что получателю он не нужен',
    },
  },
  addressAlreadySaved: {
    code: 21000034,
    messages: {
      en: 'This address is already in your address book',
      'zh-CN': '该地址已在地址簿中',
      'zh-TW': '該地址已在地址簿中',
      ru: 'Этот адрес уже есть в адресной книге',
    },
  },
  addressEntryNotFound: {
    code: 21000035,
    messages: {
      en: 'The address book entry was not found',
      'zh-CN': '未找到该地址',
      'zh-TW': '找不到該地址',
      ru: 'Запись адресной книги не найдена',
    },
  },
  withdrawalNetworkNotSupported: {
    code: 21000036,
    messages: {
      en: 'This coin cannot be withdrawn on this network',
      'zh-CN': '该币种不支持在此网络提币',
      'zh-TW': '該幣種不支援在此網路提幣',
      ru: 'Эту монету нельзя вывести в этой сети',
    },
  },
  addressAlreadyTrusted: {
    code: 21000037,
    messages: {
      en: 'This address is already trusted',
      'zh-CN': '该地址已是信任地址',
      'zh-TW': '該地址已是信任地址',
      ru: 'Этот адрес уже доверенный',
    },
  },
  // Sanctions screening (21000038; the back office's list and hold calls 21000054–21000059)
  addressUnderReview: {
    code: 21000038,
    messages: {
      en: 'This address cannot be used; please contact support',
      'zh-CN': '该地址无法使用，请联系客服',
      'zh-TW': '該地址無法使用，請聯絡客服',
      ru: 'Этот адрес нельзя использовать; обратитесь в службу поддержки',
    },
  },
  sanctionsListInvalid: {
    code: 21000054,
    messages: {
      en: 'The file is not an SDN advanced XML list that can be read: {reason}',
      'zh-CN': '该文件不是可读取的SDN高级XML名单：{reason}',
      'zh-TW': '該檔案不是可讀取的SDN進階XML名單：{reason}',
      ru: 'Файл не является читаемым списком SDN в расширенном формате XML: {reason}',
    },
  },
  sanctionsListTooLarge: {
    code: 21000055,
    httpStatus: 413,
    messages: {
      en: 'The list file is larger than {limit} MB',
      'zh-CN': '名单文件超过 {limit} MB',
      'zh-TW': '名單檔案超過 {limit} MB',
      ru: 'Файл списка больше {limit} МБ',
    },
  },
  sanctionsEntryNotFound: {
    code: 21000056,
    messages: {
      en: 'The list entry was not found, or it was already removed',
      'zh-CN': '未找到该名单条目，或已被移除',
      'zh-TW': '找不到該名單條目，或已被移除',
      ru: 'Запись списка не найдена или уже удалена',
    },
  },
  sanctionsEntryAlreadyListed: {
    code: 21000057,
    messages: {
      en: 'This address is already on the manual list',
      'zh-CN': '该地址已在手动名单中',
      'zh-TW': '該地址已在手動名單中',
      ru: 'Этот адрес уже есть в ручном списке',
    },
  },
  sanctionsHoldNotFound: {
    code: 21000058,
    messages: {
      en: 'The hold was not found',
      'zh-CN': '未找到该冻结记录',
      'zh-TW': '找不到該凍結紀錄',
      ru: 'Блокировка не найдена',
    },
  },
  sanctionsHoldAlreadyDecided: {
    code: 21000059,
    messages: {
      en: 'This hold has already been decided',
      'zh-CN': '该冻结记录已处理',
      'zh-TW': '該凍結紀錄已處理',
      ru: 'По этой блокировке уже принято решение',
    },
  },
  sanctionsListNotNewer: {
    code: 21000060,
    messages: {
      en: 'The file was published on {publishedOn}, not after the active list of {activeOn}; import it with override to make it active anyway',
      'zh-CN': '该文件发布于 {publishedOn}，不晚于当前生效名单（{activeOn}）；如仍要启用，请选择强制导入',
      'zh-TW': '該檔案發布於 {publishedOn}，不晚於目前生效名單（{activeOn}）；如仍要啟用，請選擇強制匯入',
      ru: 'Файл опубликован {publishedOn}, не позже действующего списка от {activeOn}; чтобы всё же сделать его действующим, импортируйте его с переопределением',
    },
  },
  sanctionsListNoAddresses: {
    code: 21000061,
    messages: {
      en: 'The file names no digital currency address; import it with override to make it active anyway',
      'zh-CN': '该文件不含任何数字货币地址；如仍要启用，请选择强制导入',
      'zh-TW': '該檔案不含任何數位貨幣地址；如仍要啟用，請選擇強制匯入',
      ru: 'В файле нет ни одного адреса цифровой валюты; чтобы всё же сделать его действующим, импортируйте его с переопределением',
    },
  },

  // ── 13010001…: trading ──────────────────────────────────────────────────────────
  orderNotFound: {
    code: 13010001,
    messages: { en: 'Order not found', 'zh-CN': '订单不存在', 'zh-TW': '訂單不存在', ru: 'Ордер не найден' },
  },
  tradeInsufficientBalance: {
    code: 13010002,
    messages: {
      en: 'Insufficient balance for this trade',
      'zh-CN': '交易余额不足',
      'zh-TW': '交易餘額不足',
      ru: 'Недостаточно средств для сделки',
    },
  },
  insufficientQuota: {
    code: 13010003,
    messages: {
      en: 'Insufficient trading quota',
      'zh-CN': '交易额度不足',
      'zh-TW': '交易額度不足',
      ru: 'Недостаточный торговый лимит',
    },
  },
  quoteExpired: {
    code: 13010004,
    messages: {
      en: 'The quote has expired, please re-order',
      'zh-CN': '报价已过期，请重新下单',
      'zh-TW': '報價已過期，請重新下單',
      ru: 'Котировка устарела, оформите заново',
    },
  },
  circuitBreaker: {
    code: 13010005,
    messages: {
      en: 'Trading is paused by the circuit breaker after a sharp price move',
      'zh-CN': '价格剧烈波动，已触发熔断，暂停交易',
      'zh-TW': '價格劇烈波動，已觸發熔斷，暫停交易',
      ru: 'Торговля приостановлена из-за резкого движения цены',
    },
  },
  orderRejectedByChannel: {
    code: 13010006,
    messages: {
      en: 'The order was rejected by the channel',
      'zh-CN': '订单被渠道拒绝',
      'zh-TW': '訂單被通道拒絕',
      ru: 'Ордер отклонён каналом',
    },
  },
  illegalOrderTransition: {
    code: 13010007,
    messages: {
      en: 'The order cannot change to that state',
      'zh-CN': '订单状态变更不合法',
      'zh-TW': '訂單狀態變更不合法',
      ru: 'Недопустимое изменение статуса ордера',
    },
  },
  sellOnly: {
    code: 13010008,
    messages: {
      en: 'This pair is sell-only at the moment',
      'zh-CN': '该交易对当前仅可卖出',
      'zh-TW': '該交易對目前僅可賣出',
      ru: 'Сейчас эту пару можно только продавать',
    },
  },
  quoteRequestFailed: {
    code: 13010009,
    messages: {
      en: 'Quote request failed, please retry',
      'zh-CN': '报价请求失败，请重试',
      'zh-TW': '報價請求失敗，請重試',
      ru: 'Не удалось получить котировку, повторите',
    },
  },
  tradePairNotSupported: {
    code: 13010010,
    messages: {
      en: 'This trading pair is not supported',
      'zh-CN': '不支持该交易对',
      'zh-TW': '不支援該交易對',
      ru: 'Эта торговая пара не поддерживается',
    },
  },
  tradeAmountTooSmall: {
    code: 13010011,
    messages: {
      en: 'The amount is too small to trade',
      'zh-CN': '交易数量过小',
      'zh-TW': '交易數量過小',
      ru: 'Сумма слишком мала для сделки',
    },
  },
  quoteNotFound: {
    code: 13010012,
    messages: { en: 'Quote not found', 'zh-CN': '报价不存在', 'zh-TW': '報價不存在', ru: 'Котировка не найдена' },
  },
  autoSwapSettingNotFound: {
    code: 13010013,
    messages: {
      en: 'Automatic swap setting not found',
      'zh-CN': '自动兑换设置不存在',
      'zh-TW': '自動兌換設定不存在',
      ru: 'Настройка автообмена не найдена',
    },
  },
  tradeAmountTooLarge: {
    code: 13010014,
    messages: {
      en: 'The amount exceeds the maximum for one trade',
      'zh-CN': '超过单笔交易上限',
      'zh-TW': '超過單筆交易上限',
      ru: 'Сумма превышает максимум для одной сделки',
    },
  },
  tradeAboveLevelLimit: {
    code: 13010015,
    messages: {
      en: 'The amount exceeds the largest trade of your verification level ({limit} USD); verify your identity to trade more',
      'zh-CN': '超过您当前认证等级的单笔交易上限（{limit} USD），完成更高级别的身份认证后可交易更多',
      'zh-TW': '超過您目前認證等級的單筆交易上限（{limit} USD），完成更高級別的身分認證後可交易更多',
      ru: 'Сумма превышает максимум сделки для вашего уровня проверки ({limit} USD); пройдите проверку личности, чтобы торговать больше',
    },
  },

  // ── 20000001…: card payments ────────────────────────────────────────────────────
  paymentFailed: {
    code: 20000001,
    messages: {
      en: 'Payment failed; contact the payment provider or buy again',
      'zh-CN': '支付失败，请联系支付服务商或重新购买',
      'zh-TW': '支付失敗，請聯絡支付服務商或重新購買',
      ru: 'Платёж не прошёл; свяжитесь с платёжным провайдером или купите снова',
    },
  },
  priceMovedReconfirm: {
    code: 20000002,
    messages: {
      en: 'The price moved more than 2.5%; please confirm the order again',
      'zh-CN': '价格波动超过2.5%，请重新确认订单',
      'zh-TW': '價格波動超過2.5%，請重新確認訂單',
      ru: 'Цена изменилась более чем на 2,5%; подтвердите заказ снова',
    },
  },

  // ── 22000001…: identity verification (KYC) ──────────────────────────────────────
  kycAgeOutOfRange: {
    code: 22000001,
    messages: {
      en: 'Identity verification is open to people aged 18 to 70',
      'zh-CN': '身份认证仅限18至70周岁的用户',
      'zh-TW': '身分認證僅限18至70歲的使用者',
      ru: 'Проверку личности могут пройти лица в возрасте от 18 до 70 лет',
    },
  },
  kycCountryRestricted: {
    code: 22000002,
    messages: {
      en: 'This country or region is restricted; identity verification is not available',
      'zh-CN': '该国家或地区受限，无法进行身份认证',
      'zh-TW': '該國家或地區受限，無法進行身分認證',
      ru: 'Эта страна или регион под ограничениями; проверка личности недоступна',
    },
  },
  kycFieldInvalid: {
    code: 22000003,
    messages: {
      en: 'Please check this field: {field}',
      'zh-CN': '请检查填写内容：{field}',
      'zh-TW': '請檢查填寫內容：{field}',
      ru: 'Проверьте поле: {field}',
    },
  },
  kycDocumentTooSmall: {
    code: 22000004,
    messages: {
      en: 'The file is too small; an image must be at least 20 KB',
      'zh-CN': '文件过小，图片不能小于20KB',
      'zh-TW': '檔案過小，圖片不能小於20KB',
      ru: 'Файл слишком мал: изображение должно быть не меньше 20 КБ',
    },
  },
  kycDocumentTooLarge: {
    code: 22000005,
    messages: {
      en: 'The file is too large; an image may be at most 5 MB',
      'zh-CN': '文件过大，图片不能超过5MB',
      'zh-TW': '檔案過大，圖片不能超過5MB',
      ru: 'Файл слишком велик: изображение должно быть не больше 5 МБ',
    },
  },
  kycDocumentType: {
    code: 22000006,
    messages: {
      en: 'Unsupported file format: please upload JPG or PNG (PDF is also accepted for the proof of address)',
      'zh-CN': '文件格式不支持，请上传JPG或PNG格式（地址证明也可上传PDF）',
      'zh-TW': '檔案格式不支援，請上傳JPG或PNG格式（地址證明也可上傳PDF）',
      ru: 'Неподдерживаемый формат файла: загрузите JPG или PNG (для подтверждения адреса подойдёт и PDF)',
    },
  },
  kycUploadFailed: {
    code: 22000007,
    messages: {
      en: 'Image upload failed, please try again',
      'zh-CN': '图片上传失败，请重试',
      'zh-TW': '圖片上傳失敗，請重試',
      ru: 'Не удалось загрузить изображение, повторите попытку',
    },
  },
  kycVideoTooLong: {
    code: 22000008,
    messages: {
      en: 'The video is too long; it may be at most 2 minutes',
      'zh-CN': '视频过长，时长不能超过2分钟',
      'zh-TW': '影片過長，長度不能超過2分鐘',
      ru: 'Видео слишком длинное: не более 2 минут',
    },
  },
  kycVideoFailed: {
    code: 22000009,
    messages: {
      en: 'Recording or video verification failed or timed out, please try again',
      'zh-CN': '录制或视频认证失败或超时，请重试',
      'zh-TW': '錄製或視訊認證失敗或逾時，請重試',
      ru: 'Запись или видеопроверка не удалась либо превысила время ожидания, повторите попытку',
    },
  },
  kycBrowserUnsupported: {
    code: 22000010,
    messages: {
      en: 'This browser does not support advanced verification; please use Chrome or Safari',
      'zh-CN': '当前浏览器不支持高级认证，请使用Chrome或Safari浏览器',
      'zh-TW': '目前的瀏覽器不支援進階認證，請使用Chrome或Safari瀏覽器',
      ru: 'Этот браузер не поддерживает расширенную проверку; используйте Chrome или Safari',
    },
  },
  kycQrUnavailable: {
    code: 22000011,
    messages: {
      en: 'The QR code could not be obtained, please refresh',
      'zh-CN': '二维码获取失败，请刷新',
      'zh-TW': 'QR Code取得失敗，請重新整理',
      ru: 'Не удалось получить QR-код, обновите страницу',
    },
  },
  kycLevelOrder: {
    code: 22000012,
    messages: {
      en: 'Please complete the previous verification level first',
      'zh-CN': '请先完成上一级认证',
      'zh-TW': '請先完成上一級認證',
      ru: 'Сначала пройдите предыдущий уровень проверки',
    },
  },
  kycAlreadyVerifying: {
    code: 22000013,
    messages: {
      en: 'An application is already under review; please wait for the result',
      'zh-CN': '已有认证申请正在审核中，请等待审核结果',
      'zh-TW': '已有認證申請正在審核中，請等待審核結果',
      ru: 'Заявка уже на рассмотрении; дождитесь результата',
    },
  },
  kycAlreadyVerified: {
    code: 22000014,
    messages: {
      en: 'This verification level is already complete',
      'zh-CN': '该级别认证已完成',
      'zh-TW': '該級別認證已完成',
      ru: 'Этот уровень проверки уже пройден',
    },
  },
  kycUploadNotFound: {
    code: 22000015,
    messages: {
      en: 'The uploaded file was not found or has expired; please upload it again',
      'zh-CN': '上传的文件不存在或已过期，请重新上传',
      'zh-TW': '上傳的檔案不存在或已過期，請重新上傳',
      ru: 'Загруженный файл не найден или устарел; загрузите его снова',
    },
  },
  kycProviderSessionInvalid: {
    code: 22000016,
    messages: {
      en: 'The verification session is invalid or has expired; please start again',
      'zh-CN': '认证会话无效或已过期，请重新开始',
      'zh-TW': '認證工作階段無效或已過期，請重新開始',
      ru: 'Сеанс проверки недействителен или истёк; начните заново',
    },
  },
  kycIdCheckWrong: {
    code: 22000017,
    messages: {
      en: 'The last six digits of the ID number do not match',
      'zh-CN': '证件号码后六位不正确',
      'zh-TW': '證件號碼後六位不正確',
      ru: 'Последние шесть цифр номера документа не совпадают',
    },
  },
  kycSanctionsReview: {
    code: 22000018,
    messages: {
      en: 'Your application is under additional review; we will let you know the result',
      'zh-CN': '您的申请正在进一步审核中，审核结果将另行通知',
      'zh-TW': '您的申請正在進一步審核中，審核結果將另行通知',
      ru: 'Ваша заявка проходит дополнительную проверку; мы сообщим о результате',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorKey = keyof typeof errorCatalogue;
export type ErrorCode = (typeof errorCatalogue)[ErrorKey]['code'];
