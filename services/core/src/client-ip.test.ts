import { describe, expect, it } from 'vitest';
import { ipLimitKey, networkLimitKey, resolveClientIp, TrustedProxies } from './client-ip';

const loopbackProxy = new TrustedProxies(['127.0.0.1', '::1']);

describe('resolveClientIp', () => {
  it('a forged X-Forwarded-For sent straight to a service changes nothing', () => {
    expect(
      resolveClientIp(
        { socketAddress: '203.0.113.9', forwardedFor: '198.51.100.1', realIp: '198.51.100.2' },
        loopbackProxy,
      ),
    ).toBe('203.0.113.9');
  });

  it('behind a trusted proxy, the address the proxy saw is the client', () => {
    expect(resolveClientIp({ socketAddress: '127.0.0.1', forwardedFor: '203.0.113.9' }, loopbackProxy)).toBe(
      '203.0.113.9',
    );
  });

  it('entries a client prepended through the proxy are ignored: the right-most untrusted one wins', () => {
    expect(
      resolveClientIp({ socketAddress: '127.0.0.1', forwardedFor: '1.1.1.1, 203.0.113.9' }, loopbackProxy),
    ).toBe('203.0.113.9');
  });

  it('skips every trusted hop in a chain of proxies', () => {
    const proxies = new TrustedProxies(['127.0.0.1', '10.0.0.0/8']);
    expect(
      resolveClientIp(
        { socketAddress: '127.0.0.1', forwardedFor: '6.6.6.6, 203.0.113.9, 10.1.2.3' },
        proxies,
      ),
    ).toBe('203.0.113.9');
  });

  it('uses X-Real-IP from a trusted proxy that sends no X-Forwarded-For', () => {
    expect(resolveClientIp({ socketAddress: '::1', realIp: '203.0.113.9' }, loopbackProxy)).toBe(
      '203.0.113.9',
    );
  });

  it('falls back to the socket address when a trusted proxy sends nothing usable', () => {
    expect(resolveClientIp({ socketAddress: '127.0.0.1' }, loopbackProxy)).toBe('127.0.0.1');
    expect(resolveClientIp({ socketAddress: '127.0.0.1', realIp: 'not-an-ip' }, loopbackProxy)).toBe(
      '127.0.0.1',
    );
  });

  it('stops at garbage in the chain and keeps the last hop it could vouch for', () => {
    expect(
      resolveClientIp({ socketAddress: '127.0.0.1', forwardedFor: '203.0.113.9, <script>' }, loopbackProxy),
    ).toBe('127.0.0.1');
  });

  it('treats an IPv4-mapped IPv6 socket address as the IPv4 address', () => {
    expect(
      resolveClientIp({ socketAddress: '::ffff:127.0.0.1', forwardedFor: '203.0.113.9' }, loopbackProxy),
    ).toBe('203.0.113.9');
    expect(resolveClientIp({ socketAddress: '::ffff:203.0.113.9' }, loopbackProxy)).toBe('203.0.113.9');
  });

  it('has no answer without a socket (an in-process request)', () => {
    expect(
      resolveClientIp({ socketAddress: undefined, forwardedFor: '203.0.113.9' }, loopbackProxy),
    ).toBeUndefined();
  });
});

describe('TrustedProxies', () => {
  it('matches addresses and CIDR ranges of both families', () => {
    const proxies = new TrustedProxies(['10.0.0.0/8', 'fd00::/8', '192.0.2.1']);
    expect(proxies.has('10.200.0.1')).toBe(true);
    expect(proxies.has('11.0.0.1')).toBe(false);
    expect(proxies.has('fd12::1')).toBe(true);
    expect(proxies.has('192.0.2.1')).toBe(true);
    expect(proxies.has('192.0.2.2')).toBe(false);
    expect(proxies.has('garbage')).toBe(false);
  });
});

describe('ipLimitKey', () => {
  it('keeps an IPv4 address, and counts an IPv6 address by its /64', () => {
    expect(ipLimitKey('203.0.113.5')).toBe('203.0.113.5');
    expect(ipLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(ipLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:0DB8:0001:0002::7')).toBe('2001:db8:1:2::/64');
    expect(ipLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipLimitKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('networkLimitKey (issue 35 item 6)', () => {
  it('an IPv4 address by its /24, an IPv6 address by its /48', () => {
    expect(networkLimitKey('203.0.113.5')).toBe('203.0.113.0/24');
    expect(networkLimitKey('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1::/48');
    expect(networkLimitKey('2001:db8:1:ffff::9')).toBe('2001:db8:1::/48');
    expect(networkLimitKey('2001:db8::1')).toBe('2001:db8:0::/48');
  });
});
