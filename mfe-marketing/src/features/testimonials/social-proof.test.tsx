// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testimonials } from '../content/testimonials';
import { Providers, stubBrowser } from '../testing/landing-test-kit';
import SocialProof from './social-proof';

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const shownPerson = () => screen.getByTestId('testimonial').querySelector('strong')?.textContent;
const person = (index: number) => testimonials('Trove')[index]?.person;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('testimonials (docs/product/public-pages.md#social-proof)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubBrowser();
    render(<SocialProof />, { wrapper: Providers });
  });

  it('rotate every 5.2 s and wrap', () => {
    expect(shownPerson()).toBe(person(0));
    advance(5199);
    expect(shownPerson()).toBe(person(0));
    advance(1);
    expect(shownPerson()).toBe(person(1));
    // One period at a time: each change schedules the next wait.
    for (let n = 1; n < testimonials('Trove').length; n++) advance(5200);
    expect(shownPerson()).toBe(person(0));
  });

  it('pause while hovered and resume after', () => {
    const carousel = screen.getByTestId('testimonials');
    fireEvent.mouseEnter(carousel);
    advance(20_000);
    expect(shownPerson()).toBe(person(0));
    fireEvent.mouseLeave(carousel);
    advance(5200);
    expect(shownPerson()).toBe(person(1));
  });

  it('a swipe over 40px changes the card; 40px does not', () => {
    const carousel = screen.getByTestId('testimonials');
    fireEvent.pointerDown(carousel, { clientX: 200 });
    fireEvent.pointerUp(carousel, { clientX: 160 });
    expect(shownPerson()).toBe(person(0));
    fireEvent.pointerDown(carousel, { clientX: 200 });
    fireEvent.pointerUp(carousel, { clientX: 159 });
    expect(shownPerson()).toBe(person(1));
    fireEvent.pointerDown(carousel, { clientX: 100 });
    fireEvent.pointerUp(carousel, { clientX: 150 });
    expect(shownPerson()).toBe(person(0));
  });

  it('the case study states the docs/product/public-pages.md#figures figures', () => {
    const text = screen.getByRole('article').textContent ?? '';
    for (const figure of ['62%', '29%', '38%', '5d 4h', '3d 7h']) expect(text).toContain(figure);
  });
});

describe('testimonials with reduced motion', () => {
  it('do not rotate by themselves', () => {
    vi.useFakeTimers();
    stubBrowser({ reducedMotion: true });
    render(<SocialProof />, { wrapper: Providers });
    advance(30_000);
    expect(shownPerson()).toBe(person(0));
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(shownPerson()).toBe(person(1));
  });
});
