/**
 * The WAI-ARIA tabs pattern's keys (docs/product/public-pages.md#tabs, docs/product/profile.md#password-change): Left and Right move between the tabs and the list
 * wraps; Home and End jump to the ends. Returns the tab to focus, or null when the key is not the tab
 * list's to handle (or there are no tabs), so the browser keeps its default for it.
 */
export function nextTabIndex(current: number, key: string, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
