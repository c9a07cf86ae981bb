import { describe, expect, it } from 'vitest';
import { API_PATHS } from './api';
import {
  CertificateFingerprintSchema,
  CreateSourceSchema,
  ImapSettingsSchema,
  SOURCE_MESSAGES,
  SourceHostSchema,
  SourceSchema,
  SourceStatusSchema,
  SourceTestResultSchema,
  TestSavedSourceSchema,
  TestSourceSchema,
  UpdateSourceSchema,
} from './sources';

const settings = {
  email: 'Ada@Example.com ',
  host: 'IMAP.example.com',
  port: 993,
  security: 'tls',
  username: 'ada@example.com',
};
const FINGERPRINT =
  'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89';

const message = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues[0]?.message;

describe('CreateSourceSchema', () => {
  it('an IMAP source: settings trimmed and lower-cased, folders null for the default selection, no pin', () => {
    expect(CreateSourceSchema.parse({ kind: 'imap', settings, password: ' app pass ' })).toEqual({
      kind: 'imap',
      settings: {
        email: 'ada@example.com',
        host: 'imap.example.com',
        port: 993,
        security: 'tls',
        username: 'ada@example.com',
        folders: null,
        pinned_certificate_sha256: null,
      },
      // A password is taken as typed: spaces can be part of it.
      password: ' app pass ',
    });
  });

  it('takes a name, chosen folders (each once) and a pinned fingerprint', () => {
    const parsed = CreateSourceSchema.parse({
      kind: 'imap',
      name: ' Work mail ',
      settings: {
        ...settings,
        folders: ['INBOX', 'Café', 'INBOX'],
        pinned_certificate_sha256: FINGERPRINT.replace(/:/g, '').toLowerCase(),
      },
      password: 'secret',
    });
    expect(parsed.name).toBe('Work mail');
    if (parsed.kind !== 'imap') throw new Error('an IMAP source');
    expect(parsed.settings.folders).toEqual(['INBOX', 'Café']);
    expect(parsed.settings.pinned_certificate_sha256).toBe(FINGERPRINT);
  });

  it('needs a password, a known kind and only known fields', () => {
    expect(message(CreateSourceSchema.safeParse({ kind: 'imap', settings }))).toBe(
      SOURCE_MESSAGES.passwordRequired,
    );
    expect(message(CreateSourceSchema.safeParse({ kind: 'imap', settings, password: '' }))).toBe(
      SOURCE_MESSAGES.passwordRequired,
    );
    expect(message(CreateSourceSchema.safeParse({ kind: 'pop3', settings, password: 'x' }))).toBe(
      SOURCE_MESSAGES.badKind,
    );
    expect(message(CreateSourceSchema.safeParse({ kind: 'imap', settings, password: 'x', owner: 'u' }))).toBe(
      'Unknown field: owner',
    );
    expect(
      message(
        CreateSourceSchema.safeParse({ kind: 'imap', settings: { ...settings, tls: true }, password: 'x' }),
      ),
    ).toBe('Unknown field: tls');
  });

  it('refuses a bad port, security, empty folder list and control characters with a message', () => {
    const bad = (change: Record<string, unknown>) =>
      message(
        CreateSourceSchema.safeParse({ kind: 'imap', settings: { ...settings, ...change }, password: 'x' }),
      );
    for (const port of [0, 65536, 99.5, '993']) expect(bad({ port })).toBe(SOURCE_MESSAGES.badPort);
    expect(bad({ security: 'none' })).toBe(SOURCE_MESSAGES.badSecurity);
    expect(bad({ folders: [] })).toBe(SOURCE_MESSAGES.badFolders);
    expect(bad({ username: 'ada\u0000' })).toBe(SOURCE_MESSAGES.usernameRequired);
    expect(bad({ email: 'not an email' })).toBeDefined();
  });
});

describe('SourceHostSchema', () => {
  it('a host name, an IDN, an IPv4 or IPv6 address', () => {
    for (const host of [
      'imap.gmail.com',
      'localhost',
      'mail.bücher.de',
      '192.168.1.10',
      '::1',
      '[fe80::1]',
      'imap.example.com.',
    ])
      expect(SourceHostSchema.safeParse(host).success, host).toBe(true);
  });

  it('not a URL, a host:port, a path or spaces', () => {
    for (const host of [
      'https://imap.example.com',
      'imap.example.com:993',
      'imap.example.com/x',
      'imap example.com',
      '-bad.com',
    ])
      expect(message(SourceHostSchema.safeParse(host)), host).toBe(SOURCE_MESSAGES.badHost);
    expect(message(SourceHostSchema.safeParse('  '))).toBe(SOURCE_MESSAGES.hostRequired);
  });
});

describe('CertificateFingerprintSchema', () => {
  it('is written as Node and openssl write it, whatever was typed', () => {
    const hex = FINGERPRINT.replace(/:/g, '');
    expect(CertificateFingerprintSchema.parse(hex.toLowerCase())).toBe(FINGERPRINT);
    expect(CertificateFingerprintSchema.parse(`SHA256 Fingerprint=${FINGERPRINT}`)).toBe(FINGERPRINT);
    expect(CertificateFingerprintSchema.parse(FINGERPRINT.toLowerCase())).toBe(FINGERPRINT);
  });

  it('refuses anything that is not 32 bytes of hex (a SHA-1 among them)', () => {
    for (const bad of ['', 'AB:CD', `${FINGERPRINT}:00`, 'zz'.repeat(32), 'AB'.repeat(20)])
      expect(message(CertificateFingerprintSchema.safeParse(bad)), bad).toBe(SOURCE_MESSAGES.badFingerprint);
  });
});

