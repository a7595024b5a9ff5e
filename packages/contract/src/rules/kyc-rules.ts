import type { ErrorKey } from '../errors/catalogue';
import { limits } from '../constants';
import { findCountry, isRestrictedRegion } from './countries';

/**
 * The KYC rules of spec §5 over the identity data of §3, written once for the server and the
 * forms. Each check answers the `KycRule` the value breaks, or null when it passes: the forms
 * show the rule's own message, the server answers `kycRuleErrorKeys[rule]` naming the field.
 *
 * Text is judged trimmed (the contract's schemas trim before the server sees it) and measured
 * in characters, i.e. code points: a name in a rare ideograph (two UTF-16 units) is one
 * character, as the customer counts it.
 */

// ── Levels, states, options ─────────────────────────────────────────────────────────────

/** Spec §4 levels: unverified, basic (KYC1), advanced (KYC2: face and document), video (KYC3). */
export const kycLevels = { unverified: 0, basic: 1, advanced: 2, video: 3 } as const;
export type KycLevelName = keyof typeof kycLevels;
export type KycLevel = (typeof kycLevels)[KycLevelName];

/**
 * Spec §4 state of one level: `continue` is an application started but not yet submitted (the
 * provider's page left half-way, a recording not sent); `failed` may be submitted again.
 */
export const kycLevelStates = ['notStarted', 'continue', 'verifying', 'verified', 'failed'] as const;
export type KycLevelState = (typeof kycLevelStates)[number];

/** Spec §3 document types: national ID, driver licence, passport. */
export const kycDocumentTypes = ['idCard', 'driverLicence', 'passport'] as const;
export type KycDocumentType = (typeof kycDocumentTypes)[number];

/** KYC3 multi-selects of spec §3; choosing `other` asks for the other-text. */
export const kycPurposeOptions = ['investment', 'trading', 'payments', 'savings', 'other'] as const;
export const kycIncomeSourceOptions = ['salary', 'business', 'investments', 'pension', 'inheritance', 'other'] as const;
export const kycFundSourceOptions = ['mining', 'trading', 'salaryInCrypto', 'earlyInvestment', 'gift', 'other'] as const;
export type KycPurpose = (typeof kycPurposeOptions)[number];
export type KycIncomeSource = (typeof kycIncomeSourceOptions)[number];
export type KycFundSource = (typeof kycFundSourceOptions)[number];

/** Spec §5/§9 limits of the KYC forms and uploads. */
export const kycLimits = {
  minAge: limits.kycMinAge,
  maxAge: limits.kycMaxAge,
  nameMaxChars: 30,
  chineseNameMaxChars: 30,
  addressLineMaxChars: 100,
  /** Every other text field (the other-texts of KYC3). */
  textMaxChars: 100,
  idNumberMaxChars: 50,
  /** KYC3 extra free text: 80 characters, 40 once it holds any CJK character (§5). */
  remarkMaxChars: 80,
  remarkCjkMaxChars: 40,
  imageMinBytes: limits.kycImageMinBytes,
  imageMaxBytes: limits.kycImageMaxBytes,
  /** The server's video policy is the same. */
  videoMaxBytes: limits.kycVideoMaxBytes,
  videoMaxSeconds: limits.kycVideoMaxSeconds,
} as const;

/** What an upload is for: the KYC1 address proof (one file) or the KYC3 video. */
export const kycUploadPurposes = ['addressProof', 'video'] as const;
export type KycUploadPurpose = (typeof kycUploadPurposes)[number];

/** Spec §5: JPG/PNG, PDF too for the address proof; the video as browsers record it (Chrome WebM, Safari MP4). */
export const kycUploadMediaTypes = {
  addressProof: ['image/jpeg', 'image/png', 'application/pdf'],
  video: ['video/webm', 'video/mp4'],
} as const satisfies Record<KycUploadPurpose, readonly string[]>;
export type KycMediaType = (typeof kycUploadMediaTypes)[KycUploadPurpose][number];

// ── Rules and their catalogue codes ─────────────────────────────────────────────────────

export const kycRules = [
  'required',
  'tooLong',
  'controlCharacter',
  'characters',
  'dateFormat',
  'ageOutOfRange',
  'countryUnknown',
  'countryRestricted',
  'documentTypeUnknown',
  'idNumberFormat',
  'idNumberChecksum',
  'birthdayMismatch',
  'optionUnknown',
  'optionRepeated',
  'mustConfirm',
  'fileType',
  'fileTooSmall',
  'fileTooLarge',
  'videoTooLong',
] as const;
export type KycRule = (typeof kycRules)[number];

