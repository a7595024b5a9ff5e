import { errorCatalogue, errorMessage, httpStatusFor, type ErrorKey, type ErrorParams } from '@coffer/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../errors/domain-error';
import { resolveRequestContext } from './request-context';

interface ErrorAnswer {
  key: ErrorKey;
  params?: ErrorParams;
  field?: string;
  httpStatus?: number;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  const { key, params = {}, field } = answer;
  // Domain errors answer HTTP 200 with their code; the route's success schema must not
  // serialize them, so errors always take the plain serializer, which sets no content type.
  return reply
    .status(answer.httpStatus ?? httpStatusFor(key))
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send({
      code: errorCatalogue[key].code,
      msg: errorMessage(key, request.language, { field: field ?? '', ...params }),
      data: field === undefined ? { requestId: request.id } : { requestId: request.id, field },
    });
}

/** One issue as fastify-type-provider-zod reports it: the zod issue's code, and its other fields under `params`. */
type ValidationIssue = { instancePath: string; keyword?: string; params?: { params?: { notFound?: ErrorKey } } };

function valueAt(source: unknown, segments: readonly string[]): unknown {
  let value = source;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

const requestPartByContext: Record<string, 'body' | 'query' | 'params' | 'headers'> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/**
 * Names the first offending field as `amount`, `items.0.address`, …; a field absent from
 * the request is "missing", anything else "invalid". A record id of the right shape that
 * names no record (`recordIdSchema`) answers its module's not-found code.
 */
function answerForValidation(request: FastifyRequest, context: string | undefined, issues: readonly ValidationIssue[]): ErrorAnswer {
  const first = issues[0];
  const segments = first?.instancePath.split('/').filter((segment) => segment !== '') ?? [];
  const part = requestPartByContext[context ?? 'body'] ?? 'body';
  const field = segments.length > 0 ? segments.join('.') : part;
  const notFound = first?.keyword === 'custom' ? first.params?.params?.notFound : undefined;
  if (notFound !== undefined && notFound in errorCatalogue) return { key: notFound, field };
  const isMissing = valueAt(request[part], segments) === undefined;
  return { key: isMissing ? 'missingParameter' : 'invalidParameter', field };
}

function answerForFrameworkError(error: FastifyError): ErrorAnswer | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { key: 'bodyTooLarge' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { key: 'unsupportedMediaType' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { key: 'malformedBody', httpStatus: 400 };
    default:
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return { key: 'malformedBody' };
  if (error.statusCode === 429) return { key: 'tooManyRequests' };
  if (error.statusCode === 413) return { key: 'bodyTooLarge' };
  if (error.statusCode === 415) return { key: 'unsupportedMediaType' };
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return { key: 'invalidParameter', field: 'request', httpStatus: error.statusCode };
  }
  return undefined;
}

/** PostgreSQL data exceptions a caller's value can cause (a bad id or number, text it cannot store). */
const refusedValueCodes = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);
/** The database (or another service called over the network) is unreachable, restarting or full: the request may succeed later. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/**
 * Failures that are not a bug of ours. A value PostgreSQL refuses is the last line behind the
 * schemas and the input guard (they should have named the field); an outage answers 503 so
 * clients and load balancers retry instead of reporting a crash.
 */
function answerForDatabaseError(error: Error): ErrorAnswer | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') {
    return /^Connection terminated/.test(error.message) ? { key: 'serviceUnavailable' } : undefined;
  }
  if (refusedValueCodes.has(code)) return { key: 'invalidParameter', field: 'request', httpStatus: 400 };
  if (unavailableCodes.has(code) || code.startsWith('08')) return { key: 'serviceUnavailable' };
  return undefined;
}

/**
 * Fastify's own answers before any route is found (a malformed percent-encoding, a path
 * parameter over `maxParamLength`) as the envelope: pass as the `frameworkErrors` option.
 * The request-context hooks have not run yet, so the language is resolved here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  resolveRequestContext(request, reply);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    request.log.info({ err: error }, 'request refused');
    void sendError(request, reply, { key: 'invalidParameter', field: 'path', httpStatus: 400 });
    return;
  }
  request.log.error({ err: error }, 'unhandled framework error');
  void sendError(request, reply, { key: 'unknownError' });
}

/**
 * One handler turns every failure into the envelope in the caller's language; a 5xx never
 * shows its details, only the request id that finds them in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return sendError(request, reply, { key: error.key, params: error.params, ...(error.field ? { field: error.field } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      request.log.info({ validation: error.validation }, 'request failed validation');
      return sendError(request, reply, answerForValidation(request, error.validationContext, error.validation));
    }
    const frameworkAnswer = answerForFrameworkError(error);
    if (frameworkAnswer) {
      request.log.info({ err: error }, 'request refused');
      return sendError(request, reply, frameworkAnswer);
    }
    const databaseAnswer = answerForDatabaseError(error);
    if (databaseAnswer) {
      if (databaseAnswer.key === 'serviceUnavailable') request.log.error({ err: error }, 'service unavailable');
      else request.log.warn({ err: error }, 'database refused a value');
      return sendError(request, reply, databaseAnswer);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, { key: 'unknownError' });
  });
}
