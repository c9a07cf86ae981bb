// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoSamples } from '../features/demo/demo-samples';
import { HeroDemo } from '../features/demo/hero-demo';
import { downloadLinksFrom } from '../features/downloads/downloads';
import { HeroDownloads } from '../features/hero/hero-downloads';
import { stubBrowser } from '../features/testing/landing-test-kit';
import { driveHeroDemo, showDownloads } from './landing-motion';

// The drawn landing page's driver (docs/decisions/245) on the markup the build draws: the components
// rendered to static HTML as the prerender does (still, reduced), then driven with no React at all.

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function drawnDemo(): HTMLElement {
  document.body.innerHTML = `<div data-prerendered>${renderToStaticMarkup(<HeroDemo shortName="T" reduced />)}</div>`;
  return document.querySelector<HTMLElement>('[data-testid="hero-demo"]') as HTMLElement;
}

const typed = (demo: HTMLElement) => demo.querySelector('[data-demo="typed"]')?.textContent;
const shown = (demo: HTMLElement) => demo.querySelectorAll('li[data-shown]').length;

describe('the drawn typing demo', () => {
  it('goes on from the drawn sample once the page has settled, typing the next on the app demo’s clock', () => {
    vi.useFakeTimers();
    stubBrowser();
    const demo = drawnDemo();
    const first = demoSamples[0]?.command ?? '';
    const second = demoSamples[1]?.command ?? '';
    expect(typed(demo)).toBe(first);
    expect(demo.dataset.stages).toBe('3');
    driveHeroDemo(demo);
    // Still until the load's first second has passed (happy-dom's document is complete).
    vi.advanceTimersByTime(1000);
    expect(demo.hasAttribute('data-moving')).toBe(true);
    // The drawn frame stays (the first sample whole) for the rest of its 7.8 s: 7.8 − 4.4 s.
    vi.advanceTimersByTime(3350);
    expect(typed(demo)).toBe(first);
    expect(demo.dataset.stages).toBe('3');
    vi.advanceTimersByTime(50);
    expect(typed(demo)).toBe('');
    expect(demo.dataset.stages).toBe('0');
    expect(demo.querySelector('[data-demo="untyped"]')?.textContent).toBe(second);
    expect(demo.querySelector('[data-demo="said"]')?.textContent).toContain(second);
    expect(demo.querySelector('[data-demo="stage"]')?.textContent).toBe(demoSamples[1]?.found);
    vi.advanceTimersByTime(600);
    expect(second.startsWith(typed(demo) ?? 'x')).toBe(true);
    expect(typed(demo)?.length).toBe(Math.floor(second.length / 2));
    vi.advanceTimersByTime(600);
    expect(typed(demo)).toBe(second);
    expect(shown(demo)).toBe(1);
    vi.advanceTimersByTime(1500);
    expect(shown(demo)).toBe(2);
    vi.advanceTimersByTime(1700);
    expect(demo.dataset.stages).toBe('3');
    expect(demo.textContent).toContain('Sent to Teams · Support Leads');
  });

  it('with reduced motion the drawn sample stays whole and still', () => {
    vi.useFakeTimers();
    stubBrowser({ reducedMotion: true });
    const demo = drawnDemo();
    driveHeroDemo(demo);
    vi.advanceTimersByTime(20_000);
    expect(demo.dataset.stages).toBe('3');
    expect(demo.hasAttribute('data-moving')).toBe(false);
    expect(typed(demo)).toBe(demoSamples[0]?.command);
  });

  it('stops once the app has taken the page over (the copy gone)', () => {
    vi.useFakeTimers();
    stubBrowser();
    const demo = drawnDemo();
    driveHeroDemo(demo);
    vi.advanceTimersByTime(1500);
    document.body.replaceChildren();
    const before = typed(demo);
    vi.advanceTimersByTime(2000);
    expect(typed(demo)).toBe(before);
    expect(vi.getTimerCount()).toBe(0);
  });
});

const BUILD_LINKS = {
  downloads: {
    android: 'https://a.example/android',
    ios: 'https://a.example/ios',
    windows: null,
    macos: 'https://a.example/mac',
    linux: 'https://a.example/linux',
  },
};

function drawnDownloads(): HTMLElement {
  const markup = renderToStaticMarkup(
    <HeroDownloads name="Trove" links={downloadLinksFrom(BUILD_LINKS)} current={null} />,
  );
  document.body.innerHTML = `<div data-prerendered><div id="downloads">${markup}</div></div>`;
  return document.getElementById('downloads') as HTMLElement;
}

const buttons = (place: HTMLElement) =>
  Array.from(place.querySelectorAll<HTMLAnchorElement>('a[data-platform]')).map((a) => [
    a.dataset.platform,
    a.getAttribute('href'),
  ]);

describe('the drawn download buttons', () => {
  it('follow the runtime config: one gone, one added in its place, the others’ links replaced', () => {
    stubBrowser();
    const place = drawnDownloads();
    showDownloads(place, {
      name: 'Trove',
      downloads: {
        android: 'https://b.example/android',
        ios: null,
        windows: 'https://b.example/windows',
        macos: 'https://b.example/mac',
        linux: 'https://b.example/linux',
      },
    });
    expect(buttons(place)).toEqual([
      ['android', 'https://b.example/android'],
      ['windows', 'https://b.example/windows'],
      ['macos', 'https://b.example/mac'],
      ['linux', 'https://b.example/linux'],
    ]);
    const windows = place.querySelector('a[data-platform="windows"]');
    expect(windows?.textContent).toContain('Installer');
    expect(windows?.textContent).toContain('Windows');
    expect(place.querySelectorAll('#download-yours-windows')).toHaveLength(1);
  });

  it('highlight the visitor’s platform with its badge, and only that one', () => {
    stubBrowser();
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15',
    );
    const place = drawnDownloads();
    showDownloads(place, BUILD_LINKS);
    const current = place.querySelectorAll<HTMLAnchorElement>('a[data-current]');
    expect(Array.from(current).map((a) => a.dataset.platform)).toEqual(['macos']);
    expect(current[0]?.getAttribute('aria-describedby')).toBe('download-yours-macos');
    const badges = Array.from(place.querySelectorAll<HTMLElement>('[id^="download-yours-"]'));
    expect(badges.filter((badge) => !badge.hidden).map((badge) => badge.id)).toEqual([
      'download-yours-macos',
    ]);
  });

  it('no platform with a link: the buttons and their title go, the anchor stays', () => {
    stubBrowser();
    const place = drawnDownloads();
    showDownloads(place, { name: 'Trove', downloads: {} });
    expect(place.isConnected).toBe(true);
    expect(place.childElementCount).toBe(0);
  });
});
