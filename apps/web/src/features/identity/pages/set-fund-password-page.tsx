import { SecurityFundPasswordForm } from '../components/security-fund-password-form';

/** Set the first fund password (6 digits). */
export function SetFundPasswordPage() {
  return <SecurityFundPasswordForm mode="set" />;
}
