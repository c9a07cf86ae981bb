import { describe, expect, it } from 'vitest';
import { EmailSchema } from './email';

function messageFor(input: unknown): string | undefined {
  const result = EmailSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('EmailSchema (docs/product/accounts.md#email-rules email rule)', () => {
  it('an email is trimmed and lower-cased', () => {
    expect(EmailSchema.parse('  Ada.Lovelace@Example.COM \n')).toBe('ada.lovelace@example.com');
  });

  it.each([['a@b.co'], ['first.last+tag@sub.example.org'], ['x_y-z@mail.example.travel']])(
    'accepts %s',
    (email) => {
      expect(EmailSchema.safeParse(email).success).toBe(true);
    },
  );

  it.each([[''], ['   '], [undefined], [null]])('a missing email says "Email is required" (%j)', (input) => {
    expect(messageFor(input)).toBe('Email is required');
  });

  it.each([
    ['plainaddress', 'no @'],
    ['a b@example.com', 'a space in the local part'],
    ['ab@exa mple.com', 'a space in the domain'],
    ['a@b@example.com', 'two @'],
    ['a@example', 'a domain without a dot'],
    ['a@example.c', 'a one-character suffix'],
    ['a@example.com.x', 'a one-character last label'],
    ['@example.com', 'an empty local part'],
    ['a@.com', 'an empty domain name before the dot'],
    ['a@example.', 'an empty suffix'],
  ])('"%s" (%s) says "Please enter a valid email address."', (input) => {
    expect(messageFor(input)).toBe('Please enter a valid email address.');
  });

  it('a non-string email is invalid, not required', () => {
    expect(messageFor(42)).toBe('Please enter a valid email address.');
    expect(messageFor({ email: 'a@b.co' })).toBe('Please enter a valid email address.');
  });

  it('an address longer than any mail server accepts is invalid', () => {
    expect(messageFor(`${'a'.repeat(250)}@b.co`)).toBe('Please enter a valid email address.');
  });
});
