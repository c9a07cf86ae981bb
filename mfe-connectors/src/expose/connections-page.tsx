import { BuildLabel } from '@trove/kit';
import { SourceKinds } from '../features/catalog/source-kinds';
import * as styles from './connections-page.module.css';

/** trove_connectors/ConnectionsPage (docs/decisions/001). The connector catalog (SPEC §4.4) comes later. */
export default function ConnectionsPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Connections</h1>
      <p className={styles.lede}>Connect the apps your team works in, and search them all from one place.</p>
      <SourceKinds />
      <BuildLabel label={__TROVE_BUILD_LABEL__} />
    </div>
  );
}
