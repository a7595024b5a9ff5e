import { custodyPaths, identityPaths } from '@coffer/contract';
import { errorMessage } from '@coffer/contract/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { applicationOf, CustodyEnvelope, custodyNamespaces, postedTo, sessionUserOf, stubCustodyApi } from '../components/custody-test-kit';
import { CustodyApplyPage } from './apply-page';

const slow = { timeout: 5_000 };
const render = () => renderPage(<CustodyApplyPage />, { path: '/custody/apply', namespaces: custodyNamespaces });

afterEach(() => vi.restoreAllMocks());

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('custody-apply-companyName'), 'Acme Treasury AG');
  await user.click(screen.getByRole('combobox', { name: 'Country or region' }));
  await user.type(screen.getByRole('combobox', { name: 'Country or region' }), 'Switzerland');
  await user.click(await screen.findByTitle('Switzerland'));
  await user.click(screen.getByRole('combobox', { name: 'Industry' }));
  await user.click(await screen.findByTitle('Fund or asset manager'));
  await user.type(screen.getByTestId('custody-apply-website'), 'https://acme.test');
  await user.type(screen.getByTestId('custody-apply-contactName'), 'Ada Acme');
  await user.type(screen.getByTestId('custody-apply-phone'), '+41 44 123-45-67');
}

describe('CustodyApplyPage', { timeout: 30_000 }, () => {
  it('shows each rule before sending, refuses bad fields, and sends the cleaned application', async () => {
    const user = userEvent.setup();
    const spy = stubCustodyApi({
      [identityPaths.userInfo]: sessionUserOf(),
      [`GET ${custodyPaths.application}`]: () => null,
      [`POST ${custodyPaths.application}`]: applicationOf(),
    });
    render();
    await screen.findByTestId('custody-apply-form', {}, slow);
    for (const rule of [
      'Required, at most 100 characters, as registered',
      'Required: a web address such as example.com or https://example.com',
      'Required, at most 50 characters',
      '4 to 16 digits with the country code, e.g. +41441234567; spaces and dashes allowed',
      'A valid e-mail address we can reach the contact at',
    ]) {
      expect(screen.getByText(rule)).toBeTruthy();
    }
    expect((screen.getByTestId('custody-apply-email') as HTMLInputElement).value).toBe('cfo@acme.test');

    await user.type(screen.getByTestId('custody-apply-phone'), '12');
    await user.type(screen.getByTestId('custody-apply-website'), 'not a site');
    await user.click(screen.getByTestId('custody-apply-submit'));
    // antd validates the fields one after another: on a loaded machine the messages arrive apart.
    for (const message of [
      'Enter 4 to 16 digits, optionally after +',
      'Enter a web address such as example.com',
      'Choose a country or region',
    ]) {
      expect(await screen.findByText(message, {}, slow)).toBeTruthy();
    }
    expect(postedTo(spy, custodyPaths.application)).toHaveLength(0);

    await user.clear(screen.getByTestId('custody-apply-phone'));
    await user.clear(screen.getByTestId('custody-apply-website'));
    await fillForm(user);
    await user.click(screen.getByTestId('custody-apply-submit'));
    await screen.findByTestId('custody-application-pending', {}, slow);
    expect(postedTo(spy, custodyPaths.application)).toEqual([
      {
        companyName: 'Acme Treasury AG',
        country: 'CH',
        industry: 'fund',
        website: 'https://acme.test',
        contactName: 'Ada Acme',
        phone: '+41441234567',
        email: 'cfo@acme.test',
      },
    ]);
  });

  it('shows the server refusal of a sent application', async () => {
    const user = userEvent.setup();
    stubCustodyApi({
      [identityPaths.userInfo]: sessionUserOf(),
      [`GET ${custodyPaths.application}`]: () => null,
      [`POST ${custodyPaths.application}`]: new CustodyEnvelope('custodyApplicationOpen'),
    });
    render();
    await screen.findByTestId('custody-apply-form', {}, slow);
    await fillForm(user);
    await user.click(screen.getByTestId('custody-apply-submit'));
    expect((await screen.findByTestId('custody-apply-error', {}, slow)).textContent).toContain(
      errorMessage('custodyApplicationOpen', 'en'),
    );
  });

  it('tells a personal account that custody is for enterprises', async () => {
    stubCustodyApi({
      [identityPaths.userInfo]: sessionUserOf({ accountKind: 'personal' }),
      [`GET ${custodyPaths.application}`]: () => null,
    });
    render();
    expect((await screen.findByTestId('custody-enterprise-only', {}, slow)).textContent).toContain(
      errorMessage('custodyEnterpriseOnly', 'en'),
    );
    expect(screen.queryByTestId('custody-apply-form')).toBeNull();
  });

  it('shows a rejected application with its reason, and applying again starts from it', async () => {
    const user = userEvent.setup();
    stubCustodyApi({
      [identityPaths.userInfo]: sessionUserOf(),
      [`GET ${custodyPaths.application}`]: applicationOf({ state: 'rejected', rejectReason: 'Company registry extract missing' }),
    });
    render();
    expect((await screen.findByTestId('custody-application-reason', {}, slow)).textContent).toBe(
      'Reason: Company registry extract missing',
    );
    await user.click(screen.getByTestId('custody-apply-again'));
    expect((screen.getByTestId('custody-apply-companyName') as HTMLInputElement).value).toBe('Acme Treasury AG');
  });

  it('links an enabled application to the console', async () => {
    stubCustodyApi({
      [identityPaths.userInfo]: sessionUserOf(),
      [`GET ${custodyPaths.application}`]: applicationOf({ state: 'enabled', salespersonEmail: 'sales@coffer.test' }),
    });
    render();
    await screen.findByTestId('custody-application-enabled', {}, slow);
    expect(screen.getByText(/Your sales contact is sales@coffer.test/)).toBeTruthy();
    expect(screen.getByTestId('custody-open-console').getAttribute('href')).toBe('/custody');
  });

  it('shows a failed read with a retry', async () => {
    stubCustodyApi({
      [identityPaths.userInfo]: sessionUserOf(),
      [`GET ${custodyPaths.application}`]: new CustodyEnvelope('serviceUnavailable'),
    });
    render();
    await waitFor(
      () => expect(screen.getByTestId('custody-load-error').textContent).toContain(errorMessage('serviceUnavailable', 'en')),
      slow,
    );
  });
});
