// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VisuallyHidden } from './visually-hidden';

describe('VisuallyHidden', () => {
  afterEach(cleanup);

  it('completes a control’s name without drawing the words', () => {
    render(
      <button type="button">
        Connect<VisuallyHidden> Slack</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Connect Slack' })).toBeDefined();
  });

  it('hides a label, a legend or a caption as itself', () => {
    render(
      <>
        <VisuallyHidden as="label" htmlFor="q">
          Search
        </VisuallyHidden>
        <input id="q" />
      </>,
    );
    const label = screen.getByText('Search');
    expect(label.tagName).toBe('LABEL');
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeDefined();
  });

  it('is a span by default, with the caller’s class', () => {
    render(<VisuallyHidden className="mine">none</VisuallyHidden>);
    const element = screen.getByText('none');
    expect(element.tagName).toBe('SPAN');
    expect(element.className).toContain('mine');
  });
});
