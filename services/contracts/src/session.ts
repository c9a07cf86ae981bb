import { z } from 'zod';

/** docs/product/profile.md#fields "User (session)": id, name, email, phone, as our services send it; accepted only with an id. */
export const SessionUserSchema = z.object({
  id: z.string().min(1),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type SessionUser = z.output<typeof SessionUserSchema>;

/**
 * The user the shell's session holds. docs/product/shell.md#user, docs/product/api.md#auth-calls let a client accept one from any server with an id
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

export const CSRF_ERROR_MESSAGE = 'Missing or invalid CSRF token';
