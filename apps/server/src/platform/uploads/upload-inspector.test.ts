import { describe, expect, it } from 'vitest';
import {
  exifSegment,
  gif,
  gpsRationals,
  html,
  jpegBomb,
  jpegMarkers,
  noisyJpeg,
  noisyPng,
  pngBomb,
  pngIend,
  pngOfSize,
  svg,
  withJpegSegment,
  zipArchive,
} from '../../../test/fixtures/uploads/image-fixtures';
import { buildFragmentedMp4, buildMp4 } from '../../../test/fixtures/uploads/mp4-fixtures';
import { buildPdf } from '../../../test/fixtures/uploads/pdf-fixtures';
import { buildWebm, clustersReaching } from '../../../test/fixtures/uploads/webm-fixtures';
import { inspectUpload } from './upload-inspector';
import type { AcceptedUpload, InspectedUpload } from './upload-result';

const KB = 1024;
const MB = 1024 * 1024;

function accepted(result: InspectedUpload): AcceptedUpload {
  if (!result.ok) throw new Error(`refused: ${result.reason} (${result.detail})`);
  return result;
}

function countOf(haystack: Buffer, needle: Buffer | string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
}

describe('images are re-encoded: pixels only', () => {
  const png = noisyPng(100, 100);

  it.each([
    ['a ZIP', zipArchive()],
    ['HTML', Buffer.from('<html><body><script>alert(document.domain)</script></body></html>')],
  ])('a PNG with %s appended is accepted, and the stored bytes end at a fresh IEND', async (_name, appended) => {
    const result = accepted(await inspectUpload(Buffer.concat([png, appended]), 'image'));

    expect(result).toMatchObject({ kind: 'png', mime: 'image/png', width: 100, height: 100 });
    expect(result.bytes.subarray(-pngIend.length).equals(pngIend)).toBe(true);
    expect(countOf(result.bytes, 'IEND')).toBe(1);
    expect(countOf(result.bytes, Buffer.from('PK\x03\x04', 'latin1'))).toBe(0);
    expect(countOf(result.bytes, Buffer.from('PK\x05\x06', 'latin1'))).toBe(0);
    expect(countOf(result.bytes, '<script')).toBe(0);
    expect(countOf(result.bytes, '<html')).toBe(0);
  });

  it('a JPEG with EXIF GPS data loses its APP1 segment and every GPS byte', async () => {
    const photo = withJpegSegment(noisyJpeg(120, 90), exifSegment());
    const latitude = Buffer.alloc(24);
    gpsRationals.latitude.forEach((value, index) => latitude.writeUInt32BE(value, index * 4));
    expect(countOf(photo, latitude)).toBe(1);
    expect(jpegMarkers(photo)).toContain(0xe1);

    const result = accepted(await inspectUpload(photo, 'image'));

    expect(result).toMatchObject({ kind: 'jpeg', mime: 'image/jpeg', width: 120, height: 90 });
    expect(jpegMarkers(result.bytes)).not.toContain(0xe1);
    expect(countOf(result.bytes, 'Exif')).toBe(0);
    expect(countOf(result.bytes, latitude)).toBe(0);
    expect(countOf(result.bytes, latitude.subarray(0, 8))).toBe(0);
  });

  it('a JPEG with a ZIP appended after EOI is accepted, cut at its fresh EOI', async () => {
    const result = accepted(await inspectUpload(Buffer.concat([noisyJpeg(120, 90), zipArchive()]), 'image'));

    expect(result.bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(countOf(result.bytes, Buffer.from('PK\x03\x04', 'latin1'))).toBe(0);
  });
});

describe('the type is the content, never the name', () => {
  // What the browser would call `passport.png`: the bytes are a PDF.
  const passportPng = buildPdf({ minSize: 24 * KB });

  it('a ".png" that is really a PDF is refused as an image and accepted as a PDF for the address proof', async () => {
    expect(await inspectUpload(passportPng, 'image')).toMatchObject({ ok: false, reason: 'unsupportedType' });
    expect(accepted(await inspectUpload(passportPng, 'imageOrPdf'))).toMatchObject({ kind: 'pdf', mime: 'application/pdf' });
  });

  it('a PDF with JavaScript is refused', async () => {
    const pdf = buildPdf({
      minSize: 24 * KB,
      catalogEntries: '/OpenAction 5 0 R',
      extraObjects: ['<< /Type /Action /S /JavaScript /JS (app.launchURL("https://evil.example")) >>'],
    });
    expect(await inspectUpload(pdf, 'imageOrPdf')).toMatchObject({ ok: false, reason: 'unsafeContent' });
  });

  it('a hostile PDF (200 KB of digits, 0.9 MB of bare streams) is judged in under a second each', async () => {
    const trailer = '\nstartxref\n0\n%%EOF\n';
    for (const body of ['1'.repeat(200_000), '<<>>stream\nendstream\n'.repeat(45_000)]) {
      const started = performance.now();
      expect(accepted(await inspectUpload(Buffer.from(`%PDF-1.4\n${body}${trailer}`), 'imageOrPdf'))).toMatchObject({ kind: 'pdf' });
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it.each([
    ['an SVG', svg],
    ['a GIF', gif],
    ['an HTML page', html],
    ['a ZIP', Buffer.concat([zipArchive(), Buffer.alloc(30 * KB)])],
    ['random bytes', Buffer.alloc(30 * KB, 7)],
    ['nothing', Buffer.alloc(0)],
  ])('%s is refused', async (_name, bytes) => {
    for (const policy of ['image', 'imageOrPdf', 'video'] as const)
      expect(await inspectUpload(bytes, policy)).toMatchObject({ ok: false, reason: 'unsupportedType' });
  });
});

describe('image size bounds: 20 KB to 5 MB', () => {
  it.each([
    [19 * KB, 'tooSmall'],
    [20 * KB - 1, 'tooSmall'],
    [5 * MB + 1, 'tooLarge'],
    [Math.round(5.1 * MB), 'tooLarge'],
  ])('%i bytes: %s', async (size, reason) => {
    const image = pngOfSize(size);
    expect(image.length).toBe(size);
    expect(await inspectUpload(image, 'image')).toMatchObject({ ok: false, reason });
  });

  it('exactly 20 KB is accepted', async () => {
    const image = pngOfSize(20 * KB);
    expect(accepted(await inspectUpload(image, 'image')).kind).toBe('png');
  });

  it('a noisy image just under 5 MB is accepted', async () => {
    const image = noisyPng(1270, 1270, 7);
    expect(image.length).toBeGreaterThan(4.5 * MB);
    expect(image.length).toBeLessThan(5 * MB);
    expect(accepted(await inspectUpload(image, 'image'))).toMatchObject({ kind: 'png', width: 1270, height: 1270 });
  });

  it('a decompression bomb is refused from its header, before any decoding', async () => {
    const bomb = pngBomb(100_000, 100_000);
    expect(bomb.length).toBeGreaterThan(20 * KB);
    const started = performance.now();
    expect(await inspectUpload(bomb, 'image')).toMatchObject({ ok: false, reason: 'tooLarge', detail: 'declared 100000×100000 px' });
    expect(await inspectUpload(jpegBomb(60_000, 60_000), 'image')).toMatchObject({ ok: false, reason: 'tooLarge' });
    // 9000 × 100 is only 0.9 MP, but one side is absurd; 7000 × 7000 is 49 MP.
    expect(await inspectUpload(jpegBomb(9000, 100), 'image')).toMatchObject({ ok: false, reason: 'tooLarge' });
    expect(await inspectUpload(jpegBomb(7000, 7000), 'image')).toMatchObject({ ok: false, reason: 'tooLarge' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('an image whose header is fine but whose data does not decode is refused', async () => {
    const broken = Buffer.from(noisyPng(100, 100));
    broken.fill(0x42, 60, 200); // inside IDAT: the chunk's CRC no longer matches
    expect(await inspectUpload(broken, 'image')).toMatchObject({ ok: false, reason: 'undecodable' });
  });
});

describe('video duration from the container, 120 s at most', () => {
  it('a WebM whose Duration says 2 min 10 s is refused; 60 s is accepted', async () => {
    expect(await inspectUpload(buildWebm({ durationMs: 130_000, clusters: clustersReaching(5) }), 'video')).toMatchObject({
      ok: false,
      reason: 'tooLong',
    });
    const result = accepted(await inspectUpload(buildWebm({ durationMs: 60_000, clusters: clustersReaching(60) }), 'video'));
    expect(result).toMatchObject({ kind: 'webm', mime: 'video/webm', durationSeconds: 60 });
  });

  it('a WebM without Duration (as MediaRecorder writes it) is timed by its clusters: 130 s refused, 30 s accepted', async () => {
    expect(await inspectUpload(buildWebm({ clusters: clustersReaching(130) }), 'video')).toMatchObject({ ok: false, reason: 'tooLong' });
    expect(accepted(await inspectUpload(buildWebm({ clusters: clustersReaching(30) }), 'video')).durationSeconds).toBe(30);
  });

  it('a WebM whose Duration understates its clusters is timed by the clusters', async () => {
    const lying = buildWebm({ durationMs: 60_000, clusters: clustersReaching(130, 'known') });
    expect(await inspectUpload(lying, 'video')).toMatchObject({ ok: false, reason: 'tooLong' });
  });

  it('a WebM with neither Duration nor blocks is refused: its length cannot be known', async () => {
    expect(await inspectUpload(buildWebm(), 'video')).toMatchObject({ ok: false, reason: 'undecodable' });
  });

  it('an MP4 whose mvhd says 130 s is refused; 90 s is accepted (mvhd versions 0 and 1)', async () => {
    for (const version of [0, 1] as const) {
      expect(await inspectUpload(buildMp4({ seconds: 130, version }), 'video')).toMatchObject({ ok: false, reason: 'tooLong' });
      const result = accepted(await inspectUpload(buildMp4({ seconds: 90, version, timescale: 600 }), 'video'));
      expect(result).toMatchObject({ kind: 'mp4', mime: 'video/mp4', durationSeconds: 90 });
    }
  });

  it('a fragmented MP4 (mvhd duration 0) is timed by its fragments', async () => {
    expect(accepted(await inspectUpload(buildFragmentedMp4(45), 'video')).durationSeconds).toBe(45);
    expect(await inspectUpload(buildFragmentedMp4(121), 'video')).toMatchObject({ ok: false, reason: 'tooLong' });
  });

  it('a video over 50 MB is refused before it is parsed; images are not videos', async () => {
    const huge = Buffer.concat([buildMp4({ seconds: 10 }), Buffer.alloc(50 * MB)]);
    expect(await inspectUpload(huge, 'video')).toMatchObject({ ok: false, reason: 'tooLarge' });
    expect(await inspectUpload(noisyPng(100, 100), 'video')).toMatchObject({ ok: false, reason: 'unsupportedType' });
    expect(await inspectUpload(buildMp4({ seconds: 10 }), 'image')).toMatchObject({ ok: false, reason: 'unsupportedType' });
  });
});