/** The catalogue code the server answers for each rule; `kycFieldInvalid` names the field. */
export const kycRuleErrorKeys = {
  required: 'kycFieldInvalid',
  tooLong: 'kycFieldInvalid',
  controlCharacter: 'kycFieldInvalid',
  characters: 'kycFieldInvalid',
  dateFormat: 'kycFieldInvalid',
  ageOutOfRange: 'kycAgeOutOfRange',
  countryUnknown: 'kycFieldInvalid',
  countryRestricted: 'kycCountryRestricted',
  documentTypeUnknown: 'kycFieldInvalid',
  idNumberFormat: 'kycFieldInvalid',
  idNumberChecksum: 'kycFieldInvalid',
  birthdayMismatch: 'kycFieldInvalid',
  optionUnknown: 'kycFieldInvalid',
  optionRepeated: 'kycFieldInvalid',
  mustConfirm: 'kycFieldInvalid',
  fileType: 'kycDocumentType',
  fileTooSmall: 'kycDocumentTooSmall',
  fileTooLarge: 'kycDocumentTooLarge',
  videoTooLong: 'kycVideoTooLong',
} as const satisfies Record<KycRule, ErrorKey>;

/**
 * The code for a refused upload: an address proof's type and size have their own messages;
 * a video the browser recorded wrongly is a failed recording, to be made again.
 */
export function kycUploadErrorKey(purpose: KycUploadPurpose, rule: KycRule): ErrorKey {
  if (purpose === 'video' && rule !== 'videoTooLong') return 'kycVideoFailed';
  return kycRuleErrorKeys[rule];
}

export interface KycProblem<F extends string = string> {
  field: F;
  rule: KycRule;
}

// ── Text ────────────────────────────────────────────────────────────────────────────────

/**
 * Refused in every KYC text: control characters (NUL, C0 including TAB and line breaks, DEL,
 * C1), line and paragraph separators, bidirectional overrides and isolates (they make a name
 * read differently on the reviewer's screen), and unpaired surrogates.
 */
