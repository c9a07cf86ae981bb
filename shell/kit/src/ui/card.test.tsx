// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Card } from './card';

describe('Card', () => {
  afterEach(cleanup);

  it('is a div with no shadow by default', () => {
    const { container } = render(<Card>Body</Card>);
    const card = container.firstElementChild as HTMLElement;
    expect(card.tagName).toBe('DIV');
    expect(card.dataset.shadow).toBeUndefined();
  });

  it('renders as the element asked for, with its props and the caller’s class', () => {
    render(
      <Card as="section" shadow="sm" aria-labelledby="t" className="mine">
        <h2 id="t">Plan</h2>
      </Card>,
    );
    const card = screen.getByRole('region', { name: 'Plan' });
    expect(card.tagName).toBe('SECTION');
    expect(card.dataset.shadow).toBe('sm');
    expect(card.className).toContain('mine');
  });
});
