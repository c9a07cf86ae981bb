// @vitest-environment happy-dom
import { KitProviders } from '@trove/kit';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AuthPage from './auth-page';

// The flow's branches the real auth service never takes (other flag names, a login answer with no user,
// 412, a 429 on the verify code, server errors), against a stubbed fetch. The branches it does take are
// proven through nginx in e2e/specs/auth-*.spec.ts.

type Answer = { status: number; body?: unknown };
type Handler = (body: unknown) => Answer;

let routes: Record<string, Handler>;
let calls: { key: string; body: unknown }[];

const EMAIL = 'ada@example.com';
const USER = { id: 'u1', name: 'Ada Lovelace', email: EMAIL, phone: null };

function stubFetch() {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${input}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, body });
    const answer = routes[key]?.(body) ?? { status: 401, body: { error: 'Not signed in' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
    });
  });
}

function renderAt(path = '/auth/login') {
  return render(
    <KitProviders config={{ name: 'Trove', shortName: 'T', tagline: 'Find anything. Send anywhere.' }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth/login" element={<AuthPage />} />
          <Route path="/chats" element={<h1>Chats</h1>} />
        </Routes>
      </MemoryRouter>
    </KitProviders>,
  );
}

const called = (key: string) => calls.filter((call) => call.key === key);
const toast = (message: string) =>
  screen.findByText(message, { selector: '[role="status"] *, [role="alert"] *' });

async function logIn() {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Correct-Horse-9' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

async function enterCode(code: string) {
  const first = await screen.findByRole('textbox', { name: 'Digit 1 of 6' });
  fireEvent.change(first, { target: { value: code } });
}

beforeEach(() => {
  calls = [];
  routes = {};
  vi.stubGlobal('__TROVE_BUILD_LABEL__', 'test');
  stubFetch();
  // Starts at login (docs/product/accounts.md#remembered-email: a remembered email skips identify).
  localStorage.setItem('rememberEmail', '1');
  localStorage.setItem('rememberedEmail', EMAIL);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the auth page against a stubbed API (docs/product/accounts.md#auth-flow, docs/product/accounts.md#errors)', () => {
  it('a remembered email starts at login with it', async () => {
    renderAt();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByText(EMAIL)).toBeTruthy();
  });

  it.each([['twoFactor'], ['require_2fa'], ['mfa_required'], ['otp_required']])(
    'a login answer flagged %s goes to the code step with the fallback 30 s wait, asking for no code',
    async (flag) => {
      routes['POST /api/v1/auth/password/login'] = () => ({ status: 200, body: { [flag]: true } });
      renderAt();
      await logIn();
      expect(await screen.findByText(/uses 2-step sign-in/)).toBeTruthy();
      expect(screen.getByRole('button', { name: /^Resend in (30|29)s$/ })).toBeTruthy();
      expect(called('POST /api/v1/auth/otp/request')).toHaveLength(0);
    },
  );

  it('a login answer with no user asks for a login2fa code, then the code step', async () => {
    routes['POST /api/v1/auth/password/login'] = () => ({ status: 200, body: { ok: true } });
    routes['POST /api/v1/auth/otp/request'] = () => ({
      status: 200,
      body: { expires_in: 600, resend_in: 45 },
    });
    renderAt();
    await logIn();
    expect(await screen.findByRole('button', { name: /^Resend in 4[45]s$/ })).toBeTruthy();
    expect(called('POST /api/v1/auth/otp/request')[0]?.body).toEqual({
      channel: 'email',
      target: EMAIL,
      purpose: 'login2fa',
    });
  });

  it('a 401 whose login code is refused shows "Incorrect credentials" and stays at login', async () => {
    routes['POST /api/v1/auth/password/login'] = () => ({
      status: 401,
      body: { error: 'Incorrect credentials' },
    });
    routes['POST /api/v1/auth/otp/request'] = () => ({ status: 401, body: { error: 'Sign in again' } });
    renderAt();
    await logIn();
    expect(await toast('Incorrect credentials')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it("412: a verify code is asked for; its 429 retry_after sets the dialog's countdown", async () => {
    routes['POST /api/v1/auth/password/login'] = () => ({
      status: 412,
      body: { error: 'Precondition failed' },
    });
    routes['POST /api/v1/auth/otp/request'] = () => ({
      status: 429,
      body: { error: 'Please wait', code: 'rate_limited', retry_after: 17 },
    });
    renderAt();
    await logIn();
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email' });
    expect(dialog.textContent).toContain('a•••a@example.com');
    expect(dialog.textContent).toMatch(/new code in 1[67]s/);
    expect(called('POST /api/v1/auth/otp/request')[0]?.body).toMatchObject({ purpose: 'verify' });
  });

  it.each([
    [410, 'This code has expired. Tap Resend to get a new one.', 'Code expired'],
    [400, 'That code is incorrect. Please try again.', 'Incorrect code'],
  ])('verify %i: the flash and the field message, cleared on change', async (status, flash, field) => {
    routes['POST /api/v1/auth/password/login'] = () => ({
      status: 200,
      body: { two_factor: true, user: null },
    });
    routes['POST /api/v1/auth/otp/verify'] = () => ({ status, body: { error: 'x' } });
    renderAt();
    await logIn();
    await enterCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await toast(flash)).toBeTruthy();
    expect(screen.getByText(field, { exact: true })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Digit 6 of 6' }), { key: 'Backspace' });
    expect(screen.queryByText(field, { exact: true })).toBeNull();
  });

  it('another verify failure: the server message, else "Verification failed"', async () => {
    routes['POST /api/v1/auth/password/login'] = () => ({
      status: 200,
      body: { two_factor: true, user: null },
    });
    routes['POST /api/v1/auth/otp/verify'] = () => ({ status: 500, body: '' });
    renderAt();
    await logIn();
    await enterCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await toast('Verification failed')).toBeTruthy();
  });

  it('a verification in flight blocks a second submission', async () => {
    let release: (answer: Answer) => void = () => undefined;
    routes['POST /api/v1/auth/password/login'] = () => ({
      status: 200,
      body: { two_factor: true, user: null },
    });
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${input}`;
      calls.push({ key, body: undefined });
      const answer =
        key === 'POST /api/v1/auth/otp/verify'
          ? await new Promise<Answer>((resolve) => {
              release = resolve;
            })
          : (routes[key]?.(undefined) ?? { status: 401, body: { error: 'no' } });
      return new Response(JSON.stringify(answer.body ?? null), { status: answer.status });
    });
    renderAt();
    await logIn();
    await enterCode('123456');
    const verify = screen.getByRole('button', { name: 'Verify' });
    fireEvent.click(verify);
    fireEvent.click(verify);
    fireEvent.submit(verify.closest('form') as HTMLFormElement);
    expect(called('POST /api/v1/auth/otp/verify')).toHaveLength(1);
    await act(async () => release({ status: 400, body: { error: 'x' } }));
  });

  it('verified with no user returned: "Verified. Please log in." and the login step', async () => {
    routes['POST /api/v1/auth/password/login'] = () => ({
      status: 200,
      body: { two_factor: true, user: null },
    });
    routes['POST /api/v1/auth/otp/verify'] = () => ({ status: 200, body: { ok: true } });
    renderAt();
    await logIn();
    await enterCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await toast('Verified. Please log in.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('login with a complete profile (from /profile/status when /profile/me fails): "Welcome back!", then /chats', async () => {
    routes['POST /api/v1/auth/password/login'] = () => ({ status: 200, body: { user: USER } });
    routes['GET /api/v1/profile/me'] = () => ({ status: 500, body: { error: 'down' } });
    routes['GET /api/v1/profile/status'] = () => ({ status: 200, body: { profile: { complete: true } } });
    renderAt();
    await logIn();
    expect(await toast('Welcome back!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeTruthy();
  });

  it('no profile anywhere and a one-word name: the profile step', async () => {
    routes['POST /api/v1/auth/password/login'] = () => ({
      status: 200,
      body: { user: { ...USER, name: 'Ada' } },
    });
    routes['GET /api/v1/profile/me'] = () => ({ status: 404, body: { error: 'none' } });
    routes['GET /api/v1/profile/status'] = () => ({ status: 404, body: { error: 'none' } });
    renderAt();
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Finish your profile' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'First name' }).getAttribute('placeholder')).toBe('Ada');
  });

  it('forgot password failure: the server message, else "Could not start password reset"', async () => {
    routes['POST /api/v1/auth/password/reset/request'] = () => ({ status: 503, body: '' });
    renderAt();
    await screen.findByRole('heading', { name: 'Welcome back' });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await toast('Could not start password reset')).toBeTruthy();
  });

  describe('failures say what the server said, else the docs/product/accounts.md#errors default', () => {
    it.each([
      [{ status: 500, body: '' }, 'Could not check email'],
      [
        { status: 429, body: { error: 'Too many attempts. Please wait and try again.' } },
        'Too many attempts. Please wait and try again.',
      ],
    ])('the email check (%j)', async (answer, message) => {
      localStorage.clear();
      routes['POST /api/v1/auth/password/exists'] = () => answer;
      renderAt();
      fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: EMAIL } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await toast(message)).toBeTruthy();
    });

    it('register: "Could not create account."', async () => {
      localStorage.clear();
      routes['POST /api/v1/auth/password/exists'] = () => ({ status: 200, body: { exists: false } });
      routes['POST /api/v1/auth/password/register'] = () => ({ status: 500, body: '' });
      renderAt();
      fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: EMAIL } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up & continue' }));
      fireEvent.change(await screen.findByLabelText('Create a password'), {
        target: { value: 'Longer-pw-1' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
      expect(await toast('Could not create account.')).toBeTruthy();
    });

    it('reset complete: "Could not reset password"', async () => {
      routes['POST /api/v1/auth/password/reset/request'] = () => ({
        status: 200,
        body: { expires_in: 600, resend_in: 30 },
      });
      routes['POST /api/v1/auth/password/reset/verify'] = () => ({
        status: 200,
        body: { reset_token: 'token' },
      });
      routes['POST /api/v1/auth/password/reset/complete'] = () => ({ status: 500, body: '' });
      renderAt();
      await screen.findByRole('heading', { name: 'Welcome back' });
      fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      expect(await toast('We sent a code to your email to reset your password.')).toBeTruthy();
      await enterCode('123456');
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'Longer-pw-1' } });
      fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Longer-pw-1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
      expect(await toast('Could not reset password')).toBeTruthy();
      expect(called('POST /api/v1/auth/password/reset/complete')[0]?.body).toEqual({
        reset_token: 'token',
        new_password: 'Longer-pw-1',
      });
    });

    it('profile step: "Could not save profile."', async () => {
      routes['POST /api/v1/auth/password/login'] = () => ({
        status: 200,
        body: { user: { ...USER, name: null } },
      });
      routes['GET /api/v1/profile/me'] = () => ({
        status: 200,
        body: { user: USER, profile: { complete: false } },
      });
      routes['PUT /api/v1/profile'] = () => ({ status: 500, body: '' });
      renderAt();
      await logIn();
      fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), {
        target: { value: 'Ada' },
      });
      fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lovelace' } });
      fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-12-10' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
      expect(await toast('Could not save profile.')).toBeTruthy();
      expect(called('PUT /api/v1/profile')[0]?.body).toEqual({
        first_name: 'Ada',
        last_name: 'Lovelace',
        dob: '1990-12-10',
      });
    });
  });

  it('"Change" goes back to identify with the email cleared', async () => {
    renderAt();
    await screen.findByRole('heading', { name: 'Welcome back' });
    fireEvent.click(screen.getByRole('button', { name: /^Change/ }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign in or sign up' })).toBeTruthy());
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('');
  });
});
