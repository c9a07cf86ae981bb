import { describe, expect, it } from 'vitest';
import { ALLOWED_GROWTH, overruns } from './bundle-size';

describe('the first-load JS check', () => {
  it('passes a page within 5 % of its recorded figure', () => {
    expect(overruns({ '/': 100_000 }, { '/': 100_000 * (1 + ALLOWED_GROWTH) })).toEqual([]);
    expect(overruns({ '/': 100_000 }, { '/': 80_000 })).toEqual([]);
  });
  it('fails a page that grew more than 5 %', () => {
    expect(overruns({ '/': 100_000 }, { '/': 105_001 })).toEqual([
      { page: '/', recorded: 100_000, measured: 105_001 },
    ]);
  });
  it('fails a page with no recorded figure, so a new page gets one on purpose', () => {
    expect(overruns({}, { '/new': 1 })).toEqual([{ page: '/new', recorded: 0, measured: 1 }]);
  });
});