describe('UpdateSourceSchema', () => {
  it('takes only what changes: a settings field alone, a password alone, paused', () => {
    expect(UpdateSourceSchema.parse({ settings: { port: 143, security: 'starttls' } })).toEqual({
      settings: { port: 143, security: 'starttls' },
    });
    expect(UpdateSourceSchema.parse({ password: 'new' })).toEqual({ password: 'new' });
    expect(UpdateSourceSchema.parse({ paused: true })).toEqual({ paused: true });
  });

  it('null folders go back to the default selection, null pin back to the public authorities', () => {
    expect(
      UpdateSourceSchema.parse({ settings: { folders: null, pinned_certificate_sha256: null } }),
    ).toEqual({
      settings: { folders: null, pinned_certificate_sha256: null },
    });
  });

  it('an empty update is refused with what to send', () => {
    expect(message(UpdateSourceSchema.safeParse({}))).toBe(SOURCE_MESSAGES.nothingToUpdate);
    expect(message(UpdateSourceSchema.safeParse({ kind: 'imap' }))).toBe('Unknown field: kind');
    expect(message(UpdateSourceSchema.safeParse({ paused: 'yes' }))).toBe('paused is true or false.');
  });
});

describe('test requests', () => {
  it('a new source is tested with its settings and password, a saved one with nothing or changes', () => {
    expect(TestSourceSchema.parse({ kind: 'imap', settings, password: 'x' }).settings).toHaveProperty(
      'host',
      'imap.example.com',
    );
    expect(message(TestSourceSchema.safeParse({ kind: 'imap', settings }))).toBe(
      SOURCE_MESSAGES.passwordRequired,
    );
    expect(TestSavedSourceSchema.parse({})).toEqual({});
    expect(TestSavedSourceSchema.parse({ settings: { pinned_certificate_sha256: FINGERPRINT } })).toEqual({
      settings: { pinned_certificate_sha256: FINGERPRINT },
    });
  });
});

describe('answers', () => {
  const source = {
    id: '7d1e7d7e-8a43-4c5e-9d56-0e8d9f0a1b2c',
    kind: 'imap',
    name: 'ada@example.com',
    settings: ImapSettingsSchema.parse(settings),
    documents: 0,
    created_at: '2026-11-25T10:00:00.000Z',
    updated_at: '2026-11-25T10:00:00.000Z',
  };

  it('each state carries what its card shows', () => {
    const states = [
      { state: 'connected', next_sync_at: null },
      {
        state: 'syncing',
        done: 120,
        total: 400,
        rate: 60.5,
        eta_seconds: 5,
        started_at: '2026-11-25T10:00:00.000Z',
        stuck_since: null,
        last_sync_at: null,
      },
      {
        state: 'up_to_date',
        last_sync_at: '2026-11-25T10:00:00.000Z',
        next_sync_at: '2026-11-25T10:15:00.000Z',
      },
      {
        state: 'needs_attention',
        problem: 'auth',
        reason: 'The server refused the password.',
        action: 'Enter the password again, or make a new app password.',
        retry_at: null,
        last_sync_at: null,
      },
      { state: 'paused', last_sync_at: null },
    ];
    for (const status of states) expect(SourceSchema.parse({ ...source, status }).status).toEqual(status);
    expect(SourceStatusSchema.safeParse({ state: 'syncing', done: 1 }).success).toBe(false);
  });

  it('the answer never carries a password: a field of that name is not part of it', () => {
    const parsed = SourceSchema.parse({
      ...source,
      status: { state: 'paused', last_sync_at: null },
      password: 'x',
    });
    expect(JSON.stringify(parsed)).not.toContain('password');
  });

  it('a test says the step that failed, and for TLS the certificate to pin', () => {
    const tls = SourceTestResultSchema.parse({
      ok: false,
      step: 'tls',
      reason: 'The server’s certificate is self-signed.',
      action: 'If you trust this server, check the fingerprint and trust it.',
      certificate: {
        sha256: FINGERPRINT,
        subject: 'CN=localhost',
        issuer: 'CN=localhost',
        valid_from: null,
        valid_to: null,
        problem: 'self-signed',
      },
    });
    expect(tls.ok === false && tls.certificate?.sha256).toBe(FINGERPRINT);
    const ok = SourceTestResultSchema.parse({
      ok: true,
      folders: [
        { path: 'INBOX', name: 'INBOX', special_use: '\\Inbox', messages: 60, default_selected: true },
        { path: 'Trash', name: 'Trash', special_use: '\\Trash', messages: null, default_selected: false },
      ],
      default_folders: ['INBOX'],
      certificate: null,
    });
    expect(ok.ok && ok.default_folders).toEqual(['INBOX']);
  });

  it('the sources path sits under the API prefix', () => {
    expect(API_PATHS.sources).toBe('/api/v1/sources');
  });
});
