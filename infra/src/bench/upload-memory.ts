import { readdirSync, readFileSync } from 'node:fs';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@trove/contracts';
import type { Stack } from '../stack';

// Issue 18 item 7's figure: the search service's peak resident memory while 4 users upload 100 MB each
// (4 files of 25 MB, the per-file limit, two requests at a time per user, UPLOAD_CONCURRENCY_PER_USER)
// through nginx. Beside it, in the same run, the same process idle before the uploads: the baseline the
// uploads add to. Extraction runs in its own child process and is shown apart.

const USERS = Number(process.env.BENCH_UPLOAD_USERS ?? 4);
const FILES_PER_USER = Number(process.env.BENCH_UPLOAD_FILES ?? 4);
const FILE_BYTES = Number(process.env.BENCH_UPLOAD_FILE_BYTES ?? 25 * 1024 * 1024);
const AT_ONCE_PER_USER = 2;

export interface ProcessMemory {
  pid: number;
  command: string;
  rssKb: number;
  hwmKb: number;
}

/** The extraction child's process: its memory is shown apart from the service's. */
export const isExtraction = (p: ProcessMemory) => p.command.includes('extraction-thread');

/**
 * The first search service of the stack, idle: its process group's leader and the service's own process,
 * the biggest of its group that is not the extraction child (tsx's launcher is small).
 */
export function searchServiceProcess(stack: Stack): { leader: number; service: ProcessMemory } {
  const leader = stack.instances.search[0]?.pid;
  if (leader === undefined) throw new Error('no search service in the stack');
  const service = groupMemory(leader)
    .filter((p) => !isExtraction(p))
    .sort((a, b) => b.rssKb - a.rssKb)[0];
  if (service === undefined) throw new Error('the search service process was not found');
  return { leader, service };
}

/** Every live process in the process group `pgid`, with its resident and peak resident memory. */
export function groupMemory(pgid: number): ProcessMemory[] {
  const found: ProcessMemory[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) start past its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      found.push({ pid: Number(entry), command, rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

export interface UploadMemory {
  users: number;
  bytesPerUser: number;
  seconds: number;
  statuses: Record<number, number>;
  /** The service process (not tsx's launcher, not the extraction child). */
  idleRssMb: number;
  peakRssMb: number;
  /** Sampled every 20 ms during the uploads; VmHWM (the kernel's own peak) is peakRssMb. */
  sampledPeakRssMb: number;
  extractionPeakRssMb: number;
}

const mbOf = (kb: number) => kb / 1024;

export async function measureUploadMemory(
  stack: Stack,
  signUp: (email: string) => Promise<string>,
): Promise<UploadMemory> {
  const { leader, service } = searchServiceProcess(stack);
  const idleRssKb = service.rssKb;

  const users = await Promise.all(
    Array.from({ length: USERS }, (_, index) => signUp(`bench-upload-${index}@example.com`)),
  );
  const payload = Buffer.alloc(FILE_BYTES);
  for (let index = 0; index < payload.length; index += 1) payload[index] = 97 + ((index * 31) % 26);
  // Words of a few letters with spaces, so the extraction child has text to read, not one endless word.
  for (let index = 7; index < payload.length; index += 8) payload[index] = 32;

  let sampledPeakKb = 0;
  let extractionPeakKb = 0;
  const sampler = setInterval(() => {
    for (const p of groupMemory(leader)) {
      if (p.pid === service.pid) sampledPeakKb = Math.max(sampledPeakKb, p.rssKb);
      else if (isExtraction(p)) extractionPeakKb = Math.max(extractionPeakKb, p.hwmKb);
    }
  }, 20);
  const statuses: Record<number, number> = {};
  const started = performance.now();
  try {
    await Promise.all(
      users.map(async (cookie, user) => {
        const csrf = new RegExp(`(?:^|; )${CSRF_ACCESS_COOKIE}=([^;]+)`).exec(cookie)?.[1] ?? '';
        let next = 0;
        const lane = async () => {
          while (next < FILES_PER_USER) {
            const file = next;
            next += 1;
            const form = new FormData();
            form.append('file', new File([payload], `user${user}-file${file}.txt`, { type: 'text/plain' }));
            const res = await fetch(`${stack.url}/api/v1/uploads`, {
              method: 'POST',
              headers: { Cookie: cookie, [CSRF_HEADER]: csrf },
              body: form,
            });
            await res.arrayBuffer();
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          }
        };
        await Promise.all(Array.from({ length: AT_ONCE_PER_USER }, lane));
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = groupMemory(leader).find((p) => p.pid === service.pid);
  return {
    users: USERS,
    bytesPerUser: FILES_PER_USER * FILE_BYTES,
    seconds,
    statuses,
    idleRssMb: mbOf(idleRssKb),
    peakRssMb: mbOf(Math.max(after?.hwmKb ?? 0, sampledPeakKb)),
    sampledPeakRssMb: mbOf(sampledPeakKb),
    extractionPeakRssMb: mbOf(extractionPeakKb),
  };
}

export function printUploadMemory(result: UploadMemory): void {
  const mb = (value: number) => value.toFixed(0);
  const total = (result.users * result.bytesPerUser) / (1024 * 1024);
  console.log(
    `\nUploads through nginx: ${result.users} users × ${mb(result.bytesPerUser / (1024 * 1024))} MB (${FILES_PER_USER} files of ${mb(FILE_BYTES / (1024 * 1024))} MB, ${AT_ONCE_PER_USER} at a time each) = ${mb(total)} MB in ${result.seconds.toFixed(1)} s; answers ${JSON.stringify(result.statuses)}\n`,
  );
  console.log('| search service process | RSS MB | vs idle | budget |');
  console.log('|---|---|---|---|');
  console.log(`| idle, before the uploads (baseline) | ${mb(result.idleRssMb)} | 1.00 | |`);
  console.log(
    `| peak during the uploads (VmHWM) | ${mb(result.peakRssMb)} | ${(result.peakRssMb / result.idleRssMb).toFixed(2)} | < 300 MB: ${result.peakRssMb < 300 ? 'met' : 'NOT met'} |`,
  );
  console.log(
    `| peak sampled every 20 ms | ${mb(result.sampledPeakRssMb)} | ${(result.sampledPeakRssMb / result.idleRssMb).toFixed(2)} | |`,
  );
  console.log(`| extraction child (its own process), peak | ${mb(result.extractionPeakRssMb)} | | |`);
}
