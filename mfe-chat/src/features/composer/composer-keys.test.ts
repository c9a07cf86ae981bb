import { describe, expect, it } from 'vitest';
import { type ComposerKey, composerKeyAction } from './composer-keys';

const key = (over: Partial<ComposerKey>): ComposerKey => ({
  key: 'a',
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  ...over,
});

describe('composerKeyAction', () => {
  it('Enter sends; Ctrl/Cmd+Enter too', () => {
    expect(composerKeyAction(key({ key: 'Enter' }), 'find invoices')).toBe('send');
    expect(composerKeyAction(key({ key: 'Enter', metaKey: true }), 'x')).toBe('send');
  });

  it('Shift+Enter is a new line, and Enter while an input method composes is left alone', () => {
    expect(composerKeyAction(key({ key: 'Enter', shiftKey: true }), 'x')).toBeNull();
    expect(composerKeyAction(key({ key: 'Enter', isComposing: true }), 'x')).toBeNull();
  });

  it('↑ edits the last question only in an empty composer', () => {
    expect(composerKeyAction(key({ key: 'ArrowUp' }), '')).toBe('edit-last');
    expect(composerKeyAction(key({ key: 'ArrowUp' }), 'draft')).toBeNull();
    expect(composerKeyAction(key({ key: 'ArrowUp', shiftKey: true }), '')).toBeNull();
  });

  it('other keys do nothing', () => {
    expect(composerKeyAction(key({ key: 'a' }), '')).toBeNull();
  });
});
