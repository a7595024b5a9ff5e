import { refuse, type ReadVideo, type RefusedUpload } from './upload-result';

interface Box {
  type: string;
  start: number;
  dataStart: number;
  end: number;
}

/** size (32 bits; 1: a 64-bit size follows the type; 0: to the end of the enclosing space), type. */
function readBox(bytes: Buffer, offset: number, limit: number): Box | null {
  if (offset + 8 > limit) return null;
  const size32 = bytes.readUInt32BE(offset);
  const type = bytes.toString('latin1', offset + 4, offset + 8);
  let headerSize = 8;
  let size = size32;
  if (size32 === 1) {
    if (offset + 16 > limit) return null;
    headerSize = 16;
    size = Number(bytes.readBigUInt64BE(offset + 8));
  } else if (size32 === 0) size = limit - offset;
  if (size < headerSize || offset + size > limit) return null;
  return { type, start: offset, dataStart: offset + headerSize, end: offset + size };
}

function* childrenOf(bytes: Buffer, parent: { dataStart: number; end: number }): Generator<Box> {
  for (let offset = parent.dataStart; offset < parent.end;) {
    const box = readBox(bytes, offset, parent.end);
    if (!box) return;
    yield box;
    offset = box.end;
  }
}

function childOf(bytes: Buffer, parent: Box, type: string): Box | undefined {
  for (const child of childrenOf(bytes, parent)) if (child.type === type) return child;
  return undefined;
}

/** A full box's fields after version and flags, bounds-checked: null when the box is too short. */
function fullBoxReader(bytes: Buffer, box: Box) {
  const length = box.end - box.dataStart;
  const version = length > 0 ? (bytes[box.dataStart] ?? 0) : 0;
  const flags = length >= 4 ? bytes.readUIntBE(box.dataStart + 1, 3) : 0;
  const fits = (at: number, size: number) => at + size <= length;
  return {
    version,
    flags,
    length,
    u32: (at: number) => (fits(at, 4) ? bytes.readUInt32BE(box.dataStart + at) : null),
    u64: (at: number) => (fits(at, 8) ? Number(bytes.readBigUInt64BE(box.dataStart + at)) : null),
  };
}

const unknownDuration32 = 0xffff_ffff;
const unknownDuration64 = Number(0xffff_ffff_ffff_ffffn);

/** mvhd and mdhd share their layout: version 1 has 64-bit times and duration. */
function readTimescaleAndDuration(bytes: Buffer, box: Box): { timescale: number; duration: number | null } | null {
  const reader = fullBoxReader(bytes, box);
  const timescale = reader.version === 1 ? reader.u32(20) : reader.u32(12);
  const duration = reader.version === 1 ? reader.u64(24) : reader.u32(16);
  if (!timescale || duration === null) return null;
  const isUnknown = duration === (reader.version === 1 ? unknownDuration64 : unknownDuration32);
  return { timescale, duration: isUnknown ? null : duration };
}

interface Track {
  timescale: number;
  defaultSampleDuration: number;
  /** Where the next fragment starts when it carries no tfdt, in the track's timescale. */
  fragmentCursor: number;
}

/** Every duration the file states or implies, in seconds; the largest is taken. */
class DurationCandidates {
  longestSeconds = 0;
  add(units: number | null, timescale: number | null | undefined): void {
    if (units !== null && timescale) this.longestSeconds = Math.max(this.longestSeconds, units / timescale);
  }
}

/** stts: (sample count, sample duration) pairs; their sum is how long the track actually plays. */
function sumSampleDurations(bytes: Buffer, stts: Box): number | null {
  const reader = fullBoxReader(bytes, stts);
  const entries = reader.u32(4);
  if (entries === null || 8 + entries * 8 > reader.length) return null;
  let total = 0;
  for (let entry = 0; entry < entries; entry++) total += (reader.u32(8 + entry * 8) ?? 0) * (reader.u32(12 + entry * 8) ?? 0);
  return total;
}

