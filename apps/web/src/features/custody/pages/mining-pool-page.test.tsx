import { custodyPaths, depositPaths, errorCatalogue, errorMessage, type CustodyPoolLinkCreated } from '@coffer/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts, choose, expectErrorAt, fill, networkOptions } from '../components/custody-config-test-kit';
import { CustodyOrgEnvelope, postedTo, stubCustodyOrgApi } from '../components/custody-org-test-kit';
import { poolPartnerOf, poolPartners, renderCustodyPool } from '../components/custody-pool-test-kit';
import { MiningPoolPage } from './mining-pool-page';

const slow = { timeout: 5_000 };
const link = 'https://coffer.example/custody/partner#Qm9ndXMtdG9rZW4tZm9yLXRoZS1wYXJ0bmVyLXBhZ2UtMDE';

function stubServer(answers: Record<string, unknown> = {}) {
  return stubCustodyOrgApi({
    [`GET ${custodyPaths.poolPartners}`]: poolPartners,
    [custodyPaths.accounts]: accounts,
    [depositPaths.dwOption]: networkOptions,
    ...answers,
  });
}

const renderAt = (language?: 'en' | 'ru' | 'zh-CN' | 'zh-TW') =>
  renderCustodyPool(<MiningPoolPage />, { path: '/custody/miningPool', language });

