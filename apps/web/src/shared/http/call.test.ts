import { defineEndpoint } from '@coffer/contract/endpoint';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { call, callEnvelope, endpointRoute } from './call';
import { configureHttpClient } from './http-client';

const readItem = defineEndpoint({
  method: 'GET',
  path: '/things/:kind/:id',
  tags: ['test'],
  summary: 'one thing',
  params: z.object({ kind: z.string(), id: z.string() }),
  query: z.object({ page: z.coerce.number().optional() }),
  response: z.object({ name: z.string() }),
});
const renameItem = defineEndpoint({
  method: 'POST',
  path: '/things/rename',
  tags: ['test'],
  summary: 'rename',
  body: z.object({ name: z.string() }),
  response: z.boolean(),
});

const fetchMock = vi.fn<typeof fetch>();
const answer = (data: unknown, code = 0) =>
  new Response(JSON.stringify({ code, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureHttpClient({ language: () => 'en', text: (key) => key, nativeToken: () => null });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('call', () => {
  it('fills the path from params (encoded), adds the query and uses the endpoint’s method', async () => {
    fetchMock.mockResolvedValue(answer({ name: 'lamp' }));
    const thing = await call(readItem, { params: { kind: 'a/b', id: '7' }, query: { page: 2 } });
    expectTypeOf(thing).toEqualTypeOf<{ name: string }>();
    expect(thing).toEqual({ name: 'lamp' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/things/a%2Fb/7?page=2');
    expect(init?.method).toBe('GET');
  });

  it('sends the body as JSON with the endpoint’s method', async () => {
    fetchMock.mockResolvedValue(answer(true));
    expect(await call(renameItem, { body: { name: 'desk' } })).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/things/rename');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"desk"}');
  });

  it('refuses to call a path whose parameter is missing', async () => {
    // @ts-expect-error the endpoint has params, so they are required
    await expect(call(readItem, {})).rejects.toThrow('parameter kind missing');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('callEnvelope resolves a silent code instead of rejecting', async () => {
    fetchMock.mockResolvedValue(answer(null, -10102));
    expect((await callEnvelope(renameItem, { body: { name: 'x' } })).code).toBe(-10102);
  });

  it('calls an endpoint named by its route alone, typed as the endpoint', async () => {
    fetchMock.mockResolvedValue(answer({ name: 'lamp' }));
    const route = endpointRoute<typeof readItem>('GET', '/things/:kind/:id');
    const thing = await call(route, { params: { kind: 'a', id: '7' } });
    expectTypeOf(thing).toEqualTypeOf<{ name: string }>();
    expect(fetchMock.mock.calls[0]![0]).toBe('/things/a/7');
    // @ts-expect-error the path must be the endpoint's
    endpointRoute<typeof readItem>('GET', '/things/:id');
    // @ts-expect-error the endpoint has params, so they are required
    await expect(call(route, {})).rejects.toThrow('parameter kind missing');
  });
});
