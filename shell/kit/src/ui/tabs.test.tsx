// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { tabPanelProps, Tabs } from './tabs';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'address', label: 'Address' },
  { id: 'security', label: 'Security' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function Sections() {
  const [current, setCurrent] = useState<TabId>('overview');
  return (
    <>
      <Tabs label="Profile sections" idPrefix="p" tabs={TABS} current={current} onSelect={setCurrent} />
      {TABS.map((tab) => (
        <div key={tab.id} {...tabPanelProps('p', tab.id, current)}>
          {tab.label} panel
        </div>
      ))}
    </>
  );
}

describe('Tabs (WAI-ARIA tabs, docs/product/profile.md#password-change)', () => {
  afterEach(cleanup);

  it('one tab stop: the chosen tab, which controls its panel', () => {
    render(<Sections />);
    expect(screen.getByRole('tablist', { name: 'Profile sections' })).toBeDefined();
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect(overview.getAttribute('aria-selected')).toBe('true');
    expect(overview.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Address' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Overview' }).textContent).toBe('Overview panel');
    expect(overview.getAttribute('aria-controls')).toBe('p-panel-overview');
  });

  it('a click chooses a tab and shows only its panel', () => {
    render(<Sections />);
    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: 'Security' })).toBeDefined();
  });

  it('arrow keys move, select and wrap; Home and End jump', () => {
    render(<Sections />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    fireEvent.keyDown(tab('Overview'), { key: 'ArrowLeft' });
    expect(tab('Security').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Security'));
    fireEvent.keyDown(tab('Security'), { key: 'ArrowRight' });
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Overview'), { key: 'End' });
    expect(tab('Security').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Security'), { key: 'Home' });
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Overview'), { key: 'a' });
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
  });
});
