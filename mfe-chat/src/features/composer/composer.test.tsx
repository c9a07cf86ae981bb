// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

afterEach(cleanup);

function Harness({ onSend, busy = false }: { onSend: (text: string) => void; busy?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <Composer value={value} onChange={setValue} onSend={onSend} lastQuestion="find invoices" busy={busy} />
  );
}

const box = () => screen.getByRole('textbox', { name: 'Ask about your documents' }) as HTMLTextAreaElement;

describe('Composer: keyboard-first', () => {
  it('Enter sends the trimmed text', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    fireEvent.change(box(), { target: { value: '  summarize contracts  ' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('summarize contracts');
  });

  it('Shift+Enter does not send (the textarea keeps its new line)', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'line one' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('↑ in an empty composer brings back the last question', () => {
    render(<Harness onSend={vi.fn()} />);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(box().value).toBe('find invoices');
  });

  it('refuses a second send while an answer is on its way', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} busy />);
    fireEvent.change(box(), { target: { value: 'find more' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: /Sending/ }));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('previews what the grammar understood', () => {
    render(<Harness onSend={vi.fn()} />);
    fireEvent.change(box(), { target: { value: 'find invoices over ₹10,000 -> email me@example.com' } });
    const preview = screen.getByTestId('command-preview').textContent ?? '';
    expect(preview).toContain('Find');
    expect(preview).toContain('invoices over ₹10,000');
    expect(preview).toContain('email me@example.com');
  });
});
