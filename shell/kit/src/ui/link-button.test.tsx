// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkButton } from './link-button';

describe('LinkButton', () => {
  afterEach(cleanup);

  it('is a button (never a submit) that acts on a click', () => {
    const onClick = vi.fn();
    render(
      <form>
        <LinkButton onClick={onClick}>Forgot password?</LinkButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Forgot password?' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('passes disabled and the caller’s class to the element', () => {
    render(
      <LinkButton disabled className="mine">
        Resend
      </LinkButton>,
    );
    const button = screen.getByRole('button', { name: 'Resend' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.className.split(' ').at(-1)).toBe('mine');
  });
});
