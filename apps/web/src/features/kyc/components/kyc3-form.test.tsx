import { kycPaths } from '@coffer/contract/kyc-paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhrThroughFetch } from '../../../../test/fake-xhr';
import { closeToast, currentToasts } from '../../../shared/ui/toast-store';
import { Kyc3Form, remarkLimitOf } from './kyc3-form';
import { KycEnvelope, renderKyc, stubKycApi } from './kyc-test-kit';

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  closeToast('error');
});

async function expectMessage(fieldId: string, text: string) {
  await waitFor(() => expect(document.getElementById(`${fieldId}_help`)?.textContent).toBe(text), { timeout: 3_000 });
}

/** Test-only: a camera that records one 4 KB WebM chunk. */
function stubCamera() {
  class Recorder {
    static isTypeSupported = (type: string) => type.startsWith('video/webm');
    state = 'inactive';
    mimeType = 'video/webm;codecs=vp9,opus';
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      this.ondataavailable?.({ data: new Blob([new Uint8Array(4096)], { type: this.mimeType }) });
      this.onstop?.();
    }
  }
  vi.stubGlobal('MediaRecorder', Recorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop: vi.fn() }] }) },
  });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
}

/** Ticks a valid set of answers and records a video. */
async function answerAndRecord(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByText('Investment'));
  await user.click(screen.getByText('Business income'));
  await user.click(screen.getByText('Early investment'));
  await user.click(screen.getByTestId('kyc3-not-us-person'));
  await user.click(screen.getByTestId('kyc3-accuracy'));
  await user.click(screen.getByTestId('kyc3-record'));
  await user.click(await screen.findByTestId('kyc3-stop'));
  await screen.findByTestId('kyc3-preview');
}

