import { readdirSync, readFileSync } from 'node:fs';

// CPU time per process group while a measurement runs (utime + stime from /proc, Linux), so the bench can say
// where a request's CPU goes: with N clients that each send the next request at once, latency is N ÷ throughput
// and throughput is the cores ÷ the CPU one request costs in every process on the machine
// (docs/decisions/020-search-postings.md). Elsewhere than Linux it reports nothing.

export type ProcessGroup = 'postgres' | 'services' | 'nginx' | 'load generator' | 'other';

const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux.

function groupOf(command: string, pid: number): ProcessGroup {
  if (pid === process.pid) return 'load generator';
  if (command.startsWith('postgres')) return 'postgres';
  if (command.includes('nginx')) return 'nginx';
  // The bench's bare Hono route stands in for a service, so its CPU is compared with theirs.
  if (/services\/[a-z-]+\/src\/main\.ts|bench\/bare-server\.ts/.test(command)) return 'services';
  return 'other';
}

function snapshot(): Map<number, { group: ProcessGroup; ticks: number }> {
  const result = new Map<number, { group: ProcessGroup; ticks: number }>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return result;
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces; the fields after it are space-separated.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const pid = Number(entry);
      result.set(pid, { group: groupOf(command, pid), ticks });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return result;
}

/** Starts a measurement; `stop(requests)` gives CPU milliseconds per request by process group. */
export function startCpuMeter(): { stop(requests: number): Record<ProcessGroup, number> } {
  const before = snapshot();
  return {
    stop(requests) {
      const after = snapshot();
      const totals: Record<ProcessGroup, number> = {
        postgres: 0,
        services: 0,
        nginx: 0,
        'load generator': 0,
        other: 0,
      };
      for (const [pid, now] of after) {
        const used = now.ticks - (before.get(pid)?.ticks ?? 0);
        if (used > 0) totals[now.group] += used / TICKS_PER_MS;
      }
      for (const group of Object.keys(totals) as ProcessGroup[]) {
        totals[group] = requests > 0 ? totals[group] / requests : 0;
      }
      return totals;
    },
  };
}
