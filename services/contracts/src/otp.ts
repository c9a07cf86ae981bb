import { z } from 'zod';
import { type AddressRules, addressSchema, STRICT_ADDRESSES } from './email';
import { requestBody } from './request-body';
import { SessionUserSchema } from './session';

export const OTP_CODE_MESSAGE = 'Enter 6-digit code';
export const OTP_MISSING_MESSAGE = 'Invalid / missing code';

/** docs/product/accounts.md#code-rules "One-time code": exactly 6 digits; whitespace is stripped (leading zeros are kept). */
export const OtpCodeSchema = z
  .string({ error: (issue) => (issue.input == null ? OTP_MISSING_MESSAGE : OTP_CODE_MESSAGE) })
  .max(64, OTP_CODE_MESSAGE)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, OTP_CODE_MESSAGE));

/** docs/product/accounts.md#one-time-code-meta one-time-code meta: the purposes a client may ask a code for on /otp/*. */
export const OtpPurposeSchema = z.enum(['verify', 'login2fa'], {
  error: 'Purpose must be verify or login2fa',
});
export type OtpPurpose = z.output<typeof OtpPurposeSchema>;

export const OtpChannelSchema = z.literal('email', { error: 'Channel must be email' });

export const otpRequestSchema = (rules: AddressRules = STRICT_ADDRESSES) =>
  requestBody({
    channel: OtpChannelSchema,
    target: addressSchema('target', rules),
    purpose: OtpPurposeSchema,
  });
export const OtpRequestSchema = otpRequestSchema();
export type OtpRequest = z.output<typeof OtpRequestSchema>;

export const otpVerifySchema = (rules: AddressRules = STRICT_ADDRESSES) =>
  requestBody({ target: addressSchema('target', rules), code: OtpCodeSchema, purpose: OtpPurposeSchema });
export const OtpVerifySchema = otpVerifySchema();
export type OtpVerify = z.output<typeof OtpVerifySchema>;

/**
 * docs/product/accounts.md#code-timing "Code timer": the server's values win over the client's fallbacks. Seconds and absolute
 * times both, because the client reads either (docs/product/accounts.md#code-timing).
 */
export const OtpTimingSchema = z.object({
  expires_in: z.number().int(),
  resend_in: z.number().int(),
  expires_at: z.iso.datetime(),
  resend_at: z.iso.datetime(),
});
export type OtpTiming = z.output<typeof OtpTimingSchema>;

/** 200 from /otp/request: the code's timing (for purpose verify, alike for every address: ADR 023). */
export const OtpRequestResponseSchema = OtpTimingSchema;
export type OtpRequestResponse = z.output<typeof OtpRequestResponseSchema>;

export const OtpVerifyResponseSchema = z.object({ user: SessionUserSchema });
export type OtpVerifyResponse = z.output<typeof OtpVerifyResponseSchema>;

/** 429 from /otp/request (and login limits): when to try again, in seconds (docs/product/accounts.md#login). */
export const RetryAfterErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  retry_after: z.number().int(),
});
export type RetryAfterError = z.output<typeof RetryAfterErrorSchema>;
