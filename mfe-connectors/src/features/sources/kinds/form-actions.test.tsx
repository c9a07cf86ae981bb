// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormActions } from './form-actions';

describe('FormActions', () => {
  afterEach(cleanup);

  it('says why the save failed above Cancel, the check and the submit, and runs the check when pressed', () => {
    const onPress = vi.fn();
    const onCancel = vi.fn();
    render(
      <form>
        <FormActions
          error="The source could not be saved."
          onCancel={onCancel}
          check={{ label: 'Test', busy: false, onPress }}
          submit={{ label: 'Connect', busy: false }}
        />
      </form>,
    );
    expect(screen.getByRole('alert').textContent).toBe('The source could not be saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect([onPress.mock.calls.length, onCancel.mock.calls.length]).toEqual([1, 1]);
    expect(screen.getByRole('button', { name: 'Connect' }).getAttribute('type')).toBe('submit');
  });

  it('shows no alert without an error, and holds the check and the submit while a file uploads', () => {
    render(
      <FormActions
        error={null}
        onCancel={() => undefined}
        check={{ label: 'Preview', busy: false, disabled: true, onPress: () => undefined }}
        submit={{ label: 'Save', busy: false, disabled: true }}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
