import { SecurityFundPasswordForm } from '../components/security-fund-password-form';

/** Reset a forgotten fund password with the bound factors. */
export function ResetFundPasswordPage() {
  return <SecurityFundPasswordForm mode="reset" />;
}
