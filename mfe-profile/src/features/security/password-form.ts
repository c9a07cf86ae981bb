import { ChangePasswordFormSchema, meetsPasswordRule, PASSWORD_CHANGE_MESSAGES } from '@trove/contracts';

export interface PasswordFormValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}
export type PasswordField = keyof PasswordFormValues;
export type PasswordFieldErrors = Partial<Record<PasswordField, string>>;

export const EMPTY_PASSWORD_FORM: PasswordFormValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

export interface PasswordCheck {
  errors: PasswordFieldErrors;
  /**
   * docs/product/profile.md#password-change: the submit-time message when the new password breaks the rule ("Min 8 chars with upper,
   * lower, number, special"); the field itself says "Must include upper, lower, number & special".
   */
  summary?: string;
}

/** docs/product/profile.md#password-change "Password change", from the shared form schema: the first message of each field. */
export function checkPasswordForm(values: PasswordFormValues): PasswordCheck {
  const result = ChangePasswordFormSchema.safeParse(values);
  const errors: PasswordFieldErrors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0];
    if (field === 'current_password' || field === 'new_password' || field === 'confirm_password') {
      errors[field] ??= issue.message;
    }
  }
  const breaksRule = values.new_password !== '' && !meetsPasswordRule(values.new_password);
  return breaksRule ? { errors, summary: PASSWORD_CHANGE_MESSAGES.newRule } : { errors };
}
