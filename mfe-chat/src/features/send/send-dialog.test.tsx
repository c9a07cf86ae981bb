// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Delivery, SavedDestination } from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendDialog } from './send-dialog';

const CHAT = '00000000-0000-4000-8000-00000000000c';
const MESSAGE = '00000000-0000-4000-8000-00000000000d';
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
const calls: Array<{ method: string; url: string; body: unknown }> = [];

beforeEach(() => {
  listed = [];
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ method, url, body });
      if (url === '/api/v1/destinations') return Response.json({ destinations: listed });
      if (url.endsWith('/send') && method === 'POST') {
        const delivery: Delivery = {
          id: 'd1',
          address: body.destination_id ? '#finance' : body.address,
          status: 'queued',
          updated_at: new Date().toISOString(),
        };
        return Response.json({ delivery }, { status: 202 });
      }
      return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onSent = vi.fn()) {
  render(
    <KitProviders config={{ name: 'Acme', shortName: 'A', tagline: 'x' }}>
      <SendDialog
        chatId={CHAT}
        messageId={MESSAGE}
        defaultAddress="me@example.com"
        onSent={onSent}
        onCancel={vi.fn()}
      />
    </KitProviders>,
  );
  return onSent;
}

describe('SendDialog (issue 22: the Send menu lists destinations)', () => {
  it('offers each destination and posts the answer to the one chosen', async () => {
    listed = [finance];
    const onSent = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Post to #finance (Slack)' }));
    await waitFor(() =>
      expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ address: '#finance' })),
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe(`/api/v1/chats/${CHAT}/messages/${MESSAGE}/send`);
    expect(post?.body).toEqual({ destination_id: finance.id });
  });

  it('without destinations shows the email form alone', async () => {
    renderDialog();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/destinations')).toBe(true));
    expect(screen.queryByText('Or post it to')).toBeNull();
    expect(screen.getByLabelText('Email address')).toBeTruthy();
  });
});