const refusedCharacter = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const cjkCharacter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;
/** A letter first, then letters, combining marks, spaces, hyphens, apostrophes and periods (O'Brien, Jean-Luc, St. John). */
const namePattern = /^\p{L}[\p{L}\p{M} '’.-]*$/u;
/** Han ideographs, with the middle dot of transcribed names (阿沛·阿旺晋美) only between them. */
const chineseNamePattern = /^\p{Script=Han}+(?:[·・]\p{Script=Han}+)*$/u;

export function countKycCharacters(text: string): number {
  return [...text].length;
}

export function hasCjkCharacter(text: string): boolean {
  return cjkCharacter.test(text);
}

/** A required text of at most `maxChars` characters with no refused character. */
function checkText(value: string, maxChars: number): KycRule | null {
  const text = value.trim();
  if (text === '') return 'required';
  if (refusedCharacter.test(text)) return 'controlCharacter';
  return countKycCharacters(text) > maxChars ? 'tooLong' : null;
}

/** Surname or given name: 1–30 characters of a name. */
export function checkKycName(value: string): KycRule | null {
  return checkText(value, kycLimits.nameMaxChars) ?? (namePattern.test(value.trim()) ? null : 'characters');
}

/** The name in Chinese: optional (empty is absent), else 1–30 Han characters. */
export function checkKycChineseName(value: string | undefined): KycRule | null {
  if (value === undefined || value.trim() === '') return null;
  return checkText(value, kycLimits.chineseNameMaxChars) ?? (chineseNamePattern.test(value.trim()) ? null : 'characters');
}

export const kycAddressLines = ['building', 'street', 'region', 'city'] as const;
export type KycAddressLine = (typeof kycAddressLines)[number];

/** Building, street, region, city: 1–100 characters each. */
export function checkKycAddressLine(value: string): KycRule | null {
  return checkText(value, kycLimits.addressLineMaxChars);
}

/** A country of the country list, not restricted (§8/§9: US and its territories, KP, IR, CU). */
export function checkKycCountry(code: string): KycRule | null {
  const value = code.trim();
  if (value === '') return 'required';
  // Restricted first: Puerto Rico is not in the selector, yet "restricted" is the true answer.
  if (isRestrictedRegion(value)) return 'countryRestricted';
  return /^[A-Za-z]{2}$/.test(value) && findCountry(value) ? null : 'countryUnknown';
}

// ── Birthday and age ────────────────────────────────────────────────────────────────────

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar day written 'YYYY-MM-DD', else null. */
function parseDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function formatDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parseToday(today: string): CalendarDate {
  const date = parseDate(today);
  if (!date) throw new RangeError(`today must be a 'YYYY-MM-DD' day, got ${JSON.stringify(today)}`);
  return date;
}

export function isKycDate(value: string): boolean {
  return parseDate(value) !== null;
}

/**
 * Completed years between two days. A 29 February birthday is reached on 1 March in common
 * years (as in English and Hong Kong law): nobody counts as 18 before 18 full years have passed.
 */
function completedYears(birth: CalendarDate, on: CalendarDate): number {
  const beforeBirthday = on.month < birth.month || (on.month === birth.month && on.day < birth.day);
  return on.year - birth.year - (beforeBirthday ? 1 : 0);
}

/** The age in completed years on `today`, or null when `birthday` is not a real 'YYYY-MM-DD' day. */
export function kycAgeOn(birthday: string, today: string): number | null {
  const birth = parseDate(birthday.trim());
  return birth ? completedYears(birth, parseToday(today)) : null;
}

/**
 * Spec §5 "age 18 to 70", read inclusively: eligible from the 18th birthday through the day
 * before the 71st, i.e. while the completed age is 18…70. `today` is passed in ('YYYY-MM-DD',
 * the server's clock in its business time zone) so server and form judge the same day.
 */
export function checkKycBirthday(birthday: string, today: string): KycRule | null {
  const value = birthday.trim();
  if (value === '') return 'required';
  const age = kycAgeOn(value, today);
  if (age === null) return 'dateFormat';
  return age >= kycLimits.minAge && age <= kycLimits.maxAge ? null : 'ageOutOfRange';
}

/** The same day `years` earlier; 29 February becomes the 28th in a common year. */
function yearsBefore(date: CalendarDate, years: number): CalendarDate {
  const year = date.year - years;
  return { year, month: date.month, day: Math.min(date.day, daysInMonth(year, date.month)) };
}

function nextDay({ year, month, day }: CalendarDate): CalendarDate {
  if (day < daysInMonth(year, month)) return { year, month, day: day + 1 };
  return month < 12 ? { year, month: month + 1, day: 1 } : { year: year + 1, month: 1, day: 1 };
}

/** The birthdays `checkKycBirthday` accepts on `today`, for the form's date picker (inclusive). */
export function kycBirthdayRange(today: string): { earliest: string; latest: string } {
  const on = parseToday(today);
  return {
    earliest: formatDate(nextDay(yearsBefore(on, kycLimits.maxAge + 1))),
    latest: formatDate(yearsBefore(on, kycLimits.minAge)),
  };
}

// ── Identity document ───────────────────────────────────────────────────────────────────

export function isKycDocumentType(value: string): value is KycDocumentType {
  return (kycDocumentTypes as readonly string[]).includes(value);
}

export function checkKycDocumentType(value: string): KycRule | null {
  if (value.trim() === '') return 'required';
  return isKycDocumentType(value) ? null : 'documentTypeUnknown';
}

/** ISO 7064 MOD 11-2 weights of the first 17 characters of a Chinese resident ID (2^(17−i) mod 11). */
const residentIdWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const residentIdCheckCharacters = '10X98765432';

/** The check character (0–9 or X) of a Chinese resident ID's first 17 digits. */
export function chineseResidentIdCheckCharacter(first17: string): string {
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * (residentIdWeights[index] ?? 0), 0);
  return residentIdCheckCharacters[sum % 11]!;
}

