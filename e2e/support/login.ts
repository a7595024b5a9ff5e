import type { Page } from 'playwright-core';
import type { SeededCustomer } from './seed';

/**
 * Logs a seeded customer in through the browser (password, then the authenticator code) and
 * waits for the dashboard the log-in lands on.
 */
export async function logIn(page: Page, customer: SeededCustomer, lang = 'en'): Promise<void> {
  await page.goto(`/login?lang=${lang}`);
  await page.getByTestId('login-account').fill(customer.email);
  await page.getByTestId('login-password').fill(customer.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('twofa-method-ga').click();
  await page.getByTestId('twofa-code').fill(await customer.nextGaCode());
  await page.getByTestId('twofa-submit').click();
  await page.waitForURL('**/propertyCenter/dashboard');
}
