import {
  accountInfoSchema,
  activeSessionSchema,
  authenticatorSecretSchema,
  bindAuthenticatorBodySchema,
  bindEmailBodySchema,
  bindPhoneBodySchema,
  changeFundPasswordBodySchema,
  changePasswordBodySchema,
  codeSentSchema,
  envelopeSchema,
  historyRecordSchema,
  identityPaths,
  inviteCodeCheckSchema,
  inviteCodeQuerySchema,
  loggedInSchema,
  loginBodySchema,
  loginChallengeSchema,
  loginCodeBodySchema,
  loginTwofaBodySchema,
  pageQuerySchema,
  pageSchema,
  preLoginBodySchema,
  preLoginSchema,
  registerBodySchema,
  registerCodeBodySchema,
  resetCodeBodySchema,
  resetPasswordBodySchema,
  resetTicketSchema,
  sessionIdParamsSchema,
  sessionRequestBodySchema,
  sessionTicketSchema,
  sessionUserSchema,
  setFiatBodySchema,
  setFundPasswordBodySchema,
  twofaStatusSchema,
  userCodeBodySchema,
  verifyResetCodeBodySchema,
  type LoggedIn,
} from '@coffer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../platform/config';
import { successEnvelope } from '../../platform/http/envelope';
import type { createAccountService } from './account.service';
import { requireSession, sessionCookieName, sessionCookieOptions, signedIn } from './authentication';
import type { Caller } from './identity-core';
import type { createLoginService } from './login.service';
import type { createPasswordResetService } from './password-reset.service';
import type { createRegistrationService } from './registration.service';
import { requestFacts } from './request-facts';
import type { createSecuritySettingsService } from './security-settings.service';

export interface IdentityServices {
  registration: ReturnType<typeof createRegistrationService>;
  login: ReturnType<typeof createLoginService>;
  passwordReset: ReturnType<typeof createPasswordResetService>;
  securitySettings: ReturnType<typeof createSecuritySettingsService>;
  account: ReturnType<typeof createAccountService>;
}

const nothing = envelopeSchema(z.null());

function callerOf(request: FastifyRequest, equipmentName?: string): Caller {
  return { ...requestFacts(request, equipmentName), language: request.language };
}

