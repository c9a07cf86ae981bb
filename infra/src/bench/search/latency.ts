import { Agent, request } from 'node:http';
import { percentile } from './queries';

// Latency as clients see it: `clients` concurrent loops, each taking the next path of the list and timing
// the whole request (send to last body byte) through nginx. Autocannon reports no p95, and the issue's
// goal is p50/p95 over a fixed query set, so the bench times each request itself.
//
// The client is node:http with one kept-alive connection per loop, not fetch: the load generator shares
// the machine's two cores with nginx, the service and PostgreSQL, and fetch (undici's WHATWG layer) spent
// ~2 ms of CPU per search response, as much as the service itself (docs/decisions/020-search-postings.md).
// It asks for gzip as a browser does, so nginx compresses as it would for a user.

export interface Latency {
  requests: number;
  p50: number;
  p95: number;
  failures: number;
}

function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'Accept-Encoding': 'gzip', ...headers } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureLatency(
  baseUrl: string,
  paths: readonly string[],
  options: { clients: number; rounds: number; headers?: Record<string, string> },
): Promise<Latency> {
  const order = Array.from({ length: options.rounds }, () => paths).flat();
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  async function client(): Promise<void> {
    for (let at = next++; at < order.length; at = next++) {
      const started = performance.now();
      const status = await get(agent, new URL(`${baseUrl}${order[at]}`), options.headers ?? {});
      times.push(performance.now() - started);
      if (status !== 200) failures++;
    }
  }
  try {
    await Promise.all(Array.from({ length: options.clients }, () => client()));
  } finally {
    agent.destroy();
  }
  return { requests: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95), failures };
}
