import { describe, expect, it } from 'vitest';
import {
  assertAddressRange,
  assertOrigin,
  assertPath,
  assertPort,
  assertSafe,
  assertUpstream,
} from './validate';

describe('values that go into nginx directives', () => {
  it('refuses anything that could close a directive or a block', () => {
    for (const value of ['', 'a b', 'a;b', 'a}', 'a{', '"a"', "'a'", 'a`', '$a', 'a\\b', '#a']) {
      expect(() => assertSafe('value', value), JSON.stringify(value)).toThrow(/Invalid value/);
    }
    expect(() => assertSafe('value', '127.0.0.1')).not.toThrow();
  });

  it('takes absolute paths only', () => {
    expect(() => assertPath('wwwRoot', 'relative/www')).toThrow(/absolute/);
    expect(() => assertPath('wwwRoot', '/srv/www; evil')).toThrow(/wwwRoot/);
    expect(() => assertPath('wwwRoot', '/srv/www')).not.toThrow();
  });

  it('takes host:port, [v6]:port or a unix socket as an upstream', () => {
    for (const value of ['127.0.0.1:4101', 'search.internal:80', '[::1]:5000', 'unix:/run/x.sock']) {
      expect(() => assertUpstream(value), value).not.toThrow();
    }
    for (const value of ['127.0.0.1', '127.0.0.1:1; }', 'http://x:1']) {
      expect(() => assertUpstream(value), value).toThrow(/upstream/);
    }
  });

  it('takes scheme://host[:port] as a remote origin, with a leading *. wildcard', () => {
    for (const value of ['https://cdn.example.com', 'https://*.example.org', 'http://[::1]:3001']) {
      expect(() => assertOrigin(value), value).not.toThrow();
    }
    expect(() => assertOrigin("https://x.com 'unsafe-inline'")).toThrow(/origin/);
    expect(() => assertOrigin('cdn.example.com')).toThrow(/origin/);
  });

  it('takes ports from 1 to 65535', () => {
    expect(() => assertPort('httpPort', 0)).toThrow(/httpPort/);
    expect(() => assertPort('httpPort', 70_000)).toThrow(/httpPort/);
    expect(() => assertPort('httpPort', 8080)).not.toThrow();
  });

  it('takes an IP or CIDR range as a front proxy', () => {
    for (const value of ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1']) {
      expect(() => assertAddressRange(value), value).not.toThrow();
    }
    expect(() => assertAddressRange('10.0.0.0/8; evil')).toThrow(/front proxy/);
    expect(() => assertAddressRange('proxy.example.com')).toThrow(/front proxy/);
  });
});
