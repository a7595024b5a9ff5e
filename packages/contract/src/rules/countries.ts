import { restrictedRegions } from '../constants';

/**
 * Countries and regions offered by the country selector, with their dialling codes. Names
 * come from Intl.DisplayNames in the user's language, so no name lists are shipped.
 */
export const countries: ReadonlyArray<{ code: string; dialCode: string }> = [
  { code: 'AE', dialCode: '971' },
  { code: 'AR', dialCode: '54' },
  { code: 'AT', dialCode: '43' },
  { code: 'AU', dialCode: '61' },
  { code: 'AZ', dialCode: '994' },
  { code: 'BE', dialCode: '32' },
  { code: 'BG', dialCode: '359' },
  { code: 'BH', dialCode: '973' },
  { code: 'BR', dialCode: '55' },
  { code: 'BY', dialCode: '375' },
  { code: 'CA', dialCode: '1' },
  { code: 'CH', dialCode: '41' },
  { code: 'CL', dialCode: '56' },
  { code: 'CN', dialCode: '86' },
  { code: 'CO', dialCode: '57' },
  { code: 'CU', dialCode: '53' },
  { code: 'CY', dialCode: '357' },
  { code: 'CZ', dialCode: '420' },
  { code: 'DE', dialCode: '49' },
  { code: 'DK', dialCode: '45' },
  { code: 'EE', dialCode: '372' },
  { code: 'EG', dialCode: '20' },
  { code: 'ES', dialCode: '34' },
  { code: 'FI', dialCode: '358' },
  { code: 'FR', dialCode: '33' },
  { code: 'GB', dialCode: '44' },
  { code: 'GE', dialCode: '995' },
  { code: 'GR', dialCode: '30' },
  { code: 'HK', dialCode: '852' },
  { code: 'HU', dialCode: '36' },
  { code: 'ID', dialCode: '62' },
  { code: 'IE', dialCode: '353' },
  { code: 'IL', dialCode: '972' },
  { code: 'IN', dialCode: '91' },
  { code: 'IR', dialCode: '98' },
  { code: 'IT', dialCode: '39' },
  { code: 'JP', dialCode: '81' },
  { code: 'KG', dialCode: '996' },
  { code: 'KP', dialCode: '850' },
  { code: 'KR', dialCode: '82' },
  { code: 'KW', dialCode: '965' },
  { code: 'KZ', dialCode: '7' },
  { code: 'LT', dialCode: '370' },
  { code: 'LU', dialCode: '352' },
  { code: 'LV', dialCode: '371' },
  { code: 'MD', dialCode: '373' },
  { code: 'MN', dialCode: '976' },
  { code: 'MO', dialCode: '853' },
  { code: 'MT', dialCode: '356' },
  { code: 'MX', dialCode: '52' },
  { code: 'MY', dialCode: '60' },
  { code: 'NG', dialCode: '234' },
  { code: 'NL', dialCode: '31' },
  { code: 'NO', dialCode: '47' },
  { code: 'NZ', dialCode: '64' },
  { code: 'OM', dialCode: '968' },
  { code: 'PE', dialCode: '51' },
  { code: 'PH', dialCode: '63' },
  { code: 'PK', dialCode: '92' },
  { code: 'PL', dialCode: '48' },
  { code: 'PT', dialCode: '351' },
  { code: 'QA', dialCode: '974' },
  { code: 'RO', dialCode: '40' },
  { code: 'RS', dialCode: '381' },
  { code: 'RU', dialCode: '7' },
  { code: 'SA', dialCode: '966' },
  { code: 'SE', dialCode: '46' },
  { code: 'SG', dialCode: '65' },
  { code: 'SI', dialCode: '386' },
  { code: 'SK', dialCode: '421' },
  { code: 'TH', dialCode: '66' },
  { code: 'TJ', dialCode: '992' },
  { code: 'TR', dialCode: '90' },
  { code: 'TW', dialCode: '886' },
  { code: 'UA', dialCode: '380' },
  { code: 'US', dialCode: '1' },
  { code: 'UZ', dialCode: '998' },
  { code: 'VN', dialCode: '84' },
  { code: 'ZA', dialCode: '27' },
];

const countryByCode = new Map(countries.map((country) => [country.code, country]));

export function findCountry(code: string): { code: string; dialCode: string } | undefined {
  return countryByCode.get(code.toUpperCase());
}

/** Spec §8/§9: North Korea, Iran, the US and its territories cannot register. */
export function isRestrictedRegion(code: string): boolean {
  return (restrictedRegions as readonly string[]).includes(code.toUpperCase());
}
