import { LOCALES, TIMEZONES } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import {
  cutDob,
  defaultLocale,
  defaultTimezone,
  formFromProfile,
  type ProfileFormValues,
  payloadFromForm,
  saveFailure,
  validateProfileForm,
} from './profile-form';
import { testProfile } from './test-profile';

const EMPTY_PROFILE = testProfile();

const DEFAULTS = { timezone: 'Asia/Tokyo', locale: 'ja-JP' } as const;

/** A form that passes every rule; each test changes one thing. */
function validForm(change: Partial<ProfileFormValues> = {}): ProfileFormValues {
  return {
    ...formFromProfile(EMPTY_PROFILE, DEFAULTS),
    gender: 'female',
    phone: '+919876543210',
    ...change,
  };
}

describe('date of birth is sent as its first 10 characters, or null (docs/product/profile.md#fields, docs/product/api.md#profile-calls)', () => {
  it.each([
    ['1990-12-10T00:00:00.000Z', '1990-12-10'],
    ['1990-12-10', '1990-12-10'],
    [' 1990-12-10 ', '1990-12-10'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (dob, sent) => {
    expect(cutDob(dob)).toBe(sent);
  });

  it('the payload carries the cut value', () => {
    expect(payloadFromForm(validForm({ dob: '2001-02-03T10:00:00Z' })).dob).toBe('2001-02-03');
    expect(payloadFromForm(validForm({ dob: '' })).dob).toBeNull();
  });
});

describe('timezone and language default to the browser (docs/product/profile.md#defaults)', () => {
  it.each([
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['Europe/Berlin', 'Europe/Berlin'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Etc/UTC', 'UTC'],
    ['America/Phoenix', 'UTC'],
    ['', 'UTC'],
    [undefined, 'UTC'],
  ])('browser zone %j → %j', (zone, chosen) => {
    expect(defaultTimezone(zone)).toBe(chosen);
  });

  it.each([
    [['en-IN', 'en'], 'en-IN'],
    [['fr-CA', 'fr-FR'], 'fr-FR'],
    [['fr-CA'], 'fr-FR'],
    [['de'], 'de-DE'],
    [['PT-br'], 'pt-BR'],
    [['sv-SE', 'ja'], 'ja-JP'],
    [['sv-SE'], 'en-US'],
    [[], 'en-US'],
  ])('browser languages %j → %j', (languages, chosen) => {
    expect(defaultLocale(languages)).toBe(chosen);
  });

  it('every default is one of the docs/product/profile.md#constants options', () => {
    for (const zone of ['Mars/Olympus', 'Asia/Seoul', 'GMT']) {
      expect(TIMEZONES).toContain(defaultTimezone(zone));
    }
    for (const language of ['xx', 'ko', 'zh-TW']) expect(LOCALES).toContain(defaultLocale([language]));
  });

  it('the profile wins over the browser; a profile without values gets the defaults', () => {
    expect(formFromProfile(EMPTY_PROFILE, DEFAULTS)).toMatchObject(DEFAULTS);
    const saved = formFromProfile({ ...EMPTY_PROFILE, timezone: 'UTC', locale: 'hi-IN' }, DEFAULTS);
    expect(saved).toMatchObject({ timezone: 'UTC', locale: 'hi-IN' });
  });
});

describe('the form from a profile and back', () => {
  it('nulls become empty fields, and the payload is every editable field (no names, no email)', () => {
    const form = formFromProfile({ ...EMPTY_PROFILE, city: 'Pune', dob: '1990-12-10' }, DEFAULTS);
    expect(form).toMatchObject({ city: 'Pune', street: '', dob: '1990-12-10', two_factor_enabled: false });
    const payload = payloadFromForm(form);
    expect(Object.keys(payload).sort()).toEqual(
      [
        'bio',
        'city',
        'company',
        'country',
        'department',
        'dob',
        'gender',
        'github',
        'headline',
        'linkedin',
        'locale',
        'phone',
        'postal_code',
        'state',
        'street',
        'timezone',
        'title',
        'twitter',
        'two_factor_enabled',
        'website',
      ].sort(),
    );
  });
});

describe('validation at the field (docs/product/profile.md#validation, from the shared schemas)', () => {
  it('a valid form has no errors', () => {
    expect(validateProfileForm(validForm())).toEqual({});
  });

  it('gender is required', () => {
    expect(validateProfileForm(validForm({ gender: '' }))).toEqual({ gender: 'Gender is required' });
  });

  it.each([
    ['', 'Phone number is required'],
    ['  +91 ', 'Phone number is required'],
    ['+9112', 'Phone number is required'],
    ['+1 000 000 0000', 'Enter a valid phone number'],
    ['+91987654', 'Enter a valid phone number'],
  ])('phone %j → %j', (phone, message) => {
    expect(validateProfileForm(validForm({ phone }))).toEqual({ phone: message });
  });

  const website = 'Enter a valid website domain';
  const url = 'Enter a valid http(s) URL';
  it.each([
    ['', undefined],
    ['https://ada.example.org/about', undefined],
    ['http://example.com', undefined],
    ['https://sub.sub.example.co.uk/', undefined],
    [`https://${'a'.repeat(63)}.com`, undefined],
    ['ftp://example.com', url],
    ['mailto:ada@example.com', url],
    ['example.com', url],
    ['https://', url],
    ['http://localhost/x', website],
    ['http://localhost:3000', website],
    ['http://app.localhost/', website],
    ['http://10.0.0.1/', website],
    ['http://127.0.0.1:8080/', website],
    ['http://[::1]/', website],
    ['http://[2001:db8::1]/path', website],
    ['https://intranet/', website],
    [`https://${'a'.repeat(64)}.com`, website],
    // Three labels of 63, one of 58 (or 57) and "com": 254 characters (or 253, the most allowed).
    [`https://${Array.from({ length: 3 }, () => 'a'.repeat(63)).join('.')}.${'b'.repeat(58)}.com`, website],
    [`https://${Array.from({ length: 3 }, () => 'a'.repeat(63)).join('.')}.${'b'.repeat(57)}.com`, undefined],
    ['https://-bad.example.com/', website],
    ['https://example.c0m/', website],
  ])('website %j → %j', (value, message) => {
    expect(validateProfileForm(validForm({ website: value })).website).toBe(message);
  });

  const linkedin = 'Must be a valid linkedin.com profile/company URL';
  it.each([
    ['', undefined],
    ['https://www.linkedin.com/in/ada', undefined],
    ['https://linkedin.com/company/acme', undefined],
    ['http://in.linkedin.com/in/ada/', undefined],
    ['https://linkedin.com/', linkedin],
    ['https://linkedin.com', linkedin],
    ['https://www.linkedin.com///', linkedin],
    ['https://evil-linkedin.com/in/ada', linkedin],
    ['https://linkedin.com.evil.io/in/ada', linkedin],
    ['ftp://linkedin.com/in/ada', linkedin],
    ['linkedin.com/in/ada', linkedin],
  ])('linkedin %j → %j', (value, message) => {
    expect(validateProfileForm(validForm({ linkedin: value })).linkedin).toBe(message);
  });

  const twitter = 'Must be a valid twitter.com or x.com profile URL';
  it.each([
    ['https://twitter.com/ada', undefined],
    ['https://x.com/ada', undefined],
    ['https://mobile.twitter.com/ada', undefined],
    ['https://www.x.com/ada', undefined],
    ['https://x.com/', twitter],
    ['https://twitter.com', twitter],
    ['https://xx.com/ada', twitter],
    ['https://x.co/ada', twitter],
    ['https://mastodon.social/@ada', twitter],
    ['ftp://x.com/ada', twitter],
  ])('twitter %j → %j', (value, message) => {
    expect(validateProfileForm(validForm({ twitter: value })).twitter).toBe(message);
  });

  const github = 'Must be a valid github.com profile/repo URL';
  it.each([
    ['https://github.com/ada', undefined],
    ['https://github.com/ada/engine', undefined],
    ['https://www.github.com/ada', undefined],
    ['https://github.com', github],
    ['https://github.com/', github],
    ['https://gitlab.com/ada', github],
    ['https://github.io/ada', github],
    ['https://notgithub.com/ada', github],
    ['ftp://github.com/ada', github],
  ])('github %j → %j', (value, message) => {
    expect(validateProfileForm(validForm({ github: value })).github).toBe(message);
  });

  it('every field is checked at once, each with its first message', () => {
    expect(
      validateProfileForm(
        validForm({ gender: '', phone: '', website: 'ftp://x.io', github: 'https://github.com' }),
      ),
    ).toEqual({
      gender: 'Gender is required',
      phone: 'Phone number is required',
      website: 'Enter a valid http(s) URL',
      github: 'Must be a valid github.com profile/repo URL',
    });
  });

  it('a date of birth in the future or too recent is refused at the field', () => {
    expect(validateProfileForm(validForm({ dob: '2999-01-01' })).dob).toBe(
      'Date of birth cannot be in the future',
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(validateProfileForm(validForm({ dob: today })).dob).toBe('You must be at least 13 years old.');
  });
});

describe('save failures (docs/product/profile.md#errors)', () => {
  it('a 409 puts "This phone number is already registered" on the phone field and clears the status', () => {
    expect(saveFailure(409, 'Conflict')).toEqual({ phone: 'This phone number is already registered' });
  });

  it('a message that mentions the phone does the same', () => {
    expect(saveFailure(500, 'duplicate key on users_phone_key')).toEqual({
      phone: 'This phone number is already registered',
    });
  });

  it("a 400 with one of the phone's own rules keeps that rule's message on the field", () => {
    expect(saveFailure(400, 'Enter a valid phone number')).toEqual({ phone: 'Enter a valid phone number' });
  });

  it('anything else: the server message, else "Failed to update"', () => {
    expect(saveFailure(400, 'Enter a valid website domain')).toEqual({
      status: 'Enter a valid website domain',
    });
    expect(saveFailure(500, '')).toEqual({ status: 'Failed to update' });
    expect(saveFailure(undefined, undefined)).toEqual({ status: 'Failed to update' });
  });
});
