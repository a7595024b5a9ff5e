import { kycPaths } from '@coffer/contract/kyc-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isKyc2BrowserSupported } from './browser-support';
import { Kyc2Panel, kyc2SessionKey } from './kyc2-panel';
import { closeToast, currentToasts } from '../../../shared/ui/toast-store';
import { KycEnvelope, renderKyc, stubKycApi } from './kyc-test-kit';

const userAgents = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  headlessChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/126.0.0.0 Chrome/126.0.0.0 Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
};

const providerCountries = [
  { code: 'DE', documentTypes: ['idCard', 'passport'] },
  { code: 'GB', documentTypes: ['passport', 'driverLicence'] },
];

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  closeToast('error');
});

describe('isKyc2BrowserSupported (spec §8: Chrome and Safari only)', () => {
  it('takes Chrome, Chromium, headless Chrome and Safari, on desktop and iOS', () => {
    for (const name of ['chrome', 'headlessChrome', 'chromium', 'chromeIos', 'safari', 'safariIos'] as const) {
      expect(isKyc2BrowserSupported(userAgents[name]), name).toBe(true);
    }
  });

  it('refuses the other browsers, those built on Chromium or WebKit included', () => {
    for (const name of ['firefox', 'firefoxIos', 'edge', 'opera', 'samsung'] as const) {
      expect(isKyc2BrowserSupported(userAgents[name]), name).toBe(false);
    }
    expect(isKyc2BrowserSupported('')).toBe(false);
  });
});

