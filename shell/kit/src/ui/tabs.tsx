import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { nextTabIndex } from '../tab-keys';
import { classNames } from './class-names';
import * as styles from './tabs.module.css';

export interface TabItem<Id extends string = string> {
  id: Id;
  /** What the tab says; may carry a marker (a dot and its words for AT). */
  label: ReactNode;
}

export function tabId(idPrefix: string, tab: string): string {
  return `${idPrefix}-tab-${tab}`;
}

export function tabPanelId(idPrefix: string, tab: string): string {
  return `${idPrefix}-panel-${tab}`;
}

export interface TabsProps<Id extends string> {
  /** The tab list's accessible name ("Profile sections"). */
  label: string;
  /** Prefix of the tab and panel ids, unique on the page (useId). */
  idPrefix: string;
  tabs: readonly TabItem<Id>[];
  current: Id;
  onSelect: (tab: Id) => void;
  className?: string;
  tabClassName?: string;
}

/**
 * A WAI-ARIA tab list (docs/product/public-pages.md#tabs, docs/product/profile.md#password-change): one tab stop, Left/Right move and select (wrapping), Home and End
 * jump. On a narrow screen the list scrolls sideways and keeps the chosen tab in view. Each panel is the
 * caller's, with {@link tabPanelProps}.
 */
export function Tabs<Id extends string>({
  label,
  idPrefix,
  tabs,
  current,
  onSelect,
  className,
  tabClassName,
}: TabsProps<Id>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const list = useRef<HTMLDivElement>(null);
  const currentIndex = tabs.findIndex((tab) => tab.id === current);

  useEffect(() => {
    const element = list.current;
    const button = buttons.current[currentIndex];
    if (!element || !button || element.scrollWidth <= element.clientWidth) return;
    element.scrollLeft = button.offsetLeft - (element.clientWidth - button.offsetWidth) / 2;
  }, [currentIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextTabIndex(index, event.key, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (next === null || tab === undefined) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current[next]?.focus();
  };

  return (
    <div ref={list} className={classNames(styles.tabList, className)} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const selected = tab.id === current;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            className={classNames(styles.tab, tabClassName)}
            aria-selected={selected}
            aria-controls={tabPanelId(idPrefix, tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The props of a tab's panel: its id and role, named by its tab, hidden unless current, a tab stop. */
export function tabPanelProps(idPrefix: string, tab: string, current: string) {
  return {
    id: tabPanelId(idPrefix, tab),
    role: 'tabpanel',
    'aria-labelledby': tabId(idPrefix, tab),
    hidden: tab !== current,
    tabIndex: 0,
  } as const;
}
