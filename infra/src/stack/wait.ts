import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves true once `check` does, false when `timeoutMs` passes; `abort` ends the wait early with its message. */
export async function poll(
  check: () => Promise<boolean>,
  {
    timeoutMs,
    intervalMs = 100,
    abort,
  }: { timeoutMs: number; intervalMs?: number; abort?: () => string | undefined },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const aborted = abort?.();
    if (aborted !== undefined) return { ok: false, reason: aborted };
    if (await check().catch(() => false)) return { ok: true };
    if (Date.now() >= deadline)
      return { ok: false, reason: `no answer within ${Math.round(timeoutMs / 1000)} s` };
    await sleep(intervalMs);
  }
}

/** A GET that answers with the status, or undefined when nothing answered in time. */
export async function httpStatus(url: string, timeoutMs = 2000): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return undefined;
  }
}
