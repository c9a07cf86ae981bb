import { type KeyboardEvent, useEffect, useRef } from 'react';
import { nextTabIndex } from '@trove/kit';
import * as styles from './profile-tabs.module.css';
import { PROFILE_TABS, type ProfileTabId } from './tabs';

export function tabId(idPrefix: string, tab: ProfileTabId): string {
  return `${idPrefix}-tab-${tab}`;
}

export function panelId(idPrefix: string, tab: ProfileTabId): string {
  return `${idPrefix}-panel-${tab}`;
}

/**
 * SPEC §2.5 tabs as a WAI-ARIA tab list: one tab stop, arrow keys move and select (wrapping), Home and
 * End jump. A tab whose fields failed a save is marked, in words too, so a keyboard user finds it.
 */
export function ProfileTabList({
  idPrefix,
  current,
  onSelect,
  attention,
}: {
  idPrefix: string;
  current: ProfileTabId;
  onSelect: (tab: ProfileTabId) => void;
  attention: ReadonlySet<ProfileTabId>;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const list = useRef<HTMLDivElement>(null);

  // On a narrow screen the list scrolls sideways: keep the chosen tab in view, also when a failed save
  // chose it (SPEC §2.5 keeps all seven reachable).
  useEffect(() => {
    const element = list.current;
    const button = buttons.current[PROFILE_TABS.findIndex((tab) => tab.id === current)];
    if (!element || !button || element.scrollWidth <= element.clientWidth) return;
    element.scrollLeft = button.offsetLeft - (element.clientWidth - button.offsetWidth) / 2;
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextTabIndex(index, event.key, PROFILE_TABS.length);
    const tab = next === null ? undefined : PROFILE_TABS[next];
    if (next === null || tab === undefined) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current[next]?.focus();
  };

  return (
    <div ref={list} className={styles.tabList} role="tablist" aria-label="Profile sections">
      {PROFILE_TABS.map((tab, index) => {
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
            className={styles.tab}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
            {attention.has(tab.id) ? (
              <>
                <span className={styles.attention} aria-hidden="true" />
                <span className={styles.visuallyHidden}> (needs attention)</span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
