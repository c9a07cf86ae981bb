/** 32-bit FNV-1a: a stable number from a string, the same in every browser and on every visit. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * docs/product/shell.md#avatar Banner: without an image, a gradient derived from the user id — the same user always gets the
 * same one, two users rarely share it. Two hues 40–100° apart keep it lively but never clashing.
 */
export function bannerGradient(userId: string): string {
  const hash = hashOf(userId);
  const from = hash % 360;
  const to = (from + 40 + ((hash >>> 9) % 61)) % 360;
  const angle = 100 + ((hash >>> 17) % 60);
  return `linear-gradient(${angle}deg, hsl(${from} 72% 58%), hsl(${to} 70% 42%))`;
}

/** docs/product/shell.md#avatar: the banner's default height. */
export const BANNER_HEIGHT = 160;
