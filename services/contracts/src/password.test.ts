import { describe, expect, it } from 'vitest';
import { EmailExistsRequestSchema, EmailExistsResponseSchema } from './password';

function firstMessage(input: unknown): string | undefined {
  const result = EmailExistsRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('EmailExistsRequestSchema', () => {
  it('normalises the email it carries', () => {
    expect(EmailExistsRequestSchema.parse({ email: ' Ada@Example.com ' })).toEqual({
      email: 'ada@example.com',
    });
  });

  it('rejects fields it does not know, naming them', () => {
    expect(firstMessage({ email: 'ada@example.com', admin: true })).toBe('Unknown field: admin');
  });

  it('a missing email says "Email is required"', () => {
    expect(firstMessage({})).toBe('Email is required');
  });

  it.each([[null], [[]], ['ada@example.com'], [7]])(
    'a body that is not an object (%j) is rejected',
    (input) => {
      expect(firstMessage(input)).toBe('Request body must be a JSON object');
    },
  );
});

describe('EmailExistsResponseSchema', () => {
  it('carries a boolean exists', () => {
    expect(EmailExistsResponseSchema.parse({ exists: true })).toEqual({ exists: true });
    expect(EmailExistsResponseSchema.safeParse({ exists: 'yes' }).success).toBe(false);
  });
});
