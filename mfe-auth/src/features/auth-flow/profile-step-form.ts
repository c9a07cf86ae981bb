import {
  EARLIEST_BIRTH_YEAR,
  MINIMUM_AGE,
  PROFILE_MESSAGES,
  ProfileStepSchema,
  ageOn,
} from '@trove/contracts';

export const NAMES_MISSING_MESSAGE = 'Please enter your first and last name.';

/** docs/product/accounts.md#steps, docs/product/accounts.md#constants: the birth-date picker runs from 1 January 1900 to today; future dates are blocked. */
export function birthDateBounds(today: Date): { min: string; max: string } {
  return { min: `${EARLIEST_BIRTH_YEAR}-01-01`, max: today.toISOString().slice(0, 10) };
}

/** docs/product/accounts.md#profile-step-rules: at least 13 years old, the age counted from YYYY-MM-DD. */
export function isOldEnough(dob: string, today: Date): boolean {
  return ageOn(dob, today) >= MINIMUM_AGE;
}

export type ProfileStepErrors = Partial<Record<'first_name' | 'last_name' | 'dob', string>>;

/**
 * The profile step's fields by the contracts schema (one rule for client and server). `summary` is the
 * flash docs/product/accounts.md#profile-step-rules names for missing names.
 */
export function checkProfileStep(input: {
  first_name: string;
  last_name: string;
  dob: string;
}):
  | { ok: true; value: { first_name: string; last_name: string; dob: string } }
  | { ok: false; errors: ProfileStepErrors; summary: string } {
  const parsed = ProfileStepSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: ProfileStepErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === 'first_name' || key === 'last_name' || key === 'dob') && errors[key] === undefined) {
      errors[key] = issue.message;
    }
  }
  if (input.dob.trim() === '') errors.dob = DOB_REQUIRED_MESSAGE;
  const summary =
    errors.first_name || errors.last_name
      ? NAMES_MISSING_MESSAGE
      : (errors.dob ?? PROFILE_MESSAGES.dobInvalid);
  return { ok: false, errors, summary };
}

export const DOB_REQUIRED_MESSAGE = 'Date of birth is required';
