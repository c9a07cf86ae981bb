// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { type ComponentType, lazy, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../testing/landing-test-kit';
import { LazySection } from './lazy-section';

/** Nothing is ever near the viewport: a section loads only when pressed or forced. */
class FarIntersectionObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** The live section: the same controls as the drawn one, with a state only its code has. */
function LivePricing() {
  const [billing, setBilling] = useState('monthly');
  return (
    <section>
      <button type="button" onClick={() => setBilling('monthly')}>
        Monthly
      </button>
      <button type="button" onClick={() => setBilling('yearly')}>
        Yearly
      </button>
      <p>{billing === 'yearly' ? '₹799 a month, billed yearly' : '₹999 a month'}</p>
    </section>
  );
}

let arrive: (module: { default: ComponentType }) => void = () => {};
let Section = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FarIntersectionObserver);
  Section = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
  // The page as served (docs/decisions/055): the drawn pricing section in the copy.
  document.body.innerHTML = `<div id="root"></div><div data-prerendered><div data-section="pricing">
    <section><button type="button">Monthly</button><button type="button">Yearly</button><p>₹999 a month</p></section>
  </div></div>`;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mount = () =>
  render(
    <Providers>
      <LazySection id="pricing" component={Section} minHeight="40rem" />
    </Providers>,
    { container: document.getElementById('root') as HTMLElement },
  );

describe('a landing section taken over from its drawn copy (docs/decisions/055)', () => {
  it('keeps the drawn content in the live page until its code arrives, holding no empty space', () => {
    mount();
    // The shell removes the copy in the same commit; the live section has adopted its nodes.
    document.querySelector('div[data-prerendered]')?.remove();
    const section = document.getElementById('pricing') as HTMLElement;
    expect(section.textContent).toContain('₹999 a month');
    expect(section.querySelector('[data-prerendered-island]')).not.toBeNull();
    expect(section.style.minHeight).toBe('');
  });

  it('a press on a drawn control loads the section and is made again on the live control', async () => {
    mount();
    document.querySelector('div[data-prerendered]')?.remove();
    act(() => screen.getByRole('button', { name: 'Yearly' }).click());
    await act(async () => arrive({ default: LivePricing }));
    const section = document.getElementById('pricing') as HTMLElement;
    expect(section.querySelector('[data-prerendered-island]')).toBeNull();
    expect(section.textContent).toContain('₹799 a month, billed yearly');
    expect(screen.getAllByRole('button', { name: 'Yearly' })).toHaveLength(1);
  });

  it('on a page that was not prerendered it holds the space, empty, until near', () => {
    document.body.innerHTML = '<div id="root"></div>';
    mount();
    const section = document.getElementById('pricing') as HTMLElement;
    expect(section.textContent).toBe('');
    expect(section.style.minHeight).toBe('40rem');
  });
});
