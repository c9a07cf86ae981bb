// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type {
  ImapSource,
  SourceStatus,
  SourceTestResult,
  TestSavedSource,
  UpdateSource,
} from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SourceCard } from '../../source-card';
import {
  EditSourceForm,
  type SavedSourceApi,
  settingsChange,
  TrustCertificateForm,
  UpdatePasswordForm,
} from './imap-saved-forms';

const OLD_PIN = Array.from({ length: 32 }, () => 'AA').join(':');
const NEW_PIN = Array.from({ length: 32 }, (_, i) =>
  (i * 7).toString(16).padStart(2, '0').toUpperCase(),
).join(':');

const needs = (problem: 'auth' | 'tls' | 'tcp'): SourceStatus => ({
  state: 'needs_attention',
  problem,
  reason: `the ${problem} problem`,
  action: 'do something.',
  retry_at: null,
  last_sync_at: null,
});

const source = (
  status: SourceStatus = needs('auth'),
  settings: Partial<ImapSource['settings']> = {},
): ImapSource => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'imap',
  name: 'ana@example.org',
  settings: {
    email: 'ana@example.org',
    host: 'mail.example.org',
    port: 993,
    security: 'tls',
    username: 'ana',
    folders: ['INBOX', 'Work'],
    pinned_certificate_sha256: OLD_PIN,
    ...settings,
  },
  status,
  documents: 10,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const passed: SourceTestResult = {
  ok: true,
  folders: [
    { path: 'INBOX', name: 'INBOX', special_use: null, messages: 10, default_selected: true },
    { path: 'Work', name: 'Work', special_use: null, messages: 4, default_selected: true },
    { path: 'Sent', name: 'Sent', special_use: '\\Sent', messages: 2, default_selected: true },
    { path: 'Trash', name: 'Trash', special_use: '\\Trash', messages: 1, default_selected: false },
  ],
  default_folders: ['INBOX', 'Work', 'Sent'],
  certificate: null,
};

const failed = (step: 'auth' | 'tls', certificate = false): SourceTestResult => ({
  ok: false,
  step,
  reason: `server says ${step}`,
  action: `Fix the ${step}.`,
  certificate: certificate
    ? {
        sha256: NEW_PIN,
        subject: 'CN=mail',
        issuer: 'CN=mail',
        valid_from: null,
        valid_to: null,
        problem: 'self-signed',
      }
    : null,
});

function mockApi(test: (request?: TestSavedSource) => SourceTestResult) {
  return {
    test: vi.fn(async (_id: string, request?: TestSavedSource) => test(request)),
    update: vi.fn(async (_id: string, _update: UpdateSource) =>
      source({ state: 'connected', next_sync_at: null }),
    ),
  } satisfies SavedSourceApi;
}

const wrap = (node: ReactNode) =>
  render(<KitProviders config={{ name: 'Acme', shortName: 'A', tagline: 'x' }}>{node}</KitProviders>);

afterEach(cleanup);

describe('the card’s needs-attention actions', () => {
  const buttons = (status: SourceStatus) => {
    const onAction = vi.fn();
    wrap(<SourceCard source={source(status)} now={Date.now()} busy={null} onAction={onAction} />);
    return { onAction, names: screen.getAllByRole('button').map((button) => button.textContent) };
  };

  it('a refused password asks for a new one', () => {
    const { onAction, names } = buttons(needs('auth'));
    expect(names[0]).toBe('Update password of ana@example.org');
    fireEvent.click(screen.getByRole('button', { name: /Update password/ }));
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ id: source().id }), 'password');
  });

  it('an untrusted certificate asks to trust it', () => {
    const { onAction } = buttons(needs('tls'));
    fireEvent.click(screen.getByRole('button', { name: /Trust certificate/ }));
    expect(onAction).toHaveBeenCalledWith(expect.anything(), 'trust');
  });

  it('other problems, and healthy sources, have neither; every card has Edit', () => {
    for (const status of [needs('tcp'), { state: 'paused', last_sync_at: null } as const]) {
      const { names } = buttons(status);
      expect(names.some((name) => /Update password|Trust certificate/.test(name ?? ''))).toBe(false);
      expect(names).toContain('Edit ana@example.org');
      cleanup();
    }
  });
});

