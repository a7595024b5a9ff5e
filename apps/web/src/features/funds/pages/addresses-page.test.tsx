import type { WithdrawAddress, WithdrawCheck } from '@coffer/contract';
import { depositPaths } from '@coffer/contract/deposit-paths';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { bookEntry, openCheck, testDwOptions } from '../../../../test/funds-fixtures';
import { callsTo, stubFundsApi } from '../components/funds-test-server';
import { AddressesPage } from './addresses-page';

/** Under load, antd pages in jsdom take a few seconds to settle. */
const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

/** An address book the stub keeps, so the list read after a change shows it. */
function stubServer(initial: WithdrawAddress[], check: WithdrawCheck = openCheck) {
  let book = [...initial];
  const spy = stubFundsApi({
    [depositPaths.dwOption]: testDwOptions,
    [withdrawalPaths.userCanWithdraw]: check,
    [withdrawalPaths.withdrawCode]: { resendAfterSeconds: 60 },
    [`GET ${withdrawalPaths.withdrawAddresses}`]: () => book,
    [withdrawalPaths.addWithdrawAddress]: ({ body }: { body: { chain: string; address: string; note: string; tag?: string } }) => {
      const entry = bookEntry({ id: '12', chain: body.chain, address: body.address, note: body.note, tag: body.tag ?? null });
      book = [...book, entry];
      return entry;
    },
    [`DELETE ${withdrawalPaths.withdrawAddresses}/11`]: () => {
      book = book.filter((entry) => entry.id !== '11');
      return null;
    },
    [withdrawalPaths.verifyTrustedAddress]: ({ body }: { body: { id: string } }) => {
      book = book.map((entry) =>
        entry.id === body.id
          ? { ...entry, trusted: true, trustedAt: new Date().toISOString(), usableWithoutVerificationAt: '2099-03-02T09:00:00.000Z' }
          : entry,
      );
      return book.find((entry) => entry.id === body.id);
    },
  });
  return spy;
}

// antd pages render slowly in jsdom on a shared machine; each test still waits only for what it needs.
describe('AddressesPage', { timeout: 25_000 }, () => {
  it('caps the note at 10 characters, refuses an address with spaces, then adds the entry', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer([]);
    renderPage(<AddressesPage />, { path: '/propertyCenter/addresses' });

    expect(await screen.findByText('No saved addresses. Add the addresses you withdraw to often.', {}, slow)).toBeTruthy();
    await user.click(screen.getByTestId('address-add'));
    const form = await screen.findByTestId('address-form', {}, slow);
    // The field stops at 10 characters; a pasted longer note is cut, never sent longer.
    await user.click(within(form).getByTestId('address-note'));
    await user.paste('Cold wallet 2');
    expect((within(form).getByTestId('address-note') as HTMLInputElement).value.length).toBeLessThanOrEqual(10);
    await user.clear(within(form).getByTestId('address-note'));
    await user.type(within(form).getByTestId('address-note'), 'Cold');
    await user.type(within(form).getByTestId('address-address'), 'not an address');
    await user.click(screen.getByTestId('address-save'));
    expect(await screen.findByText('Invalid address', {}, slow)).toBeTruthy();
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.addWithdrawAddress)).toHaveLength(0);

    await user.clear(within(form).getByTestId('address-address'));
    await user.type(within(form).getByTestId('address-address'), '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    // Spec §6: the second factor (here the authenticator) before anything is saved; no fund password.
    await user.click(screen.getByTestId('address-save'));
    expect(await screen.findByText('Enter the verification code', {}, slow)).toBeTruthy();
    expect(within(form).queryByTestId('address-fund-password')).toBeNull();
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.addWithdrawAddress)).toHaveLength(0);
    await user.type(within(form).getByTestId('address-ga-code'), '246810');
    await user.click(screen.getByTestId('address-save'));

    const table = await screen.findByTestId('address-table', {}, slow);
    expect(await within(table).findByText('Cold', {}, slow)).toBeTruthy();
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.addWithdrawAddress)).toEqual([
      { chain: 'ethereum', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', note: 'Cold', gaCode: '246810' },
    ]);
  });

  it("asks for the e-mail code, with its send button, when e-mail is the account's second factor", async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer([], { ...openCheck, secondFactor: 'email' });
    renderPage(<AddressesPage />, { path: '/propertyCenter/addresses' });

    await user.click(await screen.findByTestId('address-add', {}, slow));
    const form = await screen.findByTestId('address-form', {}, slow);
    await user.type(within(form).getByTestId('address-note'), 'Hot');
    await user.type(within(form).getByTestId('address-address'), '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    await user.click(within(form).getByTestId('address-send-code'));
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.withdrawCode)).toHaveLength(1);
    await user.type(within(form).getByTestId('address-code'), '135790');
    await user.click(screen.getByTestId('address-save'));

    expect(await within(await screen.findByTestId('address-table', {}, slow)).findByText('Hot', {}, slow)).toBeTruthy();
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.addWithdrawAddress)).toEqual([
      { chain: 'ethereum', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', note: 'Hot', emailCode: '135790' },
    ]);
  });

  it('deletes an address only after confirmation', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer([bookEntry()]);
    renderPage(<AddressesPage />, { path: '/propertyCenter/addresses' });

    await user.click(await screen.findByTestId('address-delete-11', {}, slow));
    expect(await screen.findByText('“Ledger” will be removed from your address book.', {}, slow)).toBeTruthy();
    expect(callsTo(fetchSpy, 'DELETE', `${withdrawalPaths.withdrawAddresses}/11`)).toHaveLength(0);
    await user.click(screen.getByTestId('address-delete-confirm'));

    expect(await screen.findByText('No saved addresses. Add the addresses you withdraw to often.', {}, slow)).toBeTruthy();
    expect(callsTo(fetchSpy, 'DELETE', `${withdrawalPaths.withdrawAddresses}/11`)).toHaveLength(1);
  });

  it('marks an address trusted with the fund password and authenticator code, and shows when its cooling period ends', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer([bookEntry()]);
    renderPage(<AddressesPage />, { path: '/propertyCenter/addresses' });

    await user.click(await screen.findByTestId('address-trust-11', {}, slow));
    await user.type(await screen.findByTestId('trust-fund-password', {}, slow), '258147');
    await user.type(screen.getByTestId('trust-ga-code'), '654321');
    await user.click(screen.getByTestId('address-trust-submit'));

    const cooling = await screen.findByTestId('address-cooling-11', {}, slow);
    expect(cooling.textContent).toContain('Cooling period');
    expect(cooling.textContent).toContain('Usable without verification from');
    expect(cooling.textContent).toContain('2099');
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.verifyTrustedAddress)).toEqual([
      { id: '11', fundPassword: '258147', gaCode: '654321' },
    ]);
  });
});
