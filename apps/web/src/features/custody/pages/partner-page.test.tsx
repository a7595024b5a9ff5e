import { custodyPaths, errorCatalogue, errorMessage, type CustodyPartnerLinked } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectErrorAt, fill } from '../components/custody-config-test-kit';
import { CustodyOrgEnvelope, postedTo, stubCustodyOrgApi } from '../components/custody-org-test-kit';
import { partnerLinkOf, partnerToken, renderCustodyPool } from '../components/custody-pool-test-kit';
import { PartnerPage } from './partner-page';

const slow = { timeout: 5_000 };
const payout = 'bcrt1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const linked: CustodyPartnerLinked = {
  organisationName: 'Acme Treasury AG',
  accountName: 'Treasury hot',
  partnerName: 'Foundry USA',
  coin: 'BTC',
  chain: 'bitcoin',
  depositAddress: partnerLinkOf().depositAddress,
  memo: null,
  minDeposit: '0.0005',
  confirmationsToCredit: 1,
  payoutAddress: payout,
  linkedAt: '2026-11-22T09:30:00.000Z',
};

function stubServer(answers: Record<string, unknown> = {}) {
  return stubCustodyOrgApi({ [custodyPaths.partnerLink]: partnerLinkOf(), ...answers });
}

const renderAt = (url = `/custody/partner#${partnerToken}`, language?: 'en' | 'ru' | 'zh-CN' | 'zh-TW') =>
  renderCustodyPool(<PartnerPage />, { path: '/custody/partner', url, language });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PartnerPage', { timeout: 60_000 }, () => {
  it("shows whose account the link pays into and the deposit address, asking with the link's secret in the body", async () => {
    const spy = stubServer();
    renderAt();
    const facts = await screen.findByTestId('partner-facts', {}, slow);
    expect(postedTo(spy, custodyPaths.partnerLink)).toEqual([{ token: partnerToken }]);
    // The secret never travels in an address.
    expect(spy.mock.calls.every(([input]) => !String(input).includes(partnerToken))).toBe(true);
    expect(facts.textContent).toContain('Acme Treasury AG');
    expect(facts.textContent).toContain('Treasury hot');
    expect(facts.textContent).toContain('BTC on Bitcoin');
    expect(
      screen.getByText('Acme Treasury AG asks Foundry USA to link the address its payouts come from to a custody account.'),
    ).toBeTruthy();
    expect(screen.getByTestId('partner-deposit-address').textContent).toBe(partnerLinkOf().depositAddress);
    expect(screen.getByAltText('QR code of the deposit address').getAttribute('src')).toBe(partnerLinkOf().qrCode);
    expect(screen.getByTestId('partner-destination').textContent).toContain(
      'At least 0.0005 BTC a payout; credited once the network reaches the confirmations required: 1.',
    );
    expect(screen.queryByTestId('partner-memo')).toBeNull();
  });

  it('links the payout address once it is given with an e-mail and confirmed, and says what happens next', async () => {
    const user = userEvent.setup();
    const spy = stubServer({ [custodyPaths.confirmPartnerLink]: linked });
    renderAt();
    await screen.findByTestId('partner-form', {}, slow);
    await user.click(screen.getByTestId('partner-submit'));
    await expectErrorAt('partner-payout', 'Enter the address your payouts are sent from');
    await expectErrorAt('partner-email', 'Enter a valid e-mail address');
    expect(await screen.findByText('Confirm to link the address', {}, slow)).toBeTruthy();
    expect(postedTo(spy, custodyPaths.confirmPartnerLink)).toEqual([]);

    await fill(user, 'partner-payout', ` ${payout} `);
    await fill(user, 'partner-email', 'payouts@foundry.example');
    await user.click(screen.getByTestId('partner-confirm-check'));
    await user.click(screen.getByTestId('partner-submit'));
    const done = await screen.findByTestId('partner-linked', {}, slow);
    expect(postedTo(spy, custodyPaths.confirmPartnerLink)).toEqual([
      { token: partnerToken, payoutAddress: payout, email: 'payouts@foundry.example' },
    ]);
    expect(done.textContent).toContain('Foundry USA is linked: payouts from this address to Acme Treasury AG are shown with Foundry USA');
    expect(screen.getByTestId('partner-linked-payout').textContent).toBe(payout);
    expect(screen.getByTestId('partner-deposit-address').textContent).toBe(linked.depositAddress);
  });

  it("shows the server's refusal at the payout address and keeps the form", async () => {
    const user = userEvent.setup();
    stubServer({
      [custodyPaths.confirmPartnerLink]: new CustodyOrgEnvelope(
        errorCatalogue.custodyPoolAddressTaken.code,
        errorMessage('custodyPoolAddressTaken', 'en'),
        { field: 'payoutAddress' },
      ),
    });
    renderAt();
    await screen.findByTestId('partner-form', {}, slow);
    await fill(user, 'partner-payout', payout);
    await fill(user, 'partner-email', 'payouts@foundry.example');
    await user.click(screen.getByTestId('partner-confirm-check'));
    await user.click(screen.getByTestId('partner-submit'));
    await expectErrorAt('partner-payout', errorMessage('custodyPoolAddressTaken', 'en'));
    expect(screen.queryByTestId('partner-linked')).toBeNull();
  });

  it('tells of a link that does not work in one sentence, and of a page opened without its link', async () => {
    stubServer({
      [custodyPaths.partnerLink]: new CustodyOrgEnvelope(
        errorCatalogue.custodyPoolLinkInvalid.code,
        errorMessage('custodyPoolLinkInvalid', 'en'),
      ),
    });
    renderAt();
    const refused = await screen.findByTestId('partner-error', {}, slow);
    expect(refused.textContent).toContain('This link does not work');
    expect(refused.textContent).toContain(errorMessage('custodyPoolLinkInvalid', 'en'));
    expect(within(refused).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('partner-form')).toBeNull();
    vi.restoreAllMocks();

    const spy = stubServer();
    renderAt('/custody/partner');
    expect((await screen.findByTestId('partner-no-token', {}, slow)).textContent).toContain('This page needs the link you were sent');
    expect(postedTo(spy, custodyPaths.partnerLink)).toEqual([]);
  });

  it('shows the tag every payout must carry, with its warning, in Chinese', async () => {
    stubServer({
      [custodyPaths.partnerLink]: partnerLinkOf({
        coin: 'XRP',
        chain: 'xrpl',
        depositAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        memo: '104729',
      }),
    });
    renderAt(undefined, 'zh-CN');
    await waitFor(() => expect(screen.getByTestId('partner-memo').textContent).toBe('104729'), slow);
    const destination = screen.getByTestId('partner-destination');
    expect(destination.textContent).toContain('每笔出款都必须填写此标签，否则无法入账。');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('关联出款地址');
  });
});
