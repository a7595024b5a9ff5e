import { custodyPaths, errorCatalogue, errorMessage, walletPaths } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts, choose, currencies, expectErrorAt, fill } from './custody-config-test-kit';
import { balances, moveOf, renderCustodyMoney, requestedUrls, stubMoneyApi } from './custody-money-test-kit';
import { CustodyOrgEnvelope, postedTo } from './custody-org-test-kit';
import { meOf } from './custody-test-kit';
import { useInternalMove, type MoveStart } from './internal-move-dialog';

const slow = { timeout: 5_000 };

/** Where a page offers the move: a button opening it with `start`. */
function MoveHarness({ start }: { start?: MoveStart }) {
  const move = useInternalMove();
  return (
    <>
      <button type="button" onClick={() => move.open(start)}>
        Open move
      </button>
      {move.dialog}
    </>
  );
}

function stubServer(answers: Record<string, unknown> = {}) {
  return stubMoneyApi({
    [custodyPaths.me]: meOf(['orders']),
    [custodyPaths.accounts]: accounts,
    [custodyPaths.balances]: balances,
    [walletPaths.currencies]: currencies,
    [`POST ${custodyPaths.internalMoves}`]: moveOf(),
    ...answers,
  });
}

const renderHarness = (start?: MoveStart, language?: 'en' | 'ru' | 'zh-CN' | 'zh-TW') =>
  renderCustodyMoney(<MoveHarness start={start} />, { path: '/custody/assetReport', language });

async function openDialog(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Open move' }));
  return screen.findByTestId('move-form', {}, slow);
}

