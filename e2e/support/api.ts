import { baseUrl } from './browser';

/** What a call answered: the envelope's data and the session cookie it set (or the one it was sent with). */
export interface ApiAnswer<T> {
  data: T;
  cookie: string | null;
}

/**
 * One call of Coffer's JSON API as a client sends it: a body as JSON (POST), the session cookie,
 * and an envelope whose `code` must be 0 (anything else throws with its code and message).
 */
export async function callApi<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; cookie?: string | null } = {},
): Promise<ApiAnswer<T>> {
  const cookie = options.cookie ?? null;
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return { data: envelope.data, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? cookie };
}
