import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { kycUploadQuerySchema, saveKyc1BodySchema, type SaveKyc1Body, type SaveKyc3Body } from '../api/kyc';
import { restrictedRegions } from '../constants';
import { countries } from './countries';
import {
  checkKycAddressLine,
  checkKycBirthday,
  checkKycChineseName,
  checkKycConfirmation,
  checkKycCountry,
  checkKycFile,
  checkKycIdNumber,
  checkKycName,
  checkKycOptions,
  checkKycOtherText,
  checkKycRemark,
  checkKycVideoDuration,
  chineseResidentIdCheckCharacter,
  kycBirthdayRange,
  kycFundSourceOptions,
  kycIncomeSourceOptions,
  kycPurposeOptions,
  kycUploadErrorKey,
  sniffKycMediaType,
  validateKyc1,
  validateKyc3,
  type Kyc1Input,
  type Kyc3Input,
  type KycRule,
} from './kyc-rules';

// ── Spec §5 as a table ──────────────────────────────────────────────────────────────────

type TextCheck = (value: string) => KycRule | null;

/** Every length-bounded text of §5: its check, bounds, and characters it accepts. */
const textFields: Array<{ field: string; check: TextCheck; min: number; max: number; characters: string }> = [
  { field: 'surname', check: checkKycName, min: 1, max: 30, characters: 'abcXYZéßЖж张' },
  { field: 'givenName', check: checkKycName, min: 1, max: 30, characters: 'abcXYZéßЖж张' },
  { field: 'chineseName', check: checkKycChineseName, min: 0, max: 30, characters: '张王李赵𠀀' },
  ...(['building', 'street', 'region', 'city'] as const).map((field) => ({
    field,
    check: checkKycAddressLine,
    min: 1,
    max: 100,
    characters: 'ab 12-#,./张Ж',
  })),
  { field: 'purposeOther', check: (value: string) => checkKycOtherText(['other'], value), min: 1, max: 100, characters: 'ab 1,.Ж' },
  { field: 'remark (Latin)', check: checkKycRemark, min: 0, max: 80, characters: 'ab 1,.Жé' },
  { field: 'remark (CJK)', check: (value) => checkKycRemark(value === '' ? '' : `张${value}`), min: 0, max: 39, characters: '张王ab1' },
];

/** Refused in every text (§5 "no control characters"): NUL, C0, DEL, C1, separators, bidi overrides, lone surrogates. */
const refusedCharacters = ['\u0000', '\u0007', '\t', '\n', '\r', '\u007f', '\u0085', '\u2028', '\u202e', '\u2067', '\ud800', '\udc00'];

/** `length` characters (code points) of `characters`, spaces left out so that trimming changes nothing. */
const wordOf = (characters: string, length: number) =>
  fc.array(fc.constantFrom(...characters.replace(/ /g, '')), { minLength: length, maxLength: length }).map((chars) => chars.join(''));

