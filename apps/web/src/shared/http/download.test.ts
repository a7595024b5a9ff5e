import { defineEndpoint } from '@coffer/contract/endpoint';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { closeToast, currentToasts } from '../ui/toast-store';
import { download, fileNameOf } from './download';
import { ApiError, configureHttpClient } from './http-client';

const exportFile = defineEndpoint({
  method: 'GET',
  path: '/reports/:id/export',
  tags: ['test'],
  summary: 'a file',
  params: z.object({ id: z.string() }),
  query: z.object({ format: z.enum(['csv', 'xlsx']), lang: z.string().optional() }),
});

let saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  configureHttpClient({ language: () => 'ru', text: (key) => key, nativeToken: () => null });
  saved = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (blob: Blob) => {
      const address = `blob:test/${blobs.size + 1}`;
      blobs.set(address, blob);
      return address;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  closeToast('error');
});

function answer(body: string, headers: Record<string, string>, status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status, headers }));
}

describe('download', () => {
  it('fetches the endpoint with the path filled, the query, the language header and the cookie, and saves the file under its name', async () => {
    const spy = answer('a,b\n1,2\n', { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report_2026.csv"' });
    const progress: number[] = [];
    const name = await download(
      exportFile,
      { params: { id: '7' }, query: { format: 'csv', lang: 'ru' } },
      { fallbackName: 'report.csv', onProgress: (bytes) => progress.push(bytes) },
    );
    expect(name).toBe('report_2026.csv');
    const [input, init] = spy.mock.calls[0]!;
    expect(input).toBe('/reports/7/export?format=csv&lang=ru');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>)['language-type']).toBe('2');
    expect(saved.map((file) => file.name)).toEqual(['report_2026.csv']);
    expect(await saved[0]?.blob.text()).toBe('a,b\n1,2\n');
    expect(progress.at(-1)).toBe(8);
  });

  it('uses the fallback name when the answer names none', async () => {
    answer('PK', { 'content-type': 'application/octet-stream' });
    expect(await download(exportFile, { params: { id: '7' }, query: { format: 'xlsx' } }, { fallbackName: 'report.xlsx' })).toBe(
      'report.xlsx',
    );
    expect(saved.map((file) => file.name)).toEqual(['report.xlsx']);
  });

  it('rejects an error envelope with its code and message, toasts it unless quiet, and saves nothing', async () => {
    answer(JSON.stringify({ code: 15000059, msg: 'range', data: { field: 'end' } }), { 'content-type': 'application/json' });
    const failure = await download(
      exportFile,
      { params: { id: '7' }, query: { format: 'csv' } },
      { fallbackName: 'r.csv', isQuiet: true },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 15000059, field: 'end' });
    expect(currentToasts().error).toBeNull();
    expect(saved).toEqual([]);

    answer(JSON.stringify({ code: 15000059, msg: 'range', data: null }), { 'content-type': 'application/json' }, 400);
    await expect(download(exportFile, { params: { id: '7' }, query: { format: 'csv' } }, { fallbackName: 'r.csv' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(currentToasts().error?.text).toBeTruthy();
  });

  it('reads the file name of Content-Disposition, plain or encoded', () => {
    expect(fileNameOf('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.xlsx")).toBe('报表.xlsx');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('inline')).toBeNull();
  });
});
