import { randomBytes } from 'node:crypto';
import { caughtMailTo } from '@trove/service-core/testing/maildev';
import { testTime } from '@trove/service-core/testing/time';

// A signed-in account made through the real API behind nginx and the real mail catcher, for load that
// must reach the database on GETs (GET /api/v1/auth/me, GET /api/v1/profile/me).

export const TEST_PASSWORD = 'Trove-deploy-Passw0rd!';

async function mailedCode(mailUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + testTime(20_000);
  for (;;) {
    const [mail] = await caughtMailTo(mailUrl, email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (code !== undefined) return code;
    if (Date.now() > deadline) throw new Error(`No code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registers and verifies a new account; resolves with the Cookie header of its session. */
export async function signedInCookie(baseUrl: string, mailUrl: string): Promise<string> {
  const email = `deploy-${randomBytes(5).toString('hex')}@example.com`;
  const json = { 'Content-Type': 'application/json' };
  const registered = await fetch(`${baseUrl}/api/v1/auth/password/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const code = await mailedCode(mailUrl, email);
  const verified = await fetch(`${baseUrl}/api/v1/auth/otp/verify`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ target: email, code, purpose: 'verify' }),
  });
  if (verified.status !== 200)
    throw new Error(`verify answered ${verified.status}: ${await verified.text()}`);
  return verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}
