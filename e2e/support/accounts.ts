import { randomBytes } from 'node:crypto';
import { caughtMailTo } from '@trove/service-core/testing/maildev';
import { testTime } from '@trove/service-core/testing/time';

// Accounts for browser tests, made through the real API behind nginx and the real mail catcher:
// register → read the mailed code from maildev's REST API (`GET /email`) → verify.

/** One cookie in the shape playwright's `context.addCookies` takes. */
export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

export interface SignedUpUser {
  email: string;
  password: string;
  user: { id: string; name: string | null; email: string; phone: string | null };
  /** The four session cookies, for `context.addCookies(cookies)` on the stack's origin. */
  cookies: BrowserCookie[];
}

/** Meets the sign-up rule and the docs/product/profile.md#password-change password-change rule, and is on no common-password list. */
export const E2E_PASSWORD = 'Trove-e2e-Passw0rd!';

/**
 * The mails `email` already has, taken before the action that mails a code. A mail's `date` comes from its
 * Date header, whole seconds, so a `since` time cannot tell a code mailed just before the action (the
 * sign-up's, when the page came up within a second) from the one it sends; the ids can.
 */
export interface InboxMark {
  seen: ReadonlySet<string>;
}

export async function markInbox(mailUrl: string, email: string): Promise<InboxMark> {
  return { seen: new Set((await caughtMailTo(mailUrl, email)).map((mail) => mail.id)) };
}

/**
 * The 6-digit code in the newest mail to `email` (sent at or after `since`, when given), waiting up to
 * `timeoutMs` for it: the auth service sends mail from an outbox, a moment after the request.
 */
export async function readLatestCode(
  mailUrl: string,
  email: string,
  options: { since?: Date | InboxMark; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + testTime(options.timeoutMs ?? 15_000);
  for (;;) {
    const mails = (await caughtMailTo(mailUrl, email))
      .filter((mail) => {
        const since = options.since;
        if (since === undefined) return true;
        if (since instanceof Date) return new Date(mail.date).getTime() >= since.getTime() - 1_000;
        return !since.seen.has(mail.id);
      })
      .sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime());
    const code = /\b(\d{6})\b/.exec(mails[mails.length - 1]?.text ?? '')?.[1];
    if (code !== undefined) return code;
    if (Date.now() > deadline) throw new Error(`No code mailed to ${email} within the time allowed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Parses Set-Cookie lines into playwright cookies for `baseUrl`'s host. */
export function browserCookies(setCookieLines: readonly string[], baseUrl: string): BrowserCookie[] {
  const domain = new URL(baseUrl).hostname;
  const cookies: BrowserCookie[] = [];
  for (const line of setCookieLines) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const index = pair.indexOf('=');
    const cookie: BrowserCookie = {
      name: pair.slice(0, index),
      value: pair.slice(index + 1),
      domain,
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax',
    };
    for (const attribute of attributes) {
      const [key = '', value = ''] = attribute.split('=');
      switch (key.toLowerCase()) {
        case 'path':
          cookie.path = value;
          break;
        case 'max-age':
          cookie.expires = Math.floor(Date.now() / 1000) + Number(value);
          break;
        case 'httponly':
          cookie.httpOnly = true;
          break;
        case 'secure':
          cookie.secure = true;
          break;
        case 'samesite':
          cookie.sameSite = value === 'Strict' ? 'Strict' : value === 'None' ? 'None' : 'Lax';
          break;
      }
    }
    // An expired cookie (logout, or the pending-login cookie being cleared) is not one to add.
    if (cookie.value !== '' && !(cookie.expires !== -1 && cookie.expires <= Date.now() / 1000))
      cookies.push(cookie);
  }
  return cookies;
}

/** A `Cookie` request header from playwright cookies, for plain fetch calls through nginx. */
export function cookieHeader(cookies: readonly BrowserCookie[]): string {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/**
 * The headers of a signed-in write through nginx, as the kit's API client sends them: the session
 * cookies and the CSRF header echoing the readable `csrf_access_token` cookie (double submit).
 */
export function sessionHeaders(cookies: readonly BrowserCookie[]): Record<string, string> {
  const csrf = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
  return { Cookie: cookieHeader(cookies), 'X-CSRF-TOKEN': csrf };
}

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * A new, verified account, signed in: register → code from the inbox → verify. The answer's cookies are
 * ready for `context.addCookies`.
 */
export async function signUpVerifiedUser(
  baseUrl: string,
  mailUrl: string,
  options: { email?: string; password?: string } = {},
): Promise<SignedUpUser> {
  const email = (options.email ?? `e2e-${randomBytes(6).toString('hex')}@example.com`).toLowerCase();
  const password = options.password ?? E2E_PASSWORD;
  const since = new Date();
  const registered = await postJson(`${baseUrl}/api/v1/auth/password/register`, { email, password });
  if (registered.status !== 201) {
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  }
  const code = await readLatestCode(mailUrl, email, { since });
  const verified = await postJson(`${baseUrl}/api/v1/auth/otp/verify`, {
    target: email,
    code,
    purpose: 'verify',
  });
  if (verified.status !== 200)
    throw new Error(`verify answered ${verified.status}: ${await verified.text()}`);
  const { user } = (await verified.json()) as Pick<SignedUpUser, 'user'>;
  return { email, password, user, cookies: browserCookies(verified.headers.getSetCookie(), baseUrl) };
}
