import { custodyBatchBodySchema, custodyPaths, errorCatalogue, errorMessage, type CustodyBatchValidation } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts, choose } from '../components/custody-config-test-kit';
import { CustodyOrgEnvelope, postedTo, stubCustodyOrgApi } from '../components/custody-org-test-kit';
import { orderLines, renderCustodyOrders } from '../components/custody-orders-test-kit';
import { meOf } from '../components/custody-test-kit';
import { BatchWithdrawPage } from './batch-withdraw-page';

const slow = { timeout: 5_000 };
const address = '0x52908400098527886E0F7030069857D2E4169EE7';
const goodCsv = `coin,network,amount,address,tag,note\r\nUSDT,ethereum,10,${address},,a\r\nETH,ethereum,0.5,${address},,b\r\n`;

const rowOf = (line: number, overrides: Partial<CustodyBatchValidation['rows'][number]> = {}) => ({
  line,
  coin: 'USDT',
  network: 'ethereum',
  amount: '10',
  address,
  tag: '',
  note: '',
  fee: '2',
  problems: [],
  ...overrides,
});

const clean: CustodyBatchValidation = {
  clean: true,
  rowCount: 2,
  problemRows: 0,
  totals: [
    { coin: 'USDT', amount: '10', fee: '2' },
    { coin: 'ETH', amount: '0.5', fee: '0.001' },
  ],
  rows: [rowOf(3), rowOf(4, { coin: 'ETH', amount: '0.5', fee: '0.001' })],
};

const problem = (key: keyof typeof errorCatalogue, field: string | null, language: 'en' | 'zh-CN' = 'en') => ({
  code: errorCatalogue[key].code,
  message: errorMessage(key, language),
  field,
});

const bad = (language: 'en' | 'zh-CN' = 'en'): CustodyBatchValidation => ({
  clean: false,
  rowCount: 3,
  problemRows: 2,
  totals: [{ coin: 'USDT', amount: '10', fee: '2' }],
  rows: [
    rowOf(3),
    rowOf(4, { coin: 'DOGE', fee: null, problems: [problem('importedCoinMismatch', 'coin', language)] }),
    rowOf(5, { amount: '=1+1', fee: null, problems: [problem('custodyBatchFormulaCell', 'amount', language)] }),
  ],
});

function stubServer(answers: Record<string, unknown> = {}) {
  return stubCustodyOrgApi({
    [custodyPaths.me]: meOf(['orders']),
    [custodyPaths.orderLines]: orderLines,
    [custodyPaths.accounts]: accounts,
    [`POST ${custodyPaths.batchValidate}`]: clean,
    [`POST ${custodyPaths.batches}`]: {
      id: '61',
      lineId: '1',
      accountId: '7',
      state: 'pending_review',
      orderIds: ['90', '91'],
      submittedAt: '2026-11-29T10:00:00.000Z',
    },
    ...answers,
  });
}

const renderBatch = (language?: 'en' | 'zh-CN') =>
  renderCustodyOrders(<BatchWithdrawPage />, { path: '/custody/withdraw/batch', language });

const csvFile = (text: string, name = 'payroll.csv') => new File([text], name, { type: 'text/csv' });

async function chooseLineAndAccount(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByTestId('batch-form', {}, slow);
  await choose(user, 'batch-line', 'Payroll');
  await choose(user, 'batch-account', 'Treasury hot');
}

