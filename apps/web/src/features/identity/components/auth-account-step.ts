import type { AccountType } from '@coffer/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { dialCodeOf } from './country-select';

/**
 * The e-mail/phone switch and "code sent to …" note shared by the forms that send a code to
 * the account being typed (sign-up, forgot password). Switching clears the account and code.
 */
export function useAccountCodeStep(form: FormInstance) {
  const [accountType, setAccountType] = useState<AccountType>('email');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);

  const markCodeSent = (values: { account: string; countryCode?: string | undefined }) =>
    setCodeSentTo(accountType === 'phone' ? `${dialCodeOf(values.countryCode)} ${values.account}` : values.account);

  const handleAccountTypeChange = (next: AccountType) => {
    setAccountType(next);
    setCodeSentTo(null);
    form.setFields([
      { name: 'account', value: '', errors: [] },
      { name: 'code', value: '', errors: [] },
    ]);
  };

  return { accountType, codeSentTo, markCodeSent, handleAccountTypeChange };
}