describe('KYC text fields (spec §5 lengths)', () => {
  describe.each(textFields)('$field: $min–$max characters', ({ check, min, max, characters }) => {
    it('accepts exactly the lengths in range, at every length around the bounds', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: max + 3 }).chain((length) => wordOf(characters, length)),
          (value) => {
            const length = [...value].length;
            const expected = length === 0 ? (min === 0 ? null : 'required') : length > max ? 'tooLong' : null;
            expect(check(value)).toBe(expected);
          },
        ),
        { numRuns: 600 },
      );
    });

    it.each([0, 1, max, max + 1])('boundary: %i characters', (length) => {
      const value = [...characters.replace(/ /g, '')][0]!.repeat(length);
      const expected = length === 0 ? (min === 0 ? null : 'required') : length > max ? 'tooLong' : null;
      expect(check(value)).toBe(expected);
    });

    it('refuses control characters, NUL and bidi overrides anywhere inside', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 20 }).chain((length) => wordOf(characters, length)),
          fc.constantFrom(...refusedCharacters),
          fc.nat(),
          (value, refused, at) => {
            const chars = [...value];
            chars.splice(1 + (at % (chars.length - 1)), 0, refused);
            expect(check(chars.join(''))).toBe('controlCharacter');
          },
        ),
        { numRuns: 300 },
      );
    });
  });

  it('judges trimmed text and counts code points', () => {
    expect(checkKycName('   ')).toBe('required');
    expect(checkKycName(`  ${'a'.repeat(30)}  `)).toBeNull();
    expect(checkKycChineseName('𠀀'.repeat(30))).toBeNull();
    expect(checkKycChineseName('𠀀'.repeat(31))).toBe('tooLong');
  });

  it.each([
    ["O'Brien", null],
    ['Jean-Luc', null],
    ['St. John', null],
    ['Mary Ann', null],
    ['José', null],
    ['Иванов', null],
    ['R2D2', 'characters'],
    ['-Ann', 'characters'],
    ['Ann@', 'characters'],
  ])('name %s → %s', (name, expected) => {
    expect(checkKycName(name)).toBe(expected);
  });

  it.each([
    ['张三', null],
    ['阿沛·阿旺晋美', null],
    [undefined, null],
    ['', null],
    ['Zhang', 'characters'],
    ['张 三', 'characters'],
    ['·张三', 'characters'],
    ['张三·', 'characters'],
  ])('Chinese name %s → %s', (name, expected) => {
    expect(checkKycChineseName(name)).toBe(expected);
  });
});

