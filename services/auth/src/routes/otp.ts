import { otpRequestSchema, otpVerifySchema } from '@trove/contracts';
import { parseJson, type ServiceEnv } from '@trove/service-core';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { requestCode, verifyCode } from '../accounts/accounts.service';
import type { AuthDeps } from '../deps';
import { PENDING_LOGIN_COOKIE } from '../sessions/cookies';
import { answerNoSoonerThan, setSignedInCookies } from './request-context';

/** /api/v1/auth/otp/… — docs/product/api.md#auth-calls. */
export function createOtpRoutes(deps: AuthDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const rules = { allowQuotedLocal: deps.env.ADDRESS_ALLOW_QUOTED_LOCAL };
  const OtpRequestSchema = otpRequestSchema(rules);
  const OtpVerifySchema = otpVerifySchema(rules);

  routes.post('/request', async (c) => {
    const started = performance.now();
    const { purpose, target } = await parseJson(c, OtpRequestSchema);
    const timing = await requestCode(deps, purpose, target, getCookie(c, PENDING_LOGIN_COOKIE));
    await answerNoSoonerThan(started, deps.env.AUTH_MIN_RESPONSE_MS);
    return c.json(timing, 200);
  });

  routes.post('/verify', async (c) => {
    const { purpose, target, code } = await parseJson(c, OtpVerifySchema);
    const { user, session } = await verifyCode(
      deps,
      purpose,
      target,
      code,
      getCookie(c, PENDING_LOGIN_COOKIE),
    );
    await setSignedInCookies(c, deps, session);
    return c.json({ user }, 200);
  });

  return routes;
}