const getsOf = (spy: ReturnType<typeof stubServer>, path: string) =>
  spy.mock.calls.filter(([input, init]) => String(input).endsWith(path) && (init?.method ?? 'GET') === 'GET').length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MiningPoolPage', { timeout: 60_000 }, () => {
  it('lists the links with their partner, account, coin and network, state, payout address and the action each allows', async () => {
    stubServer();
    renderAt();
    const table = await screen.findByTestId('pool-table', {}, slow);
    const linked = within(table).getByText('ViaBTC').closest('tr') as HTMLElement;
    expect(within(linked).getByText('payouts@viabtc.example')).toBeTruthy();
    expect(within(linked).getByText('bc1qar0s…zzwf5mdq')).toBeTruthy();
    expect(within(linked).getByText('Bitcoin')).toBeTruthy();
    expect(screen.getByTestId('pool-state-61').textContent).toBe('Linked');
    expect(within(linked).getByTestId('pool-unlink-61')).toBeTruthy();
    const open = within(table).getByText('Foundry USA').closest('tr') as HTMLElement;
    expect(screen.getByTestId('pool-state-60').textContent).toBe('Open');
    expect(within(open).getByText('Valid until')).toBeTruthy();
    expect(within(open).getByTestId('pool-revoke-60')).toBeTruthy();
    expect(screen.getByTestId('pool-state-59').textContent).toBe('Expired');
    expect(screen.getByTestId('pool-state-58').textContent).toBe('Revoked');
    expect(screen.queryByTestId('pool-revoke-59')).toBeNull();
    expect(screen.queryByTestId('pool-revoke-58')).toBeNull();
    expect(screen.queryByTestId('pool-unlink-58')).toBeNull();
  });

  it('makes a link, checking the name and lifetime first, and shows it once with a copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const created: CustodyPoolLinkCreated = { partner: poolPartnerOf({ id: '70', partnerName: 'Luxor' }), link };
    const spy = stubServer({ [`POST ${custodyPaths.poolPartners}`]: created });
    renderAt();
    await screen.findByTestId('pool-table', {}, slow);
    const listReads = getsOf(spy, custodyPaths.poolPartners);
    await user.click(screen.getByTestId('pool-create'));
    await screen.findByTestId('pool-link-form');

    await user.click(screen.getByTestId('pool-link-submit'));
    await expectErrorAt('pool-link-account', 'Choose a custody account');
    await fill(user, 'pool-link-partner', 'x'.repeat(51));
    await user.clear(screen.getByTestId('pool-link-days'));
    await user.type(screen.getByTestId('pool-link-days'), '31');
    await user.click(screen.getByTestId('pool-link-submit'));
    await expectErrorAt('pool-link-partner', errorMessage('custodyPoolPartnerNameInvalid', 'en', { max: 50 }));
    await expectErrorAt('pool-link-days', errorMessage('custodyPoolLinkDaysInvalid', 'en', { max: 30 }));
    expect(postedTo(spy, custodyPaths.poolPartners)).toEqual([]);

    await choose(user, 'pool-link-account', 'Treasury hot');
    await choose(user, 'pool-link-coin', 'BTC');
    await waitFor(() => expect(within(screen.getByTestId('pool-link-chain')).getByText('Bitcoin')).toBeTruthy());
    await fill(user, 'pool-link-partner', '  Luxor ');
    await user.clear(screen.getByTestId('pool-link-days'));
    await user.type(screen.getByTestId('pool-link-days'), '14');
    await user.click(screen.getByTestId('pool-link-submit'));

    const shown = await screen.findByTestId('pool-link-created', {}, slow);
    expect(postedTo(spy, custodyPaths.poolPartners)).toEqual([
      { accountId: '7', coin: 'BTC', chain: 'bitcoin', partnerName: 'Luxor', expiresInDays: 14 },
    ]);
    expect(shown.textContent).toContain('Link for Luxor made');
    expect(shown.textContent).toContain('This link is shown only now');
    expect((screen.getByTestId('pool-link-url') as HTMLTextAreaElement).value).toBe(link);
    await user.click(screen.getByTestId('pool-link-copy'));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copied', {}, slow)).toBeTruthy();
    // The list is read again behind the dialog.
    await waitFor(() => expect(getsOf(spy, custodyPaths.poolPartners)).toBeGreaterThan(listReads));
    // Closed, the link is gone: a new dialog starts with an empty form.
    await user.click(screen.getByTestId('pool-link-close'));
    await user.click(screen.getByTestId('pool-create'));
    expect(await screen.findByTestId('pool-link-form', {}, slow)).toBeTruthy();
    expect(screen.queryByTestId('pool-link-url')).toBeNull();
  });

  it("shows the server's refusal at its field, and the dialog stays for another try", async () => {
    const user = userEvent.setup();
    stubServer({
      [`POST ${custodyPaths.poolPartners}`]: new CustodyOrgEnvelope(
        errorCatalogue.depositNotAvailable.code,
        errorMessage('depositNotAvailable', 'en'),
        { field: 'chain' },
      ),
    });
    renderAt();
    await screen.findByTestId('pool-table', {}, slow);
    await user.click(screen.getByTestId('pool-create'));
    await screen.findByTestId('pool-link-form');
    await choose(user, 'pool-link-account', 'Reserve cold');
    await choose(user, 'pool-link-coin', 'XRP');
    await fill(user, 'pool-link-partner', 'Ripple Pool');
    await user.click(screen.getByTestId('pool-link-submit'));
    await expectErrorAt('pool-link-chain', errorMessage('depositNotAvailable', 'en'));
    expect(screen.getByTestId('pool-link-form')).toBeTruthy();
  });

  it('revokes an open link and unlinks a linked partner, each after confirmation', async () => {
    const user = userEvent.setup();
    const spy = stubServer({
      [`POST ${custodyPaths.revokePoolLink.replace(':id', '60')}`]: poolPartnerOf({ state: 'revoked' }),
      [`POST ${custodyPaths.unlinkPoolPartner.replace(':id', '61')}`]: poolPartnerOf({ id: '61', state: 'unlinked' }),
    });
    renderAt();
    await screen.findByTestId('pool-table', {}, slow);
    await user.click(screen.getByTestId('pool-revoke-60'));
    expect(await screen.findByText('The link for Foundry USA stops working at once. You can make a new one later.', {}, slow)).toBeTruthy();
    await user.click(screen.getByTestId('pool-revoke-confirm'));
    expect(await screen.findByText('The link for Foundry USA was revoked', {}, slow)).toBeTruthy();
    expect(postedTo(spy, custodyPaths.revokePoolLink.replace(':id', '60'))).toHaveLength(1);

    await user.click(screen.getByTestId('pool-unlink-61'));
    expect(
      await screen.findByText(/Payouts from bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq will no longer show ViaBTC/, {}, slow),
    ).toBeTruthy();
    await user.click(screen.getByTestId('pool-unlink-confirm'));
    expect(await screen.findByText('ViaBTC was unlinked', {}, slow)).toBeTruthy();
    expect(postedTo(spy, custodyPaths.unlinkPoolPartner.replace(':id', '61'))).toHaveLength(1);
  });

  it('without links offers the first; without accounts points to common settings; a failed load offers a retry', async () => {
    stubServer({ [`GET ${custodyPaths.poolPartners}`]: [] });
    renderAt();
    const empty = await screen.findByTestId('pool-empty', {}, slow);
    expect(within(empty).getByTestId('pool-create-empty')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();

    stubServer({ [`GET ${custodyPaths.poolPartners}`]: [], [custodyPaths.accounts]: [] });
    renderAt('zh-CN');
    const none = await screen.findByTestId('pool-no-accounts', {}, slow);
    expect(none.textContent).toContain('暂无托管账户');
    expect(within(none).getByRole('link', { name: '在通用设置中开立托管账户' })).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();

    let calls = 0;
    const user = userEvent.setup();
    stubServer({
      [`GET ${custodyPaths.poolPartners}`]: () => {
        calls += 1;
        return calls === 1 ? new CustodyOrgEnvelope(errorCatalogue.serviceUnavailable.code, errorMessage('serviceUnavailable', 'en')) : [];
      },
    });
    renderAt();
    const failed = await screen.findByTestId('custody-load-error', {}, slow);
    expect(failed.textContent).toContain(errorMessage('serviceUnavailable', 'en'));
    await user.click(screen.getByTestId('custody-load-error-retry'));
    expect(await screen.findByTestId('pool-empty', {}, slow)).toBeTruthy();
  });

  it('speaks Russian', async () => {
    stubServer();
    renderAt('ru');
    const table = await screen.findByTestId('pool-table', {}, slow);
    expect(screen.getByTestId('custody-mining-pool-page').textContent).toContain('Партнёры — майнинговые пулы');
    expect(screen.getByTestId('pool-state-61').textContent).toBe('Привязан');
    expect(within(table).getByText('Отвязать')).toBeTruthy();
  });
});
