// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToasts } from './toasts';

let toasts: ReturnType<typeof useToasts> | null = null;
function Probe() {
  toasts = useToasts();
  return null;
}

const messages = () => screen.queryAllByText(/^toast /).map((node) => node.textContent);

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <ToastProvider>
      <Probe />
    </ToastProvider>,
  );
});

afterEach(() => {
  cleanup();
  toasts = null;
  vi.useRealTimers();
});

describe('toasts', () => {
  it('are stacked newest first, at most three', () => {
    act(() => {
      for (const n of [1, 2, 3, 4]) toasts?.show({ message: `toast ${n}` });
    });
    expect(messages()).toEqual(['toast 4', 'toast 3', 'toast 2']);
  });

  it('close by themselves after 4000 ms by default', () => {
    act(() => {
      toasts?.show({ message: 'toast a' });
    });
    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(messages()).toEqual(['toast a']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(messages()).toEqual([]);
  });

  it('keep their own time-out, or stay when it is null', () => {
    act(() => {
      toasts?.show({ message: 'toast short', autoCloseMs: 1000 });
      toasts?.show({ message: 'toast sticky', autoCloseMs: null });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(messages()).toEqual(['toast sticky']);
  });

  it('are each closable', () => {
    act(() => {
      toasts?.show({ message: 'toast x', autoCloseMs: null });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(messages()).toEqual([]);
  });

  it('come in info, success and error; errors are alerts', () => {
    act(() => {
      toasts?.show({ type: 'success', message: 'toast ok' });
      toasts?.show({ type: 'error', message: 'toast bad' });
      toasts?.show({ message: 'toast info' });
    });
    expect(screen.getByRole('alert').textContent).toContain('toast bad');
    const types = screen
      .queryAllByText(/^toast /)
      .map((node) => node.closest('[data-type]')?.getAttribute('data-type'));
    expect(types).toEqual(['info', 'error', 'success']);
  });
});
