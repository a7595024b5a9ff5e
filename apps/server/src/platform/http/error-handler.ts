import { errorCatalogue, errorMessage, httpStatusFor, type ErrorKey, type ErrorParams } from '@coffer/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';

interface ErrorAnswer {
  key: ErrorKey;
  params?: ErrorParams;
  field?: string;
  httpStatus?: number;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  const { key, params = {}, field } = answer;
  // Domain errors answer HTTP 200 with their code; the route's success schema must not
  // serialize them, so errors always take the plain serializer.
  return reply
    .status(answer.httpStatus ?? httpStatusFor(key))
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send({
    code: errorCatalogue[key].code,
    msg: errorMessage(key, request.language, { field: field ?? '', ...params }),
    data: field === undefined ? { requestId: request.id } : { requestId: request.id, field },
  });
}

type ValidationIssue = { instancePath: string };

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
 * the request is "missing", anything else "invalid".
 */
function answerForValidation(
  request: FastifyRequest,
  context: string | undefined,
  issues: readonly ValidationIssue[],
): ErrorAnswer {
  const segments = issues[0]?.instancePath.split('/').filter((segment) => segment !== '') ?? [];
  const part = requestPartByContext[context ?? 'body'] ?? 'body';
  const field = segments.length > 0 ? segments.join('.') : part;
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

/**
 * One handler turns every failure into the envelope in the caller's language; a 5xx never
 * shows its details, only the request id that finds them in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
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
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, { key: 'unknownError' });
  });
}
