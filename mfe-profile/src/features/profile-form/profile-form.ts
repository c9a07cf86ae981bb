import {
  LOCALES,
  PROFILE_FORM_FIELDS,
  PROFILE_MESSAGES,
  type Profile,
  type ProfileFormField,
  type ProfileFormInput,
  ProfileFormSchema,
  TIMEZONES,
} from '@trove/contracts';

export { PROFILE_FORM_FIELDS, type ProfileFormField };

export type ProfileFormValues = Record<ProfileFormField, string> & { two_factor_enabled: boolean };
export type ProfileFieldErrors = Partial<Record<ProfileFormField, string>>;

export type Timezone = (typeof TIMEZONES)[number];
export type Locale = (typeof LOCALES)[number];

/** docs/product/profile.md#fields, docs/product/api.md#profile-calls: dob is sent as its first 10 characters (YYYY-MM-DD), or null when there is none. */
export function cutDob(dob: string | null | undefined): string | null {
  const day = dob?.trim().slice(0, 10) ?? '';
  return day === '' ? null : day;
}

// Names browsers still report for zones the docs/product/profile.md#constants list spells another way (Chromium answers
// "Asia/Calcutta" on many systems; "Etc/UTC" is what a server-like machine says).
const TIMEZONE_ALIASES: Record<string, Timezone> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/Zulu': 'UTC',
  GMT: 'UTC',
  UCT: 'UTC',
  Universal: 'UTC',
  Zulu: 'UTC',
};

function isTimezone(value: string | null | undefined): value is Timezone {
  return (TIMEZONES as readonly string[]).includes(value ?? '');
}

function isLocale(value: string | null | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

/**
 * docs/product/profile.md#defaults: the browser's time zone when the profile has none. A zone outside the docs/product/profile.md#timezones list cannot
 * be chosen in the select, so it falls back to UTC (docs/decisions/007-profile-page.md).
 */
export function defaultTimezone(browserZone: string | null | undefined): Timezone {
  if (isTimezone(browserZone)) return browserZone;
  return TIMEZONE_ALIASES[browserZone ?? ''] ?? 'UTC';
}

/**
 * docs/product/profile.md#defaults: the browser's language when the profile has none: the first preferred language that is on
 * the docs/product/profile.md#languages list, else the first whose language part matches one (`de` → de-DE), else en-US.
 */
export function defaultLocale(languages: readonly string[]): Locale {
  const canonical = languages.map((tag) => tag.trim()).filter((tag) => tag !== '');
  for (const tag of canonical) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
  }
  for (const tag of canonical) {
    const language = tag.split('-')[0]?.toLowerCase();
    const sameLanguage = LOCALES.find((locale) => locale.split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return 'en-US';
}

export interface BrowserPreferences {
  timezone: Timezone;
  locale: Locale;
}

/** What this browser says, read once when the profile loads. */
export function browserPreferences(): BrowserPreferences {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  const languages =
    typeof navigator === 'undefined'
      ? []
      : navigator.languages.length > 0
        ? navigator.languages
        : [navigator.language];
  return { timezone: defaultTimezone(zone), locale: defaultLocale(languages) };
}

/** The form filled from the profile (docs/product/api.md#profile-calls GET /profile/me); timezone and locale default (docs/product/profile.md#defaults). */
export function formFromProfile(profile: Profile, defaults: BrowserPreferences): ProfileFormValues {
  const text = (value: string | null) => value ?? '';
  return {
    gender: text(profile.gender),
    dob: cutDob(profile.dob) ?? '',
    phone: text(profile.phone),
    headline: text(profile.headline),
    bio: text(profile.bio),
    street: text(profile.street),
    city: text(profile.city),
    state: text(profile.state),
    postal_code: text(profile.postal_code),
    country: text(profile.country),
    company: text(profile.company),
    department: text(profile.department),
    title: text(profile.title),
    website: text(profile.website),
    linkedin: text(profile.linkedin),
    twitter: text(profile.twitter),
    github: text(profile.github),
    timezone: isTimezone(profile.timezone) ? profile.timezone : defaults.timezone,
    locale: isLocale(profile.locale) ? profile.locale : defaults.locale,
    two_factor_enabled: profile.two_factor_enabled,
  };
}

/**
 * docs/product/profile.md#tabs, docs/product/api.md#profile-calls: Save on any tab sends the whole form — every editable field, dob cut to 10 characters
 * or null, an empty optional field as '' (the service stores it as cleared). The names are read-only
 * here and are not sent (docs/decisions/007-profile-page.md).
 */
export function payloadFromForm(values: ProfileFormValues): ProfileFormInput {
  const { dob, gender, two_factor_enabled, ...text } = values;
  return {
    ...text,
    gender: gender as ProfileFormInput['gender'],
    dob: cutDob(dob),
    timezone: values.timezone as Timezone,
    locale: values.locale as Locale,
    two_factor_enabled,
  };
}

function isFormField(value: PropertyKey | undefined): value is ProfileFormField {
  return (PROFILE_FORM_FIELDS as readonly PropertyKey[]).includes(value ?? '');
}

/** docs/product/profile.md#validation "Profile page save": the first message of each field, from the shared schema. */
export function validateProfileForm(values: ProfileFormValues): ProfileFieldErrors {
  const result = ProfileFormSchema.safeParse(payloadFromForm(values));
  const errors: ProfileFieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isFormField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

export interface SaveFailure {
  /** The message for the phone field, when the number is the problem. */
  phone?: string;
  /** The status line; undefined clears it (docs/product/profile.md#errors). */
  status?: string;
}

/**
 * docs/product/profile.md#errors "Profile page, save failure": a 409, or a message that mentions the phone, puts "This phone
 * number is already registered" on the phone field and clears the status line; anything else shows the
 * server's message or "Failed to update".
 */
export function saveFailure(status: number | undefined, message: string | undefined): SaveFailure {
  // A phone rule the service itself names (a 400 from the same PhoneSchema) stays what it says; the
  // page checks those before sending, so only another client's payload can meet them.
  if (
    status === 400 &&
    (message === PROFILE_MESSAGES.phoneRequired || message === PROFILE_MESSAGES.phoneInvalid)
  )
    return { phone: message };
  if (status === 409 || /phone/i.test(message ?? '')) return { phone: PROFILE_MESSAGES.phoneTaken };
  const text = message?.trim();
  return { status: text ? text : 'Failed to update' };
}
