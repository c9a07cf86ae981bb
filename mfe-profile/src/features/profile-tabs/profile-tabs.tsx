import { Tabs, tabId, tabPanelId, VisuallyHidden } from '@trove/kit/ui';
import * as styles from './profile-tabs.module.css';
import { PROFILE_TABS, type ProfileTabId } from './tabs';

export { tabId, tabPanelId as panelId };

/**
 * docs/product/profile.md#tabs tabs: the kit's WAI-ARIA tab list (one tab stop, arrows, Home and End, the chosen tab kept in
 * view on a narrow screen). A tab whose fields failed a save is marked, in words too, so a keyboard user
 * finds it.
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
  const tabs = PROFILE_TABS.map((tab) => ({
    id: tab.id,
    label: attention.has(tab.id) ? (
      <>
        {tab.label}
        <span className={styles.attention} aria-hidden="true" />
        <VisuallyHidden> (needs attention)</VisuallyHidden>
      </>
    ) : (
      tab.label
    ),
  }));
  return (
    <Tabs label="Profile sections" idPrefix={idPrefix} tabs={tabs} current={current} onSelect={onSelect} />
  );
}
