import { startTransition, useEffect, useState } from 'react';
import { detectPlatform, type Platform } from '../platform/platform';

/**
 * The visitor's platform (docs/product/public-pages.md#hero). Read after mount, not during render, so the first render is the
 * same on every device (the prerendered page has no platform) and the highlight only changes a colour.
 */
export function useVisitorPlatform(): Platform | null {
  const [platform, setPlatform] = useState<Platform | null>(null);
  useEffect(() => {
    const detected = detectPlatform({
      userAgent: navigator.userAgent,
      maxTouchPoints: navigator.maxTouchPoints,
    });
    startTransition(() => setPlatform(detected));
  }, []);
  return platform;
}
