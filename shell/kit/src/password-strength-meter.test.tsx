// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter';

describe('PasswordStrengthMeter', () => {
  afterEach(cleanup);

  it('shows the level and percentage of the five checks', () => {
    const { container } = render(<PasswordStrengthMeter password="aA1!" />);
    expect(screen.getByText('Strength: Strong (80%)')).toBeTruthy();
    expect(container.firstElementChild?.getAttribute('data-level')).toBe('strong');
    expect(screen.getByText(/8\+ characters/).textContent).toContain('(missing)');
  });

  it('is amber from 40 % and red below', () => {
    const { container, rerender } = render(<PasswordStrengthMeter password="aA" />);
    expect(container.firstElementChild?.getAttribute('data-level')).toBe('fair');
    rerender(<PasswordStrengthMeter password="a" />);
    expect(container.firstElementChild?.getAttribute('data-level')).toBe('weak');
  });
});
