import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { refuse, type RefusedUpload } from './upload-result';

/**
 * Past these, decoding alone could take gigabytes (a decompression bomb); read from the header
 * first. Even within them re-encoding is costly in pure JavaScript: a 12 MP JPEG takes about
 * 5 s of CPU, a 40 MP one about 20 s and 1.5 GB of memory, so 16 MP (a phone's photo) is the most.
 */
export const imagePixelLimits = { maxSide: 8000, maxPixels: 16_000_000 } as const;

const jpegQuality = 90;

/** EXIF orientation 1–8 (1: as stored). Applied to the pixels, since the EXIF that carried it is dropped. */
type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface ImageHeader {
  width: number;
  height: number;
  orientation: Orientation;
}

interface Pixels {
  width: number;
  height: number;
  /** RGBA, 8 bits a channel. */
  data: Buffer;
}

export interface SanitisedImage {
  ok: true;
  bytes: Buffer;
  width: number;
  height: number;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** IHDR must be the first chunk: signature (8), length (4) = 13, "IHDR", width, height. */
export function readPngHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(pngSignature)) return null;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), orientation: 1 };
}

/** Where IEND ends: what follows (an appended archive or page) is not handed to the decoder. */
function pngEnd(bytes: Buffer): number | null {
  for (let offset = 8; offset + 12 <= bytes.length;) {
    const end = offset + 12 + bytes.readUInt32BE(offset);
    if (end > bytes.length) return null;
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IEND') return end;
    offset = end;
  }
  return null;
}

/** SOF markers carrying the frame's dimensions (C4 DHT, C8 JPG and CC DAC are not frames). */
const startOfFrameMarkers = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Walks the marker segments up to the first scan: dimensions from the frame header, orientation from EXIF. */
export function readJpegHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  let frame: { width: number; height: number } | null = null;
  let orientation: Orientation = 1;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    let marker = bytes[offset + 1];
    // Any number of 0xFF fill bytes may precede a marker.
    while (marker === 0xff && offset + 2 < bytes.length) marker = bytes[++offset + 1];
    offset += 2;
    if (marker === undefined || marker === 0xd8 || marker === 0xd9) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xda) break;
    if (offset + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) return null;
    const segment = bytes.subarray(offset + 2, offset + length);
    if (startOfFrameMarkers.has(marker)) {
      if (frame || segment.length < 6) return null;
      frame = { height: segment.readUInt16BE(1), width: segment.readUInt16BE(3) };
    } else if (marker === 0xe1 && segment.toString('latin1', 0, 6) === 'Exif\0\0') {
      orientation = readExifOrientation(segment.subarray(6));
    }
    offset += length;
  }
  return frame ? { ...frame, orientation } : null;
}

/** Tag 0x0112 of IFD0 in a TIFF structure; 1 when absent or out of range. */
function readExifOrientation(tiff: Buffer): Orientation {
  if (tiff.length < 8) return 1;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = u16(ifd);
  for (let index = 0; index < entries; index++) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) !== 0x0112) continue;
    // Type 3 (SHORT), count 1: the value sits in the first two bytes of the value field.
    const value = u16(entry + 2) === 3 ? u16(entry + 8) : 1;
    return value >= 1 && value <= 8 ? (value as Orientation) : 1;
  }
  return 1;
}

function exceedsPixelLimits({ width, height }: ImageHeader): boolean {
  return width > imagePixelLimits.maxSide || height > imagePixelLimits.maxSide || width * height > imagePixelLimits.maxPixels;
}

function decodePng(bytes: Buffer): Pixels {
  const end = pngEnd(bytes);
  if (end === null) throw new Error('no IEND chunk');
  const png = PNG.sync.read(bytes.subarray(0, end));
  return { width: png.width, height: png.height, data: png.data };
}

function decodeJpeg(bytes: Buffer): Pixels {
  const image = jpeg.decode(bytes, {
    formatAsRGBA: true,
    maxResolutionInMP: imagePixelLimits.maxPixels / 1_000_000,
    // A backstop only (the header check comes first): a 16 MP JPEG needs about 0.4 GB here.
    maxMemoryUsageInMB: 1024,
  });
  return { width: image.width, height: image.height, data: image.data };
}

function encodePng(pixels: Pixels): Buffer {
  const png = new PNG({ width: pixels.width, height: pixels.height });
  png.data = pixels.data;
  let isOpaque = true;
  for (let index = 3; index < pixels.data.length; index += 4) {
    if (pixels.data[index] !== 255) {
      isOpaque = false;
      break;
    }
  }
  return PNG.sync.write(png, { colorType: isOpaque ? 2 : 6 });
}

function encodeJpeg(pixels: Pixels): Buffer {
  return jpeg.encode(pixels, jpegQuality).data;
}

/** Turns the stored pixels upright, as a viewer honouring the EXIF orientation would show them. */
export function applyOrientation(pixels: Pixels, orientation: Orientation): Pixels {
  if (orientation === 1) return pixels;
  const { width: w, height: h, data } = pixels;
  const isTransposed = orientation >= 5;
  const width = isTransposed ? h : w;
  const height = isTransposed ? w : h;
  // Every orientation is affine: output pixel (x, y) shows source pixel base + x·dx + y·dy.
  const last = w * h - 1;
  const steps: Record<Exclude<Orientation, 1>, [base: number, dx: number, dy: number]> = {
    2: [w - 1, -1, w], // mirrored left-right
    3: [last, -1, -w], // upside down
    4: [last - (w - 1), 1, -w], // mirrored top-bottom
    5: [0, w, 1], // transposed
    6: [last - (w - 1), -w, 1], // to be turned 90° clockwise
    7: [last, -w, -1], // transverse
    8: [w - 1, w, -1], // to be turned 90° anticlockwise
  };
  const [base, dx, dy] = steps[orientation];
  // One 32-bit word a pixel (copied, since a Buffer's offset need not be 4-aligned).
  const source = new Uint32Array(w * h);
  new Uint8Array(source.buffer).set(data);
  const out = new Uint32Array(width * height);
  for (let y = 0, at = 0; y < height; y++) for (let x = 0; x < width; x++, at++) out[at] = source[base + x * dx + y * dy] ?? 0;
  return { width, height, data: Buffer.from(out.buffer) };
}

/**
 * Decodes and re-encodes, so only pixels survive: EXIF (GPS…), ICC and text chunks, comments
 * and anything after the end marker (an appended ZIP or HTML) are gone. The dimensions are read
 * from the header and checked before any decoding.
 */
export function sanitiseImage(bytes: Buffer, kind: 'jpeg' | 'png'): SanitisedImage | RefusedUpload {
  const header = kind === 'png' ? readPngHeader(bytes) : readJpegHeader(bytes);
  if (!header || header.width === 0 || header.height === 0) return refuse('undecodable', `no readable ${kind} header`);
  if (exceedsPixelLimits(header)) return refuse('tooLarge', `declared ${header.width}×${header.height} px`);

  let pixels: Pixels;
  try {
    pixels = kind === 'png' ? decodePng(bytes) : decodeJpeg(bytes);
  } catch (error) {
    return refuse('undecodable', `${kind} does not decode: ${(error as Error).message}`);
  }
  if (pixels.width !== header.width || pixels.height !== header.height || pixels.data.length !== pixels.width * pixels.height * 4)
    return refuse('undecodable', `${kind} decodes to other dimensions than its header declares`);

  const upright = applyOrientation(pixels, header.orientation);
  const clean = kind === 'png' ? encodePng(upright) : encodeJpeg(upright);
  return { ok: true, bytes: clean, width: upright.width, height: upright.height };
}
