import { SecurityPhoneForm } from '../components/security-phone-form';

/** Bind a phone number (security centre, while none is bound). */
export function BindPhonePage() {
  return <SecurityPhoneForm mode="bind" />;
}
