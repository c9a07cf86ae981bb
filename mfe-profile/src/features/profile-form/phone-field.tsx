import { type FocusEvent, useState } from 'react';
import PhoneInput, {
  type Country,
  type FlagProps,
  getCountryCallingCode,
  isSupportedCountry,
} from 'react-phone-number-input';
import { Text } from '@trove/kit/ui';
import { FieldShell, type FormBinding, fieldId } from './fields';
import * as fieldStyles from './fields.module.css';
import * as styles from './phone-field.module.css';

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

/** docs/product/profile.md#constants: the phone input takes at most 250 characters of text (libphonenumber-js's own limit too). */
export const PHONE_INPUT_MAX_LENGTH = 250;

/**
 * The country shown as its ISO code rather than a flag picture: the library's flags are either fetched
 * from a third-party host (which the CSP and closed networks refuse) or 44 kB of inline SVG
 * (docs/decisions/007-profile-page.md).
 */
function CountryCode({ country }: FlagProps) {
  return (
    <Text as="span" size="sm" weight="bold" className={styles.country}>
      {country}
    </Text>
  );
}

function InternationalIcon() {
  return (
    <svg className={styles.globe} viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M2 10h16M10 2c2.5 2.6 2.5 13.4 0 16M10 2c-2.5 2.6-2.5 13.4 0 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  );
}

/**
 * docs/product/profile.md#page phone: required, international input, the browser's country by default, else India
 * (docs/product/profile.md#constants), built on
 * react-phone-number-input (libphonenumber-js, the same copy contracts validate with). Its value is
 * E.164 ("+919876543210"); national numbers of 2 to 17 digits are what libphonenumber-js parses, and
 * `limitMaxLength` stops typing past the longest number of the chosen country.
 */
export function PhoneField({ form }: { form: FormBinding }) {
  const id = fieldId(form.idPrefix, 'phone');
  const error = form.errors.phone;
  const [country] = useState(() => defaultPhoneCountry(navigator.languages ?? [navigator.language]));
  const hint = phoneHint(country);
  return (
    <FieldShell id={id} label="Phone" error={error} hint={hint} required>
      {(control) => (
        <PhoneInput
          {...control}
          name="phone"
          className={styles.phone}
          data-invalid={error ? '' : undefined}
          international
          defaultCountry={country}
          // The calling code follows the country chosen in the select and cannot be typed over, so a
          // country is always known: limitMaxLength needs one to stop at that country's longest number.
          countryCallingCodeEditable={false}
          limitMaxLength
          flagComponent={CountryCode}
          internationalIcon={InternationalIcon}
          value={form.values.phone || undefined}
          onChange={(value) => form.onChange('phone', value ?? '')}
          onBlur={(event: FocusEvent<HTMLElement>) => form.onBlur('phone', event.relatedTarget)}
          numberInputProps={{ className: `${fieldStyles.input} ${styles.number}` }}
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX_LENGTH}
        />
      )}
    </FieldShell>
  );
}
