import {
  type EmailExistsResponse,
  emailExistsRequestSchema,
  loginRequestSchema,
  type LoginResponse,
  registerRequestSchema,
  ResetCompleteRequestSchema,
  resetRequestSchema,
  resetVerifyRequestSchema,
} from '@trove/contracts';
import { parseJson, type ServiceEnv } from '@trove/service-core';
import { Hono } from 'hono';
import {
  accountExists,
  completeReset,
  login,
  register,
  requestReset,
  verifyReset,
} from '../accounts/accounts.service';
import type { AuthDeps } from '../deps';
import { setPendingLoginCookie } from '../sessions/cookies';
import {
  answerNoSoonerThan,
  ipOf,
  knownDeviceUserId,
  secureCookies,
  setSignedInCookies,
} from './request-context';

/** /api/v1/auth/password/… — docs/product/api.md#auth-calls. */
export function createPasswordRoutes(deps: AuthDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const floor = deps.env.AUTH_MIN_RESPONSE_MS;
  // docs/decisions/090: one address grammar; the setting only decides whether quoted local parts pass.
  const rules = { allowQuotedLocal: deps.env.ADDRESS_ALLOW_QUOTED_LOCAL };
  const EmailExistsRequestSchema = emailExistsRequestSchema(rules);
  const RegisterRequestSchema = registerRequestSchema(rules);
  const LoginRequestSchema = loginRequestSchema(rules);
  const ResetRequestSchema = resetRequestSchema(rules);
  const ResetVerifyRequestSchema = resetVerifyRequestSchema(rules);

  // docs/product/api.md#auth-calls: the answer picks the known-email (sign in) or unknown-email (sign up) step.
  routes.post('/exists', async (c) => {
    const started = performance.now();
    const { email } = await parseJson(c, EmailExistsRequestSchema);
    await deps.limits.exists(ipOf(c, deps));
    const exists = await accountExists(deps, email);
    await answerNoSoonerThan(started, floor);
    return c.json<EmailExistsResponse>({ exists }, 200);
  });

  routes.post('/register', async (c) => {
    const { email, password } = await parseJson(c, RegisterRequestSchema);
    const ip = ipOf(c, deps);
    await deps.limits.register(ip);
    return c.json(await register(deps, ip, email, password), 201);
  });

  routes.post('/login', async (c) => {
    const { email, password } = await parseJson(c, LoginRequestSchema);
    const outcome = await login(deps, ipOf(c, deps), email, password, await knownDeviceUserId(c, deps));
    if (outcome.kind === 'two_factor') {
      const secure = secureCookies(c, deps);
      setPendingLoginCookie(c, outcome.pendingToken, deps.env.PENDING_LOGIN_TTL_SECONDS, secure);
      return c.json<LoginResponse>(outcome.body, 200);
    }
    await setSignedInCookies(c, deps, outcome.session);
    return c.json<LoginResponse>({ user: outcome.user }, 200);
  });

  routes.post('/reset/request', async (c) => {
    const started = performance.now();
    const { target } = await parseJson(c, ResetRequestSchema);
    const timing = await requestReset(deps, target);
    await answerNoSoonerThan(started, floor);
    return c.json(timing, 200);
  });

  routes.post('/reset/verify', async (c) => {
    const { target, code } = await parseJson(c, ResetVerifyRequestSchema);
    return c.json({ reset_token: await verifyReset(deps, target, code) }, 200);
  });

  routes.post('/reset/complete', async (c) => {
    const { reset_token, new_password } = await parseJson(c, ResetCompleteRequestSchema);
    const { user, session } = await completeReset(deps, ipOf(c, deps), reset_token, new_password);
    await setSignedInCookies(c, deps, session);
    return c.json({ user }, 200);
  });

  return routes;
}
