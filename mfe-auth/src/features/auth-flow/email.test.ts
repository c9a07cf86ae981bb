import { describe, expect, it } from 'vitest';
import { checkEmail, firstNameHint, maskEmail, normaliseEmail } from './email';

describe('email (docs/product/accounts.md#email-rules)', () => {
  it('an email is trimmed and lower-cased', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM \n')).toBe('ada.lovelace@example.com');
    expect(checkEmail('  Ada@Example.COM ')).toEqual({ ok: true, email: 'ada@example.com' });
  });

  it.each([[''], ['   ']])('an empty field says "Email is required" (%j)', (raw) => {
    expect(checkEmail(raw)).toEqual({ ok: false, message: 'Email is required' });
  });

  it.each([['plainaddress'], ['a b@example.com'], ['a@b@example.com'], ['a@example'], ['a@example.c']])(
    '"%s" says "Please enter a valid email address."',
    (raw) => {
      expect(checkEmail(raw)).toEqual({ ok: false, message: 'Please enter a valid email address.' });
    },
  );

  it('the mask keeps the first and last character of the local part, dots between, and the domain', () => {
    expect(maskEmail('ada.lovelace@example.com')).toBe('a•••e@example.com');
    expect(maskEmail('jo@example.com')).toBe('j•••o@example.com');
  });

  it('a one-character local part is not doubled', () => {
    expect(maskEmail('a@example.com')).toBe('a•••@example.com');
  });

  it('something that is not an address is shown as it is', () => {
    expect(maskEmail('nobody')).toBe('nobody');
  });

  it('the first-name placeholder is the first word of the local part, capitalised', () => {
    expect(firstNameHint('ada.lovelace@example.com')).toBe('Ada');
    expect(firstNameHint('grace_hopper+work@example.com')).toBe('Grace');
    expect(firstNameHint('')).toBe('First name');
  });
});
