// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field, fieldDescribedBy } from './field';

describe('Field', () => {
  afterEach(cleanup);

  it('names the control by its label', () => {
    render(<Field label="Email">{(control) => <input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('describes the control by its hint, then its error, and marks it invalid', () => {
    render(
      <Field id="phone" label="Phone" hint="Include the country code." error="Enter a valid phone number.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input.getAttribute('aria-describedby')).toBe('phone-hint phone-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('phone-hint')?.textContent).toBe('Include the country code.');
    expect(document.getElementById('phone-error')?.textContent).toBe('Enter a valid phone number.');
  });

  it('a required field: the control says it, the asterisk is for the eye only', () => {
    render(
      <Field label="Gender" required>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Gender' }) as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('reads more descriptions between the hint and the error, and draws what goes under it', () => {
    render(
      <Field
        id="pw"
        label="Password"
        hint="At least 8 characters."
        error="Too short."
        describedBy="pw-meter"
        aside={<a href="/auth/forgot">Forgot password?</a>}
        after={<p id="pw-meter">Weak</p>}
      >
        {(control) => <input type="password" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-describedby')).toBe('pw-hint pw-meter pw-error');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeDefined();
    expect(document.getElementById('pw-meter')?.textContent).toBe('Weak');
  });

  it('fieldDescribedBy leaves out what is not there', () => {
    expect(fieldDescribedBy('x', {})).toBeUndefined();
    expect(fieldDescribedBy('x', { error: true })).toBe('x-error');
  });
});
