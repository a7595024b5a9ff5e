import { describe, expect, it } from 'vitest';
import { zipArchive } from '../../../test/fixtures/uploads/image-fixtures';
import { box, buildFragmentedMp4, buildMp4, ftyp, mvhd, trak } from '../../../test/fixtures/uploads/mp4-fixtures';
import { readMp4 } from './mp4-container';

describe('MP4 duration', () => {
  it('mvhd duration over timescale, versions 0 and 1', () => {
    expect(readMp4(buildMp4({ seconds: 12.5, timescale: 1000 }))).toMatchObject({ ok: true, durationSeconds: 12.5 });
    expect(readMp4(buildMp4({ seconds: 12.5, timescale: 90_000, version: 1 }))).toMatchObject({ ok: true, durationSeconds: 12.5 });
  });

  it('a track longer than the movie header says counts', () => {
    const mp4 = buildMp4({ seconds: 60, tracks: [trak(1, 48_000, 48_000 * 150)] });
    expect(readMp4(mp4)).toMatchObject({ ok: true, durationSeconds: 150 });
  });

  it('samples that play longer than the headers say count', () => {
    // Headers: 60 s; samples: 30 fps for 200 s.
    const mp4 = buildMp4({ seconds: 60, tracks: [trak(1, 90_000, 90_000 * 60, [[6000, 3000]])] });
    expect(readMp4(mp4)).toMatchObject({ ok: true, durationSeconds: 200 });
  });

  it('fragments are timed from tfdt and their samples', () => {
    expect(readMp4(buildFragmentedMp4(7))).toMatchObject({ ok: true, durationSeconds: 7 });
  });

  it('no duration anywhere is undecodable', () => {
    expect(readMp4(buildMp4({ seconds: 0 }))).toMatchObject({ ok: false, reason: 'undecodable' });
    expect(readMp4(Buffer.concat([ftyp(), box('mdat', Buffer.alloc(64))]))).toMatchObject({ ok: false, reason: 'undecodable' });
  });
});

describe('MP4 structure', () => {
  it('bytes after the last complete top-level box are cut', () => {
    const mp4 = buildMp4({ seconds: 30 });
    for (const appended of [zipArchive(), Buffer.from('<html><script>alert(1)</script>')]) {
      const result = readMp4(Buffer.concat([mp4, appended]));
      expect(result.ok && result.bytes.equals(mp4)).toBe(true);
    }
  });

  it('a 64-bit box size is read', () => {
    const large = Buffer.alloc(24);
    large.writeUInt32BE(1, 0);
    large.write('free', 4, 'latin1');
    large.writeBigUInt64BE(24n, 8);
    const mp4 = Buffer.concat([ftyp(), large, box('moov', mvhd(1000, 5000))]);
    expect(readMp4(mp4)).toMatchObject({ ok: true, durationSeconds: 5 });
  });

  it('a file not starting with ftyp is undecodable', () => {
    expect(readMp4(Buffer.concat([box('moov', mvhd(1000, 5000)), ftyp()]))).toMatchObject({ ok: false, reason: 'undecodable' });
  });
});
