import { describe, expect, it } from 'vitest';
import { ageOn, ChangePasswordSchema, PROFILE_COLUMNS, PROFILE_MESSAGES, ProfileSchema } from './profile';
import { PROFILE_FORM_FIELDS, UpdateProfileSchema } from './profile-update';

function firstMessage(input: unknown): string | undefined {
  const result = UpdateProfileSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('UpdateProfileSchema (docs/product/profile.md#validation)', () => {
  it('a phone is stored as E.164, India by default', () => {
    expect(UpdateProfileSchema.parse({ phone: '098765 43210' }).phone).toBe('+919876543210');
    expect(UpdateProfileSchema.parse({ phone: '+1 415 555 2671' }).phone).toBe('+14155552671');
  });

  it.each([
    [{ phone: '123' }, PROFILE_MESSAGES.phoneRequired],
    [{ phone: '+1 000 000 0000' }, PROFILE_MESSAGES.phoneInvalid],
    [{ gender: 'robot' }, PROFILE_MESSAGES.genderRequired],
    [{ first_name: '  ' }, PROFILE_MESSAGES.firstNameRequired],
    [{ last_name: '' }, PROFILE_MESSAGES.lastNameRequired],
    [{ website: 'ftp://example.com' }, PROFILE_MESSAGES.urlInvalid],
    [{ website: 'http://localhost/x' }, PROFILE_MESSAGES.websiteDomain],
    [{ website: 'http://10.0.0.1/' }, PROFILE_MESSAGES.websiteDomain],
    [{ website: `https://${'a'.repeat(64)}.com` }, PROFILE_MESSAGES.websiteDomain],
    [{ linkedin: 'https://linkedin.com/' }, PROFILE_MESSAGES.linkedin],
    [{ linkedin: 'https://evil-linkedin.com/in/ada' }, PROFILE_MESSAGES.linkedin],
    [{ twitter: 'https://mastodon.social/@ada' }, PROFILE_MESSAGES.twitter],
    [{ github: 'https://github.com' }, PROFILE_MESSAGES.github],
    [{ dob: '2001-02-30' }, PROFILE_MESSAGES.dobInvalid],
    [{ dob: '1899-12-31' }, PROFILE_MESSAGES.dobInvalid],
    [{ dob: '2999-01-01' }, PROFILE_MESSAGES.dobFuture],
    [{ dob: new Date().toISOString().slice(0, 10) }, PROFILE_MESSAGES.tooYoung],
    [{ timezone: 'Mars/Olympus' }, PROFILE_MESSAGES.timezone],
    [{ locale: 'xx-XX' }, PROFILE_MESSAGES.locale],
    [{ bio: 'x'.repeat(2001) }, 'Bio must be at most 2000 characters'],
    [{ complete: true }, 'Unknown field: complete'],
  ])('%j is refused with its message', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it.each([
    [{ linkedin: 'https://www.linkedin.com/in/ada' }],
    [{ twitter: 'https://x.com/ada' }],
    [{ twitter: 'https://mobile.twitter.com/ada' }],
    [{ github: 'https://github.com/ada/engine' }],
    [{ website: 'https://ada.example.org/about' }],
    [{ website: '', bio: null, dob: null }],
    [{ timezone: 'Asia/Kolkata', locale: 'en-IN', gender: 'other' }],
  ])('%j is accepted', (input) => {
    expect(UpdateProfileSchema.safeParse(input).success).toBe(true);
  });

  it('age counts whole years up to the birthday', () => {
    expect(ageOn('2000-06-15', new Date('2013-06-14T12:00:00Z'))).toBe(12);
    expect(ageOn('2000-06-15', new Date('2013-06-15T00:00:00Z'))).toBe(13);
  });
});

describe('ChangePasswordSchema (docs/product/profile.md#password-change password change)', () => {
  it.each([
    [{ current_password: '', new_password: 'Abcdef1!' }, 'Current password is required'],
    [{ current_password: 'short', new_password: 'Abcdef1!' }, 'Min 8 characters'],
    [{ current_password: 'longenough', new_password: '' }, 'New password is required'],
    [
      { current_password: 'longenough', new_password: 'abcdefgh' },
      'Min 8 chars with upper, lower, number, special',
    ],
  ])('%j is refused with its message', (input, message) => {
    const result = ChangePasswordSchema.safeParse(input);
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(message);
  });
});

describe('the profile field lists, cut from the schemas', () => {
  it("the table holds every answered field but the user row's and the computed one", () => {
    expect(PROFILE_COLUMNS).toContain('avatar_url');
    expect(PROFILE_COLUMNS).toContain('first_name');
    for (const field of ['phone', 'two_factor_enabled', 'complete'])
      expect(PROFILE_COLUMNS).not.toContain(field);
    expect([...PROFILE_COLUMNS, 'phone', 'two_factor_enabled', 'complete'].sort()).toEqual(
      ProfileSchema.keyof().options.slice().sort(),
    );
  });

  it('the page edits every field a PUT takes but the names, images, 2-step switch and password, in its order', () => {
    expect(PROFILE_FORM_FIELDS.slice(0, 5)).toEqual(['gender', 'dob', 'phone', 'headline', 'bio']);
    expect(PROFILE_FORM_FIELDS.at(-1)).toBe('locale');
    for (const field of [
      'first_name',
      'last_name',
      'avatar_url',
      'banner_url',
      'two_factor_enabled',
      'current_password',
    ])
      expect(PROFILE_FORM_FIELDS).not.toContain(field);
    expect(PROFILE_FORM_FIELDS).toHaveLength(UpdateProfileSchema.keyof().options.length - 6);
  });
});