/** The birth date an 18-character Chinese resident ID carries (characters 7–14), as 'YYYY-MM-DD'. */
function residentIdBirthday(id: string): string {
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

/** Mainland resident ID: 6-digit area, a real birth date, 3-digit sequence, MOD 11-2 check character. */
function checkChineseResidentId(id: string): KycRule | null {
  if (!/^\d{17}[\dX]$/.test(id) || !isKycDate(residentIdBirthday(id))) return 'idNumberFormat';
  return chineseResidentIdCheckCharacter(id.slice(0, 17)) === id[17] ? null : 'idNumberChecksum';
}

function isChineseResidentId(documentType: KycDocumentType, documentCountry: string): boolean {
  return documentType === 'idCard' && documentCountry.trim().toUpperCase() === 'CN';
}

/**
 * ID number: required, at most 50 characters, letters compared upper-cased. Passport 6–9
 * letters or digits; driver licence 5–20 letters or digits, single hyphens between groups;
 * national ID 5–30 letters or digits, and a mainland Chinese ID (document country CN) is the
 * 18-character resident ID with a valid check character.
 */
export function checkKycIdNumber(idNumber: string, documentType: KycDocumentType, documentCountry: string): KycRule | null {
  const textRule = checkText(idNumber, kycLimits.idNumberMaxChars);
  if (textRule) return textRule;
  const id = idNumber.trim().toUpperCase();
  switch (documentType) {
    case 'passport':
      return /^[A-Z0-9]{6,9}$/.test(id) ? null : 'idNumberFormat';
    case 'driverLicence':
      return id.length >= 5 && id.length <= 20 && /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/.test(id) ? null : 'idNumberFormat';
    case 'idCard':
      if (isChineseResidentId(documentType, documentCountry)) return checkChineseResidentId(id);
      return /^[A-Z0-9]{5,30}$/.test(id) ? null : 'idNumberFormat';
  }
}

/**
 * Spec §5 "birthday must match the document", where the document says it: the birth date
 * inside a valid Chinese resident ID. Other documents are compared by the provider in KYC2.
 */
export function checkKycBirthdayMatchesDocument(
  birthday: string,
  idNumber: string,
  documentType: KycDocumentType,
  documentCountry: string,
): KycRule | null {
  const id = idNumber.trim().toUpperCase();
  if (!isChineseResidentId(documentType, documentCountry) || checkChineseResidentId(id) !== null) return null;
  return residentIdBirthday(id) === birthday.trim() ? null : 'birthdayMismatch';
}

// ── KYC3 ────────────────────────────────────────────────────────────────────────────────

/** A multi-select: at least one option, each one of `options`, none twice. */
export function checkKycOptions(selected: readonly string[], options: readonly string[]): KycRule | null {
  if (selected.length === 0) return 'required';
  if (selected.some((option) => !options.includes(option))) return 'optionUnknown';
  return new Set(selected).size === selected.length ? null : 'optionRepeated';
}

/**
 * The other-text of a multi-select: required (1–100 characters) when `other` is chosen, and
 * not judged otherwise (the form keeps what was typed while hidden; the server drops it).
 */
export function checkKycOtherText(selected: readonly string[], otherText: string | undefined): KycRule | null {
  return selected.includes('other') ? checkText(otherText ?? '', kycLimits.textMaxChars) : null;
}

/** Extra free text: optional, at most 80 characters, or 40 when it holds any CJK character. */
export function checkKycRemark(remark: string | undefined): KycRule | null {
  const text = (remark ?? '').trim();
  if (text === '') return null;
  if (refusedCharacter.test(text)) return 'controlCharacter';
  const maxChars = hasCjkCharacter(text) ? kycLimits.remarkCjkMaxChars : kycLimits.remarkMaxChars;
  return countKycCharacters(text) > maxChars ? 'tooLong' : null;
}

/** The not-a-US-person commitment and the accuracy confirmation must be ticked. */
export function checkKycConfirmation(isTicked: boolean): KycRule | null {
  return isTicked === true ? null : 'mustConfirm';
}

// ── Uploads ─────────────────────────────────────────────────────────────────────────────

/**
 * The media type the first bytes of a file show, or null for anything else: the server judges
 * the bytes, never the type a caller declares.
 */
export function sniffKycMediaType(head: Uint8Array): KycMediaType | null {
  const startsWith = (bytes: readonly number[], offset = 0) => bytes.every((byte, index) => head[offset + index] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith([0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (startsWith([0x66, 0x74, 0x79, 0x70], 4)) return 'video/mp4';
  return null;
}

/** A file for `purpose`: an accepted type; an address proof 20 KB–5 MB, a video not empty and at most 50 MB. */
export function checkKycFile(purpose: KycUploadPurpose, file: { mediaType: string; size: number }): KycRule | null {
  const mediaType = file.mediaType.trim().toLowerCase() === 'image/jpg' ? 'image/jpeg' : file.mediaType.trim().toLowerCase();
  if (!(kycUploadMediaTypes[purpose] as readonly string[]).includes(mediaType)) return 'fileType';
  const [minBytes, maxBytes] = purpose === 'video' ? [1, kycLimits.videoMaxBytes] : [kycLimits.imageMinBytes, kycLimits.imageMaxBytes];
  if (file.size < minBytes) return 'fileTooSmall';
  return file.size > maxBytes ? 'fileTooLarge' : null;
}

/** The recorded length of the KYC3 video, in seconds: more than 0, at most 2 minutes. */
export function checkKycVideoDuration(seconds: number): KycRule | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'required';
  return seconds <= kycLimits.videoMaxSeconds ? null : 'videoTooLong';
}

// ── Whole forms ─────────────────────────────────────────────────────────────────────────

/**
 * KYC1 as the form holds it (the save-kyc1 body is assignable). `documentCountry` is the
 * document's issuing country, not in §3's list but needed by the ID format; `country` is
 * the address's.
 */
export interface Kyc1Input {
  surname: string;
  givenName: string;
  chineseName?: string | undefined;
  documentType: string;
  documentCountry: string;
  idNumber: string;
  birthday: string;
  building: string;
  street: string;
  region: string;
  city: string;
  country: string;
}
export type Kyc1Field = keyof Kyc1Input;

/** The KYC1 fields in the form's reading order (the back office shows submitted data in it). */
export const kyc1Fields = [
  'surname',
  'givenName',
  'chineseName',
  'birthday',
  'documentType',
  'documentCountry',
  'idNumber',
  'building',
  'street',
  'city',
  'region',
  'country',
] as const satisfies readonly Kyc1Field[];

/** Every KYC1 problem, at most one per field, in the form's order; empty when valid. */
export function validateKyc1(input: Kyc1Input, today: string): KycProblem<Kyc1Field>[] {
  const problems: KycProblem<Kyc1Field>[] = [];
  const note = (field: Kyc1Field, rule: KycRule | null) => {
    if (rule) problems.push({ field, rule });
  };
  const documentType = isKycDocumentType(input.documentType) ? input.documentType : null;
  note('surname', checkKycName(input.surname));
  note('givenName', checkKycName(input.givenName));
  note('chineseName', checkKycChineseName(input.chineseName));
  note('documentType', checkKycDocumentType(input.documentType));
  note('documentCountry', checkKycCountry(input.documentCountry));
  note(
    'idNumber',
    documentType
      ? checkKycIdNumber(input.idNumber, documentType, input.documentCountry)
      : checkText(input.idNumber, kycLimits.idNumberMaxChars),
  );
  note(
    'birthday',
    checkKycBirthday(input.birthday, today) ??
      (documentType ? checkKycBirthdayMatchesDocument(input.birthday, input.idNumber, documentType, input.documentCountry) : null),
  );
  for (const line of kycAddressLines) note(line, checkKycAddressLine(input[line]));
  note('country', checkKycCountry(input.country));
  return problems;
}

/** KYC3 as the form holds it (the save-kyc3 body is assignable). */
export interface Kyc3Input {
  purposes: readonly string[];
  purposeOther?: string | undefined;
  incomeSources: readonly string[];
  incomeSourceOther?: string | undefined;
  fundSources: readonly string[];
  fundSourceOther?: string | undefined;
  remark?: string | undefined;
  notUsPerson: boolean;
  accuracyConfirmed: boolean;
}
export type Kyc3Field = keyof Kyc3Input;

/** KYC3's three multi-selects, each with its options and the text field its "other" opens. */
export const kyc3Groups = [
  { field: 'purposes', other: 'purposeOther', options: kycPurposeOptions },
  { field: 'incomeSources', other: 'incomeSourceOther', options: kycIncomeSourceOptions },
  { field: 'fundSources', other: 'fundSourceOther', options: kycFundSourceOptions },
] as const satisfies readonly { field: Kyc3Field; other: Kyc3Field; options: readonly string[] }[];

/** The KYC3 fields in the form's reading order. */
export const kyc3Fields = [
  ...kyc3Groups.flatMap((group) => [group.field, group.other]),
  'remark',
  'notUsPerson',
  'accuracyConfirmed',
] as const satisfies readonly Kyc3Field[];

/** Every KYC3 problem, at most one per field, in the form's order; empty when valid. */
export function validateKyc3(input: Kyc3Input): KycProblem<Kyc3Field>[] {
  const problems: KycProblem<Kyc3Field>[] = [];
  const note = (field: Kyc3Field, rule: KycRule | null) => {
    if (rule) problems.push({ field, rule });
  };
  note('purposes', checkKycOptions(input.purposes, kycPurposeOptions));
  note('purposeOther', checkKycOtherText(input.purposes, input.purposeOther));
  note('incomeSources', checkKycOptions(input.incomeSources, kycIncomeSourceOptions));
  note('incomeSourceOther', checkKycOtherText(input.incomeSources, input.incomeSourceOther));
  note('fundSources', checkKycOptions(input.fundSources, kycFundSourceOptions));
  note('fundSourceOther', checkKycOtherText(input.fundSources, input.fundSourceOther));
  note('remark', checkKycRemark(input.remark));
  note('notUsPerson', checkKycConfirmation(input.notUsPerson));
  note('accuracyConfirmed', checkKycConfirmation(input.accuracyConfirmed));
  return problems;
}
