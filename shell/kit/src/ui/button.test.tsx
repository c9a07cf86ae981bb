// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { buttonClassName } from './button-look';
import { IconButton } from './icon-button';

describe('Button', () => {
  afterEach(cleanup);

  it('is a plain button unless it submits a form', () => {
    const { rerender } = render(<Button>Cancel</Button>);
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('type')).toBe('button');
    rerender(<Button type="submit">Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit');
  });

  it('runs its action when pressed', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Retry</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('while busy: a spinner before the label, aria-busy, and no second press', () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button busy onClick={onClick}>
        Saving…
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    expect(button.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('[data-tone="current"]')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('says busy when the caller does, and stays focusable (aria-disabled, not disabled)', () => {
    render(
      <Button aria-busy aria-disabled>
        Show more
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Show more' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(false);
  });

  it('keeps the caller’s class last and passes every other prop on', () => {
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <Button className="mine" aria-describedby="why" ref={ref}>
        Go
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button.className.split(' ').at(-1)).toBe('mine');
    expect(button.getAttribute('aria-describedby')).toBe('why');
    expect(ref.current).toBe(button);
  });

  it('lends its look to a link', () => {
    expect(buttonClassName({ variant: 'primary', className: 'mine' }).split(' ').at(-1)).toBe('mine');
    expect(buttonClassName()).not.toContain('undefined');
  });
});

describe('IconButton', () => {
  afterEach(cleanup);

  it('is named by its label, since it shows only an icon', () => {
    const onClick = vi.fn();
    render(
      <IconButton label="Close" onClick={onClick}>
        <svg />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('takes the text colour around it when asked', () => {
    render(
      <IconButton label="Dismiss" tone="inherit">
        ×
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'Dismiss' }).dataset.tone).toBe('inherit');
  });

  it('draws a delete in the danger tone and a roomier square when asked; the default is plain and small', () => {
    render(
      <>
        <IconButton label="Delete report.pdf" tone="danger" size="md">
          ×
        </IconButton>
        <IconButton label="Close">×</IconButton>
      </>,
    );
    const remove = screen.getByRole('button', { name: 'Delete report.pdf' });
    expect([remove.dataset.tone, remove.dataset.size]).toEqual(['danger', 'md']);
    const close = screen.getByRole('button', { name: 'Close' });
    expect([close.dataset.tone, close.dataset.size]).toEqual([undefined, undefined]);
  });
});
