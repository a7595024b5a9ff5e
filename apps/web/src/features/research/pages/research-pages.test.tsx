import type { ResearchReport, ResearchReportSummary } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { ResearchListPage } from './research-list-page';
import { ResearchReportPage } from './research-report-page';

const summary = (index: number, extra: Partial<ResearchReportSummary> = {}): ResearchReportSummary => ({
  id: String(index),
  language: 'en',
  channel: 'research',
  slug: `report-${index}`,
  title: `Report number ${index}`,
  summary: `What report ${index} explains.`,
  author: 'Coffer Research',
  publishedAt: `2026-11-${String(20 - index).padStart(2, '0')}T08:00:00.000Z`,
  ...extra,
});

/** The server as envelopes, by path; returns the fetch spy. */
function stubApi(answer: (url: URL) => { code: number; msg?: string; data: unknown; status?: number }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const { status = 200, ...body } = answer(url);
    return new Response(JSON.stringify({ msg: 'ok', ...body }), { status, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => vi.restoreAllMocks());

describe('ResearchListPage', () => {
  it('lists the reports of the page language and channel, each linking to its reading page', async () => {
    const fetchSpy = stubApi((url) => ({
      code: 0,
      data: {
        pageNum: 1,
        pageSize: 10,
        total: 2,
        records: url.pathname.endsWith('/news') ? [summary(9, { channel: 'news', title: 'A platform notice' })] : [summary(1), summary(2)],
      },
    }));
    renderPage(<ResearchListPage />, { path: '/propertyCenter/researchMobile' });

    const list = await screen.findByTestId('research-list');
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Report number 1' }).getAttribute('href')).toBe('/propertyCenter/researchMobile/1');
    expect(within(list).getByText('What report 1 explains.')).toBeTruthy();
    expect(within(list).getAllByText('By Coffer Research')).toHaveLength(2);
    const requested = new URL(String(fetchSpy.mock.calls[0]?.[0]), 'http://localhost');
    expect(requested.pathname).toBe('/pfs/research/anon/report/list/en/research');
    expect(requested.searchParams.get('pageNum')).toBe('1');
    expect(requested.searchParams.get('pageSize')).toBe('10');

    await userEvent.click(screen.getByRole('link', { name: 'News' }));
    expect(await screen.findByRole('link', { name: 'A platform notice' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'News' }).getAttribute('aria-current')).toBe('page');
  });

  it('pages through a long channel', async () => {
    stubApi((url) => {
      const page = Number(url.searchParams.get('pageNum'));
      return {
        code: 0,
        data: {
          pageNum: page,
          pageSize: 10,
          total: 12,
          records: page === 1 ? Array.from({ length: 10 }, (_unused, index) => summary(index + 1)) : [summary(11), summary(12)],
        },
      };
    });
    renderPage(<ResearchListPage />, { path: '/propertyCenter/researchMobile' });
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Report number 12' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when nothing is published, and offers a retry when the call fails', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? { code: 19000010, msg: 'Service temporarily unavailable, please try again later', data: null }
        : { code: 0, data: { pageNum: 1, pageSize: 10, total: 0, records: [] } },
    );
    renderPage(<ResearchListPage />, { path: '/propertyCenter/researchMobile' });
    expect((await screen.findByRole('alert')).textContent).toContain('Service temporarily unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing has been published here yet.')).toBeTruthy();
  });
});

describe('ResearchReportPage', () => {
  const report: ResearchReport = {
    ...summary(3, { title: 'How the ledger works' }),
    paragraphs: ['First paragraph <b>not markup</b>.', 'Second paragraph.', 'Third paragraph.'],
    translations: [{ language: 'ru', id: '30' }],
  };

  it('shows the report as text paragraphs with its meta and a way back', async () => {
    stubApi((url) =>
      url.pathname === '/pfs/research/report/read/3' ? { code: 0, data: report } : { code: 19000020, msg: 'missing', data: null },
    );
    renderPage(<ResearchReportPage />, { path: '/propertyCenter/researchMobile/:reportId', url: '/propertyCenter/researchMobile/3' });

    expect(await screen.findByRole('heading', { level: 1, name: 'How the ledger works' })).toBeTruthy();
    const body = screen.getByTestId('report-body');
    expect(within(body).getAllByText(/paragraph/)).toHaveLength(3);
    expect(body.querySelector('b')).toBeNull();
    expect(within(body).getByText('First paragraph <b>not markup</b>.')).toBeTruthy();
    expect(screen.getByText('By Coffer Research')).toBeTruthy();
    expect(screen.getByText(/not investment advice/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /All research and news/ }).getAttribute('href')).toBe('/propertyCenter/researchMobile');
    await waitFor(() => expect(document.title).toContain('How the ledger works'));
  });

  it('shows the envelope message for an unknown report', async () => {
    stubApi(() => ({ code: 19000020, msg: 'This report does not exist or is no longer published', data: null }));
    renderPage(<ResearchReportPage />, { path: '/propertyCenter/researchMobile/:reportId', url: '/propertyCenter/researchMobile/404' });
    expect(await screen.findByRole('heading', { name: 'Report not found' })).toBeTruthy();
    expect(screen.getByText('This report does not exist or is no longer published')).toBeTruthy();
  });

  it('asks a logged-out reader to log in and come back', async () => {
    stubApi(() => ({ status: 401, code: 403, msg: 'Please log in first', data: null }));
    renderPage(<ResearchReportPage />, { path: '/propertyCenter/researchMobile/:reportId', url: '/propertyCenter/researchMobile/3' });
    const prompt = await screen.findByTestId('research-sign-in');
    expect(within(prompt).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?redirect=%2FpropertyCenter%2FresearchMobile%2F3',
    );
  });
});
