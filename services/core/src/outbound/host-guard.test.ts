import { describe, expect, it } from 'vitest';
import { HostRefusedError, type Lookup, parseAllowedHosts, resolveAllowedHost } from './host-guard';

const NONE = parseAllowedHosts('');
/** A resolver that answers what a (possibly hostile) DNS server could. */
const answering =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(promise: Promise<unknown>): Promise<HostRefusedError> {
  const err = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(err).toBeInstanceOf(HostRefusedError);
  return err as HostRefusedError;
}

describe('resolveAllowedHost', () => {
  it('a public address passes, and is what to connect to', async () => {
    expect(await resolveAllowedHost('imap.example.com', NONE, answering('93.184.215.14'))).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    expect(await resolveAllowedHost('2606:4700:4700::1111', NONE)).toEqual({
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['10.0.0.5', 'private'],
    ['172.16.3.4', 'private'],
    ['192.168.1.10', 'private'],
    ['fd00:ec2::254', 'private'],
    ['100.64.0.1', 'carrier-grade'],
    ['0.0.0.0', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::1]', 'loopback'],
  ])('refuses %s (%s) given as an address', async (host, words) => {
    const err = await refusal(resolveAllowedHost(host, NONE));
    expect(err.kind).toBe('refused');
    expect(err.message).toContain(words);
    expect(err.message).toContain('SOURCE_ALLOWED_HOSTS');
  });

  it('refuses a public-looking name whose DNS answer holds a private address, even beside a public one', async () => {
    const err = await refusal(
      resolveAllowedHost('mail.attacker.example', NONE, answering('93.184.215.14', '10.1.2.3')),
    );
    expect(err.message).toBe(
      'Not connecting to mail.attacker.example: it is 10.1.2.3, a private network address. If this is your own server, an administrator can allow it with SOURCE_ALLOWED_HOSTS.',
    );
  });

  it('the real resolver: localhost is loopback and refused; a name that does not exist is a DNS error', async () => {
    expect((await refusal(resolveAllowedHost('localhost', NONE))).kind).toBe('refused');
    const missing = await refusal(resolveAllowedHost('no-such-host.invalid', NONE));
    expect(missing.kind).toBe('dns');
    expect(missing.message).toMatch(/^Cannot find the server "no-such-host\.invalid" \(DNS: \w+\)/);
  });

  it('SOURCE_ALLOWED_HOSTS lets a self-hoster name their server, by name or by range', async () => {
    const allowed = parseAllowedHosts('mail.internal, 10.20.0.0/16 ::1');
    expect(await resolveAllowedHost('MAIL.internal.', allowed, answering('192.168.7.7'))).toEqual({
      address: '192.168.7.7',
      family: 4,
    });
    expect((await resolveAllowedHost('db.lan', allowed, answering('10.20.30.40'))).address).toBe(
      '10.20.30.40',
    );
    expect((await resolveAllowedHost('::1', allowed)).address).toBe('::1');
    await refusal(resolveAllowedHost('db.lan', allowed, answering('10.21.0.1')));
  });

  it('a setting entry that is neither a name nor a range is refused at start', () => {
    expect(() => parseAllowedHosts('mail.internal, not a host!')).toThrow(
      '"host!" is not a host name, an address or a CIDR range',
    );
    expect(() => parseAllowedHosts('10.0.0.0/99')).toThrow();
  });
});
