import { OTP_CODE_MESSAGE, PASSWORD_MIN_MESSAGE, PASSWORD_REQUIRED_MESSAGE } from '@trove/contracts';

/** docs/product/accounts.md#auth-flow, docs/product/accounts.md#errors: every message the auth flow flashes, in the spec's words. */
export const AUTH_MESSAGES = {
  checkEmailFailed: 'Could not check email',
  passwordRequired: PASSWORD_REQUIRED_MESSAGE,
  passwordMin: PASSWORD_MIN_MESSAGE,
  codeFormat: OTP_CODE_MESSAGE,
  incorrectCredentials: 'Incorrect credentials',
  alreadyRegistered: 'This email is now registered. Please log in.',
  createFailed: 'Could not create account.',
  codeExpired: 'This code has expired. Tap Resend to get a new one.',
  codeExpiredField: 'Code expired',
  codeIncorrect: 'That code is incorrect. Please try again.',
  codeIncorrectField: 'Incorrect code',
  verificationFailed: 'Verification failed',
  resetCodeSent: 'We sent a code to your email to reset your password.',
  resetRequestFailed: 'Could not start password reset',
  resetFailed: 'Could not reset password',
  profileSaveFailed: 'Could not save profile.',
  welcomeBack: 'Welcome back!',
  youreIn: "You're in!",
  passwordUpdated: "Password updated. You're in!",
  profileSaved: "Profile saved. You're in!",
  verifiedPleaseLogIn: 'Verified. Please log in.',
  // Not in the spec's catalogue: what a resend says, so the person knows it worked (docs/decisions/006).
  codeResent: 'We sent you a new code.',
  resendFailed: 'Could not send a new code',
} as const;
