import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zipArchive } from '../../../test/fixtures/uploads/image-fixtures';
import { buildPdf, objectStream, streamObject } from '../../../test/fixtures/uploads/pdf-fixtures';
import { screenPdf } from './pdf-screening';

const javaScriptAction = '<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>';

describe('a real PDF is kept, up to its last %%EOF', () => {
  it('a plain statement passes unchanged', () => {
    const pdf = buildPdf({ minSize: 30_000 });
    expect(screenPdf(pdf)).toEqual({ ok: true, bytes: pdf });
  });

  it('links (/URI) are allowed', () => {
    const pdf = buildPdf({ extraObjects: ['<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://bank.example) >> >>'] });
    expect(screenPdf(pdf).ok).toBe(true);
  });

  it('a ZIP or HTML appended after %%EOF is dropped', () => {
    const pdf = buildPdf();
    for (const appended of [zipArchive(), Buffer.from('<html><script>alert(1)</script></html>')]) {
      expect(screenPdf(Buffer.concat([pdf, appended]))).toEqual({ ok: true, bytes: pdf });
    }
  });

  it('an incremental update (a second %%EOF) is kept whole', () => {
    const pdf = buildPdf();
    const update = Buffer.from(
      '6 0 obj\n<< /Producer (edit) >>\nendobj\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 7 >>\nstartxref\n123\n%%EOF\n',
    );
    const updated = Buffer.concat([pdf, update]);
    expect(screenPdf(Buffer.concat([updated, Buffer.from('junk')]))).toEqual({ ok: true, bytes: updated });
  });

  it('something that only starts like a PDF is undecodable', () => {
    expect(screenPdf(Buffer.from('%PDF-1.7\nthis is not a document'))).toMatchObject({ ok: false, reason: 'undecodable' });
    expect(screenPdf(Buffer.from('%PDF-1.7\n%%EOF'))).toMatchObject({ ok: false, reason: 'undecodable' });
    expect(screenPdf(Buffer.from('%PDX-1.7\nstartxref\n0\n%%EOF'))).toMatchObject({ ok: false, reason: 'undecodable' });
  });
});

