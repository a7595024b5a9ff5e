/**
 * A small streaming scanner for well-formed XML 1.0 in UTF-8, enough to read the OFAC list:
 * elements with their attributes, text, CDATA, comments and processing instructions. It is
 * deliberately not a full parser: it refuses any DTD (`<!DOCTYPE`, `<!ENTITY`…), so no entity
 * is ever defined, let alone expanded or fetched; it knows only the five predefined entities
 * and character references, and refuses any other reference. Memory is bounded: text is handed
 * on as it arrives, a tag may be at most `maxTagLength` characters and elements nest at most
 * `maxDepth` deep. Element and attribute names lose their namespace prefix (`ns:Feature` →
 * `Feature`); namespace declarations are not reported.
 */

/** The document was refused: not well-formed, a DTD, a limit passed. */
export class XmlRefusedError extends Error {
  override readonly name = 'XmlRefusedError';
  constructor(readonly reason: string) {
    super(`XML refused: ${reason}`);
  }
}

export interface XmlHandler {
  open(name: string, attributes: ReadonlyMap<string, string>): void;
  /** Text of the current element, decoded; one element's text may come in several pieces. */
  text(value: string): void;
  close(name: string): void;
}

export interface XmlScanner {
  write(chunk: string): void;
  /** The document is complete: refuses one that stopped mid-way. */
  end(): void;
}

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids are exactly what is refused
const forbiddenCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const predefinedEntities: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const longestReference = 12;
const attributePattern = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const namePattern = /^[^\s/>="'<&!?]+$/;

function isXmlCharacter(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

function resolveReference(name: string): string {
  const predefined = predefinedEntities[name];
  if (predefined !== undefined) return predefined;
  const numeric = /^#x([0-9a-fA-F]{1,6})$/.exec(name) ?? /^#([0-9]{1,7})$/.exec(name);
  if (numeric) {
    const codePoint = Number.parseInt(numeric[1]!, name.startsWith('#x') ? 16 : 10);
    if (!isXmlCharacter(codePoint)) throw new XmlRefusedError(`character reference &${name}; names no XML character`);
    return String.fromCodePoint(codePoint);
  }
  // No DTD is read, so no other entity exists: a reference to one is never expanded.
  throw new XmlRefusedError(`undefined entity &${name.slice(0, longestReference)};`);
}

/** Text with its references resolved; a bare `&` is refused. */
export function decodeXmlText(raw: string): string {
  if (!raw.includes('&')) return raw;
  let decoded = '';
  let from = 0;
  for (let at = raw.indexOf('&'); at !== -1; at = raw.indexOf('&', from)) {
    const end = raw.indexOf(';', at);
    if (end === -1 || end - at > longestReference + 1) throw new XmlRefusedError('bare "&" in text');
    decoded += raw.slice(from, at) + resolveReference(raw.slice(at + 1, end));
    from = end + 1;
  }
  return decoded + raw.slice(from);
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The attributes of a start tag's inside (`name a="1" b='2'`), namespace declarations left out. */
function parseAttributes(inside: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let at = 0;
  while (at < inside.length) {
    const space = /\s*/y;
    space.lastIndex = at;
    space.exec(inside);
    at = space.lastIndex;
    if (at >= inside.length) break;
    attributePattern.lastIndex = at;
    const match = attributePattern.exec(inside);
    if (!match) throw new XmlRefusedError('malformed attribute');
    at = attributePattern.lastIndex;
    const [, name, doubleQuoted, singleQuoted] = match;
    const value = doubleQuoted ?? singleQuoted ?? '';
    if (value.includes('<')) throw new XmlRefusedError('"<" in an attribute value');
    if (name === 'xmlns' || name!.startsWith('xmlns:')) continue;
    attributes.set(localName(name!), decodeXmlText(value));
  }
  return attributes;
}

/** The first `>` outside quotes in `text[from, last)`, the quote open before `from` given; or -1 and the quote open at `last`. */
function scanTag(text: string, from: number, last: number, quote: string | null): { end: number; quote: string | null } {
  for (let index = from; index < last; index += 1) {
    const character = text[index];
    if (quote) {
      if (character === quote) quote = null;
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === '>') {
      return { end: index, quote };
    }
  }
  return { end: -1, quote };
}

/** Where the tag starting at `from` ends: the first `>` outside quotes, or -1 (looking no further than `limit`). */
function tagEnd(buffer: string, from: number, limit: number): { end: number; quote: string | null } {
  return scanTag(buffer, from + 1, Math.min(buffer.length, from + limit + 1), null);
}

/**
 * A tag or processing instruction still open at the end of the input: its pieces so far, and
 * where the search for its end stands (the quote open in a tag, a `?` ending the last piece of
 * an instruction). Each new chunk is searched alone; the pieces are joined once it ends.
 */
interface PendingMarkup {
  kind: 'tag' | 'instruction';
  parts: string[];
  length: number;
  quote: string | null;
  endsWithQuestionMark: boolean;
}

export function createXmlScanner(handler: XmlHandler, limits: { maxTagLength?: number; maxDepth?: number } = {}): XmlScanner {
  const maxTagLength = limits.maxTagLength ?? 64 * 1024;
  const maxDepth = limits.maxDepth ?? 64;
  const stack: string[] = [];
  let buffer = '';
  /** Where the unread input starts in `buffer`. */
  let at = 0;
  let state: 'text' | 'markup' | 'comment' | 'cdata' = 'text';
  let hasRoot = false;
  let isRootClosed = false;
  let pending: PendingMarkup | null = null;

  /** Keeps the unfinished markup from `at` aside; nothing before it is read again. */
  function setAside(kind: PendingMarkup['kind'], quote: string | null): false {
    const rest = buffer.slice(at);
    pending = { kind, parts: [rest], length: rest.length, quote, endsWithQuestionMark: rest.endsWith('?') };
    buffer = '';
    at = 0;
    return false;
  }

  /** Whether `chunk` ends the pending markup; when not, it joins the pieces. */
  function endsPending(markup: PendingMarkup, chunk: string): boolean {
    let isEnded: boolean;
    if (markup.kind === 'tag') {
      const scanned = scanTag(chunk, 0, chunk.length, markup.quote);
      markup.quote = scanned.quote;
      isEnded = scanned.end !== -1;
    } else {
      isEnded = (markup.endsWithQuestionMark && chunk.startsWith('>')) || chunk.includes('?>');
      if (chunk !== '') markup.endsWithQuestionMark = chunk.endsWith('?');
    }
    if (isEnded) return true;
    markup.parts.push(chunk);
    markup.length += chunk.length;
    if (markup.length > maxTagLength) throw new XmlRefusedError(markup.kind === 'tag' ? 'tag too long' : 'processing instruction too long');
    return false;
  }

  function emitText(raw: string): void {
    if (raw === '') return;
    if (stack.length === 0) {
      // Outside the root only white space may stand.
      if (raw.trim() !== '') throw new XmlRefusedError('text outside the root element');
      return;
    }
    handler.text(decodeXmlText(raw));
  }

  function startTag(inside: string): void {
    const isEmpty = inside.endsWith('/');
    const body = isEmpty ? inside.slice(0, -1) : inside;
    const nameEnd = body.search(/\s|$/);
    const name = body.slice(0, nameEnd);
    if (!namePattern.test(name)) throw new XmlRefusedError('malformed element name');
    if (isRootClosed || (stack.length === 0 && hasRoot)) throw new XmlRefusedError('a second root element');
    if (stack.length >= maxDepth) throw new XmlRefusedError(`elements nested deeper than ${maxDepth}`);
    const element = localName(name);
    hasRoot = true;
    stack.push(name);
    handler.open(element, parseAttributes(body.slice(nameEnd)));
    if (isEmpty) closeTag(name);
  }

  function closeTag(name: string): void {
    const open = stack.pop();
    if (open !== name) throw new XmlRefusedError(`</${name.slice(0, 64)}> closes <${(open ?? '').slice(0, 64)}>`);
    handler.close(localName(name));
    if (stack.length === 0) isRootClosed = true;
  }

  function declaration(inside: string): void {
    if (!/^xml\s/.test(inside)) return;
    const encoding = /encoding\s*=\s*["']([^"']+)["']/.exec(inside)?.[1];
    if (encoding && !/^utf-?8$/i.test(encoding)) throw new XmlRefusedError(`encoding ${encoding.slice(0, 20)} (only UTF-8 is read)`);
  }

  /** One step over the input from `at`; false when it needs more input. */
  function step(): boolean {
    switch (state) {
      case 'text': {
        const open = buffer.indexOf('<', at);
        if (open === -1) {
          // Keep an unfinished reference for the next chunk.
          const amp = buffer.lastIndexOf('&');
          const keepFrom = amp >= at && buffer.indexOf(';', amp) === -1 ? amp : buffer.length;
          if (buffer.length - keepFrom > longestReference + 1) throw new XmlRefusedError('bare "&" in text');
          emitText(buffer.slice(at, keepFrom));
          at = keepFrom;
          return false;
        }
        emitText(buffer.slice(at, open));
        at = open;
        state = 'markup';
        return true;
      }
      case 'comment':
      case 'cdata': {
        const terminator = state === 'comment' ? '-->' : ']]>';
        const found = buffer.indexOf(terminator, at);
        if (found === -1) {
          // Comments are dropped and CDATA handed on as it comes; only a possible terminator's start is kept.
          const keepFrom = Math.max(at, buffer.length - 2);
          if (state === 'cdata' && keepFrom > at) handler.text(buffer.slice(at, keepFrom));
          at = keepFrom;
          return false;
        }
        if (state === 'cdata' && found > at) handler.text(buffer.slice(at, found));
        at = found + 3;
        state = 'text';
        return true;
      }
      case 'markup':
        return markup();
    }
  }

  function markup(): boolean {
    const startsWith = (prefix: string) => buffer.startsWith(prefix, at);
    if (startsWith('<!--')) {
      at += 4;
      state = 'comment';
      return true;
    }
    if (startsWith('<![CDATA[')) {
      if (stack.length === 0) throw new XmlRefusedError('CDATA outside the root element');
      at += 9;
      state = 'cdata';
      return true;
    }
    if (startsWith('<!')) {
      const rest = buffer.slice(at, at + 9);
      if ('<!--'.startsWith(rest) || '<![CDATA['.startsWith(rest)) return false;
      // DOCTYPE, ENTITY, ELEMENT…: a DTD is never read, so nothing it defines can be expanded.
      throw new XmlRefusedError('a DTD (<!DOCTYPE or <!ENTITY) is not accepted');
    }
    if (startsWith('<?')) {
      const end = buffer.indexOf('?>', at);
      if (end === -1) {
        if (buffer.length - at > maxTagLength) throw new XmlRefusedError('processing instruction too long');
        return setAside('instruction', null);
      }
      declaration(buffer.slice(at + 2, end));
      at = end + 2;
      state = 'text';
      return true;
    }
    const { end, quote } = tagEnd(buffer, at, maxTagLength);
    if (end === -1) {
      if (buffer.length - at > maxTagLength) throw new XmlRefusedError('tag too long');
      // A lone `<` may still turn out to start `<?` or `<!`: it waits in the buffer.
      return buffer.length - at > 1 ? setAside('tag', quote) : false;
    }
    const inside = buffer.slice(at + 1, end);
    at = end + 1;
    state = 'text';
    if (inside.startsWith('/')) closeTag(inside.slice(1).trim());
    else startTag(inside.trim());
    return true;
  }

  return {
    write(chunk: string): void {
      if (forbiddenCharacter.test(chunk)) throw new XmlRefusedError('a character XML forbids (a control character)');
      if (pending) {
        if (!endsPending(pending, chunk)) return;
        // Ended: the markup is read once, whole.
        buffer = pending.parts.join('') + chunk;
        pending = null;
      } else {
        // What is left of the last chunk (a reference, a `<`) and the new one.
        buffer = buffer.slice(at) + chunk;
      }
      at = 0;
      while (at < buffer.length && step()) {
        // Each step consumes input or changes state.
      }
    },
    end(): void {
      if (pending || state !== 'text' || buffer.slice(at).trim() !== '' || stack.length > 0 || !hasRoot)
        throw new XmlRefusedError('the document ends before its root element closes');
    },
  };
}
