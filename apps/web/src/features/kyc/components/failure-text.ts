/** The KYC screens' name for the shared error text (`shared/http/error-text.ts`). */
export { errorText as failureText } from '../../../shared/http/error-text';
