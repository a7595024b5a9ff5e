import { captchaPaths } from '@coffer/contract/captcha-paths';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { CaptchaWidget } from './captcha-widget';
import { FakeAltchaElement, fakeAltchaLoader } from '../../../test/fake-altcha';

vi.mock('./altcha-loader', async () => (await import('../../../test/fake-altcha')).fakeAltchaLoader);

const challenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: 'aa',
    salt: 'bb',
    cost: 1000,
    keyLength: 32,
    keyPrefix: 'cc',
    data: { purpose: 'login' },
  },
  signature: 'dd',
};

function stubServer(verify: (body: unknown) => { code: number; msg: string; data: unknown }) {
  const requests: Array<{ path: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const body = JSON.parse(String(init?.body ?? 'null')) as unknown;
    requests.push({ path, body });
    const envelope = path === captchaPaths.challenge ? { code: 0, msg: 'ok', data: challenge } : verify(body);
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
  return requests;
}

async function renderWidget(onToken = vi.fn()) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <CaptchaWidget purpose="login" onToken={onToken} />
    </I18nextProvider>,
  );
  await waitFor(() => expect(FakeAltchaElement.last?.config.challenge).toBe(captchaPaths.challenge));
  return { widget: FakeAltchaElement.last!, onToken };
}

afterEach(() => {
  vi.restoreAllMocks();
  FakeAltchaElement.last = null;
});

describe('CaptchaWidget', () => {
  it('loads its challenge from our endpoint for its purpose, with our strings in the page language', async () => {
    const requests = stubServer(() => ({ code: 0, msg: 'ok', data: null }));
    const { widget } = await renderWidget();
    expect(screen.getByTestId('captcha').textContent).toContain('Too many attempts from here');
    expect(widget.config).toMatchObject({ language: 'coffer-en', hideFooter: true });
    await waitFor(() => expect(fakeAltchaLoader.registerAltchaStrings).toHaveBeenCalled());
    const [key, strings] = fakeAltchaLoader.registerAltchaStrings.mock.calls.at(-1)!;
    expect(key).toBe('coffer-en');
    expect(strings).toMatchObject({ label: "I'm not a robot", verifying: 'Checking…' });

    // The widget's fetch gets the challenge itself, out of our envelope.
    const response = await (widget.config.fetch as () => Promise<Response>)();
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual(challenge);
    expect(requests).toEqual([{ path: captchaPaths.challenge, body: { purpose: 'login' } }]);
  });

  it('verifies the solution once at /cap/v2/action/verify and hands over the token', async () => {
    const requests = stubServer(() => ({ code: 0, msg: 'ok', data: { captchaToken: 'login.123.abc.mac', expiresInSeconds: 120 } }));
    const { widget, onToken } = await renderWidget();
    widget.solve('c29sdmVk');
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('login.123.abc.mac'));
    expect(requests).toEqual([{ path: captchaPaths.verify, body: { purpose: 'login', payload: 'c29sdmVk' } }]);
    expect(widget.resets).toBe(0);
  });

  it('starts over when the server refuses the solution, and hands over nothing', async () => {
    stubServer(() => ({ code: 16000006, msg: 'Wrong captcha', data: null }));
    const { widget, onToken } = await renderWidget();
    widget.solve('c29sdmVk');
    expect(await screen.findByText('The security check failed. Please try again.')).toBeTruthy();
    expect(widget.resets).toBe(1);
    expect(onToken).not.toHaveBeenCalled();
  });
});
