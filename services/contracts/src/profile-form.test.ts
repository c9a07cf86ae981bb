import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from './profile';
import { PHONE_INPUT_MESSAGES, ProfileFormSchema, phoneInputError } from './profile-form';

function messages(input: unknown): Record<string, string> {
  const result = ProfileFormSchema.safeParse(input);
  const found: Record<string, string> = {};
  // The first message for each field, as the page shows it.
  for (const issue of result.success ? [] : result.error.issues)
    found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('ProfileFormSchema (docs/product/profile.md#validation profile page save)', () => {
  it('gender and phone are required on the page, though optional in the partial PUT', () => {
    expect(messages({})).toEqual({
      gender: PROFILE_MESSAGES.genderRequired,
      phone: PROFILE_MESSAGES.phoneRequired,
    });
    expect(messages({ gender: '', phone: '   +91  ' })).toEqual({
      gender: 'Gender is required',
      phone: 'Phone number is required',
    });
  });

  it('accepts a whole form and sends the phone as E.164', () => {
    const result = ProfileFormSchema.parse({ gender: 'other', phone: '+91 98765 43210', city: '' });
    expect(result.phone).toBe('+919876543210');
    expect(result.city).toBeNull();
  });

  it('still refuses fields the service does not know', () => {
    expect(messages({ gender: 'male', phone: '+919876543210', email: 'x@y.z' })).toEqual({
      '': 'Unknown field: email',
    });
  });
});

describe("the phone input's own rules (docs/product/profile.md#validation)", () => {
  it.each([
    [undefined, PHONE_INPUT_MESSAGES.required],
    ['', 'Phone is required'],
    ['  ', 'Phone is required'],
    ['+91', 'Enter a valid phone number'],
    ['+1 000 000 0000', 'Enter a valid phone number'],
    ['+919876543210', undefined],
    ['098765 43210', undefined],
  ])('%j → %j', (value, message) => {
    expect(phoneInputError(value)).toBe(message);
  });
});

describe('the phone input limits of docs/product/profile.md#constants, as libphonenumber-js applies them', () => {
  it('a national number has 2 to 17 digits', () => {
    expect(validatePhoneNumberLength('+91 9', 'IN')).toBe('TOO_SHORT');
    expect(validatePhoneNumberLength(`+800 ${'1'.repeat(18)}`)).toBe('TOO_LONG');
    // More than 17 national digits is never a number, whatever the country.
    expect(parsePhoneNumberFromString(`+49 ${'1'.repeat(18)}`)).toBeUndefined();
  });

  it('input longer than 250 characters is not parsed at all', () => {
    const padded = `+91 98765 43210${' '.repeat(236)}`;
    expect(padded.length).toBe(251);
    expect(parsePhoneNumberFromString(padded)).toBeUndefined();
    expect(parsePhoneNumberFromString(padded.slice(0, 250))?.number).toBe('+919876543210');
  });
});
