import { describe, expect, it } from 'vitest';
import { nextTabIndex } from './tab-keys';

describe('tab keys (WAI-ARIA tabs pattern)', () => {
  it('Right moves to the next tab and wraps from the last to the first', () => {
    expect(nextTabIndex(0, 'ArrowRight', 5)).toBe(1);
    expect(nextTabIndex(4, 'ArrowRight', 5)).toBe(0);
  });
  it('Left moves to the previous tab and wraps from the first to the last', () => {
    expect(nextTabIndex(3, 'ArrowLeft', 5)).toBe(2);
    expect(nextTabIndex(0, 'ArrowLeft', 5)).toBe(4);
  });
  it('Home and End jump to the ends', () => {
    expect(nextTabIndex(2, 'Home', 5)).toBe(0);
    expect(nextTabIndex(2, 'End', 5)).toBe(4);
  });
  it('other keys, and a list without tabs, are left alone', () => {
    expect(nextTabIndex(2, 'ArrowDown', 5)).toBeNull();
    expect(nextTabIndex(2, 'Enter', 5)).toBeNull();
    expect(nextTabIndex(2, 'a', 5)).toBeNull();
    expect(nextTabIndex(0, 'ArrowRight', 0)).toBeNull();
  });
});