describe('Kyc3Form', { timeout: 30_000 }, () => {
  it('names each list of options for assistive technology', async () => {
    stubKycApi({});
    renderKyc(<Kyc3Form onSubmitted={vi.fn()} />);
    await screen.findByTestId('kyc3-form');
    for (const name of ['Purpose of the account', 'Sources of income', 'Sources of your crypto funds']) {
      expect(screen.getByRole('group', { name }).querySelectorAll('input[type="checkbox"]').length).toBeGreaterThan(1);
    }
  });

  it('shows the real upload progress, sends the video once across retries and shows failures only beside the form', async () => {
    const user = userEvent.setup();
    stubCamera();
    const xhr = stubXhrThroughFetch({ steps: 4, pauseAfterStep: 2 });
    let saves = 0;
    const fetchSpy = stubKycApi({
      [`POST ${kycPaths.upload}`]: { uploadId: '601', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
      [`POST ${kycPaths.saveKyc3}`]: () => {
        saves += 1;
        return saves === 1 ? new KycEnvelope(19000001, 'Service error') : { applicationId: '13', level: 3, state: 'verifying' };
      },
    });
    const onSubmitted = vi.fn();
    renderKyc(<Kyc3Form onSubmitted={onSubmitted} />);
    await screen.findByTestId('kyc3-form');
    await answerAndRecord(user);

    await user.click(screen.getByTestId('kyc3-submit'));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading your video…' }, slow);
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    xhr.resume();
    await screen.findByTestId('kyc3-server-error', {}, slow);
    expect(currentToasts().error).toBeNull();

    await user.click(screen.getByTestId('kyc3-submit'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled(), slow);
    expect(xhr.sent).toHaveLength(1);
    const saveBodies = fetchSpy.mock.calls
      .filter(([input]) => String(input) === kycPaths.saveKyc3)
      .map(([, init]) => (JSON.parse(String(init?.body)) as { videoUploadId: string }).videoUploadId);
    expect(saveBodies).toEqual(['601', '601']);
  });

  it('sends the video again once the server has let the upload go', async () => {
    const user = userEvent.setup();
    stubCamera();
    const xhr = stubXhrThroughFetch();
    let uploads = 0;
    let saves = 0;
    stubKycApi({
      [`POST ${kycPaths.upload}`]: () => {
        uploads += 1;
        return { uploadId: String(700 + uploads), expiresAt: new Date(Date.now() + 86_400_000).toISOString() };
      },
      [`POST ${kycPaths.saveKyc3}`]: () => {
        saves += 1;
        return saves === 1 ? new KycEnvelope(22000015) : { applicationId: '14', level: 3, state: 'verifying' };
      },
    });
    const onSubmitted = vi.fn();
    renderKyc(<Kyc3Form onSubmitted={onSubmitted} />);
    await screen.findByTestId('kyc3-form');
    await answerAndRecord(user);

    await user.click(screen.getByTestId('kyc3-submit'));
    await screen.findByTestId('kyc3-server-error', {}, slow);
    await user.click(screen.getByTestId('kyc3-submit'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled(), slow);
    expect(xhr.sent).toHaveLength(2);
  });

  it('asks for at least one option in each list, the "other" text when "other" is ticked, both confirmations and the video', async () => {
    const user = userEvent.setup();
    stubKycApi({});
    renderKyc(<Kyc3Form onSubmitted={vi.fn()} />);
    await screen.findByTestId('kyc3-form');

    await user.click(screen.getByTestId('kyc3-submit'));
    await expectMessage('purposes', 'Choose at least one');
    await expectMessage('incomeSources', 'Choose at least one');
    await expectMessage('fundSources', 'Choose at least one');
    await expectMessage('notUsPerson', 'Please tick to confirm');
    await expectMessage('accuracyConfirmed', 'Please tick to confirm');

    // "Other" brings its text field, which is then required; unticking it drops the field again.
    expect(screen.queryByTestId('kyc3-purpose-other-text')).toBeNull();
    await user.click(screen.getByText('Other', { selector: '[data-testid="kyc3-purposes"] *' }));
    const other = await screen.findByTestId('kyc3-purpose-other-text');
    await user.click(screen.getByTestId('kyc3-submit'));
    await expectMessage('purposeOther', 'This field is required');
    await user.type(other, 'Paying suppliers abroad');
    await waitFor(() => expect(document.getElementById('purposeOther_help')).toBeNull(), slow);
    await user.click(screen.getByText('Savings'));
    await user.click(screen.getByText('Other', { selector: '[data-testid="kyc3-purposes"] *' }));
    await waitFor(() => expect(screen.queryByTestId('kyc3-purpose-other-text')).toBeNull());

    await user.click(screen.getByText('Salary'));
    await user.click(screen.getByText('Mining'));
    await user.click(screen.getByTestId('kyc3-not-us-person'));
    await user.click(screen.getByTestId('kyc3-accuracy'));
    await user.click(screen.getByTestId('kyc3-submit'));
    expect((await screen.findByTestId('kyc3-video-problem', {}, slow)).textContent).toBe('Record the video before you submit.');
  });

  it('counts the extra text live: 80 characters, 40 once it holds Chinese, Japanese or Korean', async () => {
    const user = userEvent.setup();
    stubKycApi({});
    renderKyc(<Kyc3Form onSubmitted={vi.fn()} />);
    const remark = await screen.findByTestId('kyc3-remark');
    const counter = () => screen.getByTestId('kyc3-remark-counter').textContent;

    expect(counter()).toBe('0/80');
    await user.type(remark, 'Trading desk');
    expect(counter()).toBe('12/80');
    await user.type(remark, ' 交易');
    expect(counter()).toBe('15/40');

    // Long texts are pasted: typing them key by key only makes the test slow.
    await user.clear(remark);
    await user.paste('交'.repeat(41));
    expect(counter()).toBe('41/40');
    await expectMessage('remark', 'At most 40 characters');
    await user.clear(remark);
    await user.paste('a'.repeat(80));
    expect(counter()).toBe('80/80');
    await waitFor(() => expect(document.getElementById('remark_help')).toBeNull(), slow);

    // A rare ideograph outside the BMP is one character, as the customer counts it.
    expect(remarkLimitOf('𠀋')).toBe(40);
  });

  it('uploads the video with its measured length, then saves the answers', async () => {
    const user = userEvent.setup();
    stubCamera();
    const onSubmitted = vi.fn();
    let upload: { query: string; body: unknown; type: string } | null = null;
    stubXhrThroughFetch();
    const fetchSpy = stubKycApi({
      [`POST ${kycPaths.upload}`]: ({ url, body }: { url: URL; body: unknown }) => {
        upload = { query: url.search, body, type: (body as Blob).type };
        return { uploadId: '501', expiresAt: '2026-05-11T00:00:00Z' };
      },
      [`POST ${kycPaths.saveKyc3}`]: { applicationId: '12', level: 3, state: 'verifying' },
    });
    renderKyc(<Kyc3Form onSubmitted={onSubmitted} />);
    await screen.findByTestId('kyc3-form');
    expect(screen.getByTestId('kyc3-video-script').textContent).toMatch(
      /^I, \[your full name\], apply for identity verification at Coffer on .+\. My verification code is \d{4}\.$/,
    );

    await user.click(screen.getByText('Investment'));
    await user.click(screen.getByText('Business income'));
    await user.click(screen.getByText('Early investment'));
    await user.type(screen.getByTestId('kyc3-remark'), 'Long-term holder');
    await user.click(screen.getByTestId('kyc3-not-us-person'));
    await user.click(screen.getByTestId('kyc3-accuracy'));
    await user.click(screen.getByTestId('kyc3-record'));
    await user.click(await screen.findByTestId('kyc3-stop'));
    await screen.findByTestId('kyc3-preview');

    await user.click(screen.getByTestId('kyc3-submit'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled(), slow);
    expect(upload).not.toBeNull();
    const sent = upload as unknown as { query: string; body: unknown; type: string };
    // The recorder's codec parameters are dropped: the upload's content type is the plain media type.
    expect(sent.type).toBe('video/webm');
    expect(new URLSearchParams(sent.query).get('purpose')).toBe('video');
    expect(Number(new URLSearchParams(sent.query).get('durationSeconds'))).toBeGreaterThanOrEqual(0);
    const saveCall = fetchSpy.mock.calls.find(([input]) => String(input) === kycPaths.saveKyc3);
    expect(JSON.parse(String(saveCall?.[1]?.body))).toEqual({
      purposes: ['investment'],
      incomeSources: ['business'],
      fundSources: ['earlyInvestment'],
      remark: 'Long-term holder',
      notUsPerson: true,
      accuracyConfirmed: true,
      videoUploadId: '501',
    });
  });
});