// ── Age ─────────────────────────────────────────────────────────────────────────────────

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const monthDays = (year: number, month: number) => [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;

const dayArbitrary = (fromYear: number, toYear: number) =>
  fc
    .record({
      year: fc.integer({ min: fromYear, max: toYear }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    })
    .map(({ year, month, day }) => `${pad(year, 4)}-${pad(month, 2)}-${pad(Math.min(day, monthDays(year, month)), 2)}`);

/** The day someone born on `birthday` turns `years`: a 29 February birthday falls on 1 March in common years. */
function birthdayNumber(birthday: string, years: number): string {
  const [year, month, day] = birthday.split('-').map(Number) as [number, number, number];
  const target = year + years;
  if (month === 2 && day === 29 && !isLeap(target)) return `${pad(target, 4)}-03-01`;
  return `${pad(target, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function shiftDay(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1, 2)}-${pad(shifted.getUTCDate(), 2)}`;
}

describe('KYC age 18–70 (spec §5): from the 18th birthday through the day before the 71st', () => {
  it('agrees with the birthday table for any birthday and day', () => {
    fc.assert(
      fc.property(dayArbitrary(1900, 2030), dayArbitrary(1990, 2100), (birthday, today) => {
        const isEligible = birthdayNumber(birthday, 18) <= today && today < birthdayNumber(birthday, 71);
        expect(checkKycBirthday(birthday, today)).toBe(isEligible ? null : 'ageOutOfRange');
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses the day before the 18th birthday, accepts the 18th birthday', () => {
    fc.assert(
      fc.property(dayArbitrary(1940, 2020), (birthday) => {
        const eighteenth = birthdayNumber(birthday, 18);
        expect(checkKycBirthday(birthday, shiftDay(eighteenth, -1))).toBe('ageOutOfRange');
        expect(checkKycBirthday(birthday, eighteenth)).toBeNull();
      }),
    );
  });

  it('accepts the last day aged 70, refuses the 71st birthday', () => {
    fc.assert(
      fc.property(dayArbitrary(1900, 2000), (birthday) => {
        const seventyFirst = birthdayNumber(birthday, 71);
        expect(checkKycBirthday(birthday, shiftDay(seventyFirst, -1))).toBeNull();
        expect(checkKycBirthday(birthday, seventyFirst)).toBe('ageOutOfRange');
      }),
    );
  });

  it.each([
    ['2000-06-15', '2018-06-14', 'ageOutOfRange'],
    ['2000-06-15', '2018-06-15', null],
    ['1950-06-15', '2021-06-14', null],
    ['1950-06-15', '2021-06-15', 'ageOutOfRange'],
    // 29 February: the birthday is 1 March in common years.
    ['2000-02-29', '2018-02-28', 'ageOutOfRange'],
    ['2000-02-29', '2018-03-01', null],
    ['2006-02-29', '2024-02-29', 'dateFormat'],
    ['2004-02-29', '2022-02-28', 'ageOutOfRange'],
    ['2004-02-29', '2022-03-01', null],
    ['1996-02-29', '2014-02-28', 'ageOutOfRange'],
    ['1952-02-29', '2023-02-28', null],
    ['1952-02-29', '2023-03-01', 'ageOutOfRange'],
    ['1952-02-29', '2020-02-29', null],
    // Not a real day, not the format, empty, in the future.
    ['2001-02-29', '2030-01-01', 'dateFormat'],
    ['2000-13-01', '2030-01-01', 'dateFormat'],
    ['2000-1-01', '2030-01-01', 'dateFormat'],
    ['01/01/2000', '2030-01-01', 'dateFormat'],
    ['', '2030-01-01', 'required'],
    ['2031-01-01', '2030-01-01', 'ageOutOfRange'],
  ])('born %s, on %s → %s', (birthday, today, expected) => {
    expect(checkKycBirthday(birthday, today)).toBe(expected);
  });

  it('needs a real day as today', () => {
    expect(() => checkKycBirthday('2000-01-01', '2023-02-29')).toThrow(RangeError);
  });

  it('gives the date picker exactly the accepted range, 29 February included', () => {
    fc.assert(
      fc.property(dayArbitrary(1990, 2100), (today) => {
        const { earliest, latest } = kycBirthdayRange(today);
        expect(checkKycBirthday(earliest, today)).toBeNull();
        expect(checkKycBirthday(latest, today)).toBeNull();
        expect(checkKycBirthday(shiftDay(earliest, -1), today)).toBe('ageOutOfRange');
        expect(checkKycBirthday(shiftDay(latest, 1), today)).toBe('ageOutOfRange');
      }),
      { numRuns: 2000 },
    );
    expect(kycBirthdayRange('2024-02-29')).toEqual({ earliest: '1953-03-01', latest: '2006-02-28' });
  });
});

// ── Countries ───────────────────────────────────────────────────────────────────────────

describe('KYC countries (spec §8/§9 restricted regions)', () => {
  it.each([...restrictedRegions])('refuses %s, whatever the case', (code) => {
    expect(checkKycCountry(code)).toBe('countryRestricted');
    expect(checkKycCountry(code.toLowerCase())).toBe('countryRestricted');
  });

  it('accepts exactly the listed countries that are not restricted', () => {
    const listed = new Set(countries.map((country) => country.code));
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2}$/), (code) => {
        const expected = (restrictedRegions as readonly string[]).includes(code)
          ? 'countryRestricted'
          : listed.has(code)
            ? null
            : 'countryUnknown';
        expect(checkKycCountry(code)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['', 'required'],
    ['CHN', 'countryUnknown'],
    ['X1', 'countryUnknown'],
    [' de ', null],
  ])('%j → %s', (code, expected) => {
    expect(checkKycCountry(code)).toBe(expected);
  });
});

// ── Identity document ───────────────────────────────────────────────────────────────────

/** ISO 7064 MOD 11-2 as the standard states it: weights 2^(17−i) mod 11, check (12 − sum mod 11) mod 11, 10 written X. */
function iso7064Mod112(first17: string): string {
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * (2 ** (17 - index) % 11), 0);
  const check = (12 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** A mainland resident ID built from its parts, with its check character. */
function residentId(area: string, birthday: string, sequence: string): string {
  const first17 = `${area}${birthday.replace(/-/g, '')}${sequence}`;
  return `${first17}${iso7064Mod112(first17)}`;
}

const residentIdParts = fc.record({
  area: fc.stringMatching(/^[1-8]\d{5}$/),
  birthday: dayArbitrary(1900, 2020),
  sequence: fc.stringMatching(/^\d{3}$/),
});

describe('ID numbers (spec §5: required, ≤ 50, format per type)', () => {
  it('knows the published example and the ISO 7064 MOD 11-2 check', () => {
    expect(checkKycIdNumber('11010519491231002X', 'idCard', 'CN')).toBeNull();
    expect(checkKycIdNumber('11010519491231002x', 'idCard', 'CN')).toBeNull();
    expect(checkKycIdNumber('110105194912310021', 'idCard', 'CN')).toBe('idNumberChecksum');
    expect(chineseResidentIdCheckCharacter('11010519491231002')).toBe('X');
  });

  it('accepts every well-formed mainland ID and refuses any other check character', () => {
    fc.assert(
      fc.property(residentIdParts, fc.constantFrom(...'0123456789X'), ({ area, birthday, sequence }, other) => {
        const id = residentId(area, birthday, sequence);
        expect(checkKycIdNumber(id, 'idCard', 'CN')).toBeNull();
        const changed = `${id.slice(0, 17)}${other}`;
        expect(checkKycIdNumber(changed, 'idCard', 'CN')).toBe(changed === id ? null : 'idNumberChecksum');
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a mainland ID whose one digit was mistyped', () => {
    fc.assert(
      // Area and sequence digits: a change of the birth date digits may make no real day (a format error).
      fc.property(residentIdParts, fc.constantFrom(0, 1, 2, 3, 4, 5, 14, 15, 16), fc.integer({ min: 1, max: 9 }), (parts, at, step) => {
        const id = residentId(parts.area, parts.birthday, parts.sequence);
        const digit = (Number(id[at]) + step) % 10;
        const typo = `${id.slice(0, at)}${digit}${id.slice(at + 1)}`;
        expect(checkKycIdNumber(typo, 'idCard', 'CN')).toBe('idNumberChecksum');
      }),
    );
  });

  it.each([
    ['110105491231002', 'idNumberFormat'], // the old 15-digit form
    ['11010519491331002X', 'idNumberFormat'], // month 13
    ['11010520010229002X', 'idNumberFormat'], // 29 February of a common year
    ['1101051949123100XX', 'idNumberFormat'],
    ['A1234567', 'idNumberFormat'],
  ])('mainland ID %s → %s', (id, expected) => {
    expect(checkKycIdNumber(id, 'idCard', 'CN')).toBe(expected);
  });

  it.each([
    ['passport', 'E1234567', 'DE', null],
    ['passport', 'e12345', 'DE', null],
    ['passport', '12345', 'DE', 'idNumberFormat'],
    ['passport', '1234567890', 'DE', 'idNumberFormat'],
    ['passport', 'E12-4567', 'DE', 'idNumberFormat'],
    ['driverLicence', 'AB-123-CD', 'GB', null],
    ['driverLicence', 'ABCDE', 'GB', null],
    ['driverLicence', 'ABCD', 'GB', 'idNumberFormat'],
    ['driverLicence', 'A'.repeat(20), 'GB', null],
    ['driverLicence', 'A'.repeat(21), 'GB', 'idNumberFormat'],
    ['driverLicence', '-ABCDE', 'GB', 'idNumberFormat'],
    ['driverLicence', 'AB--CDE', 'GB', 'idNumberFormat'],
    ['idCard', 'T1234567', 'DE', null],
    ['idCard', '1'.repeat(30), 'DE', null],
    ['idCard', '1'.repeat(31), 'DE', 'idNumberFormat'],
    ['idCard', '1234', 'DE', 'idNumberFormat'],
    ['idCard', '11010519491231002X', 'HK', null],
    ['idCard', 'A123456(7)', 'HK', 'idNumberFormat'],
    ['idCard', '', 'DE', 'required'],
    ['idCard', '1'.repeat(51), 'DE', 'tooLong'],
    ['passport', 'E123\u00004567', 'DE', 'controlCharacter'],
  ] as const)('%s %s (%s) → %s', (type, id, country, expected) => {
    expect(checkKycIdNumber(id, type, country)).toBe(expected);
  });
});

// ── KYC1 as a whole ─────────────────────────────────────────────────────────────────────

const today = '2025-06-01';
const validKyc1: Kyc1Input = {
  surname: 'Zhang',
  givenName: 'San',
  chineseName: '张三',
  documentType: 'idCard',
  documentCountry: 'CN',
  idNumber: '11010519491231002X',
  birthday: '1990-01-01',
  building: 'Room 1201, Tower B',
  street: '1 Jianguomenwai Avenue',
  region: 'Chaoyang',
  city: 'Beijing',
  country: 'CN',
};

describe('validateKyc1', () => {
  const id1990 = residentId('110105', '1990-01-01', '123');

  it('answers no problem for a valid form', () => {
    expect(validateKyc1({ ...validKyc1, idNumber: id1990 }, today)).toEqual([]);
    expect(validateKyc1({ ...validKyc1, documentType: 'passport', idNumber: 'E1234567', chineseName: undefined }, today)).toEqual([]);
  });

  it('needs the birthday to match a mainland ID (spec §5 "birthday must match the document")', () => {
    expect(validateKyc1({ ...validKyc1, idNumber: id1990, birthday: '1990-01-02' }, today)).toEqual([
      { field: 'birthday', rule: 'birthdayMismatch' },
    ]);
    fc.assert(
      fc.property(residentIdParts, dayArbitrary(1956, 2006), ({ area, birthday, sequence }, given) => {
        const problems = validateKyc1({ ...validKyc1, idNumber: residentId(area, birthday, sequence), birthday: given }, today);
        const birthdayRule = problems.find((problem) => problem.field === 'birthday')?.rule ?? null;
        expect(birthdayRule).toBe(checkKycBirthday(given, today) ?? (given === birthday ? null : 'birthdayMismatch'));
      }),
      { numRuns: 1000 },
    );
  });

  it('compares no birthday for documents that do not carry it here', () => {
    expect(validateKyc1({ ...validKyc1, documentType: 'passport', idNumber: 'E1234567', birthday: '1991-05-05' }, today)).toEqual([]);
    expect(validateKyc1({ ...validKyc1, documentCountry: 'HK', idNumber: 'A1234567', birthday: '1991-05-05' }, today)).toEqual([]);
  });

  it('names every empty required field once, in the form order', () => {
    const empty: Kyc1Input = {
      surname: '',
      givenName: '',
      documentType: '',
      documentCountry: '',
      idNumber: '',
      birthday: '',
      building: '',
      street: '',
      region: '',
      city: '',
      country: '',
    };
    expect(validateKyc1(empty, today)).toEqual(
      [
        'surname',
        'givenName',
        'documentType',
        'documentCountry',
        'idNumber',
        'birthday',
        'building',
        'street',
        'region',
        'city',
        'country',
      ].map((field) => ({ field, rule: 'required' })),
    );
  });

  it('refuses restricted countries of the address and of the document', () => {
    expect(validateKyc1({ ...validKyc1, idNumber: id1990, country: 'US' }, today)).toEqual([
      { field: 'country', rule: 'countryRestricted' },
    ]);
    expect(validateKyc1({ ...validKyc1, documentType: 'passport', idNumber: 'E1234567', documentCountry: 'IR' }, today)).toEqual([
      { field: 'documentCountry', rule: 'countryRestricted' },
    ]);
  });

  it('refuses an unknown document type', () => {
    expect(validateKyc1({ ...validKyc1, documentType: 'residencePermit' }, today)).toEqual([
      { field: 'documentType', rule: 'documentTypeUnknown' },
    ]);
  });

  it('refuses an age outside 18–70 before comparing with the document', () => {
    const child = residentId('110105', '2010-01-01', '123');
    expect(validateKyc1({ ...validKyc1, idNumber: child, birthday: '2010-01-01' }, today)).toEqual([
      { field: 'birthday', rule: 'ageOutOfRange' },
    ]);
  });
});

// ── KYC3 ────────────────────────────────────────────────────────────────────────────────

const validKyc3: Kyc3Input = {
  purposes: ['investment'],
  incomeSources: ['salary', 'investments'],
  fundSources: ['trading'],
  notUsPerson: true,
  accuracyConfirmed: true,
};

describe('KYC3 (spec §5: options, other-text, extra text, confirmations)', () => {
  it.each([
    ['purposes', kycPurposeOptions],
    ['incomeSources', kycIncomeSourceOptions],
    ['fundSources', kycFundSourceOptions],
  ] as Array<[string, readonly string[]]>)('%s: at least one known option, none twice', (_field, options) => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...options, 'unknownOption'), { maxLength: 8 }), (selected) => {
        const expected =
          selected.length === 0
            ? 'required'
            : selected.includes('unknownOption')
              ? 'optionUnknown'
              : new Set(selected).size < selected.length
                ? 'optionRepeated'
                : null;
        expect(checkKycOptions(selected, options)).toBe(expected);
      }),
    );
  });

  it("asks for the other-text (1–100) only when 'other' is chosen", () => {
    expect(checkKycOtherText(['other'], undefined)).toBe('required');
    expect(checkKycOtherText(['other'], '  ')).toBe('required');
    expect(checkKycOtherText(['other'], 'x'.repeat(100))).toBeNull();
    expect(checkKycOtherText(['other'], 'x'.repeat(101))).toBe('tooLong');
    expect(checkKycOtherText(['savings'], undefined)).toBeNull();
    expect(checkKycOtherText(['savings'], 'x'.repeat(500))).toBeNull();
  });

  it('limits the extra text to 80 characters, 40 once any CJK character is in it', () => {
    expect(checkKycRemark('a'.repeat(80))).toBeNull();
    expect(checkKycRemark('a'.repeat(81))).toBe('tooLong');
    expect(checkKycRemark('张'.repeat(40))).toBeNull();
    expect(checkKycRemark('张'.repeat(41))).toBe('tooLong');
    expect(checkKycRemark(`${'a'.repeat(39)}张`)).toBeNull();
    expect(checkKycRemark(`${'a'.repeat(40)}张`)).toBe('tooLong');
    expect(checkKycRemark(`${'a'.repeat(40)}ア`)).toBe('tooLong');
    expect(checkKycRemark(`${'a'.repeat(40)}한`)).toBe('tooLong');
    expect(checkKycRemark(undefined)).toBeNull();
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'Ж', '1', '张', '。'), { maxLength: 90 }), (chars) => {
        const text = chars.join('');
        const max = chars.includes('张') ? 40 : 80;
        expect(checkKycRemark(text)).toBe(chars.length > max ? 'tooLong' : null);
      }),
      { numRuns: 1000 },
    );
  });

  it('needs both confirmations ticked', () => {
    expect(checkKycConfirmation(true)).toBeNull();
    expect(checkKycConfirmation(false)).toBe('mustConfirm');
    expect(validateKyc3({ ...validKyc3, notUsPerson: false, accuracyConfirmed: false })).toEqual([
      { field: 'notUsPerson', rule: 'mustConfirm' },
      { field: 'accuracyConfirmed', rule: 'mustConfirm' },
    ]);
  });

  it('answers every problem of a form, in order', () => {
    expect(validateKyc3(validKyc3)).toEqual([]);
    expect(
      validateKyc3({
        ...validKyc3,
        purposes: [],
        incomeSources: ['other'],
        fundSources: ['gift', 'gift'],
        remark: '张'.repeat(41),
      }),
    ).toEqual([
      { field: 'purposes', rule: 'required' },
      { field: 'incomeSourceOther', rule: 'required' },
      { field: 'fundSources', rule: 'optionRepeated' },
      { field: 'remark', rule: 'tooLong' },
    ]);
  });
});

