import { describe, expect, it } from 'vitest';
import { connectAction, GUEST_CONNECT_TARGET, playgroundPath, templateTarget } from './login-redirects';

const gmail = { id: 'gmail', name: 'Gmail' };

describe('guest redirects (docs/product/public-pages.md#integrations-tab, docs/product/shell.md#roles)', () => {
  it('a guest who presses Connect goes to /auth/login?next=/integrations', () => {
    expect(connectAction(gmail, 'guest')).toEqual({ kind: 'login', to: '/auth/login?next=/integrations' });
    expect(GUEST_CONNECT_TARGET).toBe('/auth/login?next=/integrations');
  });

  it('a signed-in Connect logs the connector id and says connecting it is coming soon', () => {
    expect(connectAction(gmail, 'user')).toEqual({
      kind: 'coming-soon',
      connectorId: 'gmail',
      message: 'Connecting Gmail is coming soon.',
    });
  });

  it('Connect waits while the session is still being checked', () => {
    expect(connectAction(gmail, 'loading')).toEqual({ kind: 'wait' });
  });

  it('Use template, signed in, goes to /playground?tpl={id}', () => {
    expect(templateTarget('invoice-finder', 'user')).toBe('/playground?tpl=invoice-finder');
  });

  it('Use template, signed out, goes to login with the URL-encoded playground path as next', () => {
    expect(templateTarget('invoice-finder', 'guest')).toBe(
      '/auth/login?next=%2Fplayground%3Ftpl%3Dinvoice-finder',
    );
    const next = new URLSearchParams(templateTarget('qbr-pack', 'guest').split('?')[1]).get('next');
    expect(next).toBe('/playground?tpl=qbr-pack');
  });

  it('an id with reserved characters survives the round trip through next', () => {
    const odd = 'a&b=c/d?e f';
    expect(playgroundPath(odd)).toBe('/playground?tpl=a%26b%3Dc%2Fd%3Fe%20f');
    const next = new URLSearchParams(templateTarget(odd, 'guest').split('?')[1]).get('next') ?? '';
    expect(new URLSearchParams(next.split('?')[1]).get('tpl')).toBe(odd);
  });
});
