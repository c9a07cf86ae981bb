import { z } from 'zod';
import { type AddressRules, addressSchema, STRICT_ADDRESSES } from './email';
import { OtpCodeSchema, OtpTimingSchema } from './otp';
import { requestBody } from './request-body';
import { SessionUserSchema } from './session';

/** docs/product/api.md#auth-calls: POST /api/v1/auth/password/exists — selects the known-email or unknown-email step. */
export const emailExistsRequestSchema = (rules: AddressRules = STRICT_ADDRESSES) =>
  requestBody({ email: addressSchema('email', rules) });
export const EmailExistsRequestSchema = emailExistsRequestSchema();
export type EmailExistsRequest = z.output<typeof EmailExistsRequestSchema>;

export const EmailExistsResponseSchema = z.object({ exists: z.boolean() });
export type EmailExistsResponse = z.output<typeof EmailExistsResponseSchema>;

export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';
export const PASSWORD_MIN_MESSAGE = 'Minimum 8 characters';
export const PASSWORD_MAX_MESSAGE = 'Maximum 128 characters';
export const RESET_PASSWORD_MIN_MESSAGE = 'New password must be at least 8 characters.';
/** Server-side only: the check runs against a list the client does not ship (docs/decisions/005-accounts.md). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another one.';

/** docs/product/accounts.md#constants: password minimum 8. The maximum bounds the hashing work one request can ask for. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

function requiredString(message: string) {
  return z.string({
    error: (issue) =>
      issue.input == null ? message : `${message.replace(/ is required$/, '')} must be text`,
  });
}

/** docs/product/accounts.md#password-rules "Login: required". Bounded so a megabyte password cannot cost a megabyte of hashing. */
export const LoginPasswordSchema = requiredString(PASSWORD_REQUIRED_MESSAGE)
  .min(1, PASSWORD_REQUIRED_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE);

/** docs/product/accounts.md#password-rules "Sign-up and reset: required, minimum 8 characters". */
export const NewPasswordSchema = requiredString(PASSWORD_REQUIRED_MESSAGE)
  .min(1, PASSWORD_REQUIRED_MESSAGE)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MIN_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE);

export const loginRequestSchema = (rules: AddressRules = STRICT_ADDRESSES) =>
  requestBody({ email: addressSchema('email', rules), password: LoginPasswordSchema });
export const LoginRequestSchema = loginRequestSchema();
export type LoginRequest = z.output<typeof LoginRequestSchema>;

export const registerRequestSchema = (rules: AddressRules = STRICT_ADDRESSES) =>
  requestBody({ email: addressSchema('email', rules), password: NewPasswordSchema });
export const RegisterRequestSchema = registerRequestSchema();
export type RegisterRequest = z.output<typeof RegisterRequestSchema>;

/** 201 from register: the verify code's timing (docs/product/accounts.md#code-timing "Code timer"). */
export const RegisterResponseSchema = OtpTimingSchema;
export type RegisterResponse = z.output<typeof RegisterResponseSchema>;

/** 200 from login: a user and session cookies, or the 2-step branch with no user (docs/product/accounts.md#login). */
export const LoginResponseSchema = z.union([
  z.object({ user: SessionUserSchema }),
  OtpTimingSchema.extend({ two_factor: z.literal(true), user: z.null() }),
]);
export type LoginResponse = z.output<typeof LoginResponseSchema>;

export const resetRequestSchema = (rules: AddressRules = STRICT_ADDRESSES) =>
  requestBody({ target: addressSchema('target', rules), channel: z.literal('email') });
export const ResetRequestSchema = resetRequestSchema();
export type ResetRequest = z.output<typeof ResetRequestSchema>;

/** 200 from /reset/request: the code's timing, alike whether or not the address has an account. */
export const ResetRequestResponseSchema = OtpTimingSchema;
export type ResetRequestResponse = z.output<typeof ResetRequestResponseSchema>;

export const resetVerifyRequestSchema = (rules: AddressRules = STRICT_ADDRESSES) =>
  requestBody({ target: addressSchema('target', rules), code: OtpCodeSchema });
export const ResetVerifyRequestSchema = resetVerifyRequestSchema();
export type ResetVerifyRequest = z.output<typeof ResetVerifyRequestSchema>;

export const ResetVerifyResponseSchema = z.object({ reset_token: z.string() });
export type ResetVerifyResponse = z.output<typeof ResetVerifyResponseSchema>;

export const ResetCompleteRequestSchema = requestBody({
  reset_token: z
    .string({ error: 'Reset token is required' })
    .min(1, 'Reset token is required')
    .max(512, 'Invalid reset token'),
  new_password: requiredString('New password is required')
    .min(1, 'New password is required')
    .min(PASSWORD_MIN_LENGTH, RESET_PASSWORD_MIN_MESSAGE)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MAX_MESSAGE),
});
export type ResetCompleteRequest = z.output<typeof ResetCompleteRequestSchema>;

/** 200 from /reset/complete: the user, signed in with the new password (session cookies set). */
export const ResetCompleteResponseSchema = z.object({ user: SessionUserSchema });
export type ResetCompleteResponse = z.output<typeof ResetCompleteResponseSchema>;
