import { describe, expect, it } from 'vitest';
import { addressSchema, EmailSchema, normaliseAddress } from './email';

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

describe('the one address grammar (issue 35 item 1, RFC 5321 mailbox)', () => {
  const variants = [['x1,me@mail.test'], ['<me@mail.test>'], ['g:me@mail.test;'], ['"a" <me@mail.test>']];

  it.each(variants)('%s in a request field is refused with a message naming the field', (input) => {
    const result = addressSchema('email').safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^email must be one address like name@example\.com/);
  });

  it.each(variants)("%s in a form keeps docs/product/accounts.md#email-rules's message", (input) => {
    expect(messageFor(input)).toBe('Please enter a valid email address.');
  });

  it.each([
    ['me(comment)@mail.test', 'a comment'],
    ['me@[127.0.0.1]', 'an address literal'],
    ['a..b@mail.test', 'two dots in a row'],
    ['.me@mail.test', 'a leading dot'],
    ['me@-mail.test', 'a label starting with a hyphen'],
    ['me@mail.test\nbcc:x@y.zz', 'a header break'],
    [`${'a'.repeat(65)}@mail.test`, 'a local part over 64 octets'],
  ])('%s (%s) is not a mailbox', (input) => {
    expect(normaliseAddress(input)).toBeUndefined();
  });

  it('quoted local parts pass only when the setting allows them', () => {
    expect(normaliseAddress('"jo smith"@mail.test')).toBeUndefined();
    expect(normaliseAddress('"jo smith"@mail.test', { allowQuotedLocal: true })).toBe('"jo smith"@mail.test');
    expect(addressSchema('email', { allowQuotedLocal: true }).parse('"Jo Smith"@Mail.Test')).toBe(
      '"jo smith"@mail.test',
    );
  });

  it('spellings of one mailbox normalise to one key', () => {
    const key = 'me@mail.test';
    expect(normaliseAddress('  ME@Mail.TEST ')).toBe(key);
    expect(normaliseAddress('"me"@mail.test', { allowQuotedLocal: true })).toBe(key);
    expect(normaliseAddress('\u0065\u0301@mail.test')).toBe(normaliseAddress('\u00e9@mail.test'));
  });

  it('an address beyond ASCII (RFC 6531) still passes, so such accounts keep signing in', () => {
    expect(normaliseAddress('jörg@münchen.de')).toBe('jörg@münchen.de');
  });
});
