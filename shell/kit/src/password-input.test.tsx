// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordInput } from './password-input';

function inputById(container: HTMLElement, id: string): HTMLInputElement {
  const input = container.querySelector(`#${id}`);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input #${id}`);
  return input;
}

describe('PasswordInput (docs/product/accounts.md#steps, docs/product/profile.md#password-change)', () => {
  afterEach(cleanup);

  it('starts hidden; Show reveals what was typed and Hide covers it again', () => {
    const { container } = render(<PasswordInput id="pw" label="Password" defaultValue="s3cret" />);
    const input = inputById(container, 'pw');
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('names the toggle after the label in lower case, says whether it is pressed and what it controls', () => {
    render(<PasswordInput id="current" label="Current password" defaultValue="" />);
    const toggle = screen.getByRole('button', { name: 'Show current password' });
    expect(toggle.getAttribute('type')).toBe('button');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('current');
    expect(toggle.textContent).toBe('Show');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-label')).toBe('Hide current password');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe('Hide');
  });

  it('hands the input props to the input: value, onChange, name, autocomplete, aria wiring, class', () => {
    const onChange = vi.fn();
    const { container } = render(
      <PasswordInput
        id="new"
        label="New password"
        name="new_password"
        value="abc"
        onChange={onChange}
        autoComplete="new-password"
        required
        aria-invalid
        aria-describedby="new-error new-meter"
        className="form-input"
      />,
    );
    const input = inputById(container, 'new');
    expect(input.value).toBe('abc');
    expect(input.name).toBe('new_password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('new-error new-meter');
    expect(input.classList.contains('form-input')).toBe(true);
    expect(input.getAttribute('spellcheck')).toBe('false');
    fireEvent.change(input, { target: { value: 'abcd' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('a disabled field disables its toggle too', () => {
    render(<PasswordInput id="pw" label="Password" defaultValue="" disabled />);
    expect((screen.getByRole('button', { name: 'Show password' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('takes the compact look of the fields beside it when asked', () => {
    const { container, rerender } = render(<PasswordInput id="pw" label="Password" compact />);
    expect(container.querySelector('input')?.dataset.density).toBe('compact');
    rerender(<PasswordInput id="pw" label="Password" />);
    expect(container.querySelector('input')?.dataset.density).toBeUndefined();
  });
});
