import { SecurityAuthenticatorForm } from '../components/security-authenticator-form';

/** Move Google Authenticator to a new secret, confirmed with the current factors. */
export function ChangeAuthenticatorPage() {
  return <SecurityAuthenticatorForm mode="change" />;
}