function uploadInput(): HTMLInputElement {
  const input = screen.getByTestId('custody-batch-withdraw-page').querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BatchWithdrawPage', { timeout: 60_000 }, () => {
  it('loads the lines with orders only, shows the chosen line and offers its accounts only', async () => {
    const user = userEvent.setup();
    stubServer();
    renderBatch();
    expect(screen.getByTestId('batch-loading')).toBeTruthy();
    await screen.findByTestId('batch-form', {}, slow);
    expect(screen.getByTestId('batch-template').hasAttribute('disabled')).toBe(true);
    await choose(user, 'batch-line', 'Treasury');
    const card = screen.getByTestId('batch-line-card');
    expect(card.textContent).toContain('Coins:BTC');
    expect(card.textContent).toContain('Approvals required: 1');
    // Treasury pays from the cold account only: it is chosen for the user.
    expect(within(screen.getByTestId('batch-account')).getByText('Reserve cold')).toBeTruthy();
    expect(screen.getByTestId('batch-template').hasAttribute('disabled')).toBe(false);
  });

  it('pre-validates a clean CSV row by row with totals and fees, submits it once and opens the batch in the order list', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    const view = renderBatch();
    await chooseLineAndAccount(user);
    await user.upload(uploadInput(), csvFile(goodCsv));
    const verdict = await screen.findByTestId('batch-verdict', {}, slow);
    expect(verdict.textContent).toContain('All 2 rows are valid');
    const [validated] = postedTo(spy, custodyPaths.batchValidate) as Array<Record<string, string>>;
    expect(validated).toMatchObject({ lineId: '1', accountId: '7', fileName: 'payroll.csv' });
    expect(Buffer.from(validated!.content!, 'base64').toString()).toBe(goodCsv);
    const totals = screen.getByTestId('batch-totals');
    expect(totals.textContent).toContain('USDT');
    expect(totals.textContent).toContain('0.001');
    const rows = within(screen.getByTestId('batch-rows')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('3');
    expect(rows[1]!.textContent).toContain('Valid');

    const submit = screen.getByTestId('batch-submit');
    expect(submit.hasAttribute('disabled')).toBe(false);
    expect(submit.textContent).toContain('Submit 2 withdrawals');
    await user.dblClick(submit);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/custody/withdrawOrders'), slow);
    expect(view.router.state.location.search).toBe('?batch=61');
    const posted = postedTo(spy, custodyPaths.batches);
    expect(posted).toHaveLength(1);
    const body = custodyBatchBodySchema.parse(posted[0]);
    expect(body).toMatchObject({ lineId: '1', accountId: '7', fileName: 'payroll.csv', content: validated!.content });
  });

  it('shows each bad row with its §8 message, the problem rows first, and does not allow submitting', async () => {
    const user = userEvent.setup();
    const spy = stubServer({ [`POST ${custodyPaths.batchValidate}`]: bad() });
    renderBatch();
    await chooseLineAndAccount(user);
    await user.upload(uploadInput(), csvFile(goodCsv));
    const verdict = await screen.findByTestId('batch-verdict', {}, slow);
    expect(verdict.textContent).toContain('2 of 3 rows have problems');
    const problems = screen.getAllByTestId('batch-row-problems').map((element) => element.textContent);
    expect(problems).toEqual([
      `Coin: ${errorMessage('importedCoinMismatch', 'en')}`,
      `Amount: ${errorMessage('custodyBatchFormulaCell', 'en')}`,
    ]);
    expect(within(screen.getByTestId('batch-rows')).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('batch-submit').hasAttribute('disabled')).toBe(true);
    // All rows on demand, the valid one among them.
    await user.click(screen.getByText('All rows (3)'));
    expect(within(screen.getByTestId('batch-rows')).getAllByRole('row')).toHaveLength(4);
    await user.click(screen.getByTestId('batch-submit'));
    expect(postedTo(spy, custodyPaths.batches)).toHaveLength(0);
  });

  it('refuses a file that is not CSV before sending it, and shows the server refusing the whole file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const spy = stubServer({
      [`POST ${custodyPaths.batchValidate}`]: new CustodyOrgEnvelope(
        errorCatalogue.importedBusinessLineMismatch.code,
        errorMessage('importedBusinessLineMismatch', 'en'),
      ),
    });
    renderBatch();
    await chooseLineAndAccount(user);
    await user.upload(uploadInput(), new File(['PK\u0003\u0004'], 'payroll.xlsx'));
    expect((await screen.findByTestId('batch-file-error', {}, slow)).textContent).toBe(errorMessage('csvRequired', 'en'));
    await user.upload(uploadInput(), csvFile('', 'empty.csv'));
    expect(screen.getByTestId('batch-file-error').textContent).toBe(errorMessage('csvRequired', 'en'));
    expect(postedTo(spy, custodyPaths.batchValidate)).toHaveLength(0);
    await user.upload(uploadInput(), csvFile(goodCsv));
    await waitFor(
      () => expect(screen.getByTestId('batch-file-error').textContent).toBe(errorMessage('importedBusinessLineMismatch', 'en')),
      slow,
    );
    expect(screen.queryByTestId('batch-submit')).toBeNull();
  });

  it('speaks Simplified Chinese, the row messages in it too', async () => {
    const user = userEvent.setup();
    stubServer({ [`POST ${custodyPaths.batchValidate}`]: bad('zh-CN') });
    renderBatch('zh-CN');
    await screen.findByTestId('batch-form', {}, slow);
    expect(screen.getByTestId('custody-batch-withdraw-page').textContent).toContain('批量提币');
    await choose(user, 'batch-line', 'Payroll');
    await choose(user, 'batch-account', 'Treasury hot');
    await user.upload(uploadInput(), csvFile(goodCsv));
    expect((await screen.findByTestId('batch-verdict', {}, slow)).textContent).toContain('3 行中有 2 行存在问题');
    expect(screen.getAllByTestId('batch-row-problems')[0]!.textContent).toBe(`币种: ${errorMessage('importedCoinMismatch', 'zh-CN')}`);
  });
});
