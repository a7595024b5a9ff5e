import { custodyAddressBodySchema, custodyPaths, depositPaths, errorCatalogue, errorMessage, type CustodyAddress } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meOf } from '../components/custody-test-kit';
import {
  accountOf,
  accounts,
  addressOf,
  choose,
  expectErrorAt,
  fill,
  networkOptions,
  renderCustodyConfig,
} from '../components/custody-config-test-kit';
import { CustodyOrgEnvelope, postedTo, stubCustodyOrgApi } from '../components/custody-org-test-kit';
import { AddressesPage } from './addresses-page';

const slow = { timeout: 5_000 };
const addressesOf = (accountId: string) => custodyPaths.addresses.replace(':id', accountId);
const deletePath = (id: string) => custodyPaths.deleteAddress.replace(':id', id);
const xrpAddress = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

function stubServer(answers: Record<string, unknown> = {}) {
  return stubCustodyOrgApi({
    [custodyPaths.me]: meOf(['addresses', 'settings']),
    [custodyPaths.accounts]: accounts,
    [`GET ${addressesOf('7')}`]: [
      addressOf(),
      addressOf({ id: '301', asset: 'XRP', chain: 'xrpl', address: xrpAddress, tag: '12345', note: '' }),
    ],
    [`GET ${addressesOf('8')}`]: [],
    [depositPaths.dwOption]: networkOptions,
    ...answers,
  });
}

const renderAt = (url = '/custody/addresses', language?: 'en' | 'ru' | 'zh-CN' | 'zh-TW') =>
  renderCustodyConfig(<AddressesPage />, { path: '/custody/addresses', url, language });

afterEach(() => {
  vi.restoreAllMocks();
});

async function openAddForm(user: UserEvent) {
  const add = await screen.findByTestId('address-add', {}, slow);
  await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
  await user.click(add);
  return screen.findByTestId('address-form');
}

