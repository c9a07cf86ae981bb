// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers, stubBrowser } from '../testing/landing-test-kit';
import { demoSamples } from './demo-samples';
import { HeroDemoLive as HeroDemo } from './hero-demo-live';

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const stages = () => screen.getByTestId('hero-demo').getAttribute('data-stages');
const sampleText = () => screen.getByTestId('hero-demo').textContent ?? '';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the hero demo (docs/product/public-pages.md#hero)', () => {
  it('reveals its stages at 1.2 s, 2.7 s and 4.4 s and rotates the sample every 7.8 s', () => {
    vi.useFakeTimers();
    stubBrowser();
    render(<HeroDemo />, { wrapper: Providers });
    // Until then (and in the prerendered page) the first sample shows complete.
    expect(stages()).toBe('3');
    // The demo waits for the page to settle (load + 1 s) so its typing never competes with the first render.
    advance(1000);
    expect(stages()).toBe('0');
    advance(1200);
    expect(stages()).toBe('1');
    advance(1500);
    expect(stages()).toBe('2');
    advance(1700);
    expect(stages()).toBe('3');
    expect(sampleText()).toContain('Sent to #finance');
    advance(3400);
    expect(stages()).toBe('0');
    expect(sampleText()).toContain(demoSamples[1]?.command);
  });

  it('with reduced motion shows a complete sample and stays still', () => {
    vi.useFakeTimers();
    stubBrowser({ reducedMotion: true });
    render(<HeroDemo />, { wrapper: Providers });
    expect(stages()).toBe('3');
    advance(20_000);
    expect(stages()).toBe('3');
    expect(sampleText()).toContain(demoSamples[0]?.command);
  });
});