describe('active content is refused', () => {
  it.each([
    ['JavaScript on open', { catalogEntries: '/OpenAction 5 0 R', extraObjects: [javaScriptAction] }],
    ['a page action', { extraObjects: ['<< /Type /Page /AA << /O 6 0 R >> >>', '<< /S /Named /N /NextPage >>'] }],
    ['a launch action', { extraObjects: ['<< /S /Launch /F (cmd.exe) >>'] }],
    ['an embedded file', { extraObjects: [streamObject('/Type /EmbeddedFile', Buffer.from('MZ executable'))] }],
    ['an attachment annotation', { extraObjects: ['<< /Type /Annot /Subtype /FileAttachment /FS 6 0 R >>'] }],
    ['a remote go-to', { extraObjects: ['<< /S /GoToR /F (\\\\\\\\attacker\\\\share\\\\x.pdf) >>'] }],
    ['an XFA form', { catalogEntries: '/AcroForm << /XFA 5 0 R >>', extraObjects: [streamObject('', Buffer.from('<xdp/>'))] }],
    ['encryption', { trailerEntries: '/Encrypt << /Filter /Standard /V 2 >>' }],
  ])('%s', (_name, options) => {
    expect(screenPdf(buildPdf(options))).toMatchObject({ ok: false, reason: 'unsafeContent' });
  });

  it('a name spelled with #xx escapes is still the name', () => {
    const pdf = buildPdf({ catalogEntries: '/Open#41ction 5 0 R', extraObjects: ['<< /S /J#61vaScript /J#53 (app.alert(1)) >>'] });
    expect(screenPdf(pdf)).toMatchObject({ ok: false, reason: 'unsafeContent', detail: 'PDF name /OpenAction (action on open)' });
  });

  it('JavaScript inside a compressed object stream is found', () => {
    const pdf = buildPdf({ extraObjects: [objectStream(6, [javaScriptAction])] });
    expect(pdf.toString('latin1')).not.toContain('JavaScript');
    expect(screenPdf(pdf)).toMatchObject({
      ok: false,
      reason: 'unsafeContent',
      detail: 'PDF name /JavaScript (script) inside an object stream',
    });
  });

  it('an object stream the screen cannot read is refused: another filter, or a bomb', () => {
    const hex = Buffer.from(Buffer.from(`6 0 ${javaScriptAction}`).toString('hex'));
    const hexStream = buildPdf({ extraObjects: [streamObject('/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode', hex)] });
    expect(screenPdf(hexStream)).toMatchObject({ ok: false, reason: 'unsafeContent' });

    const bomb = deflateSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
    const bombStream = buildPdf({ extraObjects: [streamObject('/N 1 /First 4 /Filter /FlateDecode', bomb)] });
    expect(screenPdf(bombStream)).toMatchObject({ ok: false, reason: 'unsafeContent', detail: 'PDF object stream expands past the limit' });
  });

  it('an object hidden inside what looks like stream data is refused, plain or as a compressed object stream', () => {
    const plain = `7 0 obj\n${javaScriptAction}\nendobj`;
    const compressed = `7 0 obj\n${objectStream(8, [javaScriptAction]).toString('latin1')}\nendobj`;
    for (const hidden of [plain, compressed]) {
      const disguise = Buffer.from(`filler\n${hidden}\nmore filler`, 'latin1');
      for (const dictionary of ['/Subtype /Image', '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode']) {
        const pdf = buildPdf({ extraObjects: [streamObject(dictionary, disguise)] });
        expect(screenPdf(pdf)).toMatchObject({ ok: false, reason: 'unsafeContent', detail: 'PDF object hidden inside stream data' });
      }
    }
  });
});

describe('binary stream data is not mistaken for names', () => {
  it('an image whose compressed bytes happen to spell /JS and /AA is accepted', () => {
    const jpegLike = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('\x13/JS \x80\x02/AA]\x07/Launch(', 'latin1'),
      Buffer.alloc(64, 0x99),
    ]);
    const image = streamObject(
      '/Type /XObject /Subtype /Image /Width 8 /Height 8 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /DCTDecode',
      jpegLike,
    );
    expect(screenPdf(buildPdf({ extraObjects: [image] })).ok).toBe(true);
  });
});

describe('hostile layouts are screened in linear time', () => {
  const trailer = '\nstartxref\n0\n%%EOF\n';
  const timed = (bytes: Buffer) => {
    const started = performance.now();
    const outcome = screenPdf(bytes);
    return { outcome, ms: performance.now() - started };
  };

  it.each([
    ['60 KB of digits', '1'.repeat(60_000)],
    ['200 KB of digits', '1'.repeat(200_000)],
    ['0.9 MB of streams with no obj', '<<>>stream\nendstream\n'.repeat(45_000)],
    ['digit runs before obj-like words', `${'9'.repeat(100_000)} ${'8'.repeat(100_000)} obj `.repeat(2)],
  ])('%s takes well under a second', (_name, body) => {
    const { outcome, ms } = timed(Buffer.from(`%PDF-1.4\n${body}${trailer}`, 'latin1'));
    expect(outcome.ok).toBe(true);
    expect(ms).toBeLessThan(1000);
  });

  it('an object header after a long digit run inside stream data is still found, quickly', () => {
    const data = Buffer.from(`${'7'.repeat(200_000)}\n12 0 obj\n<< >>\nendobj`, 'latin1');
    const { outcome, ms } = timed(buildPdf({ extraObjects: [streamObject('/Subtype /Image', data)] }));
    expect(outcome).toMatchObject({ ok: false, reason: 'unsafeContent', detail: 'PDF object hidden inside stream data' });
    expect(ms).toBeLessThan(1000);
  });
});
