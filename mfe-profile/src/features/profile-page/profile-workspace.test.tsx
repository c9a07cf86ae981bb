// @vitest-environment happy-dom
import { type Profile, ProfileFormSchema } from '@trove/contracts';
import { AppConfigProvider, PopupProvider, SessionProvider, useSession } from '@trove/kit';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testProfile } from '../profile-form/test-profile';
import { ProfileWorkspace } from './profile-workspace';

const USER = { id: 'u-1', name: null, email: 'asha@example.com', phone: null };

const profile = testProfile;

type Handler = (init: RequestInit) => { status: number; body?: unknown };

/** A fake server for the kit's fetch wrapper: one handler per "METHOD path"; every call is recorded. */
function serve(handlers: Record<string, Handler>) {
  const calls: { key: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const key = `${init.method} ${input}`;
    calls.push({ key, init });
    const reply = handlers[key]?.(init) ?? { status: 404, body: { error: 'Not found' } };
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
  });
  return calls;
}

function SessionName() {
  const { user } = useSession();
  return <p data-testid="session-name">{user?.name ?? ''}</p>;
}

const config = { name: 'Acme Search', shortName: 'A', tagline: '' };

async function renderPage() {
  render(
    <AppConfigProvider value={config}>
      <SessionProvider>
        <PopupProvider>
          <SessionName />
          <ProfileWorkspace />
        </PopupProvider>
      </SessionProvider>
    </AppConfigProvider>,
  );
  await screen.findByRole('tab', { name: 'Overview' });
}

