import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MicrosecondTimestampSchema, pageQueryShape } from './paging';

const Query = z.object(
  pageQueryShape({ defaultLimit: 20, maxLimit: 50, badLimit: 'limit 1–50', badCursor: 'reload' }),
);

describe('paged list query', () => {
  it('reads the limit from digits, defaults it, and bounds it with the list’s message', () => {
    expect(Query.parse({})).toEqual({ limit: 20 });
    expect(Query.parse({ limit: '50', cursor: 'abc' })).toEqual({ limit: 50, cursor: 'abc' });
    for (const limit of ['0', '51', '-1', '1.5', 'ten', '1000']) {
      expect(Query.safeParse({ limit }).error?.issues[0]?.message).toBe('limit 1–50');
    }
    expect(Query.safeParse({ cursor: 'x'.repeat(513) }).error?.issues[0]?.message).toBe('reload');
  });
});

describe('MicrosecondTimestampSchema', () => {
  it('takes PostgreSQL’s UTC text to the microsecond and refuses impossible or coarser moments', () => {
    expect(MicrosecondTimestampSchema.parse('2026-11-23T08:49:17.123456Z')).toBe(
      '2026-11-23T08:49:17.123456Z',
    );
    for (const bad of [
      '2026-13-45T08:49:17.123456Z',
      '2026-02-30T00:00:00.000000Z',
      '2026-11-23T08:49:17.123Z',
      "2026' or 1=1",
    ]) {
      expect(MicrosecondTimestampSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
