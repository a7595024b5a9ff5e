import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler refuses unstorable text itself, after counting the request as an attempt
     * (the login: a request that cannot be stored must still spend a try).
     */
    refusesUnstorableTextItself?: boolean;
  }
}

/**
 * Characters refused in every string a caller sends (body, query, path; object keys too):
 * the C0 controls U+0000–U+001F except TAB, LF and CR (free text may hold lines), DEL
 * U+007F, and unpaired UTF-16 surrogates. PostgreSQL cannot store NUL in text at all, and a
 * lone surrogate would be stored as U+FFFD, silently changed; the other controls have no
 * business in names, addresses or notes and only make logs and screens lie.
 */
const refusedCharacter =
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what is refused
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !refusedCharacter.test(value);
}

/**
 * The dotted path (`items.0.note`) of the first string in `value` holding a refused
 * character, `''` for `value` itself, or null. Walks with its own stack: a deeply nested
 * body must not overflow the call stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
      continue;
    }
    // A raw upload body (bytes, not text) is judged by its content elsewhere.
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    const entries = Object.entries(current);
    // Pushed in reverse, so the first offending field in document order is found first.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index]!;
      if (!isStorableText(key)) return path;
      pending.push({ value: child, path: path === '' ? key : `${path}.${key}` });
    }
  }
  return null;
}

const requestParts = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

/**
 * Refuses, before validation and before any handler or database sees it, a request whose
 * path parameters, query or JSON body hold a string with a refused character: the envelope
 * `invalidParameter` (HTTP 400) naming the field.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.config.refusesUnstorableTextItself) return undefined;
    for (const [part, name] of requestParts) {
      const field = findUnstorableText(request[part]);
      if (field === null) continue;
      request.log.info({ part, field }, 'control character refused');
      return sendError(request, reply, { key: 'invalidParameter', field: field === '' ? name : field });
    }
    return undefined;
  });
}
