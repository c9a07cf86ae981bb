// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Placeholder } from './placeholder';

describe('Placeholder', () => {
  afterEach(cleanup);

  it('holds its line and action, with its props and the caller’s class last', () => {
    render(
      <Placeholder role="alert" className="mine">
        <p>The catalog couldn’t load.</p>
        <button type="button">Retry</button>
      </Placeholder>,
    );
    const box = screen.getByRole('alert');
    expect(box.textContent).toContain('couldn’t load');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDefined();
    expect(box.className.split(' ').at(-1)).toBe('mine');
  });
});