function readMovie(bytes: Buffer, moov: Box, tracks: Map<number, Track>, candidates: DurationCandidates): string | null {
  let movieTimescale: number | null = null;
  for (const box of childrenOf(bytes, moov)) {
    if (box.type === 'mvhd') {
      const header = readTimescaleAndDuration(bytes, box);
      if (!header) return 'unreadable mvhd';
      movieTimescale = header.timescale;
      candidates.add(header.duration, header.timescale);
    } else if (box.type === 'trak') {
      const tkhd = childOf(bytes, box, 'tkhd');
      const mdia = childOf(bytes, box, 'mdia');
      const mdhd = mdia && childOf(bytes, mdia, 'mdhd');
      if (!tkhd || !mdia || !mdhd) continue;
      const tkhdReader = fullBoxReader(bytes, tkhd);
      const trackId = tkhdReader.version === 1 ? tkhdReader.u32(20) : tkhdReader.u32(12);
      const media = readTimescaleAndDuration(bytes, mdhd);
      if (trackId === null || !media) return 'unreadable track header';
      candidates.add(media.duration, media.timescale);
      const minf = childOf(bytes, mdia, 'minf');
      const stbl = minf && childOf(bytes, minf, 'stbl');
      const stts = stbl && childOf(bytes, stbl, 'stts');
      if (stts) {
        const played = sumSampleDurations(bytes, stts);
        if (played === null) return 'stts shorter than its entry count';
        candidates.add(played, media.timescale);
      }
      const track = tracks.get(trackId);
      tracks.set(trackId, { timescale: media.timescale, defaultSampleDuration: track?.defaultSampleDuration ?? 0, fragmentCursor: 0 });
    }
  }
  const mvex = childOf(bytes, moov, 'mvex');
  if (mvex) {
    for (const box of childrenOf(bytes, mvex)) {
      const reader = fullBoxReader(bytes, box);
      if (box.type === 'mehd') candidates.add(reader.version === 1 ? reader.u64(4) : reader.u32(4), movieTimescale);
      else if (box.type === 'trex') {
        const trackId = reader.u32(4);
        const track = trackId === null ? undefined : tracks.get(trackId);
        if (track) track.defaultSampleDuration = reader.u32(12) ?? 0;
      }
    }
  }
  return null;
}

/** A fragment's end per track: tfdt (or the previous fragment's end) plus its samples' durations. */
function readFragment(bytes: Buffer, moof: Box, tracks: Map<number, Track>, candidates: DurationCandidates): string | null {
  for (const traf of childrenOf(bytes, moof)) {
    if (traf.type !== 'traf') continue;
    const tfhdBox = childOf(bytes, traf, 'tfhd');
    if (!tfhdBox) return 'track fragment without tfhd';
    const tfhd = fullBoxReader(bytes, tfhdBox);
    const trackId = tfhd.u32(4);
    const track = trackId === null ? undefined : tracks.get(trackId);
    if (!track) return 'track fragment of an unknown track';
    let at = 8 + (tfhd.flags & 0x01 ? 8 : 0) + (tfhd.flags & 0x02 ? 4 : 0);
    const defaultDuration = tfhd.flags & 0x08 ? tfhd.u32(at) : track.defaultSampleDuration;
    if (defaultDuration === null) return 'short tfhd';

    const tfdtBox = childOf(bytes, traf, 'tfdt');
    let cursor = track.fragmentCursor;
    if (tfdtBox) {
      const tfdt = fullBoxReader(bytes, tfdtBox);
      const base = tfdt.version === 1 ? tfdt.u64(4) : tfdt.u32(4);
      if (base === null) return 'short tfdt';
      cursor = base;
    }
    for (const trunBox of childrenOf(bytes, traf)) {
      if (trunBox.type !== 'trun') continue;
      const trun = fullBoxReader(bytes, trunBox);
      const count = trun.u32(4);
      if (count === null) return 'short trun';
      at = 8 + (trun.flags & 0x001 ? 4 : 0) + (trun.flags & 0x004 ? 4 : 0);
      const fieldsPerSample = [0x100, 0x200, 0x400, 0x800].filter((flag) => trun.flags & flag).length;
      if (at + count * fieldsPerSample * 4 > trun.length) return 'trun shorter than its sample count';
      if (trun.flags & 0x100) for (let sample = 0; sample < count; sample++) cursor += trun.u32(at + sample * fieldsPerSample * 4) ?? 0;
      else cursor += count * defaultDuration;
    }
    track.fragmentCursor = cursor;
    candidates.add(cursor, track.timescale);
  }
  return null;
}

/**
 * Reads an MP4 file's duration: the largest of the movie header's (mvhd, versions 0 and 1),
 * each track's media header and sample table (stts: what actually plays, whatever the headers
 * say), the fragment duration (mehd) and, for fragmented files (as Safari's MediaRecorder
 * writes), the end of the last fragment. Bytes after the last complete
 * top-level box are cut.
 */
export function readMp4(bytes: Buffer): ReadVideo | RefusedUpload {
  const tracks = new Map<number, Track>();
  const candidates = new DurationCandidates();
  let offset = 0;
  let hasMovie = false;
  for (let box = readBox(bytes, 0, bytes.length); box; box = readBox(bytes, offset, bytes.length)) {
    if (box.start === 0 && box.type !== 'ftyp') return refuse('undecodable', 'MP4 not starting with ftyp');
    if (box.type === 'moov') {
      hasMovie = true;
      const problem = readMovie(bytes, box, tracks, candidates);
      if (problem) return refuse('undecodable', problem);
    } else if (box.type === 'moof') {
      const problem = readFragment(bytes, box, tracks, candidates);
      if (problem) return refuse('undecodable', problem);
    }
    offset = box.end;
  }
  if (!hasMovie) return refuse('undecodable', 'MP4 without moov');
  const durationSeconds = candidates.longestSeconds;
  if (durationSeconds === 0) return refuse('undecodable', 'MP4 duration cannot be determined');
  return { ok: true, bytes: Buffer.from(bytes.subarray(0, offset)), durationSeconds };
}