describe('Kyc2Panel', { timeout: 20_000 }, () => {
  it('shows the §8 message and keeps the way to the provider closed in an unsupported browser', async () => {
    stubKycApi({ [kycPaths.providerCountries]: providerCountries });
    renderKyc(<Kyc2Panel state="notStarted" defaultCountry="GB" returned={null} userAgent={userAgents.firefox} />);
    expect((await screen.findByTestId('kyc2-browser-unsupported', {}, slow)).textContent).toBe(
      'This browser does not support advanced verification; please use Chrome or Safari',
    );
    expect((screen.getByTestId('kyc2-start') as HTMLButtonElement).disabled).toBe(true);
  });

  it("opens a session for the chosen document, keeps its id and goes to the provider's page", async () => {
    const user = userEvent.setup();
    const openProviderPage = vi.fn();
    const fetchSpy = stubKycApi({
      [kycPaths.providerCountries]: providerCountries,
      [`POST ${kycPaths.providerSession}`]: {
        url: 'https://provider.example/s/abc',
        sessionId: 'sess_abc-1',
        expiresAt: '2026-05-10T12:00:00Z',
      },
    });
    renderKyc(
      <Kyc2Panel
        state="notStarted"
        defaultCountry="GB"
        returned={null}
        userAgent={userAgents.headlessChrome}
        openProviderPage={openProviderPage}
      />,
    );
    await screen.findByTestId('kyc2-start', {}, slow);
    expect(screen.queryByTestId('kyc2-browser-unsupported')).toBeNull();
    // The country chosen first is offered, with its documents.
    expect(screen.getByTestId('kyc2-document-type-passport')).toBeTruthy();
    expect(screen.getByTestId('kyc2-document-type-driverLicence')).toBeTruthy();
    expect(screen.queryByTestId('kyc2-document-type-idCard')).toBeNull();

    await user.click(screen.getByTestId('kyc2-document-type-driverLicence'));
    await user.click(screen.getByTestId('kyc2-start'));
    await waitFor(() => expect(openProviderPage).toHaveBeenCalledWith('https://provider.example/s/abc'));
    expect(sessionStorage.getItem(kyc2SessionKey)).toBe('sess_abc-1');
    const call = fetchSpy.mock.calls.find(([input]) => String(input) === kycPaths.providerSession);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ documentCountry: 'GB', documentType: 'driverLicence' });
  });

  it('submits the stored session on return and says the result will follow', async () => {
    sessionStorage.setItem(kyc2SessionKey, 'sess_abc-1');
    const fetchSpy = stubKycApi({ [`POST ${kycPaths.saveKyc2}`]: { applicationId: '5', level: 2, state: 'verifying' } });
    renderKyc(<Kyc2Panel state="continue" defaultCountry="GB" returned="returned" userAgent={userAgents.chrome} />);

    expect((await screen.findByTestId('kyc2-verifying', {}, slow)).textContent).toContain('We will let you know the result.');
    const calls = fetchSpy.mock.calls.filter(([input]) => String(input) === kycPaths.saveKyc2);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ sessionId: 'sess_abc-1' });
    expect(sessionStorage.getItem(kyc2SessionKey)).toBeNull();
  });

  it("asks to try again when the provider reports an error, or when the return can't be confirmed", async () => {
    stubKycApi({
      [kycPaths.providerCountries]: providerCountries,
      [`POST ${kycPaths.saveKyc2}`]: new KycEnvelope(22000016),
      [kycPaths.faceQrCode]: new KycEnvelope(22000011),
    });
    const view = renderKyc(<Kyc2Panel state="notStarted" defaultCountry="GB" returned="error" userAgent={userAgents.safari} />);
    expect((await screen.findByTestId('kyc2-retry', {}, slow)).textContent).toBe(
      "Verification on our partner's page did not complete. Please try again.",
    );
    expect(await screen.findByTestId('kyc2-start', {}, slow)).toBeTruthy();
    view.unmount();

    sessionStorage.setItem(kyc2SessionKey, 'sess_old');
    renderKyc(<Kyc2Panel state="continue" defaultCountry="GB" returned="returned" userAgent={userAgents.safari} />);
    expect((await screen.findByTestId('kyc2-retry', {}, slow)).textContent).toBe(
      'The verification session is invalid or has expired; please start again',
    );
    expect(await screen.findByTestId('kyc2-qr-error', {}, slow)).toBeTruthy();
    // Each failure shows once, in the panel: no toast repeats it.
    expect(currentToasts().error).toBeNull();
  });

  it('shows a refused start beside the button, not as a toast', async () => {
    const user = userEvent.setup();
    stubKycApi({
      [kycPaths.providerCountries]: providerCountries,
      [`POST ${kycPaths.providerSession}`]: new KycEnvelope(19000001, 'Server busy'),
    });
    renderKyc(<Kyc2Panel state="notStarted" defaultCountry="GB" returned={null} userAgent={userAgents.chrome} />);
    expect(within(await screen.findByTestId('kyc2-document-country', {}, slow)).getByText('United Kingdom')).toBeTruthy();
    await user.click(screen.getByTestId('kyc2-start'));
    expect((await screen.findByTestId('kyc2-start-error', {}, slow)).textContent).not.toBe('');
    expect(currentToasts().error).toBeNull();
  });

  it('shows the face-recognition QR code of an open application with its expiry, and §8 "refresh" when none can be had', async () => {
    const user = userEvent.setup();
    let answer: unknown = {
      qrPayload: 'https://coffer.example/audit/v1/web/faceid/qr/t0k',
      expiresAt: new Date(Date.now() + 125_000).toISOString(),
    };
    stubKycApi({ [kycPaths.providerCountries]: providerCountries, [kycPaths.faceQrCode]: () => answer });
    renderKyc(<Kyc2Panel state="continue" defaultCountry="GB" returned={null} userAgent={userAgents.chrome} />);

    expect((await screen.findByTestId('kyc2-qr-expiry', {}, slow)).textContent).toMatch(/^Valid for 2:0[45]$/);
    expect(screen.getByTestId('kyc2-qr').querySelector('svg')).not.toBeNull();

    answer = new KycEnvelope(22000011);
    await user.click(screen.getByTestId('kyc2-qr-refresh'));
    expect((await screen.findByTestId('kyc2-qr-error', {}, slow)).textContent).toContain(
      'The QR code could not be obtained, please refresh',
    );

    answer = { qrPayload: 'https://coffer.example/audit/v1/web/faceid/qr/t1k', expiresAt: new Date(Date.now() - 1_000).toISOString() };
    await user.click(screen.getByTestId('kyc2-qr-refresh'));
    expect((await screen.findByTestId('kyc2-qr-expired', {}, slow)).textContent).toBe(
      'This code has expired. Refresh it to get a new one.',
    );
  });
});
