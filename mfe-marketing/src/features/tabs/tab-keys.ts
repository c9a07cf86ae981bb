/**
 * SPEC §2.3: Left and Right move between the tabs and the list wraps; Home and End jump to the ends
 * (WAI-ARIA tabs pattern). Returns the tab to focus, or null when the key is not a tab key.
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
