import { type KeyboardEvent, lazy, Suspense, useDeferredValue, useRef, useState } from 'react';
import { nextTabIndex, useAppConfig } from '@trove/kit';
import { Cluster, Text } from '@trove/kit/ui';
import * as section from '../layout/section.module.css';
import * as styles from './explore.module.css';
import { RemoteCatalog } from './remote-catalog';

// Tab panels load when first opened (the performance budget): only the first one is fetched
// with the section.
const RoiCalculator = lazy(() => import('./roi-calculator'));
const PlaygroundMock = lazy(() => import('./playground-mock'));
const Comparison = lazy(() => import('./comparison'));

export const exploreTabs = [
  { key: 'playbooks', label: 'Use-case Playbooks' },
  { key: 'integrations', label: 'Integrations' },
  { key: 'roi', label: 'ROI Calculator' },
  { key: 'playground', label: 'Live Playground' },
  { key: 'comparison', label: 'Comparison' },
] as const;
type TabKey = (typeof exploreTabs)[number]['key'];

function Panel({ tab }: { tab: TabKey }) {
  switch (tab) {
    case 'playbooks':
      // Keyed: the two catalogs are one component type in one place, and must not share state.
      return (
        <RemoteCatalog key="playbooks" expose="PlaybookCatalog" label="Playbooks" what="playbook catalog" />
      );
    case 'integrations':
      return (
        <RemoteCatalog
          key="integrations"
          expose="ConnectorCatalog"
          label="Integrations"
          what="integration catalog"
        />
      );
    case 'roi':
      return <RoiCalculator />;
    case 'playground':
      return <PlaygroundMock />;
    case 'comparison':
      return <Comparison />;
  }
}

/** docs/product/public-pages.md#tabs tabbed section: five ARIA tabs; Left and Right move between them and the list wraps. */
export default function ExploreTabs() {
  const { name } = useAppConfig();
  const [selected, setSelected] = useState(0);
  // The pressed tab shows as selected in the frame after the press; its panel — a catalog of cards, a
  // calculator — renders after, in a background render that yields to input, the last panel staying
  // meanwhile (issue 41: a tab switch's next paint within 100 ms at CPU ×4, docs/decisions/211).
  const shown = useDeferredValue(selected);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = exploreTabs[shown] ?? exploreTabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextTabIndex(selected, event.key, exploreTabs.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className={section.section} aria-labelledby="explore-title">
      <div className={section.header}>
        <p className={section.eyebrow}>Explore</p>
        <h2 id="explore-title" className={section.heading}>
          See what your team would do with it
        </h2>
        <Text tone="muted" className={section.lede}>
          Start from a playbook, check your apps are covered, and work out what the time back is worth.
        </Text>
      </div>
      <Cluster gap={1} wrap={false} className={styles.tabList} role="tablist" aria-label={`Explore ${name}`}>
        {exploreTabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`explore-tab-${tab.key}`}
            aria-selected={index === selected}
            aria-controls={`explore-panel-${tab.key}`}
            tabIndex={index === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </Cluster>
      <div
        className={styles.panel}
        role="tabpanel"
        id={`explore-panel-${current.key}`}
        aria-labelledby={`explore-tab-${current.key}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs pattern: the panel is a tab stop when its content may have none.
        tabIndex={0}
      >
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              Loading…
            </p>
          }
        >
          <Panel tab={current.key} />
        </Suspense>
      </div>
    </section>
  );
}
