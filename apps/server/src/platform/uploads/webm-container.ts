import { refuse, type ReadVideo, type RefusedUpload } from './upload-result';

/** Matroska/WebM element ids, marker bits included as they are written (exported for the test fixtures that write them). */
export const webmIds = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  cluster: 0x1f43b675,
  attachments: 0x1941a469,
  void: 0xec,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
} as const;
const ids = webmIds;

/** The Segment's children (SeekHead, Info, Tracks, Cluster, Cues, Chapters, Tags, Attachments, Void, CRC-32). */
const segmentChildren = new Set([
  0x114d9b74,
  ids.info,
  ids.tracks,
  ids.cluster,
  0x1c53bb6b,
  0x1043a770,
  0x1254c367,
  ids.attachments,
  ids.void,
  0xbf,
]);
/** A Cluster's children (Timecode, SilentTracks, Position, PrevSize, SimpleBlock, BlockGroup, EncryptedBlock, Void, CRC-32). */
const clusterChildren = new Set([ids.timecode, 0x5854, 0xa7, 0xab, ids.simpleBlock, ids.blockGroup, 0xaf, ids.void, 0xbf]);

/** The default TimecodeScale: timestamps in milliseconds. */
const defaultTimecodeScale = 1_000_000;

interface Element {
  id: number;
  dataStart: number;
  /** null: unknown size (allowed for Segment and Cluster: the element runs until a sibling or parent's sibling starts). */
  end: number | null;
}

/** A variable-length integer: its length is one plus the leading zero bits of its first byte. */
function readVint(bytes: Buffer, offset: number, isId: boolean): { value: number; length: number; isUnknown: boolean } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.length || (isId && length > 4)) return null;
  let value = isId ? first : first & (0xff >> length);
  let isUnknown = value === 0xff >> length;
  for (let index = 1; index < length; index++) {
    const byte = bytes[offset + index] ?? 0;
    value = value * 256 + byte;
    isUnknown &&= byte === 0xff;
  }
  return { value, length, isUnknown: !isId && isUnknown };
}

function readElement(bytes: Buffer, offset: number, limit: number): Element | null {
  const id = readVint(bytes, offset, true);
  if (!id) return null;
  const size = readVint(bytes, offset + id.length, false);
  if (!size) return null;
  const dataStart = offset + id.length + size.length;
  if (dataStart > limit) return null;
  if (size.isUnknown) return { id: id.value, dataStart, end: null };
  const end = dataStart + size.value;
  return end > limit ? null : { id: id.value, dataStart, end };
}

/** The children of a sized element; stops at the first that does not fit. */
function* childrenOf(bytes: Buffer, parent: { dataStart: number; end: number }): Generator<Element & { end: number }> {
  for (let offset = parent.dataStart; offset < parent.end;) {
    const child = readElement(bytes, offset, parent.end);
    if (!child || child.end === null) return;
    yield { ...child, end: child.end };
    offset = child.end;
  }
}

function readUint(bytes: Buffer, element: { dataStart: number; end: number }): number {
  let value = 0;
  for (let index = element.dataStart; index < element.end; index++) value = value * 256 + (bytes[index] ?? 0);
  return value;
}

/** The relative timestamp of a (Simple)Block: after the track number, a signed 16-bit integer. */
function readBlockTimecode(bytes: Buffer, block: { dataStart: number; end: number }): number | null {
  const track = readVint(bytes, block.dataStart, false);
  if (!track || block.dataStart + track.length + 2 > block.end) return null;
  return bytes.readInt16BE(block.dataStart + track.length);
}

interface Timeline {
  timecodeScale: number;
  /** Segment Info's Duration, in TimecodeScale units (a float). */
  declaredDuration: number | null;
  /** The latest block end seen, in TimecodeScale units. */
  lastTimestamp: number | null;
}

function readInfo(bytes: Buffer, info: { dataStart: number; end: number }, timeline: Timeline): string | null {
  for (const child of childrenOf(bytes, info)) {
    const size = child.end - child.dataStart;
    if (child.id === ids.timecodeScale) {
      timeline.timecodeScale = readUint(bytes, child);
      if (timeline.timecodeScale === 0) return 'TimecodeScale of 0';
    } else if (child.id === ids.duration) {
      if (size !== 4 && size !== 8) return `Duration of ${size} bytes`;
      const duration = size === 4 ? bytes.readFloatBE(child.dataStart) : bytes.readDoubleBE(child.dataStart);
      if (!Number.isFinite(duration) || duration < 0) return `Duration of ${duration}`;
      timeline.declaredDuration = Math.max(timeline.declaredDuration ?? 0, duration);
    }
  }
  return null;
}

function noteTimestamp(timeline: Timeline, timestamp: number): void {
  timeline.lastTimestamp = Math.max(timeline.lastTimestamp ?? 0, timestamp);
}

type ClusterWalk =
  /** `end`: where the cluster stopped; `isLast`: what follows is not part of the segment. */
  { ok: true; end: number; isLast: boolean } | { ok: false; detail: string };

