import { describe, expect, it } from 'vitest';
import { BANNER_HEIGHT, bannerGradient } from './banner';

describe('banner (docs/product/shell.md#avatar)', () => {
  it('derives the same gradient from the same user id', () => {
    expect(bannerGradient('3f1c9a70-user')).toBe(bannerGradient('3f1c9a70-user'));
    expect(bannerGradient('a')).toMatch(
      /^linear-gradient\(\d+deg, hsl\(\d+ 72% 58%\), hsl\(\d+ 70% 42%\)\)$/,
    );
  });

  it('gives different users different gradients', () => {
    const ids = Array.from({ length: 50 }, (_, index) => `user-${index}`);
    expect(new Set(ids.map(bannerGradient)).size).toBeGreaterThan(45);
  });

  it('is 160px high by default', () => {
    expect(BANNER_HEIGHT).toBe(160);
  });
});
