import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeLoginPrompt, isLoginPromptOpen } from '../ui/login-prompt-store';
import { closeToast, currentToasts } from '../ui/toast-store';
import { ApiError, apiData, apiRequest, configureHttpClient } from './http-client';

const texts = { 'http.netError': 'Net Error', 'http.networkError': 'Network Error,Please try later' } as const;
let language: 'en' | 'ru' = 'en';

function answer(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  language = 'en';
  configureHttpClient({ language: () => language, text: (key) => texts[key], nativeToken: () => null });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  closeToast('error');
  closeToast('success');
  closeLoginPrompt();
});

describe('apiRequest', () => {
  it('sends the headers of spec §7', async () => {
    language = 'ru';
    configureHttpClient({ language: () => language, text: (key) => texts[key], nativeToken: () => 'app-token' });
    fetchMock.mockResolvedValue(answer({ code: 0, msg: 'ok', data: { a: 1 } }));
    await apiRequest('/wallet/client/bit-assets', { query: { pageNo: 1, coin: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/wallet/client/bit-assets?pageNo=1');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({ 'language-type': '2', 'client-version': 'web', 'jwt-token': 'app-token' });
  });

  it('resolves success and shows the success toast when asked', async () => {
    fetchMock.mockResolvedValue(answer({ code: 0, msg: 'ok', data: 7 }));
    expect(await apiData<number>('/x', { successText: 'Saved' })).toBe(7);
    expect(currentToasts().success?.text).toBe('Saved');
    expect(currentToasts().error).toBeNull();
  });

  it('treats the silent codes as non-errors', async () => {
    for (const code of [10004011, -10092, -10093, -10102, -10096, -10097, -10071, -10094, 25000008, -10113]) {
      fetchMock.mockResolvedValueOnce(answer({ code, msg: 'quiet', data: null }));
      await expect(apiRequest('/x')).resolves.toMatchObject({ code });
    }
    expect(currentToasts().error).toBeNull();
  });

  it('shows -10094 as an error on the withdraw-check call', async () => {
    fetchMock.mockResolvedValue(answer({ code: -10094, msg: 'forbidden', data: null }));
    await expect(apiRequest('/wallet/client/userCanWithdraw', { isWithdrawCheck: true })).rejects.toBeInstanceOf(ApiError);
    expect(currentToasts().error?.text).toBe('Withdrawals are currently forbidden for this account');
  });

  it('prefers the mapped text, then the message, then Net Error', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 17000001, msg: 'server words', data: null }));
    await expect(apiRequest('/x')).rejects.toThrow('Insufficient balance');
    fetchMock.mockResolvedValueOnce(answer({ code: 55555555, message: 'from message', data: null }));
    await expect(apiRequest('/x')).rejects.toThrow('from message');
    fetchMock.mockResolvedValueOnce(answer({ code: 55555555, msg: '', data: null }));
    await expect(apiRequest('/x')).rejects.toThrow('Net Error');
    expect(currentToasts().error?.text).toBe('Net Error');
  });

  it('keeps the field the envelope names on the error', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({ code: 22000003, msg: 'Please check this field: idNumber', data: { requestId: 'r1', field: 'idNumber' } }),
    );
    await expect(apiRequest('/x')).rejects.toMatchObject({ code: 22000003, field: 'idNumber' });
    fetchMock.mockResolvedValueOnce(answer({ code: 17000001, msg: '', data: { requestId: 'r2' } }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ field: null });
  });

  it('uses the server text when the mapped one needs its placeholders filled', async () => {
    fetchMock.mockResolvedValue(answer({ code: 19000002, msg: 'Missing required parameter: amount', data: null }));
    await expect(apiRequest('/x')).rejects.toThrow('Missing required parameter: amount');
  });

  it('says Network Error,Please try later when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/x')).rejects.toMatchObject({ isNetworkFailure: true });
    expect(currentToasts().error?.text).toBe('Network Error,Please try later');
  });

  it('gives up after the timeout', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError')));
        }),
    );
    await expect(apiRequest('/x', { timeoutMs: 20 })).rejects.toMatchObject({ isNetworkFailure: true });
  });

  it('opens the login prompt once for HTTP 401 and body code 403, rejecting with redirect401', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 16000003, msg: 'no', data: null }, 401));
    fetchMock.mockResolvedValueOnce(answer({ code: 403, msg: 'Please log in first', data: null }));
    const first = apiRequest('/a');
    const second = apiRequest('/b');
    await expect(first).rejects.toMatchObject({ isRedirect401: true });
    await expect(second).rejects.toMatchObject({ isRedirect401: true });
    expect(isLoginPromptOpen()).toBe(true);
    expect(currentToasts().error).toBeNull();
  });

  it('hands an HTTP 401 to onUnauthorized instead of the login prompt, and toasts nothing when quiet', async () => {
    const onUnauthorized = vi.fn();
    fetchMock.mockResolvedValueOnce(answer({ code: 15000020, msg: 'log in', data: null }, 401));
    fetchMock.mockResolvedValueOnce(answer({ code: 17000003, msg: '', data: null }));
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(apiRequest('/admin/api/v1/me', { onUnauthorized, isQuiet: true })).rejects.toMatchObject({ isRedirect401: true });
    await expect(apiRequest('/admin/api/v1/x', { isQuiet: true })).rejects.toThrow('You cannot transfer to yourself');
    await expect(apiRequest('/admin/api/v1/y', { isQuiet: true })).rejects.toMatchObject({ isNetworkFailure: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(isLoginPromptOpen()).toBe(false);
    expect(currentToasts().error).toBeNull();
  });

  it('keeps one error toast at a time', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 17000001, msg: '', data: null }));
    fetchMock.mockResolvedValueOnce(answer({ code: 17000003, msg: '', data: null }));
    await apiRequest('/a').catch(() => undefined);
    await apiRequest('/b').catch(() => undefined);
    expect(currentToasts().error?.text).toBe('You cannot transfer to yourself');
  });

  it('says Net Error when the answer is not an envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>gateway</html>', { status: 200 }));
    await expect(apiRequest('/x')).rejects.toThrow('Net Error');
  });
});
