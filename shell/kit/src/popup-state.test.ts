import { describe, expect, it } from 'vitest';
import { initialPopupState, POPUP_DEFAULTS, popupReducer } from './popup-state';

describe('popup state', () => {
  it('goes closed → open → closing → closed', () => {
    const opened = popupReducer(initialPopupState, { type: 'open', content: 'hi' });
    expect(opened.phase).toBe('open');
    const closing = popupReducer(opened, { type: 'close' });
    expect(closing.phase).toBe('closing');
    expect(closing.content).toBe('hi');
    const closed = popupReducer(closing, { type: 'closed' });
    expect(closed.phase).toBe('closed');
    expect(closed.content).toBeNull();
  });

  it('opening sets the options to the defaults overlaid by the given ones', () => {
    const first = popupReducer(initialPopupState, {
      type: 'open',
      content: 'a',
      options: { size: 'xl', allowBackdropClose: false },
    });
    expect(first.options).toEqual({ ...POPUP_DEFAULTS, size: 'xl', allowBackdropClose: false });
    // A second opening starts again from the defaults, not from the previous popup's options.
    const second = popupReducer(first, { type: 'open', content: 'b', options: { closable: false } });
    expect(second.options).toEqual({ ...POPUP_DEFAULTS, closable: false });
  });

  it('closing resets the options to the defaults', () => {
    let state = popupReducer(initialPopupState, { type: 'open', content: 'a', options: { size: 'sm' } });
    state = popupReducer(popupReducer(state, { type: 'close' }), { type: 'closed' });
    expect(state.options).toEqual(POPUP_DEFAULTS);
  });

  it('a close for an older opening is ignored', () => {
    const first = popupReducer(initialPopupState, { type: 'open', content: 'a' });
    const second = popupReducer(first, { type: 'open', content: 'b' });
    expect(popupReducer(second, { type: 'close', ticket: first.ticket }).phase).toBe('open');
    expect(popupReducer(second, { type: 'close', ticket: second.ticket }).phase).toBe('closing');
  });

  it('close and closed do nothing when there is nothing to close', () => {
    expect(popupReducer(initialPopupState, { type: 'close' })).toBe(initialPopupState);
    expect(popupReducer(initialPopupState, { type: 'closed' })).toBe(initialPopupState);
  });
});
