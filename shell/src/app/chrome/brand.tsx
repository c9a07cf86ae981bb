import { useAppConfig } from '@trove/kit';
import { Link } from 'react-router';
import * as styles from './chrome.module.css';

/** The short-name badge and the app name, both from the runtime config (docs/product/shell.md#navigation, docs/product/shell.md#constants). */
export function Brand() {
  const { name, shortName } = useAppConfig();
  return (
    <Link to="/" className={styles.brand}>
      <span className={styles.badge} aria-hidden="true">
        {shortName}
      </span>
      <span className={styles.brandName}>{name}</span>
    </Link>
  );
}
