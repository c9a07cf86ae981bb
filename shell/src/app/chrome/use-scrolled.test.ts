import { describe, expect, it } from 'vitest';
import { isScrolledPast } from './use-scrolled';

describe('public header', () => {
  it('turns translucent only once the page is scrolled more than 8px', () => {
    expect(isScrolledPast(0)).toBe(false);
    expect(isScrolledPast(8)).toBe(false);
    expect(isScrolledPast(8.5)).toBe(true);
    expect(isScrolledPast(400)).toBe(true);
  });
});
