import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { birthDateBounds, checkProfileStep, isOldEnough } from './profile-step-form';

describe('profile step (docs/product/accounts.md#profile-step-rules)', () => {
  const today = new Date('2026-11-23T12:00:00Z');

  it('the picker runs from 1900-01-01 to today', () => {
    expect(birthDateBounds(today)).toEqual({ min: '1900-01-01', max: '2026-11-23' });
  });

  it('13 years old on the birthday, not the day before', () => {
    expect(isOldEnough('2013-11-23', today)).toBe(true);
    expect(isOldEnough('2013-11-24', today)).toBe(false);
    expect(isOldEnough('1990-12-10', today)).toBe(true);
  });

  describe('checked against the real clock', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(today);
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('names and an old-enough dob pass, trimmed', () => {
      expect(checkProfileStep({ first_name: ' Ada ', last_name: 'Lovelace', dob: '1990-12-10' })).toEqual({
        ok: true,
        value: { first_name: 'Ada', last_name: 'Lovelace', dob: '1990-12-10' },
      });
    });

    it('missing names say which, and flash "Please enter your first and last name."', () => {
      expect(checkProfileStep({ first_name: '', last_name: ' ', dob: '1990-12-10' })).toEqual({
        ok: false,
        errors: { first_name: 'First name is required', last_name: 'Last name is required' },
        summary: 'Please enter your first and last name.',
      });
    });

    it('under 13 says "You must be at least 13 years old."', () => {
      const result = checkProfileStep({ first_name: 'A', last_name: 'B', dob: '2020-01-01' });
      expect(result).toMatchObject({ ok: false, summary: 'You must be at least 13 years old.' });
    });

    it('a missing date of birth is required', () => {
      expect(checkProfileStep({ first_name: 'A', last_name: 'B', dob: '' })).toMatchObject({
        ok: false,
        errors: { dob: 'Date of birth is required' },
      });
    });

    it('a future date is refused', () => {
      expect(checkProfileStep({ first_name: 'A', last_name: 'B', dob: '2027-01-01' })).toMatchObject({
        ok: false,
        errors: { dob: 'Date of birth cannot be in the future' },
      });
    });
  });
});
