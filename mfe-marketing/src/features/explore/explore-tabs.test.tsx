// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers, stubBrowser } from '../testing/landing-test-kit';
import ExploreTabs from './explore-tabs';

// Outside the shell the default tab's catalog cannot load; React reports that caught error on the
// console, and here it is the expected outcome.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('the tabbed section (docs/product/public-pages.md#landing-sections)', () => {
  it('has the five tabs in order, as ARIA tabs', () => {
    stubBrowser();
    render(<ExploreTabs />, { wrapper: Providers });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Use-case Playbooks',
      'Integrations',
      'ROI Calculator',
      'Live Playground',
      'Comparison',
    ]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(screen.getAllByRole('tab')[0]?.id);
  });

  it('Right and Left move between tabs and wrap, moving focus too', async () => {
    stubBrowser();
    render(<ExploreTabs />, { wrapper: Providers });
    const first = screen.getByRole('tab', { name: 'Use-case Playbooks' });
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    expect(selected()).toBe('Comparison');
    expect(document.activeElement?.textContent).toBe('Comparison');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(selected()).toBe('Use-case Playbooks');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(selected()).toBe('Integrations');
    // Only the selected tab is in the tab order.
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
    await act(async () => {});
  });

  it('outside the shell the catalogs say so honestly instead of showing copied data', async () => {
    stubBrowser();
    render(<ExploreTabs />, { wrapper: Providers });
    expect(
      await screen.findByText(/playbook catalog appears here when this page runs inside the Trove app/),
    ).toBeTruthy();
    // Each catalog tab mounts its own catalog (one component type, two instances).
    fireEvent.click(screen.getByRole('tab', { name: 'Integrations' }));
    expect(await screen.findByText(/integration catalog appears here/)).toBeTruthy();
  });

  it('the ROI tab computes the spec formula in Indian grouping', async () => {
    stubBrowser();
    render(<ExploreTabs />, { wrapper: Providers });
    fireEvent.click(screen.getByRole('tab', { name: 'ROI Calculator' }));
    expect((await screen.findByTestId('roi-value')).textContent).toBe('₹1,178');
    fireEvent.change(screen.getByLabelText('Team size'), { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('Queries per person per day'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Minutes saved per query'), { target: { value: '20' } });
    expect(screen.getByTestId('roi-value').textContent).toBe('₹2,18,182');
    expect(screen.getByTestId('roi-hours').textContent).toBe('181.8');
  });

  it('the playground is a static mock with its six side icons and a preview-only Send', async () => {
    stubBrowser();
    render(<ExploreTabs />, { wrapper: Providers });
    fireEvent.click(screen.getByRole('tab', { name: 'Live Playground' }));
    const side = await screen.findByRole('navigation', { name: /Playground sections/ });
    expect(side.textContent).toBe('ChatWorkflowsConnectionsIndexesIdentitiesAnalytics');
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect(screen.getByText('Preview only — nothing was sent.')).toBeTruthy();
  });

  it('the comparison has a table, four migration steps and Talk to sales', async () => {
    stubBrowser();
    render(<ExploreTabs />, { wrapper: Providers });
    fireEvent.click(screen.getByRole('tab', { name: 'Comparison' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Talk to sales' }).getAttribute('href')).toBe(
      '/contact?topic=pricing',
    );
  });
});
