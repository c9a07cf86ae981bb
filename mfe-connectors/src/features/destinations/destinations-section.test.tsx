// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SavedDestination } from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DestinationsSection } from './destinations-section';

const finance: SavedDestination = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'slack',
  name: '#finance',
  host: 'hooks.slack.com',
  state: 'ok',
  detail: null,
  created_at: new Date().toISOString(),
};

let listed: SavedDestination[] = [];
let offerCertificate = false;
let trustedWith: string | null = null;
const CERTIFICATE = {
  sha256: `${'AB:'.repeat(31)}CD`,
  subject: 'CN=hooks.internal',
  issuer: 'CN=hooks.internal',
  valid_to: 'Nov 29 12:00:00 2027 GMT',
};
const calls: Array<{ method: string; url: string; body: unknown }> = [];

beforeEach(() => {
  listed = [];
  offerCertificate = false;
  trustedWith = null;
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, url, body });
      if (url === '/api/v1/destinations' && method === 'GET') return Response.json({ destinations: listed });
      if (url === '/api/v1/destinations' && method === 'POST') {
        if (String(body?.url).startsWith('http:')) {
          return Response.json(
            { error: 'The webhook URL must start with https://', code: 'validation_error' },
            { status: 400 },
          );
        }
        return Response.json(
          {
            destination: {
              ...finance,
              id: '00000000-0000-4000-8000-000000000002',
              name: body.name,
              kind: body.kind,
              host: new URL(body.url).host,
            },
          },
          { status: 201 },
        );
      }
      if (url.endsWith('/trust') && method === 'POST') {
        trustedWith = body.sha256;
        return Response.json({ destination: { ...finance, trusted_certificate: body.sha256 } });
      }
      if (url.endsWith('/test') && method === 'POST' && trustedWith !== null)
        return Response.json({ ok: true, message: 'Slack took the test message (200: ok).' });
      if (url.endsWith('/test') && method === 'POST')
        return Response.json({
          ...(offerCertificate ? { certificate: CERTIFICATE } : {}),
          ok: false,
          message: 'The certificate of hooks.internal is not trusted (self-signed certificate).',
        });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection() {
  return render(
    <KitProviders config={{ name: 'Acme', shortName: 'A', tagline: 'x' }}>
      <DestinationsSection />
    </KitProviders>,
  );
}

describe('DestinationsSection', () => {
  it('Test posts at once and shows what came of it beside the destination (issue 38 item 4)', async () => {
    listed = [finance];
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Test #finance' }));
    await waitFor(() =>
      expect(screen.getByTestId('destination-test').textContent).toBe(
        'The certificate of hooks.internal is not trusted (self-signed certificate).',
      ),
    );
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: `/api/v1/destinations/${finance.id}/test`,
    });
  });

  it('a certificate nobody vouches for can be trusted, as IMAP’s can; then the test runs again', async () => {
    listed = [finance];
    offerCertificate = true;
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Test #finance' }));
    const certificate = await screen.findByTestId('destination-certificate');
    expect(certificate.textContent).toContain(CERTIFICATE.sha256);
    expect(certificate.textContent).toContain('issued to CN=hooks.internal');
    fireEvent.click(within(certificate).getByRole('button', { name: 'Trust this certificate for #finance' }));
    await waitFor(() =>
      expect(screen.getByTestId('destination-test').textContent).toBe(
        'Slack took the test message (200: ok).',
      ),
    );
    expect(trustedWith).toBe(CERTIFICATE.sha256);
    expect(screen.queryByTestId('destination-certificate')).toBeNull();
  });

  it('lists destinations by name, service and host (never a URL)', async () => {
    listed = [
      finance,
      {
        ...finance,
        id: '00000000-0000-4000-8000-000000000003',
        kind: 'teams',
        name: 'Ops',
        host: 'prod-01.westeurope.logic.azure.com',
        state: 'broken',
        detail: 'Microsoft Teams says this webhook no longer exists (410).',
      },
    ];
    renderSection();
    const list = await screen.findByRole('list', { name: 'Your destinations' });
    expect(within(list).getByText('#finance')).toBeTruthy();
    expect(within(list).getByText('Slack · hooks.slack.com')).toBeTruthy();
    expect(within(list).getByText(/no longer exists \(410\)/)).toBeTruthy();
  });

  it('adds a destination with service, name and URL, and clears the URL after', async () => {
    renderSection();
    await screen.findByText('No destinations yet.');
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'google_chat' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '#team' } });
    const url = screen.getByLabelText('Webhook URL') as HTMLInputElement;
    fireEvent.change(url, {
      target: { value: 'https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=t' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add destination' }));
    await screen.findByText('#team');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      kind: 'google_chat',
      name: '#team',
      url: 'https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=t',
    });
    await waitFor(() => expect(url.value).toBe(''));
  });

  it('shows the service’s refusal on the URL field', async () => {
    renderSection();
    await screen.findByText('No destinations yet.');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '#x' } });
    fireEvent.change(screen.getByLabelText('Webhook URL'), { target: { value: 'http://hooks.slack.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add destination' }));
    expect(await screen.findByText(/must start with https/)).toBeTruthy();
  });

  it('removes a destination', async () => {
    listed = [finance];
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove #finance' }));
    await waitFor(() => expect(screen.queryByText('#finance')).toBeNull());
    expect(
      calls.some((call) => call.method === 'DELETE' && call.url === `/api/v1/destinations/${finance.id}`),
    ).toBe(true);
  });
});
