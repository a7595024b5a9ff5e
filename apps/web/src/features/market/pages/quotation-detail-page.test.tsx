import { errorMessage } from '@coffer/contract/errors';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { StubFailure, stubWalletApi } from '../../../../test/wallet-render';
import { QuotationDetailPage } from './quotation-detail-page';

beforeEach(() => {
  // No live feed in this test: the page reads as "connecting".
  vi.stubGlobal('WebSocket', undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('QuotationDetailPage', { timeout: 20_000 }, () => {
  it('says a coin is not supported, with no retry that cannot help', async () => {
    const notSupported = new StubFailure(21000001);
    stubWalletApi({ '/rate/anon/api/quotations/DOGE': notSupported, '/rate/anon/api/quotations': notSupported });
    renderPage(<QuotationDetailPage />, { path: '/propertyCenter/quotation/detail/:action', url: '/propertyCenter/quotation/detail/doge' });

    expect(
      await screen.findByText(errorMessage('coinNotSupported', 'en'), { selector: '.ant-result-title' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByText('Could not load the markets')).toBeNull();
  });

  it('keeps the retry when the server did not answer', async () => {
    stubWalletApi({
      '/rate/anon/api/quotations/BTC': new StubFailure(19000010, 503),
      '/rate/anon/api/quotations': new StubFailure(19000010, 503),
    });
    renderPage(<QuotationDetailPage />, { path: '/propertyCenter/quotation/detail/:action', url: '/propertyCenter/quotation/detail/btc' });

    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Could not load the markets')).toBeTruthy();
  });
});
