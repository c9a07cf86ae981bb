import { describe, expect, it } from 'vitest';
import { profileDisplayName } from './display-name';

describe('profile display name', () => {
  it('uses the name, then first and last name, then "Your Name"', () => {
    expect(profileDisplayName({ name: 'Asha Rao', firstName: 'A' })).toBe('Asha Rao');
    expect(profileDisplayName({ name: ' ', firstName: 'Asha', lastName: 'Rao' })).toBe('Asha Rao');
    expect(profileDisplayName({ firstName: 'Asha' })).toBe('Asha');
    expect(profileDisplayName({})).toBe('Your Name');
  });

  it('with no name at all, the one the account menu shows for the email, as the account menu does (issue 38)', () => {
    expect(profileDisplayName({ email: 'asha.rao@example.org' })).toBe('Asha Rao');
    expect(profileDisplayName({ firstName: 'Asha', email: 'x@example.org' })).toBe('Asha');
    expect(profileDisplayName({ email: null })).toBe('Your Name');
  });
});
