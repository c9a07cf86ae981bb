import { describe, expect, it } from 'vitest';
import { profileDisplayName } from './display-name';

describe('profile display name', () => {
  it('uses the name, then first and last name, then "Your Name"', () => {
    expect(profileDisplayName({ name: 'Asha Rao', firstName: 'A' })).toBe('Asha Rao');
    expect(profileDisplayName({ name: ' ', firstName: 'Asha', lastName: 'Rao' })).toBe('Asha Rao');
    expect(profileDisplayName({ firstName: 'Asha' })).toBe('Asha');
    expect(profileDisplayName({})).toBe('Your Name');
  });
});