describe('UpdatePasswordForm', () => {
  it('asks for a password, tests it, and says why the server refused it without saving', async () => {
    const api = mockApi(() => failed('auth'));
    const onSaved = vi.fn();
    wrap(<UpdatePasswordForm source={source()} api={api} onSaved={onSaved} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Test and save' }));
    await screen.findByText('Enter the new password or app password.');
    expect(api.test).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/New password or app password/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test and save' }));
    await screen.findByText('Wrong user name or password: the server refused them.');
    expect(api.test).toHaveBeenCalledWith(source().id, { password: 'nope' });
    expect(api.update).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a password that works is saved (the service queues the sync) and handed back', async () => {
    const api = mockApi(() => passed);
    const onSaved = vi.fn();
    wrap(<UpdatePasswordForm source={source()} api={api} onSaved={onSaved} onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText(/New password or app password/), {
      target: { value: 'app-pass' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Test and save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.update).toHaveBeenCalledWith(source().id, { password: 'app-pass' });
  });
});

describe('TrustCertificateForm', () => {
  it('shows the new fingerprint beside the old, and pins it after a test with it passes', async () => {
    const api = mockApi((request) =>
      request?.settings?.pinned_certificate_sha256 ? passed : failed('tls', true),
    );
    const onSaved = vi.fn();
    wrap(
      <TrustCertificateForm source={source(needs('tls'))} api={api} onSaved={onSaved} onCancel={() => {}} />,
    );
    expect((await screen.findByTestId('new-fingerprint')).textContent).toBe(NEW_PIN);
    expect(screen.getByText(OLD_PIN)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Trust this certificate' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.test).toHaveBeenLastCalledWith(source().id, {
      settings: { pinned_certificate_sha256: NEW_PIN },
    });
    expect(api.update).toHaveBeenCalledWith(source().id, {
      settings: { pinned_certificate_sha256: NEW_PIN },
    });
  });

  it('says so when the certificate is trusted after all, and offers nothing to pin', async () => {
    const api = mockApi(() => passed);
    wrap(
      <TrustCertificateForm source={source(needs('tls'))} api={api} onSaved={() => {}} onCancel={() => {}} />,
    );
    await screen.findByText(/works now/);
    expect(screen.queryByRole('button', { name: 'Trust this certificate' })).toBeNull();
  });
});

describe('EditSourceForm', () => {
  it('tests before saving, lists the folders with the saved choice, and sends only what changed', async () => {
    const api = mockApi(() => passed);
    const onSaved = vi.fn();
    wrap(<EditSourceForm source={source()} api={api} onSaved={onSaved} onCancel={() => {}} />);
    expect((screen.getByLabelText(/IMAP server/) as HTMLInputElement).value).toBe('mail.example.org');
    fireEvent.change(screen.getByLabelText(/^Port/), { target: { value: '1993' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const folders = await screen.findByRole('group', { name: 'Folders to search' });
    // A new port drops the pin: it belonged to the server as it was.
    expect(api.test).toHaveBeenCalledWith(source().id, {
      settings: {
        email: 'ana@example.org',
        host: 'mail.example.org',
        port: 1993,
        security: 'tls',
        username: 'ana',
        pinned_certificate_sha256: null,
      },
    });
    const box = (name: string) =>
      within(folders).getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
    expect([box('INBOX').checked, box('Work').checked, box('Sent').checked]).toEqual([true, true, false]);
    fireEvent.click(box('Sent'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.update).toHaveBeenCalledWith(source().id, {
      settings: { port: 1993, folders: null, pinned_certificate_sha256: null },
    });
  });

  it('a certificate the test refuses can be trusted there, and a typed password is sent', async () => {
    const api = mockApi((request) =>
      request?.settings?.pinned_certificate_sha256 === NEW_PIN ? passed : failed('tls', true),
    );
    const onSaved = vi.fn();
    wrap(<EditSourceForm source={source()} api={api} onSaved={onSaved} onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText(/New password \(optional\)/), { target: { value: 'fresh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Trust this certificate and test again' }));
    await screen.findByRole('group', { name: 'Folders to search' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.update).toHaveBeenCalledWith(source().id, {
      settings: { pinned_certificate_sha256: NEW_PIN },
      password: 'fresh',
    });
  });
});

describe('settingsChange', () => {
  const same = { ...source().settings };
  it('is empty when nothing differs, folders in any order', () => {
    expect(settingsChange(source(), { ...same, folders: ['Work', 'INBOX'] })).toEqual({});
  });
  it('names each changed field, null folders included', () => {
    expect(
      settingsChange(source(), {
        ...same,
        host: 'imap.example.org',
        folders: null,
        pinned_certificate_sha256: null,
      }),
    ).toEqual({ host: 'imap.example.org', folders: null, pinned_certificate_sha256: null });
  });
});
