import { SecurityAuthenticatorForm } from '../components/security-authenticator-form';

/** Bind Google Authenticator: install → scan → enter code. */
export function BindAuthenticatorPage() {
  return <SecurityAuthenticatorForm mode="bind" />;
}
