import { describe, expect, it } from 'vitest';
import { boundaryOf, checkImage, parseMultipart, sandboxImageMaxBytes } from './sandbox-multipart';

const boundary = '----sandboxBoundary7MA4YWxk';

function body(parts: string[]): Buffer {
  return Buffer.from(`--${boundary}\r\n${parts.join(`\r\n--${boundary}\r\n`)}\r\n--${boundary}--\r\n`, 'latin1');
}

describe('multipart/form-data', () => {
  it('reads the boundary, quoted or not, and nothing else', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${boundary}`)).toBe(boundary);
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
  });

  it('parses fields and files, keeping file bytes exact', () => {
    const form = parseMultipart(
      body([
        'Content-Disposition: form-data; name="outcome"\r\n\r\napprove',
        'Content-Disposition: form-data; name="selfie"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--not-a-boundary',
      ]),
      boundary,
    );
    expect(form?.fields.get('outcome')).toBe('approve');
    const selfie = form?.files.get('selfie');
    expect(selfie?.filename).toBe('me.png');
    expect(selfie?.contentType).toBe('image/png');
    expect(selfie?.bytes.toString('latin1')).toBe('\x89PNG\r\n\x1a\n\r\n--not-a-boundary');
  });

  it('answers null for truncated bodies, duplicate names and parts without a name', () => {
    expect(parseMultipart(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx`), boundary)).toBeNull();
    expect(
      parseMultipart(
        body(['Content-Disposition: form-data; name="a"\r\n\r\n1', 'Content-Disposition: form-data; name="a"\r\n\r\n2']),
        boundary,
      ),
    ).toBeNull();
    expect(parseMultipart(body(['Content-Disposition: form-data\r\n\r\n1']), boundary)).toBeNull();
    expect(parseMultipart(body(['no header line\r\n\r\n1']), boundary)).toBeNull();
    expect(parseMultipart(Buffer.from('nothing here'), boundary)).toBeNull();
    const many = Array.from({ length: 13 }, (_, index) => `Content-Disposition: form-data; name="f${index}"\r\n\r\n${index}`);
    expect(parseMultipart(body(many), boundary)).toBeNull();
  });

  it('checks images by size and magic bytes', () => {
    const file = (bytes: Buffer, filename = 'x') => ({ filename, contentType: 'image/jpeg', bytes });
    expect(checkImage(undefined)).toBe('missing');
    expect(checkImage(file(Buffer.alloc(0), ''))).toBe('missing');
    expect(checkImage(file(Buffer.alloc(0)))).toBe('empty');
    expect(checkImage(file(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2])))).toBe('ok');
    expect(checkImage(file(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])))).toBe('ok');
    expect(checkImage(file(Buffer.from('GIF89a')))).toBe('notImage');
    expect(checkImage(file(Buffer.from('%PDF-1.7')))).toBe('notImage');
    const large = Buffer.alloc(sandboxImageMaxBytes);
    large.set([0xff, 0xd8, 0xff]);
    expect(checkImage(file(large))).toBe('tooLarge');
    expect(checkImage(file(large.subarray(0, sandboxImageMaxBytes - 1)))).toBe('ok');
  });
});