const me =
  (p: Profile = profile()) =>
  () => ({ status: 200, body: { user: USER, profile: p } });

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the kit's client reads the CSRF cookie from the page, as in a browser.
  document.cookie = 'csrf_access_token=csrf-1';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProfileWorkspace (docs/product/profile.md#page, docs/product/api.md#profile-calls, docs/product/profile.md#errors)', () => {
  it('Save sends the whole form with dob cut to 10 characters and the CSRF header; the answer replaces the session user', async () => {
    const saved = profile({ first_name: 'Asha', last_name: 'Rao', gender: 'female', phone: '+919876543210' });
    const calls = serve({
      'GET /api/v1/auth/me': () => ({ status: 200, body: { user: USER } }),
      'GET /api/v1/profile/me': me(
        profile({
          gender: 'female',
          phone: '+919876543210',
          dob: '1990-12-10T00:00:00.000Z',
          timezone: 'UTC',
        }),
      ),
      'PUT /api/v1/profile': () => ({
        status: 200,
        body: { user: { ...USER, name: 'Asha Rao' }, profile: saved },
      }),
    });
    await renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Work' }));
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } });
    const work = screen.getByRole('tabpanel', { name: 'Work' });
    await act(async () => {
      fireEvent.submit(work.querySelector('form') as HTMLFormElement);
    });
    await screen.findByText('Profile updated');

    const put = calls.find((call) => call.key === 'PUT /api/v1/profile');
    const body = JSON.parse(String(put?.init.body));
    expect(body).toMatchObject({ company: 'Acme', dob: '1990-12-10', gender: 'female', timezone: 'UTC' });
    expect(body).not.toHaveProperty('first_name');
    expect(ProfileFormSchema.safeParse(body).success).toBe(true);
    const headers = (put?.init.headers ?? {}) as Record<string, string>;
    expect(headers['X-CSRF-TOKEN']).toBe('csrf-1');
    await waitFor(() => expect(screen.getByTestId('session-name').textContent).toBe('Asha Rao'));
    expect(screen.getByRole('heading', { name: 'Asha Rao' })).toBeTruthy();
  });

  it('a form sent twice at once saves once (the kit’s useMutation: one request at a time, issue 44 item 4)', async () => {
    const calls = serve({
      'GET /api/v1/auth/me': () => ({ status: 200, body: { user: USER } }),
      'GET /api/v1/profile/me': me(profile({ gender: 'female', phone: '+919876543210' })),
      'PUT /api/v1/profile': () => ({ status: 200, body: { user: USER, profile: profile() } }),
    });
    await renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Work' }));
    const form = screen.getByRole('tabpanel', { name: 'Work' }).querySelector('form') as HTMLFormElement;
    await act(async () => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await screen.findByText('Profile updated');
    expect(calls.filter((call) => call.key === 'PUT /api/v1/profile')).toHaveLength(1);
  });

  it('a 409 puts the message on the phone field, clears the status line and shows Overview', async () => {
    serve({
      'GET /api/v1/auth/me': () => ({ status: 200, body: { user: USER } }),
      'GET /api/v1/profile/me': me(profile({ gender: 'male', phone: '+919876543210' })),
      'PUT /api/v1/profile': () => ({
        status: 409,
        body: { error: 'This phone number is already registered', code: 'phone_taken' },
      }),
    });
    await renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Links' }));
    await act(async () => {
      fireEvent.submit(
        screen.getByRole('tabpanel', { name: 'Links' }).querySelector('form') as HTMLFormElement,
      );
    });
    const phone = await waitFor(() => {
      const input = screen.getByLabelText('Phone');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      return input;
    });
    const errorId = phone
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    expect(document.getElementById(errorId ?? '')?.textContent).toBe(
      'This phone number is already registered',
    );
    expect(screen.getByTestId('profile-status').textContent).toBe('');
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Overview');
  });

  it('a 403 reauth_required asks for the current password and saves again with it; a wrong one is said in the dialog (issue 18 item 11)', async () => {
    const sent: Record<string, unknown>[] = [];
    const saved = profile({ gender: 'male', phone: '+919876543211' });
    serve({
      'GET /api/v1/auth/me': () => ({ status: 200, body: { user: USER } }),
      'GET /api/v1/profile/me': me(profile({ gender: 'male', phone: '+919876543210' })),
      'PUT /api/v1/profile': (init) => {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        if (body.current_password === undefined)
          return { status: 403, body: { error: 'Enter your current password…', code: 'reauth_required' } };
        if (body.current_password !== 'Correct-Horse-9')
          return { status: 400, body: { error: 'Current password is incorrect', code: 'invalid_request' } };
        return { status: 200, body: { user: USER, profile: saved } };
      },
    });
    await renderPage();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+919876543211' } });
    await act(async () => {
      fireEvent.submit(
        screen.getByRole('tabpanel', { name: 'Overview' }).querySelector('form') as HTMLFormElement,
      );
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const password = within(dialog).getByLabelText('Current password');
    fireEvent.change(password, { target: { value: 'Wrong-Horse-1' } });
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    await screen.findByText('Current password is incorrect');
    fireEvent.change(password, { target: { value: 'Correct-Horse-9' } });
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    await waitFor(() =>
      expect(screen.getByTestId('profile-status').textContent).toContain('Profile updated'),
    );
    expect(sent.map((body) => body.current_password)).toEqual([
      undefined,
      'Wrong-Horse-1',
      'Correct-Horse-9',
    ]);
    expect(sent[2]).toMatchObject({ phone: '+919876543211' });
  });

  it('the preferences panel names the product from the runtime config (issue 20)', async () => {
    serve({
      'GET /api/v1/auth/me': () => ({ status: 200, body: { user: USER } }),
      'GET /api/v1/profile/me': me(),
    });
    await renderPage();
    expect(screen.getByText('Dates, times and language across Acme Search.')).toBeTruthy();
  });

  it('a load failure shows the message, or "Failed to load profile"', async () => {
    serve({
      'GET /api/v1/auth/me': () => ({ status: 200, body: { user: USER } }),
      'GET /api/v1/profile/me': () => ({ status: 500 }),
    });
    render(
      <AppConfigProvider value={config}>
        <SessionProvider>
          <PopupProvider>
            <ProfileWorkspace />
          </PopupProvider>
        </SessionProvider>
      </AppConfigProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load profile');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
