import { describe, expect, it } from 'vitest';
import { defaultPhoneCountry, phoneHint } from './phone-field';

describe('the phone field’s default country (issue 38)', () => {
  it('is the country the browser’s language names: en-US is +1, not +91', () => {
    expect(defaultPhoneCountry(['en-US', 'en'])).toBe('US');
    expect(defaultPhoneCountry(['de-DE'])).toBe('DE');
    expect(defaultPhoneCountry(['hi-IN'])).toBe('IN');
    expect(phoneHint('US')).toBe('Include the country code; United States (+1) is the default.');
  });

  it('falls back to India when no language names a country', () => {
    expect(defaultPhoneCountry(['en'])).toBe('IN');
    expect(defaultPhoneCountry([])).toBe('IN');
    expect(defaultPhoneCountry(['not a locale'])).toBe('IN');
    expect(phoneHint('IN')).toBe('Include the country code; India (+91) is the default.');
  });
});
