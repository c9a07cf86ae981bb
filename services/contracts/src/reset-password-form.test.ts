import { describe, expect, it } from 'vitest';
import { ResetPasswordFormSchema } from './reset-password-form';

function messages(input: unknown): Record<string, string> {
  const result = ResetPasswordFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('ResetPasswordFormSchema (docs/product/accounts.md#password-rules, reset)', () => {
  it('a matching pair of 8+ characters passes', () => {
    expect(messages({ new_password: 'Longer-pw-1', confirm_password: 'Longer-pw-1' })).toEqual({});
  });

  it('a short new password says "New password must be at least 8 characters."', () => {
    expect(messages({ new_password: 'short', confirm_password: 'short' }).new_password).toBe(
      'New password must be at least 8 characters.',
    );
  });

  it('an empty confirmation says "Confirm your new password"', () => {
    expect(messages({ new_password: 'Longer-pw-1', confirm_password: '' }).confirm_password).toBe(
      'Confirm your new password',
    );
  });

  it('a different confirmation says "Passwords do not match."', () => {
    expect(messages({ new_password: 'Longer-pw-1', confirm_password: 'Longer-pw-2' }).confirm_password).toBe(
      'Passwords do not match.',
    );
  });
});
