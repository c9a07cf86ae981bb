// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../testing/landing-test-kit';
import PricingSection from './pricing-section';

afterEach(cleanup);
beforeEach(() => {
  render(<PricingSection />, { wrapper: Providers });
});

describe('pricing (docs/product/public-pages.md#pricing)', () => {
  it('the Monthly/Yearly toggle switches Pro between 999 and 799', () => {
    expect(screen.getByTestId('price-pro').textContent).toBe('₹999');
    fireEvent.click(screen.getByRole('button', { name: /Yearly/ }));
    expect(screen.getByRole('button', { name: /Yearly/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('price-pro').textContent).toBe('₹799');
    expect(screen.getByTestId('price-free').textContent).toBe('₹0');
    expect(screen.getByTestId('price-ent').textContent).toBe('Custom');
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByTestId('price-pro').textContent).toBe('₹999');
  });

  it('says "Save ~20%", that taxes may apply, and white-glove onboarding for 25+', () => {
    const text = document.body.textContent ?? '';
    expect(text).toContain('Save ~20%');
    expect(text).toContain('Taxes may apply. Switch or cancel anytime.');
    expect(text).toContain('white-glove onboarding');
  });

  it('the detailed comparison is hidden until Show, and Hide collapses it', () => {
    const button = screen.getByRole('button', { name: /^Show/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(button);
    expect(screen.getByRole('table')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Hide/ }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('CTAs go to register, and Enterprise to sales', () => {
    expect(screen.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/auth/register');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/auth/register');
    expect(screen.getByRole('link', { name: 'Talk to sales' }).getAttribute('href')).toBe(
      '/contact?topic=pricing',
    );
  });
});