// ── Uploads ─────────────────────────────────────────────────────────────────────────────

describe('KYC uploads (spec §5/§9: JPG/PNG, PDF for address proof, 20 KB–5 MB, video ≤ 2 min)', () => {
  const kb = 1024;
  const mb = 1024 * 1024;

  it.each([
    ['image/jpeg', 20 * kb - 1, 'fileTooSmall'],
    ['image/jpeg', 20 * kb, null],
    ['image/png', 5 * mb, null],
    ['image/png', 5 * mb + 1, 'fileTooLarge'],
    ['application/pdf', 100 * kb, null],
    ['image/jpg', 100 * kb, null],
    ['image/gif', 100 * kb, 'fileType'],
    ['video/mp4', 100 * kb, 'fileType'],
  ])('address proof %s of %i bytes → %s', (mediaType, size, expected) => {
    expect(checkKycFile('addressProof', { mediaType, size })).toBe(expected);
  });

  it('takes a recorded video, not an image', () => {
    expect(checkKycFile('video', { mediaType: 'video/webm', size: 10 * mb })).toBeNull();
    expect(checkKycFile('video', { mediaType: 'video/mp4', size: 0 })).toBe('fileTooSmall');
    expect(checkKycFile('video', { mediaType: 'image/jpeg', size: mb })).toBe('fileType');
    expect(kycUploadErrorKey('video', 'fileType')).toBe('kycVideoFailed');
    expect(kycUploadErrorKey('addressProof', 'fileType')).toBe('kycDocumentType');
  });

  it.each([
    [1, null],
    [120, null],
    [120.5, 'videoTooLong'],
    [0, 'required'],
    [Number.POSITIVE_INFINITY, 'required'],
  ])('video of %s s → %s', (seconds, expected) => {
    expect(checkKycVideoDuration(seconds)).toBe(expected);
    if (expected === 'videoTooLong') expect(kycUploadErrorKey('video', expected)).toBe('kycVideoTooLong');
  });

  it('reads the type from the first bytes', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values);
    expect(sniffKycMediaType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffKycMediaType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffKycMediaType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffKycMediaType(bytes(0x1a, 0x45, 0xdf, 0xa3))).toBe('video/webm');
    expect(sniffKycMediaType(bytes(0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70))).toBe('video/mp4');
    expect(sniffKycMediaType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffKycMediaType(bytes())).toBeNull();
  });
});

