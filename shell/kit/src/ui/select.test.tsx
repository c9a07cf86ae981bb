// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field } from './field';
import { Select } from './select';

describe('Select', () => {
  afterEach(cleanup);

  it('is a native select inside a Field, named and described by it', () => {
    const onChange = vi.fn();
    render(
      <Field id="gender" label="Gender" error="Choose one." required>
        {(control) => (
          <Select {...control} value="" onChange={(event) => onChange(event.target.value)}>
            <option value="" disabled>
              Choose…
            </option>
            <option value="female">Female</option>
            <option value="male">Male</option>
          </Select>
        )}
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Gender' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('gender-error');
    expect(select.required).toBe(true);
    fireEvent.change(select, { target: { value: 'male' } });
    expect(onChange).toHaveBeenCalledWith('male');
  });

  it('keeps the caller’s class', () => {
    render(
      <Select aria-label="Sort" className="mine">
        <option>Name</option>
      </Select>,
    );
    expect(screen.getByRole('combobox', { name: 'Sort' }).className).toContain('mine');
  });

  it('adds the compact look only when asked', () => {
    render(
      <>
        <Select aria-label="Per page" compact>
          <option>10</option>
        </Select>
        <Select aria-label="Kind">
          <option>All</option>
        </Select>
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Per page' }).dataset.density).toBe('compact');
    expect(screen.getByRole('combobox', { name: 'Kind' }).dataset.density).toBeUndefined();
  });
});
