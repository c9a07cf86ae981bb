import { describe, expect, it } from 'vitest';
import { abTestLocation, assertAbWeight, renderAbSplit } from './ab-split';

describe('renderAbSplit (docs/decisions/009)', () => {
  it('renders the weights, with the ends of the range as one catch-all', () => {
    expect(renderAbSplit(20)).toContain('    20% b;\n    * a;');
    expect(renderAbSplit(12.5)).toContain('    12.5% b;');
    expect(renderAbSplit(0)).not.toContain('% b');
    expect(renderAbSplit(100)).toContain('    * b;');
    expect(() => renderAbSplit(101)).toThrow(/A\/B weight/);
    expect(() => renderAbSplit(Number.NaN)).toThrow(/A\/B weight/);
  });

  it('takes a percentage with at most two decimals', () => {
    expect(() => assertAbWeight(99.99)).not.toThrow();
    expect(() => assertAbWeight(1.234)).toThrow(/A\/B weight/);
    expect(() => assertAbWeight(-1)).toThrow(/A\/B weight/);
  });
});

describe('the per-variant runtime map', () => {
  it('is private to the visitor and still carries the JSON errors', () => {
    const location = abTestLocation("default-src 'self'");
    expect(location).toContain('add_header Cache-Control "private, no-cache";');
    expect(location).toContain('error_page 404 @json_404;');
  });
});
