// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  EMAIL_INVALID_MESSAGE,
  SOURCE_MESSAGES,
  type Source,
  type SourceTestResult,
  type ImapTestSource,
} from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImapForm, type ImapFormApi } from './imap-form';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) =>
  (i * 7).toString(16).padStart(2, '0').toUpperCase(),
).join(':');

const passed: SourceTestResult = {
  ok: true,
  folders: [
    { path: 'INBOX', name: 'INBOX', special_use: null, messages: 1204, default_selected: true },
    { path: 'Sent', name: 'Sent', special_use: '\\Sent', messages: 88, default_selected: true },
    { path: 'Trash', name: 'Trash', special_use: '\\Trash', messages: 12, default_selected: false },
    { path: 'Junk', name: 'Junk', special_use: '\\Junk', messages: 3, default_selected: false },
  ],
  default_folders: ['INBOX', 'Sent'],
  certificate: null,
};

const failed = (
  step: Extract<SourceTestResult, { ok: false }>['step'],
  certificate = false,
): SourceTestResult => ({
  ok: false,
  step,
  reason: `server says ${step}`,
  action: `do something about ${step}.`,
  certificate: certificate
    ? {
        sha256: FINGERPRINT,
        subject: 'CN=mail',
        issuer: 'CN=mail',
        valid_from: null,
        valid_to: null,
        problem: 'self-signed',
      }
    : null,
});

