import { describe, expect, it } from 'vitest';
import {
  displayName,
  GUEST_ADDRESS,
  GUEST_NAME,
  initials,
  nameFromEmail,
  secondaryLine,
} from './user-labels';

describe('account menu display name', () => {
  it('is the user name when there is one', () => {
    expect(displayName({ id: 1, name: 'Ada Lovelace', email: 'ada@x.com' })).toBe('Ada Lovelace');
  });

  it('is derived from the email local part: separators to spaces, words capitalised', () => {
    expect(displayName({ id: 1, email: 'john.doe_smith@x.com' })).toBe('John Doe Smith');
    expect(displayName({ id: 1, name: '  ', email: 'mary-ann@x.com' })).toBe('Mary Ann');
    expect(nameFromEmail('a..b__c@x.com')).toBe('A B C');
  });

  it('is "Guest user" with neither a name nor an email', () => {
    expect(displayName(null)).toBe(GUEST_NAME);
    expect(displayName({ id: 1, phone: '+91 98765 43210' })).toBe('Guest user');
    expect(nameFromEmail('@x.com')).toBeNull();
  });
});

describe('account menu secondary line', () => {
  it('is the email, else the phone, else a placeholder guest address', () => {
    expect(secondaryLine({ id: 1, email: 'a@b.co', phone: '+1 555' })).toBe('a@b.co');
    expect(secondaryLine({ id: 1, email: '', phone: '+1 555' })).toBe('+1 555');
    expect(secondaryLine({ id: 1 })).toBe(GUEST_ADDRESS);
    expect(secondaryLine(null)).toBe(GUEST_ADDRESS);
  });
});

describe('avatar initials', () => {
  it('are the first letters of up to two words, or "U"', () => {
    expect(initials('John Doe Smith')).toBe('JD');
    expect(initials('ada')).toBe('A');
    expect(initials('')).toBe('U');
  });
});
