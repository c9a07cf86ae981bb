import { z } from 'zod';

// Helpers of the profile's schemas (profile.ts, profile-update.ts); not part of the contracts' index.

export function tooLong(field: string, max: number) {
  return `${field} must be at most ${max} characters`;
}

/** An optional free-text field: trimmed, bounded, and '' or null clears it (stored as null). */
export function optionalText(field: string, max: number) {
  return z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, tooLong(field, max))
    .nullable()
    .transform((value) => (value === '' ? null : value));
}

export function requiredName(message: string, field: string) {
  return z.string({ error: message }).trim().min(1, message).max(100, tooLong(field, 100));
}

export function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** `list` without `excluded`, typed as such (the field lists below are cut from the schemas' keys). */
export function without<Field extends string, Excluded extends Field>(
  list: readonly Field[],
  excluded: readonly Excluded[],
): Exclude<Field, Excluded>[] {
  return list.filter(
    (field): field is Exclude<Field, Excluded> => !(excluded as readonly string[]).includes(field),
  );
}
