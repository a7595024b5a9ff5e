import type { PreWithdraw } from '@coffer/contract';
import { identityPaths } from '@coffer/contract/identity-paths';
import { startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { withdrawalRecord } from '../../../../test/funds-fixtures';
import { callsTo, stubFundsApi } from './funds-test-server';
import { WithdrawConfirm } from './withdraw-confirm';

vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(startAuthentication).mockReset();
});

const withdrawPath = '/wallet/client/withdraw/USDT/ethereum';
const assertionOptions = { challenge: 'transfer-challenge', allowCredentials: [{ id: 'cred-1' }] };
const assertion = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {}, clientExtensionResults: {} };

const prepared: PreWithdraw = {
  coin: 'USDT',
  chain: 'ethereum',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  tag: null,
  amount: '25',
  fee: '2',
  totalDebit: '27',
  available: '100',
  usdValue: '25',
  isInner: false,
  innerAccountMasked: null,
  needsTagConfirmation: false,
  skipsVerification: false,
  needsSecondConfirmation: false,
  secondFactor: 'email',
};

/** The confirm step over a server whose customer has (or has not) a passkey. */
function renderConfirm(hasPasskey: boolean) {
  const fetchSpy = stubFundsApi({
    [identityPaths.twofaStatus]: { twofaList: ['email'], hasPasskey, maskedEmail: 'ab***@example.com', maskedPhone: null },
    [identityPaths.passkeyAssertionOptions]: assertionOptions,
    [withdrawPath]: { record: withdrawalRecord(), confirmationCode: null },
  });
  const onDone = vi.fn();
  renderPage(
    <WithdrawConfirm
      prepared={prepared}
      draft={{ coin: 'USDT', chain: 'ethereum', address: prepared.address, tag: '', amount: '25', confirmEmptyTag: false }}
      requestId="request-1"
      onBack={() => undefined}
      onDone={onDone}
    />,
    { path: '/' },
  );
  return { fetchSpy, onDone };
}

describe('WithdrawConfirm with a passkey', { timeout: 20_000 }, () => {
  it('offers no passkey to a customer without one: the e-mail code is asked', async () => {
    const { fetchSpy } = renderConfirm(false);
    await waitFor(() => expect(callsTo(fetchSpy, 'POST', identityPaths.twofaStatus)).toHaveLength(1));
    expect(await screen.findByTestId('withdraw-code')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-use-passkey')).toBeNull();
  });

  it('sends the fund password and, in place of the code, an assertion for a transfer challenge asked for on confirmation', async () => {
    const { fetchSpy, onDone } = renderConfirm(true);
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('withdraw-use-passkey'));
    expect(screen.queryByTestId('withdraw-code')).toBeNull();
    expect(screen.getByTestId('withdraw-passkey-chosen').textContent).toContain('your browser asks for it when you submit');
    expect(startAuthentication).not.toHaveBeenCalled();

    // The fund password is still required.
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Enter your fund password')).toBeTruthy();
    expect(callsTo(fetchSpy, 'POST', identityPaths.passkeyAssertionOptions)).toEqual([]);

    await user.type(screen.getByTestId('withdraw-fund-password'), '258036');
    await user.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(callsTo(fetchSpy, 'POST', identityPaths.passkeyAssertionOptions)).toEqual([{ purpose: 'transfer' }]);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: assertionOptions });
    expect(callsTo(fetchSpy, 'POST', withdrawPath)).toEqual([
      { address: prepared.address, amount: '25', requestId: 'request-1', fundPassword: '258036', passkey: assertion },
    ]);
  });

  it('says so when the passkey prompt is cancelled, sends nothing, and asks again on the next try', async () => {
    const { fetchSpy, onDone } = renderConfirm(true);
    vi.mocked(startAuthentication).mockRejectedValueOnce(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('withdraw-use-passkey'));
    await user.type(screen.getByTestId('withdraw-fund-password'), '258036');
    await user.click(screen.getByTestId('withdraw-submit'));

    expect((await screen.findByTestId('withdraw-passkey-problem')).textContent).toContain('The passkey prompt was closed or timed out');
    expect(callsTo(fetchSpy, 'POST', withdrawPath)).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();

    vi.mocked(startAuthentication).mockResolvedValueOnce(assertion as never);
    await user.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(callsTo(fetchSpy, 'POST', identityPaths.passkeyAssertionOptions)).toHaveLength(2);
    expect(screen.queryByTestId('withdraw-passkey-problem')).toBeNull();
  });
});
