// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Input, inputClassName } from './input';

describe('Input', () => {
  afterEach(cleanup);

  it('is a text field by default, named by its label, with the caller’s class last', () => {
    render(
      <>
        <label htmlFor="email">Email</label>
        <Input id="email" className="mine" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('type')).toBe('text');
    expect(input.className.split(' ').at(-1)).toBe('mine');
  });

  it('passes its type, value and invalid state to the element', () => {
    render(<Input type="email" aria-label="Email" aria-invalid="true" defaultValue="a@b.c" />);
    const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(input.type).toBe('email');
    expect(input.value).toBe('a@b.c');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('gives its look alone to an input the kit draws elsewhere (the PasswordInput), caller’s class last', () => {
    render(<Input aria-label="Name" className="mine" />);
    const drawn = screen.getByRole('textbox', { name: 'Name' }).className;
    expect(inputClassName('mine')).toBe(drawn);
    expect(inputClassName('mine').split(' ').at(-1)).toBe('mine');
  });

  it('marks the compact look only when asked', () => {
    render(
      <>
        <Input aria-label="Search" compact />
        <Input aria-label="Email" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Search' }).dataset.density).toBe('compact');
    expect(screen.getByRole('textbox', { name: 'Email' }).dataset.density).toBeUndefined();
  });
});
