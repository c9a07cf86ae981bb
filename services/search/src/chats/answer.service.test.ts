import { describe, expect, it } from 'vitest';
import { destinationNote } from './answer.service';

describe('destinationNote', () => {
  it('says plainly which connectors are not connected and offers email', () => {
    expect(destinationNote({ kind: 'chat', channel: '#finance' }, 'Trove')).toBe(
      "Chat isn't connected yet, so this can't go to #finance — send it by email instead.",
    );
    expect(destinationNote({ kind: 'teams', channel: 'Finance Ops' }, 'Trove')).toMatch(
      /^Teams isn't connected yet.*email instead\.$/,
    );
    expect(destinationNote({ kind: 'drive', folder: '/Finance' }, 'Trove')).toMatch(
      /^Drive isn't connected yet.*email instead\.$/,
    );
    expect(destinationNote({ kind: 'unknown' }, 'Acme Search')).toBe(
      'Acme Search doesn’t know that destination — send it by email instead.',
    );
  });

  it('asks for an address only when email named none, and says nothing without a destination', () => {
    expect(destinationNote({ kind: 'email', address: '' }, 'Trove')).toMatch(/Add an address/);
    expect(destinationNote({ kind: 'email', address: 'me@x.com' }, 'Trove')).toBeNull();
    expect(destinationNote(null, 'Trove')).toBeNull();
  });
});
