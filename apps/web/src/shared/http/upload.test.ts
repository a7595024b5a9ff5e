import { defineEndpoint } from '@coffer/contract/endpoint';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubEnvelopeApi } from '../../../test/envelope-stub';
import { stubXhrThroughFetch } from '../../../test/fake-xhr';
import { closeToast, currentToasts } from '../ui/toast-store';
import { ApiError, configureHttpClient } from './http-client';
import { upload, type UploadProgress } from './upload';

const sendFile = defineEndpoint({
  method: 'POST',
  path: '/files',
  tags: ['test'],
  summary: 'a file',
  query: z.object({ purpose: z.string() }),
  response: z.object({ id: z.string() }),
});

const asEnvelope = (value: unknown) =>
  typeof value === 'object' && value !== null && 'code' in value ? (value as { code: number; msg: string; data: unknown }) : null;

beforeEach(() => {
  configureHttpClient({ language: () => 'en', text: (key) => key, nativeToken: () => null });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  closeToast('error');
});

describe('upload', () => {
  it('reports the bytes sent as they go, then resolves the data', async () => {
    const { sent } = stubXhrThroughFetch({ steps: 4 });
    const spy = stubEnvelopeApi({ 'POST /files': { id: '5' } }, asEnvelope);
    const progress: UploadProgress[] = [];
    const file = new Blob([new Uint8Array(1000)], { type: 'video/webm' });

    expect(await upload(sendFile, { query: { purpose: 'video' }, file }, { onProgress: (each) => progress.push(each) })).toEqual({
      id: '5',
    });
    expect(progress.map((each) => each.percent)).toEqual([25, 50, 75, 100]);
    expect(progress.at(-1)).toEqual({ loaded: 1000, total: 1000, percent: 100 });
    expect(sent[0]?.url).toBe('/files?purpose=video');
    expect(sent[0]?.withCredentials).toBe(true);
    expect(sent[0]?.headers['content-type']).toBe('video/webm');
    expect(sent[0]?.headers['client-version']).toBe('web');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('rejects a refusal with its code and field, and toasts nothing when quiet', async () => {
    stubXhrThroughFetch();
    stubEnvelopeApi({ 'POST /files': { code: 22000010, msg: 'too big', data: { requestId: 'r', field: 'file' } } }, asEnvelope);
    const file = new Blob([new Uint8Array(10)], { type: 'image/png' });

    const failure = await upload(sendFile, { query: { purpose: 'x' }, file }, { onProgress: () => undefined, isQuiet: true }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 22000010, field: 'file' });
    expect(currentToasts().error).toBeNull();
  });

  it('says the network failed when the request gets no answer, with a toast unless quiet', async () => {
    stubXhrThroughFetch();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    const file = new Blob([new Uint8Array(10)], { type: 'image/png' });

    await expect(upload(sendFile, { query: { purpose: 'x' }, file }, { onProgress: () => undefined })).rejects.toMatchObject({
      isNetworkFailure: true,
    });
    expect(currentToasts().error?.text).toBe('http.networkError');
  });
});
