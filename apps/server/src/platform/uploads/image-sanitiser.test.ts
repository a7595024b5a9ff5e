import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  exifSegment,
  jpegMarkers,
  noisyJpeg,
  noisyPng,
  pngChunk,
  withJpegSegment,
  withPngChunks,
} from '../../../test/fixtures/uploads/image-fixtures';
import { applyOrientation, readJpegHeader, sanitiseImage } from './image-sanitiser';

/** A 3×2 image whose pixels are named A–F (row by row), one byte of red each. */
const named = { width: 3, height: 2, data: Buffer.from([...'ABCDEF'].flatMap((letter) => [letter.charCodeAt(0), 0, 0, 255])) };
const letters = (pixels: { data: Buffer }) =>
  [...pixels.data]
    .filter((_byte, index) => index % 4 === 0)
    .map((code) => String.fromCharCode(code))
    .join('');

describe('EXIF orientation is applied to the pixels before the EXIF is dropped', () => {
  it.each([
    [1, 3, 'ABCDEF'],
    [2, 3, 'CBAFED'],
    [3, 3, 'FEDCBA'],
    [4, 3, 'DEFABC'],
    [5, 2, 'ADBECF'],
    [6, 2, 'DAEBFC'],
    [7, 2, 'FCEBDA'],
    [8, 2, 'CFBEAD'],
  ] as const)('orientation %i: %i pixels wide, rows read %s', (orientation, width, expected) => {
    const upright = applyOrientation(named, orientation);
    expect(upright.width).toBe(width);
    expect(upright.height).toBe(6 / width);
    expect(letters(upright)).toBe(expected);
  });

  it('a portrait photo stored sideways (orientation 6) comes out upright, without EXIF', () => {
    const photo = withJpegSegment(noisyJpeg(120, 90), exifSegment({ orientation: 6 }));
    expect(readJpegHeader(photo)).toEqual({ width: 120, height: 90, orientation: 6 });

    const result = sanitiseImage(photo, 'jpeg');

    expect(result).toMatchObject({ ok: true, width: 90, height: 120 });
    if (result.ok) expect(readJpegHeader(result.bytes)).toEqual({ width: 90, height: 120, orientation: 1 });
  });
});

describe('only pixels survive', () => {
  it('PNG text, EXIF, ICC and private chunks are dropped', () => {
    const tagged = withPngChunks(
      noisyPng(40, 40),
      pngChunk('tEXt', Buffer.from('Author\0Jane Doe, 1 Main Street', 'latin1')),
      pngChunk('iCCP', Buffer.from('profile\0\0not-really-a-profile', 'latin1')),
      pngChunk('eXIf', exifSegment().subarray(10)),
      pngChunk('prVt', Buffer.from('private data', 'latin1')),
    );
    const result = sanitiseImage(tagged, 'png');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const text = result.bytes.toString('latin1');
    for (const leftover of ['tEXt', 'iCCP', 'eXIf', 'prVt', 'Jane Doe', 'private data']) expect(text).not.toContain(leftover);
    expect(PNG.sync.read(result.bytes)).toMatchObject({ width: 40, height: 40 });
  });

  it('JPEG comments and APP segments other than JFIF are dropped', () => {
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 22]), Buffer.from('secret comment text', 'latin1'), Buffer.alloc(1)]);
    const icc = Buffer.concat([Buffer.from([0xff, 0xe2, 0, 16]), Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1')]);
    const result = sanitiseImage(withJpegSegment(withJpegSegment(noisyJpeg(64, 48), comment), icc), 'jpeg');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(jpegMarkers(result.bytes).filter((marker) => marker >= 0xe1 && marker <= 0xef)).toEqual([]);
    expect(jpegMarkers(result.bytes)).not.toContain(0xfe);
    expect(result.bytes.toString('latin1')).not.toContain('secret comment');
  });

  it('transparency is kept; an opaque PNG is written without an alpha channel', () => {
    const translucent = new PNG({ width: 8, height: 8 });
    translucent.data.fill(128);
    const kept = sanitiseImage(PNG.sync.write(translucent), 'png');
    expect(kept.ok && PNG.sync.read(kept.bytes).data[3]).toBe(128);
    expect(kept.ok && kept.bytes[25]).toBe(6); // IHDR colour type: RGBA

    const opaque = sanitiseImage(noisyPng(8, 8), 'png');
    expect(opaque.ok && opaque.bytes[25]).toBe(2); // RGB
  });
});

describe('refusals', () => {
  it('a truncated JPEG or PNG is undecodable', () => {
    const jpegBytes = noisyJpeg(64, 48);
    expect(sanitiseImage(jpegBytes.subarray(0, 100), 'jpeg')).toMatchObject({ ok: false, reason: 'undecodable' });
    const pngBytes = noisyPng(64, 48);
    expect(sanitiseImage(pngBytes.subarray(0, pngBytes.length - 20), 'png')).toMatchObject({ ok: false, reason: 'undecodable' });
  });

  it('a header declaring zero pixels is undecodable', () => {
    const flat = Buffer.from(noisyPng(8, 8));
    flat.writeUInt32BE(0, 16);
    expect(sanitiseImage(flat, 'png')).toMatchObject({ ok: false, reason: 'undecodable' });
  });

  it('exactly 8000 px a side passes the header check only within 16 megapixels', () => {
    const header = (width: number, height: number) => {
      const bytes = Buffer.from(noisyPng(8, 8));
      bytes.writeUInt32BE(width, 16);
      bytes.writeUInt32BE(height, 20);
      return bytes;
    };
    expect(sanitiseImage(header(8000, 2001), 'png')).toMatchObject({ ok: false, reason: 'tooLarge' });
    expect(sanitiseImage(header(8001, 10), 'png')).toMatchObject({ ok: false, reason: 'tooLarge' });
    // Within the limits, the (now wrong) header is caught by the decoder instead.
    expect(sanitiseImage(header(8000, 2000), 'png')).toMatchObject({ ok: false, reason: 'undecodable' });
  });
});
