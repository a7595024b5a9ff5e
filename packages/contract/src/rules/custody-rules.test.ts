import { describe, expect, it } from 'vitest';
import {
  checkPoolLinkDays,
  checkPoolPartnerName,
  cleanCustodyApplication,
  validateCustodyApplication,
  type CustodyApplicationInput,
} from './custody-rules';

const valid = {
  companyName: 'Northwind Digital Assets',
  country: 'DE',
  industry: 'fund',
  website: 'https://northwind.example',
  contactName: 'Ada Lovelace',
  phone: '+49 30-123456',
  email: ' Treasury@Northwind.example ',
};

const problemsOf = (overrides: CustodyApplicationInput) =>
  validateCustodyApplication({ ...valid, ...overrides }).map((problem) => [problem.field, problem.rule, problem.errorKey]);

describe('company application rules (spec §3, §5)', () => {
  it('passes a complete application, and cleans it as stored', () => {
    expect(validateCustodyApplication(valid)).toEqual([]);
    expect(validateCustodyApplication({ ...valid, website: 'northwind.example', phone: '4930123456', country: 'de' })).toEqual([]);
    expect(cleanCustodyApplication({ ...valid, companyName: ' Northwind ', website: ' northwind.example ', contactName: ' Ada ' })).toEqual(
      {
        ...valid,
        companyName: 'Northwind',
        website: 'northwind.example',
        contactName: 'Ada',
        phone: '+4930123456',
        email: 'treasury@northwind.example',
      },
    );
  });

  it('names each broken rule with its field and the code the server answers', () => {
    expect(problemsOf({ companyName: '   ' })).toEqual([['companyName', 'required', 'missingParameter']]);
    expect(problemsOf({ companyName: 'x'.repeat(101) })).toEqual([['companyName', 'tooLong', 'invalidParameter']]);
    expect(problemsOf({ companyName: ` ${'x'.repeat(100)} ` })).toEqual([]);
    expect(problemsOf({ country: 'QQ' })).toEqual([['country', 'country', 'countryNotFound']]);
    expect(problemsOf({ country: undefined })).toEqual([['country', 'country', 'countryNotFound']]);
    expect(problemsOf({ industry: 'casino' })).toEqual([['industry', 'industry', 'invalidParameter']]);
    expect(problemsOf({ website: '' })).toEqual([['website', 'required', 'missingParameter']]);
    expect(problemsOf({ website: `https://${'x'.repeat(190)}.example` })).toEqual([['website', 'tooLong', 'invalidParameter']]);
    expect(problemsOf({ website: 'nowhere' })).toEqual([['website', 'website', 'invalidParameter']]);
    expect(problemsOf({ website: 'ftp://files.example' })).toEqual([['website', 'website', 'invalidParameter']]);
    expect(problemsOf({ contactName: 'x'.repeat(51) })).toEqual([['contactName', 'tooLong', 'invalidParameter']]);
    expect(problemsOf({ phone: '12' })).toEqual([['phone', 'phone', 'emailOrPhoneFormat']]);
    expect(problemsOf({ phone: '+12345678901234567' })).toEqual([['phone', 'phone', 'emailOrPhoneFormat']]);
    expect(problemsOf({ phone: '12ab34' })).toEqual([['phone', 'phone', 'emailOrPhoneFormat']]);
    expect(problemsOf({ email: 'not-an-email' })).toEqual([['email', 'email', 'emailOrPhoneFormat']]);
    expect(problemsOf({ email: '' })).toEqual([['email', 'email', 'emailOrPhoneFormat']]);
  });

  it('lists every problem of an empty form once, in the form order', () => {
    expect(validateCustodyApplication({}).map((problem) => [problem.field, problem.rule])).toEqual([
      ['companyName', 'required'],
      ['country', 'country'],
      ['industry', 'industry'],
      ['website', 'required'],
      ['contactName', 'required'],
      ['phone', 'phone'],
      ['email', 'email'],
    ]);
  });
});

describe('mining-pool partner links (issue 17 item 11)', () => {
  it('takes a partner name of 1 to 50 characters on one line', () => {
    expect(checkPoolPartnerName(' Foundry USA ')).toBeNull();
    expect(checkPoolPartnerName('矿'.repeat(50))).toBeNull();
    expect(checkPoolPartnerName('矿'.repeat(51))).toBe('custodyPoolPartnerNameInvalid');
    expect(checkPoolPartnerName('   ')).toBe('custodyPoolPartnerNameInvalid');
    expect(checkPoolPartnerName('Two\nlines')).toBe('custodyPoolPartnerNameInvalid');
    expect(checkPoolPartnerName('Tab\tpool')).toBe('custodyPoolPartnerNameInvalid');
  });

  it('keeps a link for whole days, 1 to 30', () => {
    for (const days of [1, 7, 30]) expect(checkPoolLinkDays(days)).toBeNull();
    for (const days of [0, 31, 1.5, -1, Number.NaN]) expect(checkPoolLinkDays(days)).toBe('custodyPoolLinkDaysInvalid');
  });
});