type MoveBody = { requestId: string; fromAccountId: string; toAccountId: string; coin: string; amount: string; note: string };
const moves = (spy: ReturnType<typeof stubServer>) => postedTo(spy, custodyPaths.internalMoves) as MoveBody[];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('InternalMoveDialog', { timeout: 60_000 }, () => {
  it('starts from the row chosen, to an account of the other kind, with what is available and a note counter', async () => {
    const user = userEvent.setup();
    stubServer();
    renderHarness({ fromAccountId: '7', coin: 'USDT' });
    const form = await openDialog(user);
    expect(within(screen.getByTestId('move-from')).getByText('Treasury hot · Hot storage · Enterprise')).toBeTruthy();
    expect(within(screen.getByTestId('move-to')).getByText('Reserve cold · Cold storage · Prime')).toBeTruthy();
    expect(within(screen.getByTestId('move-coin')).getByText('USDT')).toBeTruthy();
    expect(screen.getByTestId('move-available').textContent).toBe('Available: 1,234.56 USDT');
    expect(screen.getByTestId('move-note').closest('.ant-input-textarea-affix-wrapper, .ant-input-affix-wrapper')?.textContent).toContain(
      '0 / 150',
    );
    await user.click(screen.getByTestId('move-max'));
    expect((screen.getByTestId('move-amount') as HTMLInputElement).value).toBe('1234.56');
    expect(form.textContent).toContain('recorded in the transfer history of both accounts');
  });

  it('checks the amount and note before sending: required, a number, the coin’s decimals, at most the available, 150 characters', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    renderHarness({ fromAccountId: '7', coin: 'USDT' });
    await openDialog(user);
    await user.click(screen.getByTestId('move-submit'));
    await expectErrorAt('move-amount', 'Enter an amount');
    await fill(user, 'move-amount', 'abc');
    await expectErrorAt('move-amount', 'Enter a number, such as 0.5');
    await fill(user, 'move-amount', '1.1234567');
    await expectErrorAt('move-amount', 'At most 6 decimal places for USDT');
    await fill(user, 'move-amount', '1234.57');
    await expectErrorAt('move-amount', 'More than the available 1,234.56 USDT');
    await fill(user, 'move-amount', '0');
    await expectErrorAt('move-amount', 'Enter an amount greater than 0');
    await fill(user, 'move-note', 'n'.repeat(151));
    await user.click(screen.getByTestId('move-submit'));
    await expectErrorAt('move-note', errorMessage('custodyNoteTooLong', 'en', { max: 150 }));
    expect(moves(spy)).toEqual([]);
  });

  it('moves once for a double click, with one request id, then says so and refreshes the figures', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    renderHarness({ fromAccountId: '7', coin: 'BTC' });
    await openDialog(user);
    await fill(user, 'move-amount', '0,5');
    await fill(user, 'move-note', 'Sweep');
    const balanceReads = requestedUrls(spy, custodyPaths.balances).length;
    await user.dblClick(screen.getByTestId('move-submit'));
    expect(await screen.findByText('Moved 0.50000000 BTC from Treasury hot to Reserve cold', {}, slow)).toBeTruthy();
    const sent = moves(spy);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      requestId: expect.stringMatching(/^[\w-]{8,64}$/) as unknown as string,
      fromAccountId: '7',
      toAccountId: '8',
      coin: 'BTC',
      amount: '0.5',
      note: 'Sweep',
    });
    await waitFor(() => expect(requestedUrls(spy, custodyPaths.balances).length).toBeGreaterThan(balanceReads));
  });

  it('shows a short balance at the amount, refreshes what is available, and retries with the same request id', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const spy = stubServer({
      [`POST ${custodyPaths.internalMoves}`]: () => {
        posts += 1;
        return posts === 1 ? new CustodyOrgEnvelope(errorCatalogue.insufficientBalance.code) : moveOf();
      },
    });
    renderHarness({ fromAccountId: '7', coin: 'BTC' }, 'ru');
    await user.click(screen.getByRole('button', { name: 'Open move' }));
    await screen.findByTestId('move-form', {}, slow);
    const balanceReads = requestedUrls(spy, custodyPaths.balances).length;
    await fill(user, 'move-amount', '3');
    await user.click(screen.getByTestId('move-submit'));
    await expectErrorAt('move-amount', errorMessage('insufficientBalance', 'ru'));
    await waitFor(() => expect(requestedUrls(spy, custodyPaths.balances).length).toBeGreaterThan(balanceReads));

    await fill(user, 'move-amount', '0.5');
    await user.click(screen.getByTestId('move-submit'));
    expect(await screen.findByText('Переведено 0,50000000 BTC со счёта Treasury hot на Reserve cold', {}, slow)).toBeTruthy();
    const [first, second] = moves(spy);
    expect(second?.requestId).toBe(first?.requestId);
    expect([first?.amount, second?.amount]).toEqual(['3', '0.5']);
  });

  it('shows the same account at the destination, a conflict in the dialog, and makes a new request id per opening', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const spy = stubServer({
      [`POST ${custodyPaths.internalMoves}`]: () => {
        posts += 1;
        return posts === 1
          ? new CustodyOrgEnvelope(errorCatalogue.custodyMoveSameAccount.code, '', { requestId: 'r', field: 'toAccountId' })
          : new CustodyOrgEnvelope(errorCatalogue.idempotencyConflict.code);
      },
    });
    renderHarness({ fromAccountId: '8' });
    await openDialog(user);
    // Reserve cold holds nothing: no coin to move.
    expect(screen.getByTestId('move-nothing-held').textContent).toBe('This account holds nothing to move yet.');
    await choose(user, 'move-from', 'Treasury hot · Hot storage · Enterprise');
    await choose(user, 'move-coin', 'BTC');
    await fill(user, 'move-amount', '1');
    await user.click(screen.getByTestId('move-submit'));
    await expectErrorAt('move-to', errorMessage('custodyMoveSameAccount', 'en'));
    await user.click(screen.getByTestId('move-submit'));
    expect((await screen.findByTestId('move-form-error', {}, slow)).textContent).toContain(errorMessage('idempotencyConflict', 'en'));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await openDialog(user);
    await choose(user, 'move-from', 'Treasury hot · Hot storage · Enterprise');
    await choose(user, 'move-coin', 'BTC');
    await fill(user, 'move-amount', '1');
    await user.click(screen.getByTestId('move-submit'));
    await waitFor(() => expect(moves(spy)).toHaveLength(3));
    const ids = moves(spy).map((body) => body.requestId);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('needs two accounts, and shows why the balances could not be read', async () => {
    const user = userEvent.setup();
    stubServer({ [custodyPaths.balances]: { usdValue: '0.00', accounts: balances.accounts.slice(0, 1) } });
    renderHarness();
    await user.click(screen.getByRole('button', { name: 'Open move' }));
    expect((await screen.findByTestId('move-needs-two', {}, slow)).textContent).toContain('needs two custody accounts');
    vi.restoreAllMocks();

    stubServer({ [custodyPaths.balances]: new CustodyOrgEnvelope(errorCatalogue.noPermission.code) });
    renderHarness();
    await user.click(screen.getAllByRole('button', { name: 'Open move' }).at(-1)!);
    expect((await screen.findByTestId('move-load-error', {}, slow)).textContent).toContain(errorMessage('noPermission', 'en'));
  });
});
