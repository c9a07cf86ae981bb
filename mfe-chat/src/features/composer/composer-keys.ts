/**
 * Issue 11, keyboard-first: Enter sends, Shift+Enter is a new line, ↑ in an empty composer brings the
 * last question back to edit. Pure so the rule is tested without a DOM.
 */
export type ComposerKeyAction = 'send' | 'edit-last' | null;

export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** True while an input method (Japanese, Chinese…) is composing: its Enter confirms the word. */
  isComposing: boolean;
}

export function composerKeyAction(event: ComposerKey, value: string): ComposerKeyAction {
  if (event.isComposing) return null;
  if (event.key === 'Enter' && !event.shiftKey && !event.altKey) return 'send';
  const plain = !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
  if (event.key === 'ArrowUp' && plain && value === '') return 'edit-last';
  return null;
}
