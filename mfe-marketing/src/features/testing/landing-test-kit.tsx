import { type AppConfig, AppConfigProvider } from '@trove/kit';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** The default /config/app.json's names (infra's appSettings). */
const TEST_CONFIG: AppConfig = { name: 'Trove', shortName: 'T', tagline: 'Find anything. Send anywhere.' };

/** What the shell gives a landing widget: the runtime config and a router. */
export function Providers({ children, config = TEST_CONFIG }: { children: ReactNode; config?: AppConfig }) {
  return (
    <AppConfigProvider value={config}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppConfigProvider>
  );
}

/** Every observed element counts as on screen at once, so animations run and lazy parts load. */
class VisibleIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ isIntersecting: true, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** Installs the stubs a widget test needs; `reducedMotion` answers the prefers-reduced-motion query. */
export function stubBrowser({ reducedMotion = false } = {}) {
  vi.stubGlobal('IntersectionObserver', VisibleIntersectionObserver);
  vi.stubGlobal(
    'matchMedia',
    (
      query: string,
    ): Pick<MediaQueryList, 'matches' | 'media' | 'addEventListener' | 'removeEventListener'> => ({
      matches: reducedMotion && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  );
}
