import { z } from 'zod';

/** SPEC §3 "User (session)": id, name, email, phone, as our services send it; accepted only with an id. */
export const SessionUserSchema = z.object({
  id: z.string().min(1),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type SessionUser = z.output<typeof SessionUserSchema>;

/**
 * The user the shell's session holds. SPEC §3 and §7 let a client accept one from any server with an id
 * alone — a number, too — and the other fields missing, so the kit reads /auth/me that widely; every
 * SessionUser is one. The kit's reader and the account menu's labels work on this shape.
 */
export const AcceptedSessionUserSchema = SessionUserSchema.partial().extend({
  id: z.union([z.string().min(1), z.number()]),
  email: z.string().nullish(),
});
export type AcceptedSessionUser = z.output<typeof AcceptedSessionUserSchema>;

export const MeResponseSchema = z.object({ user: SessionUserSchema });
export type MeResponse = z.output<typeof MeResponseSchema>;

/** The flask-jwt-extended cookie convention (DESIGN.md "Services"; SPEC §9 cookie names). */
export const ACCESS_COOKIE = 'access_token_cookie';
export const REFRESH_COOKIE = 'refresh_token_cookie';
export const CSRF_ACCESS_COOKIE = 'csrf_access_token';
export const CSRF_REFRESH_COOKIE = 'csrf_refresh_token';
/**
 * The readable CSRF cookies' names when the session cookies are Secure (issue 18 item 13): the `__Host-`
 * prefix makes the browser refuse one set without Secure, with a Domain, or on another path, so a
 * sibling subdomain or a plain-http page cannot plant a value of its own. Over plain http (local runs)
 * the names stay as SPEC §9 has them; readers take whichever exists, the prefixed one first.
 */
export const SECURE_COOKIE_PREFIX = '__Host-';
export const csrfCookieName = (
  name: typeof CSRF_ACCESS_COOKIE | typeof CSRF_REFRESH_COOKIE,
  secure: boolean,
) => (secure ? `${SECURE_COOKIE_PREFIX}${name}` : name);
/**
 * The signed "known device" cookie a sign-in leaves (issue 18 item 4): the account-wide login slow-down
 * never applies to a browser that holds one for the account. HttpOnly, sent only to the login route.
 */
export const KNOWN_DEVICE_COOKIE = 'trove_known_device';
export const KNOWN_DEVICE_PATH = '/api/v1/auth/password/login';
export const CSRF_HEADER = 'X-CSRF-TOKEN';
export const CSRF_ERROR_MESSAGE = 'Missing or invalid CSRF token';
