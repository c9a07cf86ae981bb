// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Grid } from './grid';

describe('Grid', () => {
  afterEach(cleanup);

  it('is a list whose columns are at least the width asked for, filling the row', () => {
    render(
      <Grid min="16rem" gap={4} aria-label="Features" className="mine">
        <li>One</li>
      </Grid>,
    );
    const grid = screen.getByRole('list', { name: 'Features' });
    expect(grid.style.getPropertyValue('--kit-grid-min')).toBe('16rem');
    expect(grid.dataset.gap).toBe('4');
    expect(grid.dataset.fit).toBeUndefined();
    expect(grid.className.split(' ').at(-1)).toBe('mine');
  });

  it('stretches few cards across the row when asked, as another element, keeping the caller’s style', () => {
    render(<Grid as="div" min="17rem" fit style={{ marginTop: '1rem' }} data-testid="plans" />);
    const grid = screen.getByTestId('plans');
    expect(grid.tagName).toBe('DIV');
    expect(grid.dataset.fit).toBe('');
    expect(grid.style.marginTop).toBe('1rem');
    expect(grid.style.getPropertyValue('--kit-grid-min')).toBe('17rem');
  });
});
