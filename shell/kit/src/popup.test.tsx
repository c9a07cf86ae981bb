// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_CLOSE_MS, PopupProvider, type PopupValue, usePopup } from './popup';

let popup: PopupValue | null = null;
function Opener() {
  popup = usePopup();
  return (
    <button
      type="button"
      onClick={() => popup?.open(<button type="button">Inside</button>, { title: 'Hello' })}
    >
      Open
    </button>
  );
}

function renderLayer() {
  render(
    <PopupProvider>
      <Opener />
    </PopupProvider>,
  );
}

function openWith(options: Parameters<PopupValue['open']>[1]) {
  act(() => {
    popup?.open(
      <>
        <button type="button">First</button>
        <button type="button">Last</button>
      </>,
      { title: 'Hello', ...options },
    );
  });
}

/** Past the closing animation. */
function finishClosing() {
  act(() => {
    vi.advanceTimersByTime(POPUP_CLOSE_MS);
  });
}

const dialog = () => screen.queryByRole('dialog');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  popup = null;
  vi.useRealTimers();
  document.body.style.overflow = '';
});

describe('popup', () => {
  it('is a modal dialog named by its title, and closes through closing to closed', () => {
    renderLayer();
    openWith({});
    expect(dialog()?.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Hello' })).toBeTruthy();
    expect(popup?.phase).toBe('open');
    act(() => popup?.close());
    expect(popup?.phase).toBe('closing');
    expect(dialog()).not.toBeNull();
    finishClosing();
    expect(popup?.phase).toBe('closed');
    expect(dialog()).toBeNull();
  });

  it('has a close button and closes on Escape when closable', () => {
    renderLayer();
    openWith({});
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    finishClosing();
    expect(dialog()).toBeNull();
    openWith({});
    fireEvent.keyDown(document, { key: 'Escape' });
    finishClosing();
    expect(dialog()).toBeNull();
  });

  it('has no close button and ignores Escape when not closable', () => {
    renderLayer();
    openWith({ closable: false });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    finishClosing();
    expect(dialog()).not.toBeNull();
  });

  it('a backdrop click closes only when allowed', () => {
    renderLayer();
    openWith({ allowBackdropClose: false });
    fireEvent.click(screen.getByTestId('popup-backdrop'));
    finishClosing();
    expect(dialog()).not.toBeNull();
    act(() => popup?.close());
    finishClosing();
    openWith({});
    fireEvent.click(screen.getByTestId('popup-backdrop'));
    finishClosing();
    expect(dialog()).toBeNull();
  });

  it('has no backdrop when asked', () => {
    renderLayer();
    openWith({ backdrop: false });
    expect(screen.queryByTestId('popup-backdrop')).toBeNull();
  });

  it('closes by itself after autocloseSeconds', () => {
    renderLayer();
    openWith({ autocloseSeconds: 3 });
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(popup?.phase).toBe('open');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(popup?.phase).toBe('closing');
    finishClosing();
    expect(dialog()).toBeNull();
  });

  it('without a fade it closes at once', () => {
    renderLayer();
    openWith({ backgroundFade: false });
    act(() => popup?.close());
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(dialog()).toBeNull();
  });

  it.each(['sm', 'md', 'lg', 'xl'] as const)('takes the %s size', (size) => {
    renderLayer();
    openWith({ size });
    expect(dialog()?.getAttribute('data-size')).toBe(size);
  });

  it('defaults to the medium size', () => {
    renderLayer();
    openWith({});
    expect(dialog()?.getAttribute('data-size')).toBe('md');
  });

  it('locks page scrolling while open', () => {
    renderLayer();
    openWith({});
    expect(document.body.style.overflow).toBe('hidden');
    act(() => popup?.close());
    finishClosing();
    expect(document.body.style.overflow).toBe('');
  });

  it('traps focus inside and gives it back to the opener on close', () => {
    renderLayer();
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    openWith({});
    expect(dialog()?.contains(document.activeElement)).toBe(true);
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    act(() => popup?.close());
    finishClosing();
    expect(document.activeElement).toBe(opener);
  });

  it('calls onClose once closed, and the next popup starts from the defaults', () => {
    renderLayer();
    const onClose = vi.fn();
    openWith({ size: 'xl', onClose });
    act(() => popup?.close());
    finishClosing();
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => {
      popup?.open('Again');
    });
    expect(dialog()?.getAttribute('data-size')).toBe('md');
  });

  it('a close for an earlier popup leaves the current one open', () => {
    renderLayer();
    let first = 0;
    act(() => {
      first = popup?.open('one') ?? 0;
    });
    act(() => {
      popup?.open('two');
    });
    act(() => popup?.close(first));
    expect(popup?.phase).toBe('open');
    expect(screen.getByText('two')).toBeTruthy();
  });
});