/** Binds the identity calls of spec §7 to the services; parses, calls, answers. No rules here. */
export function registerIdentityRoutes(app: FastifyInstance, services: IdentityServices, config: AppConfig): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const anonymous = { tags: ['identity'] };
  const guarded: { tags: string[]; security: Array<Record<string, string[]>> } = {
    tags: ['identity'],
    security: [{ sessionCookie: [] }, { jwtToken: [] }],
  };

  // The token reaches a body only for the native apps (jwt-token header); a page's script never sees it.
  const logIn = (reply: FastifyReply, request: FastifyRequest, loggedIn: LoggedIn & { token: string }) => {
    reply.setCookie(sessionCookieName, loggedIn.token, sessionCookieOptions(config));
    return successEnvelope(request.language, request.clientKind === 'web' ? { ...loggedIn, token: null } : loggedIn);
  };

  // ── Registration ─────────────────────────────────────────────────────────────────
  routes.post(
    identityPaths.registerCode,
    {
      schema: {
        ...anonymous,
        summary: 'Send a registration code',
        body: registerCodeBodySchema,
        response: { 200: envelopeSchema(codeSentSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.registration.sendRegisterCode(request.body, callerOf(request))),
  );
  routes.post(
    identityPaths.register,
    {
      schema: { ...anonymous, summary: 'Register and log in', body: registerBodySchema, response: { 200: envelopeSchema(loggedInSchema) } },
    },
    async (request, reply) => logIn(reply, request, await services.registration.register(request.body, callerOf(request))),
  );
  routes.get(
    identityPaths.inviteCodeVerify,
    {
      schema: {
        ...anonymous,
        summary: 'Check an invite code',
        querystring: inviteCodeQuerySchema,
        response: { 200: envelopeSchema(inviteCodeCheckSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.registration.verifyInviteCode(request.query.inviteCode)),
  );

  // ── Login ────────────────────────────────────────────────────────────────────────
  routes.post(
    identityPaths.preLogin,
    { schema: { ...anonymous, summary: 'Pre-login', body: preLoginBodySchema, response: { 200: envelopeSchema(preLoginSchema) } } },
    async (request) => successEnvelope(request.language, await services.login.preLogin(request.body, callerOf(request))),
  );
  routes.post(
    identityPaths.login,
    {
      schema: {
        ...anonymous,
        summary: 'Password step of the login',
        body: loginBodySchema,
        response: { 200: envelopeSchema(loginChallengeSchema) },
      },
      config: { refusesUnstorableTextItself: true },
    },
    async (request) =>
      successEnvelope(request.language, await services.login.login(request.body, callerOf(request, request.body.equipmentName))),
  );
  routes.post(
    identityPaths.loginCode,
    {
      schema: { ...anonymous, summary: 'Send a login code', body: loginCodeBodySchema, response: { 200: envelopeSchema(codeSentSchema) } },
    },
    async (request) => successEnvelope(request.language, await services.login.sendLoginCode(request.body, callerOf(request))),
  );
  routes.post(
    identityPaths.loginTwofa,
    {
      schema: {
        ...anonymous,
        summary: 'Second-factor step; opens the session',
        body: loginTwofaBodySchema,
        response: { 200: envelopeSchema(loggedInSchema) },
      },
    },
    async (request, reply) => logIn(reply, request, await services.login.loginTwofa(request.body, callerOf(request))),
  );
  routes.post(
    identityPaths.sessionRequest,
    {
      schema: {
        ...anonymous,
        summary: 'Get session: exchange a hand-off ticket for the login second-factor step',
        body: sessionRequestBodySchema,
        response: { 200: envelopeSchema(loginChallengeSchema.extend({ session: z.null(), source: z.string() })) },
      },
    },
    async (request) =>
      successEnvelope(request.language, await services.login.requestSession(request.body, callerOf(request, request.body.equipmentName))),
  );
  routes.post(
    identityPaths.sessionTicket,
    {
      schema: { ...guarded, summary: 'Issue a one-time session hand-off ticket', response: { 200: envelopeSchema(sessionTicketSchema) } },
      preHandler: requireSession,
    },
    async (request) => successEnvelope(request.language, await services.login.issueSessionTicket(signedIn(request).userId)),
  );
  routes.post(
    identityPaths.logout,
    { schema: { ...anonymous, summary: 'Log out', response: { 200: nothing } } },
    async (request, reply) => {
      if (request.session) await services.login.logout(request.session.sessionId, request.session.userId);
      reply.clearCookie(sessionCookieName, { path: '/' });
      return successEnvelope(request.language, null);
    },
  );

  // ── Forgot password ──────────────────────────────────────────────────────────────
  routes.post(
    identityPaths.resetCode,
    {
      schema: {
        ...anonymous,
        summary: 'Send a password-reset code',
        body: resetCodeBodySchema,
        response: { 200: envelopeSchema(codeSentSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.passwordReset.sendResetCode(request.body, callerOf(request))),
  );
  routes.post(
    identityPaths.verifyResetCode,
    {
      schema: {
        ...anonymous,
        summary: 'Verify the reset code (step 1)',
        body: verifyResetCodeBodySchema,
        response: { 200: envelopeSchema(resetTicketSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.passwordReset.verifyResetCode(request.body, callerOf(request))),
  );
  routes.post(
    identityPaths.resetPassword,
    { schema: { ...anonymous, summary: 'Set the new password (step 2)', body: resetPasswordBodySchema, response: { 200: nothing } } },
    async (request) => {
      await services.passwordReset.resetPassword(request.body, callerOf(request));
      return successEnvelope(request.language, null);
    },
  );

  // ── Signed in: info, codes, security settings ────────────────────────────────────────
  const signedInRoute = { preHandler: requireSession };
  routes.get(
    identityPaths.userInfo,
    { ...signedInRoute, schema: { ...guarded, summary: 'Session user info', response: { 200: envelopeSchema(sessionUserSchema) } } },
    async (request) => successEnvelope(request.language, await services.account.userInfo(signedIn(request), callerOf(request))),
  );
  routes.post(
    identityPaths.userCode,
    {
      ...signedInRoute,
      schema: {
        ...guarded,
        summary: 'Send a code to a bound or new address',
        body: userCodeBodySchema,
        response: { 200: envelopeSchema(codeSentSchema) },
      },
    },
    async (request) =>
      successEnvelope(request.language, await services.securitySettings.sendUserCode(signedIn(request), request.body, callerOf(request))),
  );
  routes.post(
    identityPaths.twofaStatus,
    { ...signedInRoute, schema: { ...guarded, summary: 'Bound second factors', response: { 200: envelopeSchema(twofaStatusSchema) } } },
    async (request) => successEnvelope(request.language, await services.account.twofaStatus(signedIn(request))),
  );

  const securityChange = <Body extends z.ZodType>(
    path: string,
    summary: string,
    body: Body,
    run: (request: FastifyRequest<{ Body: z.infer<Body> }>) => Promise<void>,
  ) =>
    routes.post(path, { ...signedInRoute, schema: { ...guarded, summary, body, response: { 200: nothing } } }, async (request) => {
      await run(request as FastifyRequest<{ Body: z.infer<Body> }>);
      return successEnvelope(request.language, null);
    });

  securityChange(identityPaths.bindEmail, 'Bind e-mail', bindEmailBodySchema, (request) =>
    services.securitySettings.bindEmail(signedIn(request), request.body, callerOf(request)),
  );
  securityChange(identityPaths.bindPhone, 'Bind phone', bindPhoneBodySchema, (request) =>
    services.securitySettings.bindPhone(signedIn(request), request.body, callerOf(request), 'bindPhone'),
  );
  securityChange(identityPaths.changePhone, 'Change phone', bindPhoneBodySchema, (request) =>
    services.securitySettings.bindPhone(signedIn(request), request.body, callerOf(request), 'changePhone'),
  );
  securityChange(identityPaths.changePassword, 'Change login password; ends other sessions', changePasswordBodySchema, (request) =>
    services.securitySettings.changePassword(signedIn(request), request.body, callerOf(request)),
  );
  routes.post(
    identityPaths.authenticatorGenerate,
    {
      ...signedInRoute,
      schema: {
        ...guarded,
        summary: 'New authenticator secret with QR code',
        response: { 200: envelopeSchema(authenticatorSecretSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.securitySettings.generateAuthenticator(signedIn(request))),
  );
  securityChange(identityPaths.authenticatorBind, 'Bind Google Authenticator', bindAuthenticatorBodySchema, (request) =>
    services.securitySettings.bindAuthenticator(signedIn(request), request.body, callerOf(request), 'bindAuthenticator'),
  );
  securityChange(identityPaths.authenticatorChange, 'Change Google Authenticator', bindAuthenticatorBodySchema, (request) =>
    services.securitySettings.bindAuthenticator(signedIn(request), request.body, callerOf(request), 'changeAuthenticator'),
  );
  securityChange(identityPaths.fundPasswordSet, 'Set the fund password', setFundPasswordBodySchema, (request) =>
    services.securitySettings.setFundPassword(signedIn(request), request.body, callerOf(request), 'set'),
  );
  securityChange(identityPaths.fundPasswordReset, 'Reset the fund password', setFundPasswordBodySchema, (request) =>
    services.securitySettings.setFundPassword(signedIn(request), request.body, callerOf(request), 'reset'),
  );
  securityChange(identityPaths.fundPasswordChange, 'Change the fund password', changeFundPasswordBodySchema, (request) =>
    services.securitySettings.changeFundPassword(signedIn(request), request.body, callerOf(request)),
  );

  // ── Account info, histories, sessions ────────────────────────────────────────────────
  routes.get(
    identityPaths.accountInfo,
    { ...signedInRoute, schema: { ...guarded, summary: 'Account info', response: { 200: envelopeSchema(accountInfoSchema) } } },
    async (request) => successEnvelope(request.language, await services.account.accountInfo(signedIn(request))),
  );
  securityChange(identityPaths.setFiat, 'Set the valuation currency', setFiatBodySchema, (request) =>
    services.account.setFiat(signedIn(request), request.body.fiat),
  );
  routes.get(
    identityPaths.securityHistory,
    {
      ...signedInRoute,
      schema: {
        ...guarded,
        summary: 'Security-operation history',
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(pageSchema(historyRecordSchema)) },
      },
    },
    async (request) => successEnvelope(request.language, await services.account.securityHistory(signedIn(request), request.query)),
  );
  routes.get(
    identityPaths.loginHistory,
    {
      ...signedInRoute,
      schema: {
        ...guarded,
        summary: 'Login history',
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(pageSchema(historyRecordSchema)) },
      },
    },
    async (request) => successEnvelope(request.language, await services.account.loginHistory(signedIn(request), request.query)),
  );
  routes.get(
    identityPaths.sessions,
    {
      ...signedInRoute,
      schema: { ...guarded, summary: 'Active sessions', response: { 200: envelopeSchema(z.array(activeSessionSchema)) } },
    },
    async (request) => successEnvelope(request.language, await services.account.activeSessions(signedIn(request))),
  );
  routes.post(
    identityPaths.endSession,
    {
      ...signedInRoute,
      schema: { ...guarded, summary: 'End one of my sessions', params: sessionIdParamsSchema, response: { 200: nothing } },
    },
    async (request) => {
      await services.account.endSession(signedIn(request), request.params.id);
      return successEnvelope(request.language, null);
    },
  );
}
