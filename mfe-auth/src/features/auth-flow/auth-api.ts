import {
  type AcceptedSessionUser,
  AcceptedSessionUserSchema,
  API_PATHS,
  EmailExistsResponseSchema,
  OtpRequestResponseSchema,
  type OtpTimingSchema,
  RegisterResponseSchema,
  ResetCompleteResponseSchema,
  ResetRequestResponseSchema,
  ResetVerifyResponseSchema,
} from '@trove/contracts';
import { ApiError, type ApiClient, api, userMessage } from '@trove/kit';
import type { CodeTiming, FlowEvent, LoginAnswer, LoginRefusal, Request } from './auth-flow-machine';
import {
  asksForSecondFactor,
  isSecondFactorRejection,
  isUnverifiedRejection,
  retryAfterFrom,
} from './login-signals';
import { codeTimes, timesAfterRetry } from './otp-timer';
import { checkProfileComplete } from './profile-completeness';

const AUTH = API_PATHS.auth;
const PROFILE = API_PATHS.profile;

/*
 * Every answer is read by its contracts schema. Where docs/product/accounts.md#auth-flow, docs/product/api.md#auth-calls also names answers our auth service
 * never sends (other second-factor flags, a login or verify answer with no user, only some of the code's
 * timing, or none), an answer off the contract falls to the product's reading the flow had before; where it
 * names none (reset/verify, reset/complete), an answer off the contract is a failure.
 */

/** docs/product/api.md#auth-calls: `exists` selects the known-email or unknown-email step; an answer without it is unknown. */
export function readEmailExists(answer: unknown): boolean {
  const parsed = EmailExistsResponseSchema.safeParse(answer);
  return parsed.success && parsed.data.exists;
}

/**
 * docs/product/accounts.md#second-factor, in its order: any second-factor flag (our service's is `two_factor`, sent with the code's
 * timing) → the code step; else the contract's user; else no user.
 */
export function readLoginAnswer(answer: unknown, now: number): LoginAnswer {
  if (asksForSecondFactor(answer)) return { kind: 'second-factor', timing: codeTimes(answer, now) };
  const user = acceptedUser(answer);
  return user ? { kind: 'user', user } : { kind: 'no-user' };
}

/**
 * docs/product/shell.md#user: "a user is accepted only if it has an id", and login, verify and reset return one "whose shape is
 * mostly not shown" — so the user under `user` is read as widely as the kit reads /auth/me (contracts'
 * AcceptedSessionUserSchema: an id, a number too; the other fields when they are there). Every answer our
 * service sends (LoginResponseSchema, OtpVerifyResponseSchema, …) is one of these.
 */
function acceptedUser(answer: unknown): AcceptedSessionUser | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const parsed = AcceptedSessionUserSchema.safeParse((answer as { user?: unknown }).user);
  return parsed.success ? parsed.data : null;
}

/**
 * docs/product/accounts.md#code-timing "Code timer": the contract's timing; from a server that sends only part of it, or absolute
 * times as epoch numbers, what `codeTimes` can read, and the 60 s / 30 s fallbacks for the rest.
 */
export function readCodeTiming(schema: typeof OtpTimingSchema, answer: unknown, now: number): CodeTiming {
  const parsed = schema.safeParse(answer);
  return codeTimes(parsed.success ? parsed.data : answer, now);
}

/** docs/product/accounts.md#verified: a verify answer without the contract's user is "verified with no user returned". */
export function readVerifiedUser(answer: unknown): AcceptedSessionUser | null {
  return acceptedUser(answer);
}

/** PUT /profile answers {user, profile} (docs/product/api.md#profile-calls); without the user the flow keeps the one it signed in. */
export function readSavedUser(answer: unknown): AcceptedSessionUser | null {
  return acceptedUser(answer);
}

/** What the server said (docs/product/api.md#errors user-facing helper), or null, so the flow falls back to its own words. */
export function serverMessage(error: unknown): string | null {
  return userMessage(error, '') || null;
}

function loginRefusal(error: unknown): LoginRefusal {
  // docs/product/accounts.md#second-factor: the second-factor signals are checked before the unverified ones (ADR 006).
  if (isSecondFactorRejection(error)) return 'second-factor';
  if (isUnverifiedRejection(error)) return 'unverified';
  return 'other';
}

function codeRefusal(error: unknown): 'expired' | 'incorrect' | 'other' {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 410) return 'expired';
  if (status === 400) return 'incorrect';
  return 'other';
}

/**
 * Sends one of the flow's requests through the kit's client and gives the answer as the event the
 * machine takes. Never throws: a failure is an event too. The requests about a code (sending, checking,
 * sending again) and those about the account are answered by a function each, so neither runs long.
 */
export async function sendRequest(
  request: Request,
  client: ApiClient = api,
  now: () => number = Date.now,
): Promise<FlowEvent> {
  return isCodeRequest(request)
    ? sendCodeRequest(request, client, now)
    : sendAccountRequest(request, client, now);
}

const CODE_REQUESTS = ['requestCode', 'requestReset', 'verifyCode', 'resendCode'] as const;
type CodeRequest = Extract<Request, { type: (typeof CODE_REQUESTS)[number] }>;
type AccountRequest = Exclude<Request, CodeRequest>;

