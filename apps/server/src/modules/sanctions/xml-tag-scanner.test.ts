import { describe, expect, it } from 'vitest';
import { createXmlScanner, XmlRefusedError } from './xml-tag-scanner';

/** What the scanner reported, as one line per event. */
function scanInChunks(xml: string, chunkSize: number, limits: { maxTagLength?: number } = {}) {
  const events: string[] = [];
  const scanner = createXmlScanner(
    {
      open: (name, attributes) => events.push(`open ${name} ${JSON.stringify([...attributes])}`),
      text: (value) => events.push(`text ${value}`),
      close: (name) => events.push(`close ${name}`),
    },
    limits,
  );
  for (let at = 0; at < xml.length; at += chunkSize) scanner.write(xml.slice(at, at + chunkSize));
  scanner.end();
  // Text may come in pieces: join neighbours for comparison.
  return events.reduce<string[]>((joined, event) => {
    const last = joined.at(-1);
    if (last?.startsWith('text ') && event.startsWith('text ')) joined[joined.length - 1] = last + event.slice(5);
    else joined.push(event);
    return joined;
  }, []);
}

describe('the XML tag scanner fed one byte at a time', () => {
  const value = 'x'.repeat(60_000);
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Root><Feature a="${value}" b='1 > 0'>text &amp; more</Feature><?pi ${'y'.repeat(30_000)}?></Root>`;

  it('reads a 60 KB tag in linear time, with what it read in one piece', () => {
    const whole = scanInChunks(xml, xml.length);
    const started = performance.now();
    const bytewise = scanInChunks(xml, 1);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(bytewise).toEqual(whole);
    expect(whole).toEqual([
      'open Root []',
      `open Feature ${JSON.stringify([
        ['a', value],
        ['b', '1 > 0'],
      ])}`,
      'text text & more',
      'close Feature',
      'close Root',
    ]);
  });

  it('still refuses a tag or instruction over the limit, and one the document never closes', () => {
    expect(() => scanInChunks(`<Root><Feature a="${'x'.repeat(2_000)}"/></Root>`, 1, { maxTagLength: 1_000 })).toThrow(
      new XmlRefusedError('tag too long'),
    );
    expect(() => scanInChunks(`<Root><?pi ${'x'.repeat(2_000)}?></Root>`, 7, { maxTagLength: 1_000 })).toThrow(
      new XmlRefusedError('processing instruction too long'),
    );
    expect(() => scanInChunks('<Root><Feature a="1"', 1)).toThrow(XmlRefusedError);
  });
});