/**
 * Walks one cluster's blocks, noting the latest timestamp (cluster Timecode + the block's
 * relative timecode + a BlockGroup's BlockDuration). An unknown-size cluster (as Chromium's
 * MediaRecorder writes them) ends at the first element that is not one of its children.
 */
function walkCluster(bytes: Buffer, cluster: Element, segmentEnd: number, timeline: Timeline): ClusterWalk {
  const isOpenEnded = cluster.end === null;
  const end = cluster.end ?? segmentEnd;
  let clusterTimecode: number | null = null;
  let offset = cluster.dataStart;
  while (offset < end) {
    const child = readElement(bytes, offset, end);
    if (!child || child.end === null || !clusterChildren.has(child.id)) {
      if (isOpenEnded) return { ok: true, end: offset, isLast: !child || !segmentChildren.has(child.id) };
      if (child && child.end !== null) {
        offset = child.end; // an unknown child of a sized cluster is skipped, as the format says
        continue;
      }
      return { ok: false, detail: 'malformed element inside a cluster' };
    }
    const body = { dataStart: child.dataStart, end: child.end };
    if (child.id === ids.timecode) clusterTimecode = readUint(bytes, body);
    else if (child.id === ids.simpleBlock || child.id === ids.blockGroup) {
      if (clusterTimecode === null) return { ok: false, detail: 'block before the cluster Timecode' };
      let relative: number | null = null;
      let duration = 0;
      if (child.id === ids.simpleBlock) relative = readBlockTimecode(bytes, body);
      else
        for (const part of childrenOf(bytes, body)) {
          if (part.id === ids.block) relative = readBlockTimecode(bytes, part);
          else if (part.id === ids.blockDuration) duration = readUint(bytes, part);
        }
      if (relative === null) return { ok: false, detail: 'unreadable block header' };
      noteTimestamp(timeline, clusterTimecode + relative + duration);
    }
    offset = child.end;
  }
  return { ok: true, end: offset, isLast: false };
}

/**
 * Reads a WebM file's duration: the larger of Segment Info's Duration and the last block
 * timestamp (so a Duration that understates the clusters does not pass), scaled by
 * TimecodeScale. Data after a sized Segment, or after the last well-formed element of an
 * unknown-size one, is cut. Attachments are refused.
 */
export function readWebm(bytes: Buffer): ReadVideo | RefusedUpload {
  const header = readElement(bytes, 0, bytes.length);
  if (!header || header.id !== ids.ebml || header.end === null) return refuse('undecodable', 'no EBML header');
  const docType = [...childrenOf(bytes, { dataStart: header.dataStart, end: header.end })].find((child) => child.id === ids.docType);
  const docTypeName = docType ? bytes.toString('latin1', docType.dataStart, docType.end).replace(/\0+$/, '') : '';
  if (docTypeName !== 'webm') return refuse('undecodable', 'EBML DocType is not webm');

  let offset = header.end;
  let segment = readElement(bytes, offset, bytes.length);
  while (segment?.id === ids.void && segment.end !== null) segment = readElement(bytes, (offset = segment.end), bytes.length);
  if (!segment || segment.id !== ids.segment) return refuse('undecodable', 'no Segment after the EBML header');

  const isSized = segment.end !== null;
  const segmentEnd = segment.end ?? bytes.length;
  const timeline: Timeline = { timecodeScale: defaultTimecodeScale, declaredDuration: null, lastTimestamp: null };
  let hasInfo = false;
  offset = segment.dataStart;
  while (offset < segmentEnd) {
    const element = readElement(bytes, offset, segmentEnd);
    const isWellFormed = element && segmentChildren.has(element.id) && (element.end !== null || element.id === ids.cluster);
    if (!element || !isWellFormed) {
      if (isSized) return refuse('undecodable', 'malformed element inside the Segment');
      break; // what follows an unknown-size Segment's last element is not part of the file
    }
    if (element.id === ids.attachments) return refuse('unsafeContent', 'WebM with attachments');
    if (element.id === ids.cluster) {
      const walk = walkCluster(bytes, element, segmentEnd, timeline);
      if (!walk.ok) return refuse('undecodable', walk.detail);
      offset = walk.end;
      if (walk.isLast) break;
      continue;
    }
    if (element.id === ids.info && element.end !== null) {
      // A player times the file by the first Info; a second could carry another TimecodeScale.
      if (hasInfo) return refuse('undecodable', 'two Segment Info elements');
      hasInfo = true;
      const problem = readInfo(bytes, { dataStart: element.dataStart, end: element.end }, timeline);
      if (problem) return refuse('undecodable', problem);
    }
    offset = element.end ?? segmentEnd;
  }

  const units = Math.max(timeline.declaredDuration ?? -1, timeline.lastTimestamp ?? -1);
  if (units < 0) return refuse('undecodable', 'WebM without Duration or timestamped blocks');
  const kept = isSized ? segmentEnd : offset;
  return { ok: true, bytes: Buffer.from(bytes.subarray(0, kept)), durationSeconds: (units * timeline.timecodeScale) / 1e9 };
}
