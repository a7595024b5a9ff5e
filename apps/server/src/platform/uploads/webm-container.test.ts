import { describe, expect, it } from 'vitest';
import { zipArchive } from '../../../test/fixtures/uploads/image-fixtures';
import { blockGroup, buildWebm, clustersReaching, element, webmIds } from '../../../test/fixtures/uploads/webm-fixtures';
import { readWebm } from './webm-container';

describe('WebM duration', () => {
  it('Segment Info Duration is scaled by TimecodeScale, as a 4- or 8-byte float', () => {
    expect(readWebm(buildWebm({ durationMs: 45_500 }))).toMatchObject({ ok: true, durationSeconds: 45.5 });
    expect(readWebm(buildWebm({ durationMs: 45_500, isDurationFloat32: true }))).toMatchObject({ ok: true, durationSeconds: 45.5 });
    // TimecodeScale 10 ms: 9000 units are 90 s.
    expect(readWebm(buildWebm({ durationMs: 9000, timecodeScale: 10_000_000 }))).toMatchObject({ ok: true, durationSeconds: 90 });
  });

  it('without Duration, unknown-size clusters (Chromium) and sized clusters are walked alike', () => {
    expect(readWebm(buildWebm({ clusters: clustersReaching(42, 'unknown') }))).toMatchObject({ ok: true, durationSeconds: 42 });
    expect(readWebm(buildWebm({ clusters: clustersReaching(42, 'known') }))).toMatchObject({ ok: true, durationSeconds: 42 });
  });

  it('a BlockGroup counts to the end of its BlockDuration', () => {
    const webm = buildWebm({ clusters: [{ timecode: 100_000, blocks: [0], extra: [blockGroup(1000, 25_000)] }] });
    expect(readWebm(webm)).toMatchObject({ ok: true, durationSeconds: 126 });
  });

  it('blocks before their cluster Timecode cannot be dated', () => {
    const cluster = element(webmIds.cluster, blockGroup(0, 10), 'unknown');
    const webm = buildWebm({ durationMs: 1000, trailing: [cluster] });
    expect(readWebm(webm)).toMatchObject({ ok: false, reason: 'undecodable' });
  });
});

describe('WebM structure', () => {
  it('data appended after an unknown-size Segment is cut', () => {
    const webm = buildWebm({ clusters: clustersReaching(20) });
    for (const appended of [zipArchive(), Buffer.from('<html><script>alert(1)</script>')]) {
      const result = readWebm(Buffer.concat([webm, appended]));
      expect(result).toMatchObject({ ok: true, durationSeconds: 20 });
      expect(result.ok && result.bytes.equals(webm)).toBe(true);
    }
  });

  it('data after a sized Segment is cut; malformed data inside one is undecodable', () => {
    const webm = buildWebm({ clusters: clustersReaching(20, 'known'), segmentSize: 'known' });
    const result = readWebm(Buffer.concat([webm, zipArchive()]));
    expect(result.ok && result.bytes.equals(webm)).toBe(true);

    const broken = buildWebm({ clusters: clustersReaching(20, 'known'), segmentSize: 'known', trailing: [Buffer.from([0, 0, 0, 0])] });
    expect(readWebm(broken)).toMatchObject({ ok: false, reason: 'undecodable' });
  });

  it('a second Segment Info (another TimecodeScale) is undecodable', () => {
    const info = element(webmIds.info, element(webmIds.timecodeScale, Buffer.from([1])));
    expect(readWebm(buildWebm({ clusters: clustersReaching(200), trailing: [info] }))).toMatchObject({ ok: false, reason: 'undecodable' });
  });

  it('attachments are refused', () => {
    const attachments = element(webmIds.attachments, element(0x61a7, element(0x465c, Buffer.from('MZ'))));
    expect(readWebm(buildWebm({ durationMs: 1000, trailing: [attachments] }))).toMatchObject({ ok: false, reason: 'unsafeContent' });
  });

  it('another DocType (a Matroska file) is not WebM', () => {
    expect(readWebm(buildWebm({ durationMs: 1000, docType: 'matroska' }))).toMatchObject({ ok: false, reason: 'undecodable' });
  });

  it('a truncated header is undecodable', () => {
    expect(readWebm(buildWebm({ durationMs: 1000 }).subarray(0, 20))).toMatchObject({ ok: false, reason: 'undecodable' });
  });
});
