import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHAT_CHANNEL,
  DEFAULT_DRIVE_FOLDER,
  DEFAULT_EMAIL_ADDRESS,
  DEFAULT_TEAMS_CHANNEL,
  askedPart,
  destinationLabel,
  parseCommand,
} from './command-grammar';

describe('command grammar (docs/product/public-pages.md#command-grammar)', () => {
  it('reads the verb, the query and a chat channel after the arrow', () => {
    expect(parseCommand('find invoices over ₹50,000 → #finance')).toEqual({
      verb: 'find',
      knownVerb: true,
      query: 'invoices over ₹50,000',
      destination: { kind: 'chat', channel: '#finance' },
    });
  });

  it.each(['->', '=>', '→'])('accepts %s as the arrow', (arrow) => {
    expect(parseCommand(`share notes ${arrow} #ops`).destination).toEqual({ kind: 'chat', channel: '#ops' });
  });

  it('a chat destination without a channel defaults to #general', () => {
    expect(DEFAULT_CHAT_CHANNEL).toBe('#general');
    expect(parseCommand('summarize standup → chat').destination).toEqual({
      kind: 'chat',
      channel: '#general',
    });
    expect(parseCommand('summarize standup → slack #eng').destination).toEqual({
      kind: 'chat',
      channel: '#eng',
    });
  });

  it('a Teams channel may be quoted or plain, default General', () => {
    expect(parseCommand('draft QBR → teams "Finance Ops"').destination).toEqual({
      kind: 'teams',
      channel: 'Finance Ops',
    });
    expect(parseCommand('draft QBR → Teams Sales').destination).toEqual({ kind: 'teams', channel: 'Sales' });
    expect(parseCommand('draft QBR → teams').destination).toEqual({
      kind: 'teams',
      channel: DEFAULT_TEAMS_CHANNEL,
    });
    expect(DEFAULT_TEAMS_CHANNEL).toBe('General');
  });

  it('email and mail take an address, with a placeholder default', () => {
    expect(parseCommand('export totals → email cfo@acme.in').destination).toEqual({
      kind: 'email',
      address: 'cfo@acme.in',
    });
    expect(parseCommand('export totals → mail to ops@acme.in').destination).toEqual({
      kind: 'email',
      address: 'ops@acme.in',
    });
    expect(parseCommand('export totals → email').destination).toEqual({
      kind: 'email',
      address: DEFAULT_EMAIL_ADDRESS,
    });
    expect(parseCommand('export totals → mail not-an-address').destination).toEqual({
      kind: 'email',
      address: DEFAULT_EMAIL_ADDRESS,
    });
  });

  it('drive takes a /folder path, default My Drive', () => {
    expect(parseCommand('export receipts → drive /Finance/Q3').destination).toEqual({
      kind: 'drive',
      folder: '/Finance/Q3',
    });
    expect(parseCommand('export receipts → drive').destination).toEqual({
      kind: 'drive',
      folder: DEFAULT_DRIVE_FOLDER,
    });
    expect(parseCommand('export receipts → drive Finance').destination).toEqual({
      kind: 'drive',
      folder: 'My Drive',
    });
  });

  it('anything else is Unknown', () => {
    expect(parseCommand('find invoices → the moon').destination).toEqual({ kind: 'unknown' });
    expect(parseCommand('find invoices →').destination).toEqual({ kind: 'unknown' });
    expect(parseCommand('find invoices').destination).toEqual({ kind: 'unknown' });
    expect(destinationLabel({ kind: 'unknown' })).toBe('Unknown');
  });

  it('an unknown verb is kept but flagged, and empty text has no verb', () => {
    expect(parseCommand('fetch x → #a')).toMatchObject({ verb: 'fetch', knownVerb: false });
    expect(parseCommand('   ')).toEqual({
      verb: null,
      knownVerb: false,
      query: '',
      destination: { kind: 'unknown' },
    });
  });

  it('labels every destination for the preview', () => {
    expect(destinationLabel({ kind: 'chat', channel: '#ops' })).toBe('#ops');
    expect(destinationLabel({ kind: 'teams', channel: 'General' })).toBe('Teams · General');
    expect(destinationLabel({ kind: 'email', address: 'a@b.co' })).toBe('a@b.co');
    expect(destinationLabel({ kind: 'drive', folder: 'My Drive' })).toBe('Drive · My Drive');
  });
});

describe('command grammar for chats (placeholders off)', () => {
  it('keeps a typed address', () => {
    expect(parseCommand('summarize invoices -> email me@x.com', { placeholders: false }).destination).toEqual(
      {
        kind: 'email',
        address: 'me@x.com',
      },
    );
  });

  it('leaves the address empty instead of using the demo placeholder', () => {
    expect(parseCommand('find invoices -> email', { placeholders: false }).destination).toEqual({
      kind: 'email',
      address: '',
    });
    expect(
      parseCommand('find invoices -> mail to not-an-address', { placeholders: false }).destination,
    ).toEqual({
      kind: 'email',
      address: '',
    });
  });

  it('still fills the demo placeholder by default', () => {
    expect(parseCommand('find invoices -> email').destination).toEqual({
      kind: 'email',
      address: DEFAULT_EMAIL_ADDRESS,
    });
  });
});

describe('askedPart', () => {
  it('is the command before its arrow, whichever arrow; all of it without one', () => {
    expect(askedPart('invoices over ₹10,000 -> #finance')).toBe('invoices over ₹10,000');
    expect(askedPart('  summarize standup → teams "Ops"')).toBe('summarize standup');
    expect(askedPart('find renewal => email cfo@acme.in')).toBe('find renewal');
    expect(askedPart('find renewal')).toBe('find renewal');
  });
});
