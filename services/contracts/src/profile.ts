import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE, PASSWORD_MIN_LENGTH } from './password';
import { parseHttpUrl, requiredName, without } from './profile-fields';
import { requestBody } from './request-body';
import { SessionUserSchema } from './session';

/** docs/product/profile.md#timezones "Timezone options". */
export const TIMEZONES = [
  'UTC',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Seoul',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Europe/Zurich',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Pacific/Auckland',
  'Africa/Johannesburg',
  'Africa/Cairo',
] as const;

/** docs/product/profile.md#languages "Language options". */
export const LOCALES = [
  'en-US',
  'en-GB',
  'en-IN',
  'hi-IN',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'zh-CN',
  'ja-JP',
  'ko-KR',
] as const;

export const GENDERS = ['male', 'female', 'other'] as const;

/** docs/product/accounts.md#constants: minimum age 13; the date picker's first year is 1900. */
export const MINIMUM_AGE = 13;
export const EARLIEST_BIRTH_YEAR = 1900;

export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: 'Current password is required',
  currentMin: 'Min 8 characters',
  currentIncorrect: 'Current password is incorrect',
  newRequired: 'New password is required',
  newRule: 'Min 8 chars with upper, lower, number, special',
  newFieldRule: 'Must include upper, lower, number & special',
  confirmRequired: 'Please confirm your new password',
  mismatch: 'Passwords do not match',
} as const;

/**
 * Issue 18 item 11: changing the phone number or turning 2-step off needs the current password; the
 * service answers a save without it 403 with this code, and the page asks for the password and saves again.
 */
export const PROFILE_CODES = { reauthRequired: 'reauth_required' } as const;
export const REAUTH_MESSAGE =
  'Enter your current password to change your phone number or turn off 2-step verification.';

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  genderRequired: 'Gender is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a valid phone number',
  phoneTaken: 'This phone number is already registered',
  urlInvalid: 'Enter a valid http(s) URL',
  websiteDomain: 'Enter a valid website domain',
  linkedin: 'Must be a valid linkedin.com profile/company URL',
  twitter: 'Must be a valid twitter.com or x.com profile URL',
  github: 'Must be a valid github.com profile/repo URL',
  dobInvalid: 'Enter a valid date of birth (YYYY-MM-DD)',
  dobFuture: 'Date of birth cannot be in the future',
  tooYoung: 'You must be at least 13 years old.',
  timezone: 'Choose a timezone from the list',
  locale: 'Choose a language from the list',
} as const;

/** docs/product/profile.md#validation "a valid domain name, not an IP address and not localhost"; at most 253, labels ≤ 63. */
export function isWebsiteDomain(host: string): boolean {
  if (host.length > 253 || host === 'localhost' || host.endsWith('.localhost')) return false;
  if (/^\d+(\.\d+){3}$/.test(host) || host.startsWith('[')) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  const top = labels[labels.length - 1] ?? '';
  if (!/^[a-z]{2,63}$/i.test(top) && !/^xn--[a-z0-9-]{1,59}$/i.test(top)) return false;
  return labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}

/** docs/product/profile.md#link-fields: the host or a subdomain of it, with a non-root path. */
export function isProfileUrlOn(value: string, hosts: readonly string[]): boolean {
  const url = parseHttpUrl(value);
  if (url === undefined) return false;
  const host = url.hostname.toLowerCase();
  const onHost = hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  return onHost && url.pathname.replace(/\/+$/, '') !== '';
}

