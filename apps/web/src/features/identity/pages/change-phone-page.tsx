import { SecurityPhoneForm } from '../components/security-phone-form';

/** Replace the bound phone number. */
export function ChangePhonePage() {
  return <SecurityPhoneForm mode="change" />;
}
