import { describe, expect, it } from 'vitest';
import { extraLocationBlocks, extraUpstreamBlocks, upstreamBlock } from './locations';

describe('extra proxied paths (the bench’s bare baseline)', () => {
  const extra = [
    { path: '/bench/bare', upstreams: ['127.0.0.1:5000'] },
    { path: '/bench/other/', upstreams: ['127.0.0.1:5001'] },
  ];

  it('matches a path exactly, or as a prefix when it ends with /', () => {
    const [bare, other] = extraLocationBlocks(extra, 'x');
    expect(bare).toContain('location = /bench/bare {');
    expect(other).toContain('location ^~ /bench/other/ {');
  });

  it('gives each path its own upstream, named after the path', () => {
    const [bare, other] = extraUpstreamBlocks(extra);
    expect(bare).toMatch(/upstream trove_extra_bench_bare \{\s+server 127\.0\.0\.1:5000;/);
    expect(other).toContain('upstream trove_extra_bench_other {');
    expect(extraLocationBlocks(extra, 'x')[1]).toContain('proxy_pass http://trove_extra_bench_other;');
  });

  it('refuses a path that is relative or could break out of the directive', () => {
    expect(() => extraLocationBlocks([{ path: 'bench', upstreams: ['a:1'] }], 'x')).toThrow(/start with \//);
    expect(() => extraLocationBlocks([{ path: '/bench;', upstreams: ['a:1'] }], 'x')).toThrow(
      /location path/,
    );
  });
});

describe('upstreamBlock', () => {
  it('keeps connections to the services alive and needs at least one server', () => {
    expect(upstreamBlock('trove_auth', ['127.0.0.1:4101'])).toContain('keepalive 32;');
    expect(() => upstreamBlock('trove_auth', [])).toThrow(/at least one/);
  });
});
