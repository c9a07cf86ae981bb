// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Eyebrow, Heading } from './heading';

describe('Heading', () => {
  afterEach(cleanup);

  it('is the heading level asked for, at the size asked for, with its props and the caller’s class', () => {
    render(
      <Heading level={3} size="lg" id="t" className="mine">
        This upload
      </Heading>,
    );
    const heading = screen.getByRole('heading', { level: 3, name: 'This upload' });
    expect(heading.id).toBe('t');
    expect(heading.dataset.size).toBe('lg');
    expect(heading.className.split(' ').at(-1)).toBe('mine');
  });
});

describe('Eyebrow', () => {
  afterEach(cleanup);

  it('is a paragraph by default, or the element asked for (a section’s h4, a legend)', () => {
    const { rerender } = render(<Eyebrow>Type</Eyebrow>);
    expect(screen.getByText('Type').tagName).toBe('P');
    rerender(<Eyebrow as="h4">Summary</Eyebrow>);
    expect(screen.getByRole('heading', { level: 4, name: 'Summary' })).toBeDefined();
  });
});