function isCodeRequest(request: Request): request is CodeRequest {
  return (CODE_REQUESTS as readonly string[]).includes(request.type);
}

async function sendAccountRequest(
  request: AccountRequest,
  client: ApiClient,
  now: () => number,
): Promise<FlowEvent> {
  switch (request.type) {
    case 'checkEmail':
      try {
        const answer = await client.post(`${AUTH}/password/exists`, { email: request.email });
        return { type: 'emailChecked', exists: readEmailExists(answer) };
      } catch (error) {
        return { type: 'emailCheckFailed', message: serverMessage(error) };
      }

    case 'logIn': {
      let answer: unknown;
      try {
        answer = await client.post(`${AUTH}/password/login`, {
          email: request.email,
          password: request.password,
        });
      } catch (error) {
        return { type: 'loginRefused', refusal: loginRefusal(error), message: serverMessage(error) };
      }
      return { type: 'loginAnswered', answer: readLoginAnswer(answer, now()) };
    }

    case 'register':
      try {
        const answer = await client.post(`${AUTH}/password/register`, {
          email: request.email,
          password: request.password,
        });
        return { type: 'registered', timing: readCodeTiming(RegisterResponseSchema, answer, now()) };
      } catch (error) {
        const alreadyRegistered = error instanceof ApiError && error.status === 409;
        return { type: 'registerFailed', alreadyRegistered, message: serverMessage(error) };
      }

    case 'completeReset':
      try {
        const { user } = ResetCompleteResponseSchema.parse(
          await client.post(`${AUTH}/password/reset/complete`, {
            reset_token: request.resetToken,
            new_password: request.newPassword,
          }),
        );
        return { type: 'passwordReset', user };
      } catch (error) {
        return { type: 'passwordResetFailed', message: serverMessage(error) };
      }

    case 'checkProfile':
      return { type: 'profileChecked', complete: await checkProfileComplete(client, request.user) };

    case 'saveProfile':
      try {
        return { type: 'profileSaved', user: readSavedUser(await client.put(PROFILE, request.values)) };
      } catch (error) {
        return { type: 'profileSaveFailed', message: serverMessage(error) };
      }
  }
}

async function sendCodeRequest(
  request: CodeRequest,
  client: ApiClient,
  now: () => number,
): Promise<FlowEvent> {
  switch (request.type) {
    case 'requestCode':
      try {
        const answer = await client.post(`${AUTH}/otp/request`, {
          channel: 'email',
          target: request.email,
          purpose: request.purpose,
        });
        return { type: 'codeSent', timing: readCodeTiming(OtpRequestResponseSchema, answer, now()) };
      } catch (error) {
        // docs/product/accounts.md#auth-flow / ADR 006: a 429 still leads on to the code step, since a code was sent moments ago,
        // with retry_after as the resend wait.
        if (error instanceof ApiError && error.status === 429) {
          return { type: 'codeSent', timing: timesAfterRetry(retryAfterFrom(error), now()) };
        }
        return { type: 'codeNotSent', message: serverMessage(error) };
      }

    case 'requestReset':
      try {
        const answer = await client.post(`${AUTH}/password/reset/request`, {
          target: request.email,
          channel: 'email',
        });
        return { type: 'resetCodeSent', timing: readCodeTiming(ResetRequestResponseSchema, answer, now()) };
      } catch (error) {
        return { type: 'resetCodeNotSent', message: serverMessage(error) };
      }

    case 'verifyCode': {
      const { otp, code } = request;
      try {
        if (otp.purpose === 'reset') {
          const answer = ResetVerifyResponseSchema.parse(
            await client.post(`${AUTH}/password/reset/verify`, { target: otp.target, code }),
          );
          return { type: 'resetCodeVerified', resetToken: answer.reset_token };
        }
        const answer = await client.post(
          `${AUTH}/otp/verify`,
          { target: otp.target, code, purpose: otp.purpose },
          { cache: 'no-store' },
        );
        return { type: 'codeVerified', user: readVerifiedUser(answer) };
      } catch (error) {
        return { type: 'codeRefused', reason: codeRefusal(error), message: serverMessage(error) };
      }
    }

    case 'resendCode':
      return resendCode(request.otp, client, now);
  }
}

async function resendCode(
  otp: Extract<Request, { type: 'resendCode' }>['otp'],
  client: ApiClient,
  now: () => number,
): Promise<FlowEvent> {
  try {
    const timing =
      otp.purpose === 'reset'
        ? readCodeTiming(
            ResetRequestResponseSchema,
            await client.post(`${AUTH}/password/reset/request`, { target: otp.target, channel: 'email' }),
            now(),
          )
        : readCodeTiming(
            OtpRequestResponseSchema,
            await client.post(`${AUTH}/otp/request`, {
              channel: 'email',
              target: otp.target,
              purpose: otp.purpose,
            }),
            now(),
          );
    return { type: 'codeResent', timing };
  } catch (error) {
    const retryAfter = retryAfterFrom(error);
    const resendAt = retryAfter === null ? null : now() + retryAfter * 1000;
    return { type: 'resendFailed', resendAt, message: serverMessage(error) };
  }
}