/** Whole years between a YYYY-MM-DD birth date and `today` (both calendar days). */
export function ageOn(dob: string, today: Date): number {
  const [year = 0, month = 0, day = 0] = dob.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * docs/product/accounts.md#profile-step-rules date of birth: YYYY-MM-DD (the client sends the first 10 characters), not in the future,
 * no earlier than 1900, and at least 13 years ago. "Today" is the UTC day of the check.
 */
export const DobSchema = z
  .string({ error: PROFILE_MESSAGES.dobInvalid })
  .trim()
  .refine(isCalendarDate, PROFILE_MESSAGES.dobInvalid)
  .refine((value) => Number(value.slice(0, 4)) >= EARLIEST_BIRTH_YEAR, PROFILE_MESSAGES.dobInvalid)
  .refine((value) => value <= new Date().toISOString().slice(0, 10), PROFILE_MESSAGES.dobFuture)
  .refine((value) => ageOn(value, new Date()) >= MINIMUM_AGE, PROFILE_MESSAGES.tooYoung);

export const GenderSchema = z.enum(GENDERS, { error: PROFILE_MESSAGES.genderRequired });
export const TimezoneSchema = z.enum(TIMEZONES, { error: PROFILE_MESSAGES.timezone });
export const LocaleSchema = z.enum(LOCALES, { error: PROFILE_MESSAGES.locale });

/** docs/product/accounts.md#profile-step-rules "Profile step of the auth flow": first and last name and dob, all required. */
export const ProfileStepSchema = z.object({
  first_name: requiredName(PROFILE_MESSAGES.firstNameRequired, 'First name'),
  last_name: requiredName(PROFILE_MESSAGES.lastNameRequired, 'Last name'),
  dob: DobSchema,
});
export type ProfileStep = z.output<typeof ProfileStepSchema>;

/** docs/product/profile.md#fields Profile, as the server answers it. */
export const ProfileSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  dob: z.string().nullable(),
  phone: z.string().nullable(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  company: z.string().nullable(),
  department: z.string().nullable(),
  title: z.string().nullable(),
  website: z.string().nullable(),
  linkedin: z.string().nullable(),
  twitter: z.string().nullable(),
  github: z.string().nullable(),
  timezone: z.string().nullable(),
  locale: z.string().nullable(),
  avatar_url: z.string().nullable(),
  banner_url: z.string().nullable(),
  two_factor_enabled: z.boolean(),
  complete: z.boolean(),
});
export type Profile = z.output<typeof ProfileSchema>;

/**
 * The columns of the profiles table: what ProfileSchema answers, but for the phone and 2-step setting (the
 * user's row) and `complete` (computed). The profile service reads and writes exactly these.
 */
export const PROFILE_COLUMNS = without(ProfileSchema.keyof().options, [
  'phone',
  'two_factor_enabled',
  'complete',
] as const);
export type ProfileColumn = (typeof PROFILE_COLUMNS)[number];

export const ProfileMeResponseSchema = z.object({ user: SessionUserSchema, profile: ProfileSchema });
export type ProfileMeResponse = z.output<typeof ProfileMeResponseSchema>;

export const ProfileStatusResponseSchema = z.object({
  profile: ProfileSchema.pick({ first_name: true, last_name: true, dob: true, complete: true }),
});
export type ProfileStatusResponse = z.output<typeof ProfileStatusResponseSchema>;

/** docs/product/profile.md#password-change "Password change": lower, upper, digit and a special character. */
export function meetsPasswordRule(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

/** docs/product/api.md#profile-calls PUT /api/v1/profile/password; confirm_password is checked on the client only (docs/product/profile.md#fields). */
export const ChangePasswordSchema = requestBody({
  current_password: z
    .string({ error: PASSWORD_CHANGE_MESSAGES.currentRequired })
    .min(1, PASSWORD_CHANGE_MESSAGES.currentRequired)
    .min(PASSWORD_MIN_LENGTH, PASSWORD_CHANGE_MESSAGES.currentMin)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE),
  new_password: z
    .string({ error: PASSWORD_CHANGE_MESSAGES.newRequired })
    .min(1, PASSWORD_CHANGE_MESSAGES.newRequired)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE)
    .refine(meetsPasswordRule, PASSWORD_CHANGE_MESSAGES.newRule),
});
export type ChangePassword = z.output<typeof ChangePasswordSchema>;

/** The client-side form of the Security tab: the payload plus a matching confirmation. */
export const ChangePasswordFormSchema = z
  .object({
    current_password: ChangePasswordSchema.shape.current_password,
    new_password: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.newRequired })
      .min(1, PASSWORD_CHANGE_MESSAGES.newRequired)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE)
      .refine(meetsPasswordRule, PASSWORD_CHANGE_MESSAGES.newFieldRule),
    confirm_password: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.confirmRequired })
      .min(1, PASSWORD_CHANGE_MESSAGES.confirmRequired)
      .min(PASSWORD_MIN_LENGTH, PASSWORD_CHANGE_MESSAGES.currentMin),
  })
  .refine((form) => form.new_password === form.confirm_password, {
    message: PASSWORD_CHANGE_MESSAGES.mismatch,
    path: ['confirm_password'],
  });

export const ChangePasswordResponseSchema = z.object({ message: z.string() });
export type ChangePasswordResponse = z.output<typeof ChangePasswordResponseSchema>;
