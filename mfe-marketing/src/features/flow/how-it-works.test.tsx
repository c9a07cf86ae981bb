// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers, stubBrowser } from '../testing/landing-test-kit';
import HowItWorks, { FLOW_SAMPLE_COMMAND } from './how-it-works';

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const activeStep = () => document.querySelector('[aria-current="step"]')?.getAttribute('data-testid');
const phase = () => screen.queryByTestId('ship-phase')?.textContent;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the "how it works" flow (docs/product/public-pages.md#flow)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubBrowser();
    render(<HowItWorks />, { wrapper: Providers });
  });

  it('moves Connect → Ask → Extract → Ship every 2200 ms, then loops', () => {
    expect(activeStep()).toBe('flow-step-connect');
    advance(2200);
    expect(activeStep()).toBe('flow-step-ask');
    advance(2200);
    expect(activeStep()).toBe('flow-step-extract');
    advance(2200);
    expect(activeStep()).toBe('flow-step-ship');
    advance(2200);
    expect(activeStep()).toBe('flow-step-connect');
  });

  it('the progress bar shows the position in the cycle', () => {
    advance(4400);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
  });

  it('on Ship the destination window opens, composes, then delivers', () => {
    advance(6500);
    expect(screen.queryByTestId('ship-window')).toBeNull();
    advance(100);
    expect(screen.getByTestId('ship-window').getAttribute('data-kind')).toBe('chat');
    expect(phase()).toBe('Opening…');
    advance(800); // 900 ms of 2200: 41%
    expect(phase()).toBe('Composing…');
    advance(700); // 1600 ms: 73%
    expect(phase()).toBe('Delivered');
  });

  it('typed text mirrors into the preview and overrides the sample; a Teams command opens the Teams mock', () => {
    expect(screen.getByTestId('flow-mirror').textContent).toContain(FLOW_SAMPLE_COMMAND);
    fireEvent.change(screen.getByLabelText('Type a command'), {
      target: { value: 'draft the QBR → teams "Finance Ops"' },
    });
    expect(screen.getByTestId('flow-mirror').textContent).toContain('draft the QBR → teams "Finance Ops"');
    expect(screen.getByTestId('flow-destination').textContent).toBe('Teams · Finance Ops');
    advance(6600);
    expect(screen.getByTestId('ship-window').getAttribute('data-kind')).toBe('teams');
    expect(screen.getByRole('dialog', { name: 'Microsoft Teams preview' })).toBeTruthy();
  });

  it('Send delivers at once and Close hides the window for this round', () => {
    advance(6600);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(phase()).toBe('Delivered');
    fireEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByTestId('ship-window')).toBeNull();
    advance(2200 * 4);
    expect(screen.getByTestId('ship-window')).toBeTruthy();
    expect(phase()).toBe('Opening…');
  });
});

describe('the flow with reduced motion (docs/product/public-pages.md#motion)', () => {
  it('stands still on the delivered Ship step', () => {
    vi.useFakeTimers();
    stubBrowser({ reducedMotion: true });
    render(<HowItWorks />, { wrapper: Providers });
    expect(activeStep()).toBe('flow-step-ship');
    expect(phase()).toBe('Delivered');
    advance(20_000);
    expect(activeStep()).toBe('flow-step-ship');
  });
});
