import { z } from 'zod';
import { EmailSchema } from './email';
import { requestBody } from './request-body';

/** SPEC §7: POST /api/v1/auth/password/exists — selects the known-email or unknown-email step. */
export const EmailExistsRequestSchema = requestBody({ email: EmailSchema });
export type EmailExistsRequest = z.output<typeof EmailExistsRequestSchema>;

export const EmailExistsResponseSchema = z.object({ exists: z.boolean() });
export type EmailExistsResponse = z.output<typeof EmailExistsResponseSchema>;
