import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderKyc } from './kyc-test-kit';
import { formatCountdown, pickRecordingType, recordingLimitMs, VideoRecorder, type RecordedVideo } from './video-recorder';

/** Test-only: a MediaRecorder that hands over one chunk when stopped. */
class FakeRecorder {
  static instances: FakeRecorder[] = [];
  static supported = new Set(['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4']);
  static isTypeSupported = (type: string) => FakeRecorder.supported.has(type);
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly mimeType: string;
  readonly stop = vi.fn(() => {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array(4096)], { type: this.mimeType }) });
    this.onstop?.();
  });

  constructor(
    readonly stream: unknown,
    readonly options: { mimeType?: string; videoBitsPerSecond?: number } = {},
  ) {
    this.mimeType = options.mimeType ?? 'video/webm';
    FakeRecorder.instances.push(this);
  }

  start() {
    this.state = 'recording';
  }
}

const track = { stop: vi.fn() };
const getUserMedia = vi.fn();

beforeEach(() => {
  FakeRecorder.instances = [];
  track.stop.mockClear();
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [track] });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Harness({ onChange }: { onChange: (video: RecordedVideo | null) => void }) {
  return <VideoRecorder value={null} onChange={onChange} />;
}

const countdown = () => screen.getByTestId('kyc3-countdown').textContent;

describe('VideoRecorder', { timeout: 20_000 }, () => {
  it('counts down from 2:00 and stops the recording by itself at the limit', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderKyc(<Harness onChange={onChange} />);
    expect(countdown()).toBe('2:00');

    await act(async () => {
      fireEvent.click(screen.getByTestId('kyc3-record'));
    });
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: true }));
    const recorder = FakeRecorder.instances[0]!;
    // WebM with VP8 where VP9 is not recorded; a bit rate that keeps two minutes well under the upload limit.
    expect(recorder.options).toEqual({ mimeType: 'video/webm;codecs=vp8,opus', videoBitsPerSecond: 2_000_000 });
    expect(screen.getByTestId('kyc3-recording')).toBeTruthy();
    expect(countdown()).toBe('2:00');

    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(countdown()).toBe('1:00');
    expect(recorder.stop).not.toHaveBeenCalled();

    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(countdown()).toBe('0:01');
    expect(recorder.stop).not.toHaveBeenCalled();

    await act(async () => {
      vi.advanceTimersByTime(recordingLimitMs - 119_000);
    });
    expect(recorder.stop).toHaveBeenCalledTimes(1);
    expect(countdown()).toBe('0:00');
    expect(track.stop).toHaveBeenCalled();
    const video = onChange.mock.calls.at(-1)?.[0] as RecordedVideo;
    expect(video.durationSeconds).toBeGreaterThanOrEqual(119.5);
    expect(video.durationSeconds).toBeLessThanOrEqual(120);
    expect(video.blob.type).toBe('video/webm;codecs=vp8,opus');

    // Nothing more happens after the limit; the preview and re-record are offered.
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(recorder.stop).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('kyc3-stop')).toBeNull();
    expect(screen.getByTestId('kyc3-rerecord')).toBeTruthy();
  });

  it('stops when asked, measuring the length recorded', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderKyc(<Harness onChange={onChange} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('kyc3-record'));
    });
    await act(async () => {
      vi.advanceTimersByTime(42_000);
    });
    expect(countdown()).toBe('1:18');
    await act(async () => {
      fireEvent.click(screen.getByTestId('kyc3-stop'));
    });
    expect((onChange.mock.calls.at(-1)?.[0] as RecordedVideo).durationSeconds).toBe(42);
    expect(screen.getByTestId('kyc3-preview').getAttribute('src')).toBe('blob:preview');
  });

  it('says the recording failed, and why, when the camera is refused or missing', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    renderKyc(<Harness onChange={vi.fn()} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('kyc3-record'));
    });
    const error = screen.getByTestId('kyc3-video-error');
    expect(error.textContent).toContain('Recording or video verification failed or timed out, please try again');
    expect(error.textContent).toContain("Allow this site to use your camera and microphone in the browser's settings");

    getUserMedia.mockRejectedValueOnce(new DOMException('none', 'NotFoundError'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('kyc3-record'));
    });
    expect(screen.getByTestId('kyc3-video-error').textContent).toContain('No camera or microphone was found');
  });

  it('falls back to MP4 where WebM is not recorded (Safari)', () => {
    expect(pickRecordingType((type) => type === 'video/mp4')).toBe('video/mp4');
    expect(pickRecordingType((type) => type.startsWith('video/webm;codecs=vp9'))).toBe('video/webm;codecs=vp9,opus');
    expect(formatCountdown(119.5)).toBe('2:00');
    expect(formatCountdown(0)).toBe('0:00');
  });
});
