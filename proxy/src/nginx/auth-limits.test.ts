import { describe, expect, it } from 'vitest';
import { type ProxySettings, renderNginxConfig } from '../render-config';
import { AUTH_LIMITS_PER_NETWORK, clientNetworkMap } from './auth-limits';

const base: ProxySettings = {
  httpPort: 8080,
  wwwRoot: '/srv/trove/dist/www',
  runtimeDir: '/srv/trove/.data/run/nginx-8080',
  authUpstreams: ['127.0.0.1:4101'],
  profileUpstreams: ['127.0.0.1:4102'],
  searchUpstreams: ['127.0.0.1:4103'],
  sourcesUpstreams: ['127.0.0.1:4104'],
  brotli: false,
};

/** The text of the `location <match> {` block (these have no nested blocks). */
function location(conf: string, match: string): string {
  const start = conf.indexOf(`location ${match} {`);
  if (start < 0) throw new Error(`no location ${match}`);
  return conf.slice(start, conf.indexOf('\n    }', start));
}

/** The map's regexes, each applied to an address as nginx would (first match wins), with $1… filled in. */
function mapKey(address: string): string {
  const lines = clientNetworkMap()
    .split('\n')
    .map((line) => /^\s*"~(.+)" (\S+);$/.exec(line))
    .filter((match) => match !== null);
  for (const [, pattern = '', value = ''] of lines) {
    const found = new RegExp(pattern).exec(address);
    if (found) return value.replace(/^"|"$/g, '').replace(/\$(\d)/g, (_, n) => found[Number(n)] ?? '');
  }
  return address;
}

describe('the client network map (docs/decisions/096)', () => {
  it('keys IPv4 by its address and IPv6 by its /64, from every place the zero run can be', () => {
    expect(mapKey('203.0.113.5')).toBe('203.0.113.5');
    expect(mapKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(mapKey('2001:db8:f100:1::1f')).toBe('2001:db8:f100:1::/64');
    expect(mapKey('2001:db8:f100:1:a:b:c:d')).toBe('2001:db8:f100:1::/64');
    expect(mapKey('2001:db8:f100::1')).toBe('2001:db8:f100:0::/64');
    expect(mapKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(mapKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(mapKey('2001::5:6:7:8:9')).toBe('2001:0:0:5::/64');
    expect(mapKey('2001::6:7:8:9')).toBe('2001:0:0:0::/64');
    expect(mapKey('::3:4:5:6:7:8')).toBe('0:0:3:4::/64');
    expect(mapKey('::4:5:6:7:8')).toBe('0:0:0:4::/64');
    expect(mapKey('::1')).toBe('0:0:0:0::/64');
    expect(mapKey('::1.2.3.4')).toBe('0:0:0:0::/64');
  });

  it('never gives an empty key (nginx would not count the request)', () => {
    for (const address of ['::', '::1', '1::', '1:2::', '1:2:3::', '1:2:3:4::']) {
      expect(mapKey(address)).not.toBe('');
    }
  });
});

describe('limits on the auth calls made without a session, per client network', () => {
  const conf = renderNginxConfig(base);

  it('counts register and the other sign-in calls in zones keyed by the network', () => {
    expect(conf).toContain('map $remote_addr $trove_client_network {');
    expect(conf).toContain('limit_req_zone $trove_client_network zone=trove_register:10m rate=30r/m;');
    expect(conf).toContain('limit_req_zone $trove_client_network zone=trove_sign_in:10m rate=300r/m;');
    const register = location(conf, '= /api/v1/auth/password/register');
    expect(register).toContain('limit_req zone=trove_register burst=10 nodelay;');
    expect(register).toContain('limit_req_status 429;');
    expect(register).toContain('error_page 429 @json_429;');
    expect(register).toContain('proxy_pass http://trove_auth;');
    for (const prefix of ['/api/v1/auth/password/', '/api/v1/auth/otp/']) {
      const block = location(conf, `^~ ${prefix}`);
      expect(block).toContain('limit_req zone=trove_sign_in burst=60 nodelay;');
      expect(block).toContain('error_page 429 @json_429;');
    }
    // The session's own calls (refresh, me, logout) are not counted.
    expect(location(conf, '^~ /api/v1/auth/')).not.toContain('limit_req');
  });

  it('takes the rates and bursts from the settings and refuses nonsense', () => {
    const raised = renderNginxConfig({
      ...base,
      authLimits: { registerPerMinute: 100000, registerBurst: 5000, signInPerMinute: 7, signInBurst: 3 },
    });
    expect(raised).toContain('zone=trove_register:10m rate=100000r/m;');
    expect(raised).toContain('limit_req zone=trove_register burst=5000 nodelay;');
    expect(raised).toContain('zone=trove_sign_in:10m rate=7r/m;');
    expect(raised).toContain('limit_req zone=trove_sign_in burst=3 nodelay;');
    expect(() =>
      renderNginxConfig({ ...base, authLimits: { ...AUTH_LIMITS_PER_NETWORK, registerBurst: 0 } }),
    ).toThrow(/authLimits.registerBurst/);
    expect(() =>
      renderNginxConfig({ ...base, authLimits: { ...AUTH_LIMITS_PER_NETWORK, signInPerMinute: 1.5 } }),
    ).toThrow(/authLimits.signInPerMinute/);
  });
});
