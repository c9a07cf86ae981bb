import { z } from 'zod';

/** The one error shape every service answers with (docs/decisions/001-platform-layout.md). */
export const ErrorEnvelopeSchema = z.object({
  error: z.string(),
  code: z.string(),
});

export type ErrorEnvelope = z.output<typeof ErrorEnvelopeSchema>;
