// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  afterEach(cleanup);

  it('is decoration when the words beside it say what is happening', () => {
    const { container } = render(<Spinner />);
    const spinner = container.firstElementChild as HTMLElement;
    expect(spinner.getAttribute('aria-hidden')).toBe('true');
    expect(spinner.dataset.tone).toBe('accent');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says its label as a polite status when given one', () => {
    render(<Spinner label="Loading your documents" />);
    expect(screen.getByRole('status').textContent).toBe('Loading your documents');
  });

  it('takes a size and a tone', () => {
    const { container } = render(<Spinner size="1.25rem" tone="current" className="mine" />);
    const spinner = container.firstElementChild as HTMLElement;
    expect(spinner.style.getPropertyValue('--spinner-size')).toBe('1.25rem');
    expect(spinner.dataset.tone).toBe('current');
    expect(spinner.className).toContain('mine');
  });
});
