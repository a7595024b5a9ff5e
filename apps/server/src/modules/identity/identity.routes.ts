import { identityEndpoints, type LoggedIn } from '@coffer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../platform/config';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import type { AccountService } from './account.service';
import type { AuthenticatorChangeService } from './authenticator-change.service';
import { requireSession, sessionCookieName, sessionCookieOptions, signedIn } from './authentication';
import type { Caller } from './identity-core';
import type { LoginService } from './login.service';
import type { PasskeyService } from './passkey.service';
import type { PasswordResetService } from './password-reset.service';
import type { PreferencesService } from './preferences.service';
import type { RegistrationService } from './registration.service';
import { requestFacts } from './request-facts';
import type { SecuritySettingsService } from './security-settings.service';

export interface IdentityServices {
  registration: RegistrationService;
  login: LoginService;
  passwordReset: PasswordResetService;
  securitySettings: SecuritySettingsService;
  account: AccountService;
  authenticatorChange: AuthenticatorChangeService;
  preferences: PreferencesService;
  passkeys: PasskeyService;
}

function callerOf(request: FastifyRequest, equipmentName?: string): Caller {
  return { ...requestFacts(request, equipmentName), language: request.language };
}

/** Binds the identity calls of spec §7 to the services; parses, calls, answers. No rules here. */
export function registerIdentityRoutes(app: FastifyInstance, services: IdentityServices, config: AppConfig): void {
  // The token reaches a body only for the native apps (jwt-token header); a page's script never sees it.
  const logIn = (reply: FastifyReply, request: FastifyRequest, loggedIn: LoggedIn & { token: string }): LoggedIn => {
    reply.setCookie(sessionCookieName, loggedIn.token, sessionCookieOptions(config));
    return request.clientKind === 'web' ? { ...loggedIn, token: null } : loggedIn;
  };
  /** A change that answers nothing: the envelope's data is `null`. */
  const answeringNothing =
    <R>(run: (request: R) => Promise<void>) =>
    async (request: R): Promise<null> => {
      await run(request);
      return null;
    };

  // ── Registration ─────────────────────────────────────────────────────────────────
  routeEndpoint(app, identityEndpoints.registerCode, {}, (request) =>
    services.registration.sendRegisterCode(request.body, callerOf(request)),
  );
  routeEndpoint(app, identityEndpoints.register, {}, async (request, reply) =>
    logIn(reply, request, await services.registration.register(request.body, callerOf(request))),
  );
  routeEndpoint(app, identityEndpoints.inviteCodeVerify, {}, (request) => services.registration.verifyInviteCode(request.query.inviteCode));

  // ── Login ────────────────────────────────────────────────────────────────────────
  routeEndpoint(app, identityEndpoints.preLogin, {}, (request) => services.login.preLogin(request.body, callerOf(request)));
  routeEndpoint(app, identityEndpoints.login, { config: { refusesUnstorableTextItself: true } }, (request) =>
    services.login.login(request.body, callerOf(request, request.body.equipmentName)),
  );
  routeEndpoint(app, identityEndpoints.loginCode, {}, (request) => services.login.sendLoginCode(request.body, callerOf(request)));
  routeEndpoint(app, identityEndpoints.loginTwofa, {}, async (request, reply) =>
    logIn(reply, request, await services.login.loginTwofa(request.body, callerOf(request))),
  );
  routeEndpoint(app, identityEndpoints.loginPasskeyOptions, {}, (request) => services.login.loginPasskeyOptions(request.body));
  routeEndpoint(app, identityEndpoints.sessionRequest, {}, (request) =>
    services.login.requestSession(request.body, callerOf(request, request.body.equipmentName)),
  );
  routeEndpoint(app, identityEndpoints.sessionTicket, { preHandler: requireSession }, (request) =>
    services.login.issueSessionTicket(signedIn(request).userId),
  );
  routeEndpoint(app, identityEndpoints.logout, {}, async (request, reply) => {
    if (request.session) await services.login.logout(request.session.sessionId, request.session.userId);
    reply.clearCookie(sessionCookieName, { path: '/' });
    return null;
  });

  // ── Forgot password ──────────────────────────────────────────────────────────────
  routeEndpoint(app, identityEndpoints.resetCode, {}, (request) => services.passwordReset.sendResetCode(request.body, callerOf(request)));
  routeEndpoint(app, identityEndpoints.verifyResetCode, {}, (request) =>
    services.passwordReset.verifyResetCode(request.body, callerOf(request)),
  );
  routeEndpoint(
    app,
    identityEndpoints.resetPassword,
    {},
    answeringNothing((request) => services.passwordReset.resetPassword(request.body, callerOf(request))),
  );

  // ── Signed in: info, codes, security settings ────────────────────────────────────────
  const signedInRoute = { preHandler: requireSession };
  routeEndpoint(app, identityEndpoints.userInfo, signedInRoute, (request) =>
    services.account.userInfo(signedIn(request), callerOf(request)),
  );
  routeEndpoint(app, identityEndpoints.userCode, signedInRoute, (request) =>
    services.securitySettings.sendUserCode(signedIn(request), request.body, callerOf(request)),
  );
  routeEndpoint(app, identityEndpoints.twofaStatus, signedInRoute, (request) => services.account.twofaStatus(signedIn(request)));

  routeEndpoint(
    app,
    identityEndpoints.bindEmail,
    signedInRoute,
    answeringNothing((request) => services.securitySettings.bindEmail(signedIn(request), request.body, callerOf(request))),
  );
  routeEndpoint(
    app,
    identityEndpoints.bindPhone,
    signedInRoute,
    answeringNothing((request) => services.securitySettings.bindPhone(signedIn(request), request.body, callerOf(request), 'bindPhone')),
  );
  routeEndpoint(
    app,
    identityEndpoints.changePhone,
    signedInRoute,
    answeringNothing((request) => services.securitySettings.bindPhone(signedIn(request), request.body, callerOf(request), 'changePhone')),
  );
  routeEndpoint(
    app,
    identityEndpoints.changePassword,
    signedInRoute,
    answeringNothing((request) => services.securitySettings.changePassword(signedIn(request), request.body, callerOf(request))),
  );
  routeEndpoint(app, identityEndpoints.authenticatorGenerate, signedInRoute, (request) =>
    services.securitySettings.generateAuthenticator(signedIn(request)),
  );
  routeEndpoint(
    app,
    identityEndpoints.authenticatorBind,
    signedInRoute,
    answeringNothing((request) =>
      services.securitySettings.bindAuthenticator(signedIn(request), request.body, callerOf(request), 'bindAuthenticator'),
    ),
  );
  routeEndpoint(
    app,
    identityEndpoints.authenticatorChange,
    signedInRoute,
    answeringNothing((request) =>
      services.securitySettings.bindAuthenticator(signedIn(request), request.body, callerOf(request), 'changeAuthenticator'),
    ),
  );
  // The authenticator change in three steps (the web and the native apps).
  routeEndpoint(app, identityEndpoints.authenticatorChangeCheck, signedInRoute, (request) =>
    services.authenticatorChange.checkChange(signedIn(request), request.body, callerOf(request)),
  );
  routeEndpoint(app, identityEndpoints.authenticatorChangeGenerate, signedInRoute, (request) =>
    services.authenticatorChange.generate(signedIn(request), request.body.changeTicket),
  );
  routeEndpoint(
    app,
    identityEndpoints.authenticatorChangeConfirm,
    signedInRoute,
    answeringNothing((request) => services.authenticatorChange.confirm(signedIn(request), request.body, callerOf(request))),
  );
  routeEndpoint(
    app,
    identityEndpoints.fundPasswordSet,
    signedInRoute,
    answeringNothing((request) => services.securitySettings.setFundPassword(signedIn(request), request.body, callerOf(request), 'set')),
  );
  routeEndpoint(
    app,
    identityEndpoints.fundPasswordReset,
    signedInRoute,
    answeringNothing((request) => services.securitySettings.setFundPassword(signedIn(request), request.body, callerOf(request), 'reset')),
  );
  routeEndpoint(
    app,
    identityEndpoints.fundPasswordChange,
    signedInRoute,
    answeringNothing((request) => services.securitySettings.changeFundPassword(signedIn(request), request.body, callerOf(request))),
  );

  // ── Passkeys ─────────────────────────────────────────────────────────────────────────
  routeEndpoint(app, identityEndpoints.passkeys, signedInRoute, (request) => services.passkeys.list(signedIn(request)));
  routeEndpoint(app, identityEndpoints.passkeyRegistrationOptions, signedInRoute, (request) =>
    services.passkeys.registrationOptions(signedIn(request)),
  );
  routeEndpoint(app, identityEndpoints.passkeyAdd, signedInRoute, (request) =>
    services.passkeys.add(signedIn(request), request.body, callerOf(request)),
  );
  routeEndpoint(
    app,
    identityEndpoints.passkeyRename,
    signedInRoute,
    answeringNothing((request) => services.passkeys.rename(signedIn(request), request.body)),
  );
  routeEndpoint(
    app,
    identityEndpoints.passkeyRemove,
    signedInRoute,
    answeringNothing((request) => services.passkeys.remove(signedIn(request), request.body, callerOf(request))),
  );
  routeEndpoint(app, identityEndpoints.passkeyAssertionOptions, signedInRoute, (request) =>
    services.passkeys.assertionOptions(signedIn(request), request.body.purpose),
  );

  // ── Account info, histories, sessions ────────────────────────────────────────────────
  routeEndpoint(app, identityEndpoints.accountInfo, signedInRoute, (request) => services.account.accountInfo(signedIn(request)));
  routeEndpoint(
    app,
    identityEndpoints.setFiat,
    signedInRoute,
    answeringNothing((request) => services.account.setFiat(signedIn(request), request.body.fiat)),
  );
  routeEndpoint(app, identityEndpoints.displayName, {}, async (request) =>
    services.preferences.displayName(request.session?.userId ?? null),
  );
  routeEndpoint(app, identityEndpoints.preferences, signedInRoute, (request) => services.preferences.preferences(signedIn(request)));
  routeEndpoint(app, identityEndpoints.setPreferences, signedInRoute, (request) =>
    services.preferences.setPreferences(signedIn(request), request.body),
  );
  routeEndpoint(app, identityEndpoints.securityHistory, signedInRoute, (request) =>
    services.account.securityHistory(signedIn(request), request.query),
  );
  routeEndpoint(app, identityEndpoints.loginHistory, signedInRoute, (request) =>
    services.account.loginHistory(signedIn(request), request.query),
  );
  routeEndpoint(app, identityEndpoints.sessions, signedInRoute, (request) => services.account.activeSessions(signedIn(request)));
  routeEndpoint(
    app,
    identityEndpoints.endSession,
    signedInRoute,
    answeringNothing((request) => services.account.endSession(signedIn(request), request.params.id)),
  );
}
