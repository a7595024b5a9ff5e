/** The identity screens, loaded together on demand by the router. */
export { LoginPage } from './login-page';
export { SignUpPage } from './sign-up-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { SecurityCentrePage } from './security-centre-page';
export { BindEmailPage } from './bind-email-page';
export { BindPhonePage } from './bind-phone-page';
export { ChangePhonePage } from './change-phone-page';
export { BindAuthenticatorPage } from './bind-authenticator-page';
export { ChangeAuthenticatorPage } from './change-authenticator-page';
export { ChangePasswordPage } from './change-password-page';
export { SetFundPasswordPage } from './set-fund-password-page';
export { ChangeFundPasswordPage } from './change-fund-password-page';
export { ResetFundPasswordPage } from './reset-fund-password-page';
export { AccountInfoPage } from './account-info-page';
export { PreferencesPage } from './preferences-page';
