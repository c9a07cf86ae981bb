import { z } from 'zod';
import { ResetCompleteRequestSchema } from './password';

export const RESET_CONFIRM_REQUIRED_MESSAGE = 'Confirm your new password';
export const RESET_MISMATCH_MESSAGE = 'Passwords do not match.';

/**
 * docs/product/accounts.md#password-rules "Reset also requires": the auth flow's reset step — the new password by the same rule the
 * server's reset/complete applies, and a required confirmation that matches it (checked on the client only).
 */
export const ResetPasswordFormSchema = z
  .object({
    new_password: ResetCompleteRequestSchema.shape.new_password,
    confirm_password: z
      .string({ error: RESET_CONFIRM_REQUIRED_MESSAGE })
      .min(1, RESET_CONFIRM_REQUIRED_MESSAGE),
  })
  // An empty confirmation already says it is required; "do not match" on top would only add noise.
  .refine((form) => form.confirm_password === '' || form.new_password === form.confirm_password, {
    message: RESET_MISMATCH_MESSAGE,
    path: ['confirm_password'],
  });
export type ResetPasswordForm = z.output<typeof ResetPasswordFormSchema>;
