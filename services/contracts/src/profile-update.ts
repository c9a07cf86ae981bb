import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE } from './password';
import {
  DobSchema,
  GenderSchema,
  isProfileUrlOn,
  isWebsiteDomain,
  LocaleSchema,
  PASSWORD_CHANGE_MESSAGES,
  PROFILE_MESSAGES,
  TimezoneSchema,
} from './profile';
import { optionalText, parseHttpUrl, requiredName, without } from './profile-fields';
import { requestBody } from './request-body';

// What a profile save takes (PUT /api/v1/profile), apart from profile.ts: its phone rule brings libphonenumber's
// metadata, which the sign-in pages, reading profiles but never saving one of these, need not load and evaluate
// (docs/decisions/239).

const URL_MAX = 2048;

function optionalUrl(field: string) {
  return optionalText(field, URL_MAX).refine(
    (value) => value === null || parseHttpUrl(value) !== undefined,
    PROFILE_MESSAGES.urlInvalid,
  );
}

export const WebsiteSchema = optionalUrl('Website').refine(
  (value) => value === null || isWebsiteDomain(parseHttpUrl(value)?.hostname ?? ''),
  PROFILE_MESSAGES.websiteDomain,
);

function profileLink(field: string, hosts: readonly string[], message: string) {
  return optionalText(field, URL_MAX).refine(
    (value) => value === null || isProfileUrlOn(value, hosts),
    message,
  );
}

export const LinkedinSchema = profileLink('LinkedIn', ['linkedin.com'], PROFILE_MESSAGES.linkedin);
export const TwitterSchema = profileLink('Twitter', ['twitter.com', 'x.com'], PROFILE_MESSAGES.twitter);
export const GithubSchema = profileLink('GitHub', ['github.com'], PROFILE_MESSAGES.github);

/**
 * docs/product/profile.md#validation phone rules: required (under 6 characters after trimming is "Phone number is required"),
 * valid by libphonenumber-js with India as the default country (docs/product/profile.md#constants), stored as E.164.
 */
export const PhoneSchema = z
  .string({ error: PROFILE_MESSAGES.phoneRequired })
  .trim()
  .min(6, PROFILE_MESSAGES.phoneRequired)
  .max(250, PROFILE_MESSAGES.phoneInvalid)
  .refine((value) => isValidPhoneNumber(value, 'IN'), PROFILE_MESSAGES.phoneInvalid)
  .transform((value) => parsePhoneNumberFromString(value, 'IN')?.number ?? value);

/**
 * docs/product/api.md#profile-calls PUT /api/v1/profile. Every field is optional: the auth flow's profile step sends only the
 * names and dob, the profile page sends the whole form (docs/decisions/005-accounts.md). A field that is sent is
 * checked by its docs/product/profile.md#validation rule; optional text fields take '' or null to clear.
 */
export const UpdateProfileSchema = requestBody({
  first_name: requiredName(PROFILE_MESSAGES.firstNameRequired, 'First name').optional(),
  last_name: requiredName(PROFILE_MESSAGES.lastNameRequired, 'Last name').optional(),
  gender: GenderSchema.optional(),
  dob: DobSchema.nullable().optional(),
  phone: PhoneSchema.optional(),
  headline: optionalText('Headline', 200).optional(),
  bio: optionalText('Bio', 2000).optional(),
  street: optionalText('Street', 200).optional(),
  city: optionalText('City', 100).optional(),
  state: optionalText('State', 100).optional(),
  postal_code: optionalText('Postal code', 20).optional(),
  country: optionalText('Country', 100).optional(),
  company: optionalText('Company', 200).optional(),
  department: optionalText('Department', 200).optional(),
  title: optionalText('Title', 200).optional(),
  website: WebsiteSchema.optional(),
  linkedin: LinkedinSchema.optional(),
  twitter: TwitterSchema.optional(),
  github: GithubSchema.optional(),
  timezone: TimezoneSchema.nullable().optional(),
  locale: LocaleSchema.nullable().optional(),
  avatar_url: optionalUrl('Avatar URL').optional(),
  banner_url: optionalUrl('Banner URL').optional(),
  two_factor_enabled: z.boolean({ error: 'two_factor_enabled must be true or false' }).optional(),
  /**
   * Needed only with a sensitive change (issue 18 item 11): a phone number that replaces another one, or
   * 2-step turned off. Without it such a save is a 403 `reauth_required`.
   */
  current_password: z
    .string({ error: PASSWORD_CHANGE_MESSAGES.currentRequired })
    .min(1, PASSWORD_CHANGE_MESSAGES.currentRequired)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE)
    .optional(),
});
export type UpdateProfile = z.output<typeof UpdateProfileSchema>;
export type UpdateProfileInput = z.input<typeof UpdateProfileSchema>;

/**
 * What the profile page edits (docs/product/profile.md#page), in its order: everything a PUT takes but the names (set in the
 * auth flow, read-only here), the images, the 2-step switch (its own control) and the password confirmation.
 */
export const PROFILE_FORM_FIELDS = without(UpdateProfileSchema.keyof().options, [
  'first_name',
  'last_name',
  'avatar_url',
  'banner_url',
  'two_factor_enabled',
  'current_password',
] as const);
export type ProfileFormField = (typeof PROFILE_FORM_FIELDS)[number];
