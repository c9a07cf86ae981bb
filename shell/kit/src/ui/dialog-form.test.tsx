// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogForm, DialogLead } from './dialog-form';

describe('DialogForm', () => {
  afterEach(cleanup);

  it('is a form that passes its props on and puts the caller’s class last', () => {
    const submit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <DialogForm aria-label="Send" className="mine" noValidate onSubmit={submit}>
        <DialogLead id="help">Where should it go?</DialogLead>
        <button type="submit">Send</button>
      </DialogForm>,
    );
    const form = screen.getByRole('form', { name: 'Send' });
    expect(form.hasAttribute('novalidate')).toBe(true);
    expect(form.className.split(' ').at(-1)).toBe('mine');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(submit).toHaveBeenCalledOnce();
  });

  it('is a div for a body with no fields', () => {
    render(<DialogForm as="div" data-testid="body" />);
    expect(screen.getByTestId('body').tagName).toBe('DIV');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('draws the lead as a paragraph that keeps its id and class', () => {
    render(
      <DialogLead id="help" className="extra">
        Where should it go?
      </DialogLead>,
    );
    const lead = screen.getByText('Where should it go?');
    expect(lead.tagName).toBe('P');
    expect(lead.id).toBe('help');
    expect(lead.className.split(' ').at(-1)).toBe('extra');
  });
});
