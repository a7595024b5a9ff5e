import type { AccountType, CodeSent } from '@coffer/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useCaptchaDemand } from '../../../shared/captcha/captcha-demand';
import { dialCodeOf } from './country-select';

interface AccountValues {
  account: string;
  countryCode?: string | undefined;
  code: string;
}

/**
 * The e-mail/phone switch, the sending of a code to the account being typed and the "code sent
 * to …" note, shared by the forms that do so (sign-up, forgot password). Switching clears the
 * account and code. Too many codes sent: the server asks for the captcha before sending another.
 */
export function useAccountCodeStep<Values extends AccountValues>(form: FormInstance<Values>) {
  const [accountType, setAccountType] = useState<AccountType>('email');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const sendCaptcha = useCaptchaDemand();

  /** Checks the account's `fields`, then sends the code with the solved captcha's token, if any. */
  const sendCode = async (
    fields: Array<keyof Values & string>,
    send: (values: Values, captcha: { captchaToken?: string }) => Promise<CodeSent>,
  ): Promise<CodeSent> => {
    const values = await form.validateFields(fields);
    const sent = await sendCaptcha.withToken((captchaToken) => send(values, captchaToken ? { captchaToken } : {}));
    setCodeSentTo(accountType === 'phone' ? `${dialCodeOf(values.countryCode)} ${values.account}` : values.account);
    return sent;
  };

  const handleAccountTypeChange = (next: AccountType) => {
    setAccountType(next);
    setCodeSentTo(null);
    // Every such form has these fields; antd's field-name types cannot tell through a type parameter.
    const anyForm: FormInstance = form;
    anyForm.setFields([
      { name: 'account', value: '', errors: [] },
      { name: 'code', value: '', errors: [] },
    ]);
  };

  return { accountType, codeSentTo, sendCaptcha, sendCode, handleAccountTypeChange };
}
