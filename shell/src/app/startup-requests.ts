/**
 * The two runtime config files every start needs (docs/decisions/001), requested by the entry chunk
 * itself, so they travel while the bootstrap chunks (React, the router, the kit) are still downloading
 * instead of one round trip after them (docs/decisions/008). Plain fetch on purpose: nothing shared may
 * run before the async boundary in index.ts. Each is fetched with no-store, as the config requires.
 */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Never rejects, so a failure is not reported as unhandled before bootstrap gets to read it. */
function settle(url: string): Promise<Settled<unknown>> {
  return fetchJson(url).then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

let requests: { appConfig: Promise<Settled<unknown>>; remotes: Promise<Settled<unknown>> } | null = null;

/** Starts both requests on the first call; later calls get the same ones. */
export function startupRequests() {
  requests ??= { appConfig: settle('/config/app.json'), remotes: settle('/config/remotes.json') };
  return requests;
}
