import { describe, expect, it } from 'vitest';
import { senderLabel } from './sender-label';

describe('who a mailed answer says sent it (issue 38)', () => {
  it("is the profile's name with the address, or the address alone", () => {
    expect(senderLabel({ email: 'asha@example.com', name: 'Asha Rao' })).toBe('Asha Rao (asha@example.com)');
    expect(senderLabel({ email: 'asha@example.com', name: null })).toBe('asha@example.com');
    expect(senderLabel({ email: 'asha@example.com', name: '  ' })).toBe('asha@example.com');
  });

  it('never carries a line break into the subject', () => {
    expect(senderLabel({ email: 'a@example.com', name: 'Asha\r\nBcc: x@evil.example' })).toBe(
      'Asha Bcc: x@evil.example (a@example.com)',
    );
  });
});
