import { isValidPhoneNumber } from 'libphonenumber-js';
import type { z } from 'zod';
import { GenderSchema, PROFILE_MESSAGES } from './profile';
import { PhoneSchema, UpdateProfileSchema } from './profile-update';

/**
 * docs/product/profile.md#validation "The phone input's own rules": what the phone field says while it is being filled in, before
 * a save asks the form's rule (PhoneSchema: under 6 characters is "Phone number is required").
 */
export const PHONE_INPUT_MESSAGES = {
  required: 'Phone is required',
  invalid: PROFILE_MESSAGES.phoneInvalid,
} as const;

/** The phone input's own check of its E.164 value (undefined when empty), India by default (docs/product/profile.md#constants). */
export function phoneInputError(value: string | null | undefined): string | undefined {
  const phone = value?.trim() ?? '';
  if (phone === '') return PHONE_INPUT_MESSAGES.required;
  return isValidPhoneNumber(phone, 'IN') ? undefined : PHONE_INPUT_MESSAGES.invalid;
}

/**
 * docs/product/profile.md#validation "Profile page save (client side)": the PUT /profile payload with gender and phone required.
 * The same field schemas the service parses with; only "required" is added here.
 */
export const ProfileFormSchema = UpdateProfileSchema.extend({
  gender: GenderSchema,
  phone: PhoneSchema,
});
export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
