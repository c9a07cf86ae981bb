// Issue 35 item 6's goal (docs/decisions/093): while one IPv6 /64 floods POST /register, logins from another /64
// keep a p95 within 2× of idle. Sent straight to the auth service with X-Forwarded-For (it trusts 127.0.0.1 as a
// proxy by default), because through nginx every request would come from the bench's one address.

const LOGINS = Number(process.env.BENCH_FLOOD_LOGINS ?? 30);
const FLOODERS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 16);
/** p95 under flood within this many times idle. */
const GOAL = 2;

export interface RegisterFlood {
  idleP95: number;
  floodP95: number;
  ratio: number;
  registers: { answered: number; hashed: number; refused: number };
}

function post(url: string, body: unknown, from: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify(body),
  });
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? 0;

/** Sequential logins of one account, each from a /64 of its own (none spends another's budget). */
async function loginTimes(authUrl: string, email: string, password: string, tag: string): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < LOGINS; index++) {
    const started = performance.now();
    const res = await post(
      `${authUrl}/api/v1/auth/password/login`,
      { email, password },
      `2001:db8:${tag}:${index}::1`,
    );
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export async function measureRegisterFlood(
  authUrl: string,
  account: { email: string; password: string },
): Promise<RegisterFlood> {
  const idle = await loginTimes(authUrl, account.email, account.password, 'b0');
  let flooding = true;
  const registers = { answered: 0, hashed: 0, refused: 0 };
  let next = 0;
  const flood = Array.from({ length: FLOODERS }, async () => {
    while (flooding) {
      next += 1;
      const res = await post(
        `${authUrl}/api/v1/auth/password/register`,
        { email: `flood-${Date.now()}-${next}@example.com`, password: 'Flood-Horse-7-Battery' },
        `2001:db8:f100:1::${(next % 65_535).toString(16)}`,
      );
      await res.arrayBuffer();
      registers.answered += 1;
      if (res.status === 201) registers.hashed += 1;
      else registers.refused += 1;
    }
  });
  const underFlood = await loginTimes(authUrl, account.email, account.password, 'b1');
  flooding = false;
  await Promise.all(flood);
  const idleP95 = p95(idle);
  const floodP95 = p95(underFlood);
  return { idleP95, floodP95, ratio: floodP95 / Math.max(idleP95, 0.1), registers };
}

export function printRegisterFlood(result: RegisterFlood): void {
  console.log(
    `\nLogins from other /64s while one /64 floods POST /register with ${FLOODERS} connections (straight to auth)\n`,
  );
  console.log(
    '| idle p95 ms | under flood p95 ms | ratio | goal | register answers | hashed (201) | refused |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| ${result.idleP95.toFixed(1)} | ${result.floodP95.toFixed(1)} | ${result.ratio.toFixed(2)} | ≤ ${GOAL} ${result.ratio <= GOAL ? '✓' : '✗'} | ${result.registers.answered} | ${result.registers.hashed} | ${result.registers.refused} |`,
  );
}
