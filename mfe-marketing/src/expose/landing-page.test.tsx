import { testTime } from '@trove/kit/testing/time';
// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers, stubBrowser } from '../features/testing/landing-test-kit';
import LandingPage from './landing-page';

const acme = { name: 'Acme Search', shortName: 'A', tagline: 'Find it.' };
const AcmeProviders = ({ children }: { children: ReactNode }) => (
  <Providers config={acme}>{children}</Providers>
);

beforeEach(() => {
  // Defined by the build for the footer's build tag (create-config.ts).
  vi.stubGlobal('__TROVE_BUILD_LABEL__', 'test-label');
  // Outside the shell the explore tab's catalog cannot load; React reports that caught error.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the landing page (issue 20)', () => {
  it('every section names the product as the runtime config does, never by a name of its own', {
    timeout: testTime(30_000),
  }, async () => {
    stubBrowser();
    render(<LandingPage />, { wrapper: AcmeProviders });
    // Every section in view at once: each loads, and its words are on the page.
    // Each section's code is a lazy chunk mounted in a transition: on a loaded machine, more than the default 1 s.
    expect(await screen.findAllByTestId('feature-card', {}, { timeout: testTime(15_000) })).toHaveLength(12);
    const slow = { timeout: testTime(15_000) };
    await screen.findByTestId('testimonials', {}, slow);
    await screen.findByText(/appears here when this page runs inside the Acme Search app/, {}, slow);
    await screen.findByText('Does Acme Search copy my data to its servers?', {}, slow);
    await screen.findByText('For one person trying Acme Search on their own work.', {}, slow);

    const page = document.body;
    const attributes = [...page.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => attribute.value),
    );
    expect(page.textContent).toContain('Acme Search');
    expect(page.textContent).not.toContain('Trove');
    expect(attributes.filter((value) => value.includes('Trove'))).toEqual([]);
  });
});
