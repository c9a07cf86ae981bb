import { z } from 'zod';

/** GET /healthz answers `ok` (the process is up); GET /readyz answers `ready` (the database is reachable). */
export const HealthSchema = z.object({ status: z.enum(['ok', 'ready']) });
export type Health = z.output<typeof HealthSchema>;
