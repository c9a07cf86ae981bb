import { describe, expect, it } from 'vitest';
import { checkPasswordForm, EMPTY_PASSWORD_FORM } from './password-form';

const GOOD = {
  current_password: 'Old-Passw0rd!',
  new_password: 'New-Passw0rd!',
  confirm_password: 'New-Passw0rd!',
};

describe('password change (docs/product/profile.md#password-change)', () => {
  it('a good form passes', () => {
    expect(checkPasswordForm(GOOD)).toEqual({ errors: {} });
  });

  it('an empty form asks for each field', () => {
    expect(checkPasswordForm(EMPTY_PASSWORD_FORM)).toEqual({
      errors: {
        current_password: 'Current password is required',
        new_password: 'New password is required',
        confirm_password: 'Please confirm your new password',
      },
    });
  });

  it('a short current password: "Min 8 characters"', () => {
    expect(checkPasswordForm({ ...GOOD, current_password: 'short' }).errors).toEqual({
      current_password: 'Min 8 characters',
    });
  });

  it.each(['alllowercase1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12', 'Sh0rt!a'])(
    'a new password without every kind (%s): the field and the submit message',
    (password) => {
      const check = checkPasswordForm({ ...GOOD, new_password: password, confirm_password: password });
      expect({ ...check, errors: { new_password: check.errors.new_password } }).toEqual({
        errors: { new_password: 'Must include upper, lower, number & special' },
        summary: 'Min 8 chars with upper, lower, number, special',
      });
    },
  );

  it('a short confirmation: "Min 8 characters"; a different one: "Passwords do not match"', () => {
    expect(checkPasswordForm({ ...GOOD, confirm_password: 'New-P' }).errors.confirm_password).toBe(
      'Min 8 characters',
    );
    expect(checkPasswordForm({ ...GOOD, confirm_password: 'New-Passw0rd?' }).errors).toEqual({
      confirm_password: 'Passwords do not match',
    });
  });
});