describe('AddressesPage', { timeout: 60_000 }, () => {
  it("lists the first account's address book: coin, network, shortened address, tag/memo, note, added; its count of 200", async () => {
    stubServer();
    renderAt();
    const table = await screen.findByTestId('address-table', {}, slow);
    const eth = within(table).getByText('Payroll wallet').closest('tr') as HTMLElement;
    expect(within(eth).getByText('ETH')).toBeTruthy();
    expect(within(eth).getByText('Ethereum')).toBeTruthy();
    expect(within(eth).getByText('0x529084…E4169EE7')).toBeTruthy();
    const xrp = within(table).getByText('12345').closest('tr') as HTMLElement;
    expect(within(xrp).getByText('XRP Ledger')).toBeTruthy();
    expect(screen.getByTestId('address-count').textContent).toBe('Addresses: 2 / 200');
    expect(within(screen.getByTestId('address-account')).getByText('Treasury hot · Hot storage · Enterprise')).toBeTruthy();
  });

  it('switches to another account (kept in the address) and shows its empty address book with the add action', async () => {
    const user = userEvent.setup();
    stubServer();
    const { router } = renderAt();
    await screen.findByTestId('address-table', {}, slow);
    await choose(user, 'address-account', 'Reserve cold · Cold storage · Prime');
    const empty = await screen.findByTestId('addresses-empty', {}, slow);
    expect(empty.textContent).toContain('No addresses in "Reserve cold" yet.');
    expect(within(empty).getByTestId('address-add-empty')).toBeTruthy();
    expect(router.state.location.search).toBe('?account=8');
    expect(screen.getByTestId('address-count').textContent).toBe('Addresses: 0 / 200');
  });

  it('opens the account named in the address; without accounts points to common settings; a failed load offers a retry', async () => {
    stubServer();
    renderAt('/custody/addresses?account=8');
    expect(await screen.findByTestId('addresses-empty', {}, slow)).toBeTruthy();
    vi.restoreAllMocks();

    stubServer({ [custodyPaths.accounts]: [] });
    renderAt('/custody/addresses', 'zh-CN');
    const none = await screen.findByTestId('addresses-no-accounts', {}, slow);
    expect(none.textContent).toContain('暂无托管账户');
    expect(await within(none).findByRole('link', { name: '在通用设置中开立托管账户' }, slow)).toBeTruthy();
    vi.restoreAllMocks();

    let calls = 0;
    const user = userEvent.setup();
    stubServer({
      [`GET ${addressesOf('7')}`]: () => {
        calls += 1;
        return calls === 1 ? new CustodyOrgEnvelope(errorCatalogue.serviceUnavailable.code, '') : [addressOf()];
      },
    });
    renderAt();
    const failed = await screen.findByTestId('addresses-load-error', {}, slow);
    expect(within(failed).getByText(errorMessage('serviceUnavailable', 'en'))).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Payroll wallet', {}, slow)).toBeTruthy();
  });

  it('at 200 addresses shows the count as full and disables adding', async () => {
    const full: CustodyAddress[] = Array.from({ length: 200 }, (_, at) =>
      addressOf({ id: String(1000 + at), address: `0x${String(at).padStart(40, '0')}` }),
    );
    stubServer({ [`GET ${addressesOf('7')}`]: full });
    renderAt();
    await screen.findByTestId('address-table', {}, slow);
    expect(screen.getByTestId('address-count').textContent).toBe('Addresses: 200 / 200');
    expect((screen.getByTestId('address-add') as HTMLButtonElement).disabled).toBe(true);
    // 20 a page, of 200.
    expect(within(screen.getByTestId('address-table')).getAllByRole('row')).toHaveLength(21);
  });

  it('checks the entry before sending: coin, address, XRP tag digits, a note of at most 150 with its counter', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderAt();
    const form = await openAddForm(user);
    const note = screen.getByTestId('address-note');
    expect(note.closest('.ant-input-affix-wrapper')?.textContent).toContain('0 / 150');

    await user.click(screen.getByTestId('address-form-submit'));
    await expectErrorAt('address-asset', 'Choose a coin');
    await expectErrorAt('address-address', 'Enter the address');

    await choose(user, 'address-asset', 'XRP');
    await fill(user, 'address-address', 'r abc');
    await fill(user, 'address-tag', 'memo');
    await fill(user, 'address-note', 'n'.repeat(151));
    expect(note.closest('.ant-input-affix-wrapper')?.textContent).toContain('151 / 150');
    await user.click(screen.getByTestId('address-form-submit'));
    await expectErrorAt('address-address', errorMessage('invalidAddress', 'en'));
    await expectErrorAt('address-tag', errorMessage('invalidTag', 'en'));
    await expectErrorAt('address-note', errorMessage('custodyNoteTooLong', 'en', { max: 150 }));
    expect(within(form).getByText('The destination tag the receiver asked for: up to 10 digits.')).toBeTruthy();
    expect(postedTo(fetchSpy, addressesOf('7'))).toEqual([]);
  });

  it('adds an address with the body of the contract and shows it', async () => {
    const user = userEvent.setup();
    let book: CustodyAddress[] = [];
    const added = addressOf({ id: '302', asset: 'XRP', chain: 'xrpl', address: xrpAddress, tag: '778', note: 'Market maker' });
    const fetchSpy = stubServer({
      [`GET ${addressesOf('7')}`]: () => book,
      [`POST ${addressesOf('7')}`]: () => {
        book = [added];
        return added;
      },
    });
    renderAt();
    await openAddForm(user);
    await choose(user, 'address-asset', 'XRP');
    await fill(user, 'address-address', ` ${xrpAddress} `);
    await fill(user, 'address-tag', '778');
    await fill(user, 'address-note', ' Market maker ');
    await user.click(screen.getByTestId('address-form-submit'));

    expect(await screen.findByText('XRP address added', {}, slow)).toBeTruthy();
    const [body] = postedTo(fetchSpy, addressesOf('7'));
    expect(body).toEqual({ asset: 'XRP', chain: 'xrpl', address: xrpAddress, tag: '778', note: 'Market maker' });
    expect(custodyAddressBodySchema.safeParse(body).success).toBe(true);
    expect(await within(await screen.findByTestId('address-table')).findByText('Market maker', {}, slow)).toBeTruthy();
    expect(screen.getByTestId('address-count').textContent).toBe('Addresses: 1 / 200');
  });

  it('shows the §8 refusals of the server: the address invalid for its chain and already saved at the address, the limit of 200 in the dialog', async () => {
    const user = userEvent.setup();
    let answer = new CustodyOrgEnvelope(errorCatalogue.invalidAddress.code, '', { field: 'address' });
    stubServer({ [`POST ${addressesOf('7')}`]: () => answer });
    renderAt('/custody/addresses', 'ru');
    const add = await screen.findByTestId('address-add', {}, slow);
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    await user.click(add);
    await screen.findByTestId('address-form');
    await choose(user, 'address-asset', 'ETH');
    await fill(user, 'address-address', '0x52908400098527886E0F7030069857D2E4169EE8');
    await user.click(screen.getByTestId('address-form-submit'));
    await expectErrorAt('address-address', errorMessage('invalidAddress', 'ru'));

    answer = new CustodyOrgEnvelope(errorCatalogue.addressAlreadySaved.code, '', { field: 'address' });
    await user.click(screen.getByTestId('address-form-submit'));
    await expectErrorAt('address-address', errorMessage('addressAlreadySaved', 'ru'));

    answer = new CustodyOrgEnvelope(errorCatalogue.addressLimitReached.code, '');
    await user.click(screen.getByTestId('address-form-submit'));
    expect((await screen.findByTestId('address-form-error', {}, slow)).textContent).toBe(errorMessage('addressLimitReached', 'ru'));
  });

  it('deletes an address after confirmation', async () => {
    const user = userEvent.setup();
    let book = [addressOf(), addressOf({ id: '301', note: 'Old desk' })];
    const fetchSpy = stubServer({
      [`GET ${addressesOf('7')}`]: () => book,
      [`POST ${deletePath('301')}`]: () => {
        book = book.filter((entry) => entry.id !== '301');
        return {};
      },
    });
    renderAt();
    await user.click(await screen.findByTestId('address-delete-301', {}, slow));
    expect(await screen.findByText('Delete this address?')).toBeTruthy();
    expect(postedTo(fetchSpy, deletePath('301'))).toEqual([]);
    await user.click(screen.getByTestId('address-delete-confirm'));
    expect(await screen.findByText('Address deleted', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, deletePath('301'))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Old desk')).toBeNull(), slow);
    expect(screen.getByTestId('address-count').textContent).toBe('Addresses: 1 / 200');
  });

  it('names a second account in the dialog title', async () => {
    const user = userEvent.setup();
    stubServer({ [custodyPaths.accounts]: [accountOf({ id: '8', name: 'Reserve cold', kind: 'cold' })] });
    renderAt();
    await openAddForm(user);
    expect(screen.getByText('Add address to "Reserve cold"')).toBeTruthy();
  });
});
