import { type Country, getCountryCallingCode, isSupportedCountry } from 'react-phone-number-input';

/** The product's default when the browser names no country (docs/product/profile.md#constants). */
export const FALLBACK_PHONE_COUNTRY: Country = 'IN';

/**
 * The phone field's starting country: the first of the browser's languages that names a region the phone
 * library knows ("en-US" → US), else India (issue 38: "+91" in an en-US browser was a wrong guess).
 */
export function defaultPhoneCountry(languages: readonly string[]): Country {
  for (const language of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(language).maximize().region;
    } catch {
      continue;
    }
    // A language alone ("en") maximizes to its likeliest region (US): only a region the browser named counts.
    if (region === undefined || !language.toUpperCase().includes(`-${region}`)) continue;
    if (isSupportedCountry(region)) return region;
  }
  return FALLBACK_PHONE_COUNTRY;
}

/** "Include the country code; United States (+1) is the default." */
export function phoneHint(country: Country): string {
  const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country;
  return `Include the country code; ${name} (+${getCountryCallingCode(country)}) is the default.`;
}
