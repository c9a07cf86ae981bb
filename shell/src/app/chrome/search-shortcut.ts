import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The keys that open search (issue 38 item 2, docs/product/shell.md#navigation). */
export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** What has the focus: typing "/" into a field is text, not a shortcut. */
  target: { tagName?: string; isContentEditable?: boolean } | null;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** `/` where nothing is being typed, or Ctrl-K (⌘K on a Mac) anywhere. */
export function isSearchShortcut(event: ShortcutKey): boolean {
  if (event.altKey) return false;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.ctrlKey || event.metaKey) return false;
  const target = event.target;
  return !(target !== null && (TYPING.has(target.tagName ?? '') || target.isContentEditable === true));
}

/** Opens /search on the shortcut; on /search itself it puts the focus in the search box. */
export function useSearchShortcut(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { key, ctrlKey, metaKey, altKey } = event;
      const target = event.target as HTMLElement | null;
      if (event.defaultPrevented || !isSearchShortcut({ key, ctrlKey, metaKey, altKey, target })) return;
      event.preventDefault();
      if (pathname === '/search') document.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
      else void navigate('/search');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, pathname]);
}
