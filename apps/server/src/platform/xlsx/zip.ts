import { deflateRawSync } from 'node:zlib';

/** A file of a zip archive: its path inside the archive and its bytes. */
export interface ZipEntry {
  path: string;
  data: Buffer;
}

const crcTable = Uint32Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

/** CRC-32 (ISO-HDLC, the zip format's) of `data`. */
export function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** DOS time and date of 1 January 1980, 00:00 (the format's epoch): the archive's bytes depend on its content only. */
const dosTime = 0;
const dosDate = (1 << 5) | 1;
const utf8Flag = 0x0800;
const deflated = 8;

/**
 * A zip archive (PKWARE APPNOTE 6.3, no ZIP64: each file and the whole below 4 GiB) of the
 * entries, each deflated, with UTF-8 names: what an Office Open XML package (an XLSX) is.
 */
export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const packed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    /** The fields both headers carry, in the same order, from "version needed" to the name's length. */
    const writeEntryFields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(utf8Flag, at + 2);
      header.writeUInt16LE(deflated, at + 4);
      header.writeUInt16LE(dosTime, at + 6);
      header.writeUInt16LE(dosDate, at + 8);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(entry.data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4);
    locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeEntryFields(central, 6);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
