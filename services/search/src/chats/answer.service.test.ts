import { describe, expect, it } from 'vitest';
import { destinationNote } from './answer.service';

describe('destinationNote', () => {
  it('says plainly which connectors are not connected and offers email', () => {
    expect(destinationNote({ kind: 'chat', channel: '#finance' })).toBe(
      "Chat isn't connected yet, so this can't go to #finance — send it by email instead.",
    );
    expect(destinationNote({ kind: 'teams', channel: 'Finance Ops' })).toMatch(
      /^Teams isn't connected yet.*email instead\.$/,
    );
    expect(destinationNote({ kind: 'drive', folder: '/Finance' })).toMatch(
      /^Drive isn't connected yet.*email instead\.$/,
    );
    expect(destinationNote({ kind: 'unknown' })).toMatch(/email instead/);
  });

  it('asks for an address only when email named none, and says nothing without a destination', () => {
    expect(destinationNote({ kind: 'email', address: '' })).toMatch(/Add an address/);
    expect(destinationNote({ kind: 'email', address: 'me@x.com' })).toBeNull();
    expect(destinationNote(null)).toBeNull();
  });
});
