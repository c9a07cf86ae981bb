// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Cluster, Stack } from './layout';

describe('Stack', () => {
  afterEach(cleanup);

  it('is a div with no gap of its own unless asked', () => {
    const { container } = render(<Stack>Body</Stack>);
    const stack = container.firstElementChild as HTMLElement;
    expect(stack.tagName).toBe('DIV');
    expect(stack.dataset.gap).toBeUndefined();
  });

  it('renders a list as asked, with its gap, its props and the caller’s class last', () => {
    render(
      <Stack as="ol" gap={2} aria-label="Passages" className="mine">
        <li>One</li>
      </Stack>,
    );
    const list = screen.getByRole('list', { name: 'Passages' });
    expect(list.tagName).toBe('OL');
    expect(list.dataset.gap).toBe('2');
    expect(list.className.split(' ').at(-1)).toBe('mine');
  });
});

describe('Cluster', () => {
  afterEach(cleanup);

  it('wraps by default and says nothing of alignment it was not given', () => {
    const { container } = render(<Cluster>Row</Cluster>);
    const row = container.firstElementChild as HTMLElement;
    expect(row.dataset.wrap).toBeUndefined();
    expect(row.dataset.align).toBeUndefined();
    expect(row.dataset.justify).toBeUndefined();
  });

  it('carries its gap, row gap, alignment and spread, or keeps to one line', () => {
    render(
      <Cluster as="footer" gap={3} rowGap={2} align="center" justify="between" wrap={false} data-testid="row">
        <p>Read 2 documents</p>
        <button type="button">Send</button>
      </Cluster>,
    );
    const row = screen.getByTestId('row');
    expect(row.tagName).toBe('FOOTER');
    expect({ ...row.dataset }).toMatchObject({
      gap: '3',
      rowGap: '2',
      align: 'center',
      justify: 'between',
      wrap: 'no',
    });
  });
});
