// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PillButton } from './pill-button';

describe('PillButton', () => {
  afterEach(cleanup);

  it('is a plain action (no pressed state) unless it is a toggle', () => {
    render(<PillButton>Change</PillButton>);
    const button = screen.getByRole('button', { name: 'Change' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.hasAttribute('aria-pressed')).toBe(false);
  });

  it('says whether a toggle is pressed, with the caller’s class last', () => {
    const { rerender } = render(
      <PillButton pressed className="mine">
        PDF
      </PillButton>,
    );
    const button = screen.getByRole('button', { name: 'PDF' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.className.split(' ').at(-1)).toBe('mine');
    rerender(<PillButton pressed={false}>PDF</PillButton>);
    expect(screen.getByRole('button', { name: 'PDF' }).getAttribute('aria-pressed')).toBe('false');
  });
});
