import { SecurityFundPasswordForm } from '../components/security-fund-password-form';

/** Change the fund password with the current one. */
export function ChangeFundPasswordPage() {
  return <SecurityFundPasswordForm mode="change" />;
}
