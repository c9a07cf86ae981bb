import { describe, expect, it } from 'vitest';
import { defaultPlaybookFilters, filterPlaybooks, playbookFiltersChanged } from './playbook-filters';
import { playbooks } from './playbooks';

const ids = (patch: Parameters<typeof filterPlaybooks>[0]) => filterPlaybooks(patch).map((p) => p.id);

describe('playbook filters (docs/product/connections.md#playbook-filters)', () => {
  it('with no filter set, every playbook is listed', () => {
    expect(filterPlaybooks(defaultPlaybookFilters)).toEqual(playbooks);
  });

  it('department lists only that department', () => {
    expect(ids({ ...defaultPlaybookFilters, dept: 'Finance' })).toEqual([
      'invoice-finder',
      'expense-receipt-sweep',
    ]);
    expect(ids({ ...defaultPlaybookFilters, dept: 'IT' })).toEqual(['access-audit']);
  });

  it('action tag lists playbooks that carry it', () => {
    const route = filterPlaybooks({ ...defaultPlaybookFilters, tag: 'route' });
    expect(route.length).toBeGreaterThan(0);
    expect(route.every((p) => p.tags.includes('route'))).toBe(true);
    expect(route.length).toBe(playbooks.filter((p) => p.tags.includes('route')).length);
  });

  it('difficulty lists basic or pro', () => {
    const pro = filterPlaybooks({ ...defaultPlaybookFilters, difficulty: 'pro' });
    const basic = filterPlaybooks({ ...defaultPlaybookFilters, difficulty: 'basic' });
    expect(pro.every((p) => p.difficulty === 'pro')).toBe(true);
    expect(pro.length + basic.length).toBe(playbooks.length);
  });

  it('combines every filter that is set', () => {
    expect(ids({ dept: 'Support', tag: 'automate', difficulty: 'pro' })).toEqual(['auto-deflect']);
    expect(ids({ dept: 'Engineering', tag: 'route', difficulty: 'all' })).toEqual(['bug-sweep']);
  });

  it('a combination nothing fits lists nothing (the empty state)', () => {
    expect(ids({ dept: 'Finance', tag: 'all', difficulty: 'pro' })).toEqual([]);
  });

  it('knows when a filter is set', () => {
    expect(playbookFiltersChanged(defaultPlaybookFilters)).toBe(false);
    expect(playbookFiltersChanged({ ...defaultPlaybookFilters, tag: 'find' })).toBe(true);
  });
});
