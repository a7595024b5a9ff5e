import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../shared/http/http-client';
import { describeDevice, sessionHandOffStorageKey } from '../shared/session-hand-off';
import { createRouteLoader, mobileRedirectTarget, rememberSettledLocation, sessionRequestFor } from './route-guards';
import { routeByName } from './route-table';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const siteConfig = { mobileSiteUrl: 'https://m.coffer.example', brandVariant: false };

describe('mobileRedirectTarget (spec §2)', () => {
  const at = (path: string) => new URL(`https://coffer.example${path}`);

  it('sends mobile browsers to the mobile site, keeping path and query', () => {
    expect(
      mobileRedirectTarget({
        route: routeByName('propertyCenterBalance'),
        url: at('/propertyCenter/balance?x=1'),
        userAgent: iphone,
        siteConfig,
      }),
    ).toBe('https://m.coffer.example/propertyCenter/balance?x=1');
  });

  it.each(['loginPage', 'signPage', 'userAgreement', 'invitePageIndex', 'propertyBuyCrypto'] as const)(
    'keeps mobile browsers on %s',
    (name) => {
      expect(mobileRedirectTarget({ route: routeByName(name), url: at('/x'), userAgent: iphone, siteConfig })).toBeNull();
    },
  );

  it('keeps desktop browsers, in-app pages, the brand variant and unconfigured sites', () => {
    const route = routeByName('homePage');
    expect(mobileRedirectTarget({ route, url: at('/'), userAgent: desktop, siteConfig })).toBeNull();
    expect(mobileRedirectTarget({ route, url: at('/?source=if'), userAgent: iphone, siteConfig })).toBeNull();
    expect(mobileRedirectTarget({ route, url: at('/'), userAgent: iphone, siteConfig: { ...siteConfig, brandVariant: true } })).toBeNull();
    expect(
      mobileRedirectTarget({ route, url: at('/'), userAgent: iphone, siteConfig: { mobileSiteUrl: null, brandVariant: false } }),
    ).toBeNull();
    expect(mobileRedirectTarget({ route, url: at('/'), userAgent: iphone, siteConfig: null })).toBeNull();
  });
});

describe('sessionRequestFor (spec §2)', () => {
  it('asks for a session when a ticket or a non-default source is on the URL', () => {
    expect(sessionRequestFor(new URL('https://c.example/?ticket=T1&source=partner'), 'Chrome on Linux')).toEqual({
      exSessionId: 'T1',
      source: 'partner',
      equipmentName: 'Chrome on Linux',
    });
    expect(sessionRequestFor(new URL('https://c.example/?ticket=T2'), 'd')).toMatchObject({ exSessionId: 'T2', source: 'web' });
  });

  it('does nothing for a plain visit or the default source', () => {
    expect(sessionRequestFor(new URL('https://c.example/?lang=ru'), 'd')).toBeNull();
    expect(sessionRequestFor(new URL('https://c.example/?source=web'), 'd')).toBeNull();
  });

  it('names the device', () => {
    expect(describeDevice(desktop)).toBe('Chrome on Linux');
    expect(describeDevice(iphone)).toBe('Safari on iOS');
  });
});

describe('createRouteLoader', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const envelope = (data: unknown, code = 0) =>
    new Response(JSON.stringify({ code, msg: code === 0 ? 'ok' : 'refused', data }), { status: 200 });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureHttpClient({ language: () => 'en', text: (key) => key, nativeToken: () => null });
    sessionStorage.clear();
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  function loaderFor(name: Parameters<typeof routeByName>[0]) {
    return createRouteLoader(routeByName(name), {
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      userAgent: () => desktop,
      goToExternal: vi.fn(),
    });
  }

  function routeFor(path: string): (input: string | URL | Request) => Response {
    return (input) => {
      const url = String(input);
      if (url.startsWith('/pfs/anon/v1/site-config')) return envelope({ mobileSiteUrl: null, brandVariant: false });
      if (url.startsWith(path)) return envelope({ userNo: 'U1', preLoginToken: 'P1', twofaList: ['ga', 'email'] });
      return envelope(null, 19000006);
    };
  }

  it('goes to login with the hand-off when the session is granted', async () => {
    fetchMock.mockImplementation(async (input) => routeFor('/uc/anon/v1/get-session')(input));
    const result = await loaderFor('homePage')({ request: new Request('https://c.example/?ticket=T1&source=partner') });
    expect(result?.status).toBe(302);
    expect(result?.headers.get('location')).toBe('/login');
    expect(JSON.parse(sessionStorage.getItem(sessionHandOffStorageKey) ?? '{}')).toEqual({
      twofaList: ['ga', 'email'],
      preLoginToken: 'P1',
      userNo: 'U1',
      equipmentName: 'Chrome on Linux',
    });
    const sessionCall = fetchMock.mock.calls.find(([input]) => String(input).includes('get-session'));
    expect(JSON.parse(String(sessionCall?.[1]?.body))).toEqual({ exSessionId: 'T1', source: 'partner', equipmentName: 'Chrome on Linux' });
  });

  it('cancels the navigation when the session is refused', async () => {
    fetchMock.mockImplementation(async (input) => routeFor('/nothing-matches')(input));
    rememberSettledLocation('/propertyCenter/dashboard');
    const result = await loaderFor('propertyCenterBalance')({
      request: new Request('https://c.example/propertyCenter/balance?ticket=bad'),
    });
    expect(result?.headers.get('location')).toBe('/propertyCenter/dashboard');
    expect(sessionStorage.getItem(sessionHandOffStorageKey)).toBeNull();
  });

  it('loads the asset summary before an asset page opens, and not before others', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/pfs/')) return envelope({ mobileSiteUrl: null, brandVariant: false });
      return envelope({ totalAsset: { rmbValue: '7', usdValue: '1' } });
    });
    await loaderFor('propertyCenterBalance')({ request: new Request('https://c.example/propertyCenter/balance') });
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/wallet/client/head-asset')).toBe(true);
    fetchMock.mockClear();
    await loaderFor('propertySecuritySetting')({ request: new Request('https://c.example/propertyCenter/securitySetting') });
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/wallet/client/head-asset')).toBe(false);
  });
});
