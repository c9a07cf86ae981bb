// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../testing/landing-test-kit';
import SecuritySection from './security-section';

afterEach(cleanup);
beforeEach(() => {
  render(<SecuritySection />, { wrapper: Providers });
});

describe('trust and security (docs/product/public-pages.md#security-section)', () => {
  it('the Local-only / Cloud assist toggle changes the content', () => {
    expect(screen.getByTestId('security-mode-title').textContent).toBe('Everything stays on your device');
    fireEvent.click(screen.getByRole('button', { name: 'Cloud assist' }));
    expect(screen.getByTestId('security-mode-title').textContent).toBe(
      'An optional relay, when you choose it',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Local-only' }));
    expect(screen.getByTestId('security-mode-title').textContent).toBe('Everything stays on your device');
  });

  it('has four FAQ items that expand and collapse', () => {
    const questions = screen
      .getAllByRole('button', { expanded: false })
      .filter((b) => b.hasAttribute('aria-controls'));
    expect(questions).toHaveLength(4);
    const first = questions[0] as HTMLElement;
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(false);
    fireEvent.click(first);
    expect(panel?.hidden).toBe(true);
  });

  it('states the docs/product/public-pages.md#claims claims and links to security and the brief', () => {
    const text = document.body.textContent ?? '';
    for (const claim of [
      'On-device index',
      'keychain',
      'Zero telemetry',
      'Optional cloud relay',
      'least-privilege',
      'AES-256',
      'TLS 1.2+',
      'SOC 2',
      'GDPR',
      'SAML / OIDC',
      'SCIM',
      'DLP APIs',
      'BYOK',
    ])
      expect(text).toContain(claim);
    expect(screen.getByRole('link', { name: 'Talk to security' }).getAttribute('href')).toBe(
      '/contact?topic=security',
    );
    expect(screen.getByRole('link', { name: /Security brief/ }).getAttribute('href')).toBe('/security.pdf');
  });
});
