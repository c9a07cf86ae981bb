import { describe, expect, it } from 'vitest';
import { withRowLabels } from './row-facet';

describe('the type facet of database rows (issue 38)', () => {
  const sources = [
    { value: 'db-1', count: 14 },
    { value: 'uploads', count: 5 },
  ];

  it('rows alone read "Row", not "HTML"', () => {
    expect(
      withRowLabels(
        [
          { value: 'html', count: 14 },
          { value: 'pdf', count: 5 },
        ],
        sources,
        new Set(['db-1']),
      ),
    ).toEqual([
      { value: 'html', count: 14, label: 'Row' },
      { value: 'pdf', count: 5 },
    ]);
  });

  it('rows beside HTML files say both; without database sources nothing changes', () => {
    expect(withRowLabels([{ value: 'html', count: 17 }], sources, new Set(['db-1']))).toEqual([
      { value: 'html', count: 17, label: 'HTML and rows' },
    ]);
    expect(withRowLabels([{ value: 'html', count: 3 }], sources, new Set())).toEqual([
      { value: 'html', count: 3 },
    ]);
  });
});