function renderForm(api: Partial<ImapFormApi> = {}) {
  const test = vi.fn<(request: ImapTestSource) => Promise<SourceTestResult>>(
    api.test ?? (async () => passed),
  );
  const create = vi.fn<(request: ImapTestSource) => Promise<Source>>(
    api.create ?? (async () => ({}) as unknown as Source),
  );
  const onConnected = vi.fn();
  render(
    <KitProviders config={{ name: 'Acme', shortName: 'A', tagline: 'x' }}>
      <ImapForm api={{ test, create }} onConnected={onConnected} onCancel={() => {}} />
    </KitProviders>,
  );
  return { test, create, onConnected };
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValid() {
  type('Email address', 'ana@example.org');
  type('Password or app password', 'app-pass');
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

afterEach(cleanup);

describe('the IMAP form (issue 21)', () => {
  it('guesses server, port and security from the address, and the user name is the address', () => {
    renderForm();
    type('Email address', 'ana@gmail.com');
    expect((screen.getByLabelText('IMAP server') as HTMLInputElement).value).toBe('imap.gmail.com');
    expect((screen.getByLabelText('Port') as HTMLInputElement).value).toBe('993');
    expect((screen.getByLabelText('Security') as HTMLSelectElement).value).toBe('tls');
    expect((screen.getByLabelText('User name') as HTMLInputElement).value).toBe('ana@gmail.com');
  });

  it('says the password is stored encrypted and never shown again, and recommends an app password', () => {
    renderForm();
    const hint = screen.getByText(/We recommend an app password/);
    expect(hint.textContent).toContain('stored encrypted and never shown again');
    expect(hint.textContent).toContain('Acme');
  });

  it('shows the contracts’ messages for each wrong field and tests nothing', () => {
    const { test } = renderForm();
    type('Email address', 'not-an-address');
    type('IMAP server', 'https://mail.example.org');
    type('Port', '99999');
    type('User name', '');
    press('Test');
    expect(screen.getByText(EMAIL_INVALID_MESSAGE)).toBeTruthy();
    expect(screen.getByText(SOURCE_MESSAGES.badHost)).toBeTruthy();
    expect(screen.getByText(SOURCE_MESSAGES.badPort)).toBeTruthy();
    expect(screen.getByText(SOURCE_MESSAGES.usernameRequired)).toBeTruthy();
    expect(screen.getByText(SOURCE_MESSAGES.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
    expect(test).not.toHaveBeenCalled();
  });

  it('an empty server and port say what to enter', () => {
    renderForm();
    fillValid();
    type('IMAP server', '');
    type('Port', '');
    press('Test');
    expect(screen.getByText(SOURCE_MESSAGES.hostRequired)).toBeTruthy();
    expect(screen.getByText(SOURCE_MESSAGES.badPort)).toBeTruthy();
  });

  it('STARTTLS moves the default port to 143', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Security'), { target: { value: 'starttls' } });
    expect((screen.getByLabelText('Port') as HTMLInputElement).value).toBe('143');
  });

  it.each([
    ['dns', 'Can’t find the host imap.example.org. Check its spelling.'],
    ['tcp', 'Can’t reach imap.example.org on port 993.'],
    // No certificate presented (failed() has none): no word of one (issue 38).
    ['tls', 'A secure connection to imap.example.org on port 993 could not be made.'],
    ['auth', 'Wrong user name or password: the server refused them.'],
    ['folders', 'The mailbox has no folders to read.'],
    [
      'refused',
      'imap.example.org is on a private or local network, which this server is not allowed to reach.',
    ],
    ['server', 'imap.example.org answered something unexpected for a mail server.'],
  ] as const)('a test that fails at %s says so in words', async (step, words) => {
    const { test } = renderForm({ test: async () => failed(step) });
    fillValid();
    press('Test');
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.getByText(`server says ${step}`)).toBeTruthy();
    expect(test.mock.calls[0]?.[0]).toMatchObject({
      kind: 'imap',
      settings: { host: 'imap.example.org', port: 993, security: 'tls', username: 'ana@example.org' },
      password: 'app-pass',
    });
  });

  it('a refused password suggests an app password', async () => {
    renderForm({ test: async () => failed('auth') });
    fillValid();
    press('Test');
    expect(await screen.findByText(/make an app password at your provider/)).toBeTruthy();
  });

  it('an untrusted certificate shows its SHA-256 fingerprint; trusting it pins it and tests again', async () => {
    const { test } = renderForm({
      test: vi
        .fn<(request: ImapTestSource) => Promise<SourceTestResult>>()
        .mockResolvedValueOnce(failed('tls', true))
        .mockResolvedValueOnce(passed),
    });
    fillValid();
    press('Test');
    expect(await screen.findByText(FINGERPRINT)).toBeTruthy();
    press('Trust this certificate and test again');
    await screen.findByText(/The connection works/);
    expect(test).toHaveBeenCalledTimes(2);
    expect(test.mock.calls[1]?.[0].settings.pinned_certificate_sha256).toBe(FINGERPRINT);
  });

  it('after a passing test lists the folders with all but Trash, Junk and Drafts checked', async () => {
    renderForm();
    fillValid();
    press('Test');
    const folders = await screen.findByRole('group', { name: 'Folders to search' });
    const box = (name: string) =>
      within(folders).getByRole('checkbox', { name: new RegExp(name) }) as HTMLInputElement;
    expect(box('INBOX').checked).toBe(true);
    expect(box('Sent').checked).toBe(true);
    expect(box('Trash').checked).toBe(false);
    expect(box('Junk').checked).toBe(false);
  });

  it('Connect saves the default selection as null, and a changed one as its paths', async () => {
    const source = { id: 's1', name: 'ana@example.org' } as Source;
    const { create, onConnected } = renderForm({ create: async () => source });
    fillValid();
    press('Connect');
    await screen.findByRole('group', { name: 'Folders to search' });
    expect(create).not.toHaveBeenCalled();
    press('Connect');
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith(source));
    expect(create.mock.calls[0]?.[0].settings.folders).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: /Trash/ }));
    press('Connect');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(create.mock.calls[1]?.[0].settings.folders).toEqual(['INBOX', 'Sent', 'Trash']);
  });

  it('no folder chosen is refused before saving', async () => {
    const { create } = renderForm();
    fillValid();
    press('Test');
    await screen.findByRole('group', { name: 'Folders to search' });
    fireEvent.click(screen.getByRole('checkbox', { name: /INBOX/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Sent/ }));
    press('Connect');
    expect(screen.getByText('Choose at least one folder to search.')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('changing the server after a test asks for a new test', async () => {
    renderForm();
    fillValid();
    press('Test');
    await screen.findByRole('group', { name: 'Folders to search' });
    type('Port', '1993');
    expect(screen.queryByRole('group', { name: 'Folders to search' })).toBeNull();
  });
});
