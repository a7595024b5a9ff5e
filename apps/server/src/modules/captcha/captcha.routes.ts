import { captchaEndpoints } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import type { CaptchaService } from './captcha.service';

/** The captcha calls of spec §7: a challenge for a purpose, and its one-time verification. */
export function registerCaptchaRoutes(app: FastifyInstance, captcha: CaptchaService): void {
  routeEndpoint(app, captchaEndpoints.challenge, {}, (request) => captcha.challenge(request.body.purpose));
  routeEndpoint(app, captchaEndpoints.verify, {}, (request) => captcha.verify(request.body.purpose, request.body.payload));
}
