import type { WithdrawCheck } from '@coffer/contract';
import type { Language } from '@coffer/contract/languages';
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatLockEnd } from '../../../shared/format/lock-end-time';
import en from '../../../shared/i18n/locales/en/funds.json';
import ru from '../../../shared/i18n/locales/ru/funds.json';
import zhCN from '../../../shared/i18n/locales/zh-CN/funds.json';
import zhTW from '../../../shared/i18n/locales/zh-TW/funds.json';
import { WithdrawInterception } from './withdraw-interception';

/** Locked after a security change, with the phone and the fund password still missing. */
const lockedAndIncomplete: WithdrawCheck = {
  canWithdraw: false,
  forbiddenCode: -10102,
  lockedUntil: '2026-03-02T09:15:20.000Z',
  interceptions: [
    { kind: 'phoneNotBound', code: 17000011 },
    { kind: 'fundPasswordNotSet', code: -10097 },
  ],
  secondFactor: 'email',
};

function renderDialog(check: WithdrawCheck, language: Language, timeZone: string) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { funds: en }, 'zh-CN': { funds: zhCN }, 'zh-TW': { funds: zhTW }, ru: { funds: ru } },
    defaultNS: 'funds',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const router = createMemoryRouter([
    { path: '/', element: <WithdrawInterception check={check} open onClose={() => {}} timeZone={timeZone} /> },
  ]);
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return screen.getByTestId('withdraw-interception-body');
}

/** Intl puts narrow and no-break spaces inside times; compare them as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

describe('WithdrawInterception', () => {
  // 09:15:20 UTC is shown as the next whole minute, 09:16 UTC, in the user's zone, with the zone named.
  it.each([
    [
      'en',
      'Asia/Shanghai',
      'Mar 2, 2026, 5:16 PM GMT+8',
      'You can withdraw again after',
      'Please bind a phone number before withdrawing',
      'Bind phone',
      'Please set a fund password first',
      'Set fund password',
    ],
    [
      'en',
      'America/New_York',
      'Mar 2, 2026, 4:16 AM EST',
      'You can withdraw again after',
      'Please bind a phone number before withdrawing',
      'Bind phone',
      'Please set a fund password first',
      'Set fund password',
    ],
    [
      'zh-CN',
      'Asia/Shanghai',
      '2026年3月2日 GMT+8 17:16',
      '之后可再次提币',
      '提币前请先绑定手机号',
      '去绑定手机',
      '请先设置资金密码',
      '去设置资金密码',
    ],
    [
      'zh-TW',
      'Asia/Taipei',
      '2026年3月2日 下午5:16 [GMT+8]',
      '之後可再次提幣',
      '提幣前請先綁定手機號碼',
      '去綁定手機',
      '請先設定資金密碼',
      '去設定資金密碼',
    ],
    [
      'ru',
      'Europe/Moscow',
      '2 мар. 2026 г., 12:16 GMT+3',
      'Вывод снова будет доступен после',
      'Перед выводом привяжите номер телефона',
      'Привязать телефон',
      'Сначала установите пароль для средств',
      'Установить пароль',
    ],
  ] as const)(
    'in %s (%s) shows the lock end in the user’s zone and every missing item with its link at once',
    (language, timeZone, end, untilText, phone, phoneLink, fund, fundLink) => {
      const body = renderDialog(lockedAndIncomplete, language, timeZone);
      expect(plain(within(body).getByTestId('intercept-lock-end').textContent)).toBe(end);
      expect(within(body).getByTestId('intercept-lock').textContent).toContain(untilText);
      const phoneItem = within(body).getByTestId('intercept-phoneNotBound');
      expect(phoneItem.textContent).toContain(phone);
      expect(within(phoneItem).getByRole('link', { name: phoneLink }).getAttribute('href')).toBe(
        '/propertyCenter/securitySetting/bindPhone',
      );
      const fundItem = within(body).getByTestId('intercept-fundPasswordNotSet');
      expect(fundItem.textContent).toContain(fund);
      expect(within(fundItem).getByRole('link', { name: fundLink }).getAttribute('href')).toBe(
        '/propertyCenter/securitySetting/fundPassword',
      );
      // The rule and its reason are one link away.
      const lock = within(body).getByTestId('intercept-lock');
      expect(within(lock).getByRole('link').getAttribute('href')).toBe('/propertyCenter/securitySetting#withdraw-lock-help');
    },
  );

  it('lists the missing items under a restriction (-10094) too', () => {
    const body = renderDialog(
      { ...lockedAndIncomplete, forbiddenCode: -10094, lockedUntil: null, interceptions: [{ kind: 'emailNotBound', code: 17000010 }] },
      'en',
      'UTC',
    );
    expect(body.textContent).toContain('Withdrawals are currently forbidden for this account');
    expect(within(body).getByRole('link', { name: 'Bind e-mail' }).getAttribute('href')).toBe('/propertyCenter/securitySetting/bindEmail');
    expect(within(body).queryByTestId('intercept-lock')).toBeNull();
  });
});

describe('formatLockEnd', () => {
  it('rounds up to the next minute, so the time shown is never still locked, and keeps a whole minute as it is', () => {
    expect(plain(formatLockEnd('2026-03-02T09:15:00.001Z', 'en', 'UTC'))).toBe('Mar 2, 2026, 9:16 AM UTC');
    expect(plain(formatLockEnd('2026-03-02T09:15:00.000Z', 'en', 'UTC'))).toBe('Mar 2, 2026, 9:15 AM UTC');
    // Across midnight in the user's zone the date moves with it.
    expect(plain(formatLockEnd('2026-03-02T23:59:30.000Z', 'ru', 'Asia/Shanghai'))).toBe('3 мар. 2026 г., 08:00 GMT+8');
  });
});
