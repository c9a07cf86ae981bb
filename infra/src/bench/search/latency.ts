import { percentile } from './queries';

// Latency as clients see it: `clients` concurrent loops, each taking the next path of the list and timing
// the whole request (send to last body byte) through nginx. Autocannon reports no p95, and the issue's
// goal is p50/p95 over a fixed query set, so the bench times each request itself.

export interface Latency {
  requests: number;
  p50: number;
  p95: number;
  failures: number;
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
  async function client(): Promise<void> {
    for (let at = next++; at < order.length; at = next++) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}${order[at]}`, { headers: options.headers ?? {} });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (res.status !== 200) failures++;
    }
  }
  await Promise.all(Array.from({ length: options.clients }, () => client()));
  return { requests: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95), failures };
}
