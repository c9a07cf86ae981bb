import { describe, expect, it, vi } from 'vitest';

// The registry imports the MF runtime, which only works inside a federated build.
vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const { parseRemotesConfig } = await import('./remote-registry');

describe('remotes map', () => {
  it('keeps well-formed entries, absolute ones included', () => {
    expect(
      parseRemotesConfig({
        remotes: {
          auth: { entry: '/remotes/auth/abc/mf-manifest.json' },
          cdn: { entry: 'http://h:1/x/mf-manifest.json' },
        },
      }),
    ).toEqual({
      remotes: {
        auth: { entry: '/remotes/auth/abc/mf-manifest.json' },
        cdn: { entry: 'http://h:1/x/mf-manifest.json' },
      },
    });
  });

  it('drops a malformed entry instead of failing the whole map', () => {
    expect(parseRemotesConfig({ remotes: { a: { entry: '' }, b: 3, c: { entry: '/c' } } })).toEqual({
      remotes: { c: { entry: '/c' } },
    });
  });

  it('refuses a file without a remotes map', () => {
    expect(() => parseRemotesConfig({ marketing: {} })).toThrow(/remotes/);
  });
});
