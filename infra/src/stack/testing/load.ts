// Load for the deploy-story tests (docs/decisions/009-deploy-story.md): a few concurrent loops of real
// HTTP requests to 127.0.0.1, each one recorded with its start, duration, status and body, so a test can
// say exactly which request failed, when, and how long it took. Bounded in time by the caller's stop()
// and by a hard cap, so a failing test can never leave load running.

export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A fresh body per request (e.g. a new email each time). */
  body?: () => string;
}

export interface Sample {
  /** The request's `method path`. */
  target: string;
  /** ms since the load started. */
  at: number;
  ms: number;
  /** 0 when nothing answered (connection refused or reset, or the per-request timeout). */
  status: number;
  body: string;
  /** What was sent, for checks that an acknowledged write was kept. */
  sent?: string;
}

export interface LoadOptions {
  /** Loops running at once. Default 8. */
  concurrency?: number;
  /** A request with no answer after this long counts as failed (status 0). Default 15 s. */
  timeoutMs?: number;
  /** The load stops by itself after this long even if stop() is never called. Default 60 s. */
  maxDurationMs?: number;
}

export interface RunningLoad {
  readonly samples: readonly Sample[];
  /** ms since the load started. */
  now(): number;
  /** Stops starting new requests and waits for those in flight. */
  stop(): Promise<Sample[]>;
}

/** Starts `concurrency` loops, each sending `requests` in turn to `baseUrl` until stopped. */
export function startLoad(
  baseUrl: string,
  requests: readonly LoadRequest[],
  options: LoadOptions = {},
): RunningLoad {
  const started = performance.now();
  const now = () => performance.now() - started;
  const samples: Sample[] = [];
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxDurationMs = options.maxDurationMs ?? 60_000;
  let stopped = false;

  const loop = async (offset: number) => {
    for (let index = offset; !stopped && now() < maxDurationMs; index += 1) {
      const request = requests[index % requests.length];
      if (request === undefined) return;
      const method = request.method ?? 'GET';
      const sent = request.body?.();
      const at = now();
      let status = 0;
      let body = '';
      try {
        const res = await fetch(`${baseUrl}${request.path}`, {
          method,
          headers: request.headers,
          body: sent,
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        body = await res.text();
      } catch (err) {
        body = err instanceof Error ? err.message : String(err);
      }
      samples.push({
        target: `${method} ${request.path}`,
        at,
        ms: now() - at,
        status,
        body,
        ...(sent === undefined ? {} : { sent }),
      });
    }
  };
  const loops = Array.from({ length: options.concurrency ?? 8 }, (_, index) => loop(index));
  return {
    samples,
    now,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return samples;
    },
  };
}

/** `{ "200": 1234, "503": 12 }` for a summary line. */
export function countByStatus(samples: readonly Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const sample of samples) counts[sample.status] = (counts[sample.status] ?? 0) + 1;
  return counts;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