// ── The wire and the rules agree ────────────────────────────────────────────────────────

describe('the KYC schemas', () => {
  it('carry bodies the rules take as they are', () => {
    expectTypeOf<SaveKyc1Body>().toExtend<Kyc1Input>();
    expectTypeOf<SaveKyc3Body>().toExtend<Kyc3Input>();
  });

  it('never refuse on length what the rules accept', () => {
    const body = saveKyc1BodySchema.parse({ ...validKyc1, surname: '𠀀'.repeat(30), country: 'de', addressProofUploadId: '42' });
    expect(checkKycName(body.surname)).toBeNull();
    expect(body.country).toBe('DE');
    expect(saveKyc1BodySchema.safeParse({ ...validKyc1, addressProofUploadId: '42', extra: 1 }).success).toBe(false);
  });

  it('take the recorder’s duration of a video upload when given (the server reads the container’s own)', () => {
    expect(kycUploadQuerySchema.safeParse({ purpose: 'video' }).success).toBe(true);
    expect(kycUploadQuerySchema.safeParse({ purpose: 'video', durationSeconds: '0' }).success).toBe(false);
    expect(kycUploadQuerySchema.parse({ purpose: 'video', durationSeconds: '95.5' }).durationSeconds).toBe(95.5);
    expect(kycUploadQuerySchema.safeParse({ purpose: 'addressProof' }).success).toBe(true);
  });
});
